package markdown

import (
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// Coalescer hands the latest text of a stream to the UI at most once per interval. Deltas
// arrive on a network goroutine far more often than frames are drawn; a View updated per delta
// would build its open block again for text nobody sees.
type Coalescer struct {
	interval time.Duration
	apply    func(text string)
	do       func(func()) // runs a function on the UI goroutine

	mu      sync.Mutex
	text    string
	pending bool // text has not been applied yet
	timer   *time.Timer
	stopped bool
}

// NewCoalescer returns a Coalescer that calls apply on the UI goroutine (through fyne.Do) with
// the latest pushed text, at most once per interval (16 ms is one frame at 60 Hz).
func NewCoalescer(interval time.Duration, apply func(text string)) *Coalescer {
	return NewCoalescerOn(fyne.Do, interval, apply)
}

// NewCoalescerOn is NewCoalescer with do in place of fyne.Do: a front-end that routes its UI work
// through a function of its own (as tests do, to stay on one goroutine) passes it.
func NewCoalescerOn(do func(func()), interval time.Duration, apply func(text string)) *Coalescer {
	return &Coalescer{interval: interval, apply: apply, do: do}
}

// Push records text, the whole text so far, to be applied at the next tick. It may be called
// from any goroutine; after Stop it does nothing.
func (c *Coalescer) Push(text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return
	}
	c.text, c.pending = text, true
	if c.timer == nil {
		c.timer = time.AfterFunc(c.interval, c.Flush)
	}
}

// applyPending applies the pending text, if any, on the UI goroutine. The text is taken there,
// not when the timer fires, so that an update that waited for the UI carries the newest text.
func (c *Coalescer) applyPending() {
	c.mu.Lock()
	text, pending := c.text, c.pending
	c.pending = false
	c.mu.Unlock()
	if pending {
		c.apply(text)
	}
}

// Flush applies the pending text now (through fyne.Do) instead of at the next tick. It may be
// called from any goroutine; the timer calls it at each tick.
func (c *Coalescer) Flush() {
	c.mu.Lock()
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	c.mu.Unlock()
	c.do(c.applyPending)
}

// Stop flushes the pending text and ignores later pushes. Call it when the stream ends, before
// SetFinal, which then runs after the last preview (fyne.Do keeps the order of its calls).
func (c *Coalescer) Stop() {
	c.mu.Lock()
	c.stopped = true
	c.mu.Unlock()
	c.Flush()
}
