package ui

import (
	"runtime/debug"
	"testing"
)

// gcPercent reads the collector's goal (SetGCPercent returns the one it replaces).
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// The start runs at a lower collector goal, and the one before comes back when it is over, however
// often that is said; a goal already lower is kept throughout.
func TestLowerGCForStart(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(150))
	restore := lowerGCForStart()
	if got := gcPercent(); got != startGCPercent {
		t.Fatalf("during the start the goal is %d, want %d", got, startGCPercent)
	}
	restore()
	restore()
	if got := gcPercent(); got != 150 {
		t.Fatalf("after the start the goal is %d, want 150", got)
	}
	debug.SetGCPercent(10)
	restore = lowerGCForStart()
	if got := gcPercent(); got != 10 {
		t.Errorf("a lower goal (10) became %d", got)
	}
	restore()
	if got := gcPercent(); got != 10 {
		t.Errorf("after the start a lower goal (10) became %d", got)
	}
}
