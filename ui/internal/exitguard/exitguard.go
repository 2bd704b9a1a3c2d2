// Package exitguard ends the desktop app's process when Fyne's loop fails to stop after quitting.
//
// Fyne 2.8.1 can lose its own "stopped" event at shutdown: its loop drains the queue of work for
// the UI goroutine while that event is on its way into the queue, closes the queue, and App.Run
// then waits for the event forever (seen once in the smoke run of CI: the window gone, the process
// still there three minutes later; once in three runs of the real-window test, after Ctrl+W). A
// Guard armed when the app quits gives the loop a grace period; past it, the app's own clean-up
// runs and the process exits with the app's code. With LECTERN_DEBUG set, it first prints the
// goroutines to standard error, to show where the loop stopped.
package exitguard

import (
	"fmt"
	"os"
	"runtime/pprof"
	"sync"
	"time"
)

// Grace is how long Fyne's loop may take to stop once the app quits: it takes milliseconds when it
// stops at all, and the clean-up that follows (closing the core) is not counted in it.
const Grace = 2 * time.Second

// Guard exits the process when Disarm is not called within its grace after Arm.
type Guard struct {
	grace   time.Duration
	cleanUp func()
	code    func() int
	exit    func(code int) // os.Exit; tests replace it

	mu    sync.Mutex
	timer *time.Timer
}

// New returns a guard that, once armed and past grace, runs cleanUp and exits with code().
func New(grace time.Duration, cleanUp func(), code func() int) *Guard {
	return &Guard{grace: grace, cleanUp: cleanUp, code: code, exit: os.Exit}
}

// Arm starts the grace period; arming again changes nothing.
func (g *Guard) Arm() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.timer == nil {
		g.timer = time.AfterFunc(g.grace, g.stuck)
	}
}

// stuck ends the process the loop failed to stop.
func (g *Guard) stuck() {
	if os.Getenv("LECTERN_DEBUG") != "" {
		fmt.Fprintf(os.Stderr, "lectern: the window's loop did not stop within %s of quitting; its goroutines:\n", g.grace)
		_ = pprof.Lookup("goroutine").WriteTo(os.Stderr, 2)
	}
	g.cleanUp()
	g.exit(g.code())
}

// Disarm stops the grace period: the loop stopped in time. Called before Arm, it changes nothing.
func (g *Guard) Disarm() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.timer != nil {
		g.timer.Stop()
	}
}
