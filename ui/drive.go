package ui

import (
	"bufio"
	"fmt"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// The helpers below drive the real app from a goroutine of its own (smoke test, screenshot tour):
// every look at the widgets goes through fyne.DoAndWait.

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

// settled reports whether the browser shows its workspaces with nothing loading.
func (u *UI) settled() bool {
	m := u.main
	return m != nil && !m.busy && m.loads == 0 && len(m.list.all) > 0 && m.docs.ws.WorkspaceID != "" &&
		!m.docs.loading.Visible()
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

// runSmoke is LECTERN_SMOKE mode: demo mode when nothing is configured, then the main window with
// the demo workspaces, then quit. It returns the exit code.
func runSmoke(u *UI, painted <-chan struct{}) int {
	fail := func(msg string) int {
		fmt.Println("smoke: FAIL " + msg)
		onUI(u.quit)
		return 1
	}
	select {
	case <-painted:
	case <-time.After(60 * time.Second):
		return fail("no frame painted within 60 s")
	}
	onUI(func() {
		if f, ok := u.active.(*firstRun); ok {
			f.doDemo()
		}
	})
	if !waitFor(60*time.Second, u.settled) {
		return fail("the main window did not show workspaces within 60 s")
	}
	var names []string
	onUI(func() {
		for _, w := range u.main.list.all {
			names = append(names, w.Workspace.Name)
		}
	})
	fmt.Printf("smoke: ok %d workspaces: %q\n", len(names), names)
	shoot("smoke", "")
	onUI(u.quit)
	return 0
}
