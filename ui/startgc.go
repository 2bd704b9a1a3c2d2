package ui

import (
	"runtime/debug"
	"sync"
	"time"
)

// startGCPercent is the collector's goal while the window starts. At the default (100) the heap
// may grow to twice its live part before a collection; reading and modelling a large workspace's
// documents makes about 16 MB of short-lived garbage, which that goal lets pile up into the peak
// resident memory (docs/PERFORMANCE.md, start-up). The start is short, so the extra collections
// cost little.
const startGCPercent = 25

// startGCLimit is the longest the lower goal is kept, whatever the start shows.
const startGCLimit = 10 * time.Second

// lowerGCForStart lowers the collector's goal until the returned function is called (once the
// start is over), or startGCLimit has passed. A goal already lower (GOGC) is left alone.
func lowerGCForStart() (restore func()) {
	old := debug.SetGCPercent(startGCPercent)
	if old >= 0 && old < startGCPercent {
		debug.SetGCPercent(old)
		return func() {}
	}
	var once sync.Once
	restore = func() { once.Do(func() { debug.SetGCPercent(old) }) }
	time.AfterFunc(startGCLimit, restore)
	return restore
}
