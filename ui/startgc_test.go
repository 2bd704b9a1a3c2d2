package ui

import (
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent reads the collector's goal (SetGCPercent returns the one it replaces).
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// waitGCPercent waits up to a second for the collector's goal to become want.
func waitGCPercent(want int) int {
	got := gcPercent()
	for deadline := time.Now().Add(time.Second); got != want && time.Now().Before(deadline); got = gcPercent() {
		time.Sleep(5 * time.Millisecond)
	}
	return got
}

// The start runs at a lower collector goal and the one before comes back after its window; a goal
// already lower is kept throughout.
func TestLowerGCForStart(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(150))
	lowerGCForStart(50 * time.Millisecond)
	if got := gcPercent(); got != startGCPercent {
		t.Fatalf("during the start the goal is %d, want %d", got, startGCPercent)
	}
	if got := waitGCPercent(150); got != 150 {
		t.Fatalf("after the start the goal is %d, want 150", got)
	}
	debug.SetGCPercent(startGCPercent / 2)
	lowerGCForStart(time.Millisecond)
	if got := gcPercent(); got != startGCPercent/2 {
		t.Errorf("a lower goal (%d) became %d", startGCPercent/2, got)
	}
	time.Sleep(20 * time.Millisecond)
	if got := gcPercent(); got != startGCPercent/2 {
		t.Errorf("after the start a lower goal (%d) became %d", startGCPercent/2, got)
	}
}
