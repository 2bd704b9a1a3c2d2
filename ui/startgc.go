package ui

import (
	"runtime/debug"
	"time"
)

// startGCPercent is the collector's goal while the window starts. At the default (100) the heap
// may grow to twice its live part before a collection: parsing the fonts, reading and modelling a
// large workspace's documents and laying out the last conversation make short-lived garbage that
// this goal lets pile up into the peak resident memory (docs/PERFORMANCE.md, start-up). The start
// is short, so the extra collections cost little: at 10 the start collects about twice as often
// as at 25 (some 40 collections instead of 20) and peaks about 3 MB lower.
const startGCPercent = 10

// startGCWindow is how long the start keeps the lower goal: the cached list, the documents and the
// last conversation are shown well within it, even on a busy machine.
const startGCWindow = 5 * time.Second

// lowerGCForStart lowers the collector's goal for the first window of time and then restores the
// one before. A goal already lower (GOGC) is left alone.
func lowerGCForStart(window time.Duration) {
	old := debug.SetGCPercent(startGCPercent)
	if old >= 0 && old < startGCPercent {
		debug.SetGCPercent(old)
		return
	}
	time.AfterFunc(window, func() { debug.SetGCPercent(old) })
}
