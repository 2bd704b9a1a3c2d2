// Command barewindow opens an empty Fyne window and prints "first-frame <ms>" when its first frame
// is painted. It is the baseline of the UI start-up and memory benchmarks: Lectern is measured next
// to it, the same way. With LECTERN_SMOKE set it quits right after that frame.
package main

import (
	"fmt"
	"os"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/probe"
)

func main() {
	start := time.Now()
	a := fyneapp.NewWithID("io.lectern.barewindow")
	w := a.NewWindow("Bare window")
	p := probe.New(func() {
		fmt.Printf("first-frame %d\n", time.Since(start).Milliseconds())
		if os.Getenv("LECTERN_SMOKE") != "" {
			go fyne.Do(a.Quit)
		}
	})
	w.SetContent(probe.Wrap(widget.NewLabel(""), p))
	w.Resize(fyne.NewSize(1100, 700))
	w.ShowAndRun()
}
