// Package uitest is what the desktop packages' tests share: a UI goroutine that the test goroutine
// runs. Only tests import it.
package uitest

import (
	"testing"
	"time"

	"lectern/ui/internal/life"
)

// Queue is a UI goroutine for tests: Do queues fn, and Until and Drain run what was queued on the
// test goroutine, so that the race detector sees it as the only goroutine touching widgets, as the
// real UI goroutine would be.
type Queue chan func()

// NewQueue makes a queue of a generous size: a view never blocks on it.
func NewQueue() Queue { return make(Queue, 100000) }

// Do queues fn for the test goroutine.
func (q Queue) Do(fn func()) { q <- fn }

// Life is a view's life.Life over q, with a context that ends when the test does, and frames
// every 16 ms run through q.
func (q Queue) Life(t testing.TB) life.Life {
	return life.Life{Ctx: t.Context(), Do: q.Do, Now: time.Now, Frame: life.Ticks(t.Context(), q.Do, FrameInterval)}
}

// FrameInterval is how often a test's frames come: a 60 Hz screen's.
const FrameInterval = 16 * time.Millisecond

// Until runs queued UI work until cond holds, failing the test after 20 seconds.
func (q Queue) Until(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for !cond() {
		select {
		case fn := <-q:
			fn()
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// Drain runs the UI work queued so far, and what it queues within a short while.
func (q Queue) Drain() {
	for {
		select {
		case fn := <-q:
			fn()
		case <-time.After(50 * time.Millisecond):
			return
		}
	}
}
