// Package startgc bounds the Go heap while the desktop window starts (docs/PERFORMANCE.md,
// start-up): the collector runs only when the runtime's memory nears a limit the start needs,
// instead of at a goal relative to a heap that starts near zero.
package startgc

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// Limit bounds the Go runtime's memory while the window starts: the start's live heap is about
// 24 MB with 10,000 documents (20 MB before the first frame, nearly all parsed fonts) and the
// runtime adds some 10 MB of its own (span and GC metadata, partly filled spans), so the heap may
// grow by half its live part before a collection. A goal of 10 (GOGC) bounded the same peak but
// collected about 20 times before the first frame, while the heap was still small, each marking
// every font parsed so far. The limit is soft, so a larger start never fails for it; one that
// outgrows it gives it up (Outgrown).
const Limit = 36 << 20

// Window is how long the start keeps the limit: the cached list, the documents and the last
// conversation are shown well within it, even on a busy machine.
const Window = 5 * time.Second

// Bound turns the collector's goal off and sets Limit for the first window of time, then restores
// the default goal and no limit. A goal or limit set from outside (GOGC, GOMEMLIMIT) is left alone.
func Bound(window time.Duration) {
	if debug.SetMemoryLimit(-1) != math.MaxInt64 {
		return
	}
	old := debug.SetGCPercent(-1)
	if old != 100 {
		debug.SetGCPercent(old)
		return
	}
	debug.SetMemoryLimit(Limit)
	go keepUntil(time.After(window), func() {
		debug.SetGCPercent(old) // before the limit goes, so that the collector is never off unbounded
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

// Outgrown is the live heap at which the start gives the limit up before its window ends: with the
// runtime's own 10 MB or so, Limit then leaves no room for garbage, and the collector would run
// back to back (up to half the CPU) until the window ends. The 10,000-document start peaks at a
// live heap of 23 MiB; a larger one (many more documents, a large fallback font) starts under
// the default goal instead, as it did before the limit.
const Outgrown = Limit - 10<<20

// keepUntil calls restore when the window ends, or sooner, once the live heap reaches Outgrown
// (it looks every few milliseconds).
func keepUntil(end <-chan time.Time, restore func()) {
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	defer restore()
	for {
		select {
		case <-end:
			return
		case <-tick.C:
			metrics.Read(live)
			if live[0].Value.Kind() == metrics.KindUint64 && live[0].Value.Uint64() >= Outgrown {
				return
			}
		}
	}
}
