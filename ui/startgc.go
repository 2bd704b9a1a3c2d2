package ui

import (
	"math"
	"runtime/debug"
	"time"
)

// startMemoryLimit bounds the Go runtime's memory while the window starts: the start's live heap
// is about 24 MB with 10,000 documents (20 MB before the first frame, nearly all parsed fonts) and
// the runtime adds some 10 MB of its own, so the heap may grow by half its live part before a
// collection (docs/PERFORMANCE.md, start-up). GOGC 10 bounded the same peak but collected about
// 20 times before the first frame, each marking every font parsed so far. The limit is soft: a
// larger start collects more often (the runtime keeps it under half the CPU) and never fails.
const startMemoryLimit = 36 << 20

// startGCWindow is how long the start keeps the limit: all is shown well within it, busy or not.
const startGCWindow = 5 * time.Second

// boundHeapForStart turns the collector's goal off and sets startMemoryLimit for the first window
// of time, then restores both. A goal or limit set from outside (GOGC, GOMEMLIMIT) is left alone.
func boundHeapForStart(window time.Duration) {
	if debug.SetMemoryLimit(-1) != math.MaxInt64 {
		return
	}
	old := debug.SetGCPercent(-1)
	if old != 100 {
		debug.SetGCPercent(old)
		return
	}
	debug.SetMemoryLimit(startMemoryLimit)
	time.AfterFunc(window, func() {
		debug.SetGCPercent(old) // before the limit goes, so that the collector is never off unbounded
		debug.SetMemoryLimit(math.MaxInt64)
	})
}
