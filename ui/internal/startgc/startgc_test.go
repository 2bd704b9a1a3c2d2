package startgc

import (
	"math"
	"runtime"
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

// gcSettings are the collector's goal and the runtime's memory limit.
type gcSettings struct {
	percent int
	limit   int64
}

func readGCSettings() gcSettings {
	return gcSettings{gcPercent(), debug.SetMemoryLimit(-1)}
}

// waitGCSettings waits up to a second for the collector's settings to become want.
func waitGCSettings(want gcSettings) gcSettings {
	got := readGCSettings()
	for deadline := time.Now().Add(time.Second); got != want && time.Now().Before(deadline); got = readGCSettings() {
		time.Sleep(5 * time.Millisecond)
	}
	return got
}

// The start collects only near its memory limit, and the default goal without a limit comes back
// after its window.
func TestBound(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	Bound(50 * time.Millisecond)
	if got, want := readGCSettings(), (gcSettings{-1, Limit}); got != want {
		t.Fatalf("during the start the goal and limit are %+v, want %+v", got, want)
	}
	if got, want := waitGCSettings(gcSettings{100, math.MaxInt64}), (gcSettings{100, math.MaxInt64}); got != want {
		t.Fatalf("after the start the goal and limit are %+v, want %+v", got, want)
	}
}

// A goal or a limit set from outside (GOGC, GOMEMLIMIT) is kept throughout the start.
func TestBoundKeepsSettingsFromOutside(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, set := range []gcSettings{{50, math.MaxInt64}, {-1, math.MaxInt64}, {100, 64 << 20}} {
		debug.SetGCPercent(set.percent)
		debug.SetMemoryLimit(set.limit)
		Bound(time.Millisecond)
		if got := readGCSettings(); got != set {
			t.Errorf("set from outside to %+v, the start made it %+v", set, got)
		}
		time.Sleep(20 * time.Millisecond)
		if got := readGCSettings(); got != set {
			t.Errorf("set from outside to %+v, after the start it is %+v", set, got)
		}
	}
}

// A start whose live heap outgrows the limit gives it up at once, rather than collecting back to
// back until its window ends.
func TestBoundGivesUpWhenOutgrown(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	Bound(time.Minute)
	kept := make([][]byte, 0, 64)
	for size := 0; size < Outgrown+(2<<20); size += 1 << 20 {
		kept = append(kept, make([]byte, 1<<20))
	}
	runtime.GC() // the live heap is measured by a collection
	if got, want := waitGCSettings(gcSettings{100, math.MaxInt64}), (gcSettings{100, math.MaxInt64}); got != want {
		t.Fatalf("with %d MiB live the goal and limit are %+v, want the defaults %+v", len(kept), got, want)
	}
	runtime.KeepAlive(kept)
}
