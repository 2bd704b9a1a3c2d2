// Command barewindow is Fyne's "hello world": a window holding one label. It prints
// "first-frame <ms>" when its first frame is painted. It is the baseline of the UI start-up and
// memory benchmarks (ui.BenchmarkStartup): Lectern is measured next to it, the same way.
package main

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/probe"
)

func main() {
	start := time.Now()
	a := fyneapp.NewWithID("io.lectern.barewindow")
	w := a.NewWindow("Bare window")
	p := probe.New(func() {
		fmt.Printf("first-frame %d\n", time.Since(start).Milliseconds())
	})
	w.SetContent(probe.Wrap(widget.NewLabel("Hello World!"), p))
	w.Resize(fyne.NewSize(1100, 700))
	w.ShowAndRun()
}
