package exitguard

import (
	"sync/atomic"
	"testing"
	"time"
)

// recorder is a guard whose exit is recorded instead of ending the test binary.
func recorder(grace time.Duration) (g *Guard, cleaned *atomic.Int32, exited chan int) {
	cleaned = new(atomic.Int32)
	exited = make(chan int, 2)
	g = New(grace, func() { cleaned.Add(1) }, func() int { return 3 })
	g.exit = func(code int) { exited <- code }
	return g, cleaned, exited
}

func TestArmedGuardCleansUpAndExitsWithTheCode(t *testing.T) {
	g, cleaned, exited := recorder(10 * time.Millisecond)
	g.Arm()
	g.Arm() // a second quit (Ctrl+Q pressed twice) starts no second exit
	select {
	case code := <-exited:
		if code != 3 {
			t.Fatalf("exit code %d, want the app's 3", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the armed guard never exited")
	}
	if n := cleaned.Load(); n != 1 {
		t.Fatalf("clean-up ran %d times before the exit, want once", n)
	}
	select {
	case <-exited:
		t.Fatal("the guard exited twice")
	case <-time.After(50 * time.Millisecond):
	}
}

func TestDisarmedGuardNeverExits(t *testing.T) {
	g, cleaned, exited := recorder(20 * time.Millisecond)
	g.Disarm() // before Arm: nothing to stop
	g.Arm()
	g.Disarm()
	select {
	case <-exited:
		t.Fatal("the guard exited although the loop stopped in time")
	case <-time.After(100 * time.Millisecond):
	}
	if cleaned.Load() != 0 {
		t.Fatal("the guard cleaned up although the loop stopped in time")
	}
}
