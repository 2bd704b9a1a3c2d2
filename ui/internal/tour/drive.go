package tour

import (
	"bufio"
	"fmt"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// The helpers below drive the real app from the driver's goroutine: every look at the widgets
// goes through fyne.DoAndWait.

// onUI runs fn on the UI goroutine and waits for it.
func onUI(fn func()) { fyne.DoAndWait(fn) }

// waitFor polls cond on the UI goroutine until it holds or timeout passes.
func waitFor(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for {
		ok := false
		onUI(func() { ok = cond() })
		if ok {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stdinLines delivers the lines of standard input, where the driving script acknowledges shots.
var stdinLines = sync.OnceValue(func() <-chan string {
	ch := make(chan string)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			ch <- sc.Text()
		}
		close(ch)
	}()
	return ch
})

// shoot asks the driving script for a screenshot: it prints "shoot <name>" (and "|<window title>"
// when one window is wanted) once two frames have been painted, then waits until the script
// answers with a line on stdin (at most 15 s, so that the app never hangs when run by hand).
func shoot(name, window string) {
	time.Sleep(600 * time.Millisecond)
	if window != "" {
		name += "|" + window
	}
	fmt.Printf("shoot %s\n", name)
	select {
	case <-stdinLines():
	case <-time.After(15 * time.Second):
	}
}
