package markdown

import (
	"sync"
	"time"
)

// Coalescer hands the latest text of a stream to the UI at most once a frame. Deltas arrive on a
// network goroutine far more often than frames are drawn; a View updated per delta would build
// its open block again for text nobody sees.
//
// The text is applied in the frame itself (a life.Life's Frame: after the frame's input events,
// before its painting), never queued between frames, and input goes first: in a frame in which a
// person typed or scrolled (held), the text waits for the next frame, so that the frame shows the
// key or the scroll with nothing else to build. After a frame that applied text and overran its
// tick (painting took longer than a frame: a slow machine, a busy one), no text is applied for as
// long again: the window then spends at most half its time drawing the stream, and a key never
// waits behind frame after frame of it.
type Coalescer struct {
	frame func(fn func() bool)
	held  func() bool
	apply func(text string)

	mu      sync.Mutex
	text    string
	pending bool // text has not been applied yet
	running bool // frame calls tick
	stopped bool

	applied time.Time // when the frame before applied text (UI goroutine); zero when it did not
	rest    time.Time // no text is applied before then (UI goroutine): a frame overran
}

// overrun is how long after the start of a frame that applied text the next one may start
// without the first counting as overrun: one and a half frames at 60 Hz.
const overrun = 25 * time.Millisecond

// NewCoalescer returns a Coalescer that calls apply on the UI goroutine with the latest pushed
// text, in frame's frames; held, when not nil, is asked at each frame whether input came in it.
func NewCoalescer(frame func(fn func() bool), held func() bool, apply func(text string)) *Coalescer {
	return &Coalescer{frame: frame, held: held, apply: apply}
}

// Push records text, the whole text so far, to be applied in a coming frame. It may be called
// from any goroutine; after Stop it does nothing.
func (c *Coalescer) Push(text string) {
	c.mu.Lock()
	if c.stopped {
		c.mu.Unlock()
		return
	}
	c.text, c.pending = text, true
	start := !c.running
	c.running = true
	c.mu.Unlock()
	if start {
		c.frame(c.tick)
	}
}

// tick is called once a frame on the UI goroutine while text is pending; false ends the calls.
func (c *Coalescer) tick() bool {
	now := time.Now()
	if took := now.Sub(c.applied); !c.applied.IsZero() && took > overrun {
		c.rest = now.Add(took)
	}
	c.applied = time.Time{}
	held := c.held != nil && c.held()
	c.mu.Lock()
	text, pending := c.text, c.pending && !c.stopped
	if pending && (held || now.Before(c.rest)) {
		c.mu.Unlock()
		return true // the next frame
	}
	c.pending, c.running = false, pending
	c.mu.Unlock()
	if !pending {
		return false
	}
	c.apply(text)
	c.applied = now
	return true
}

// Stop ends the stream: the text pending, if any, is never applied (the caller shows the whole
// text itself), and later pushes are ignored. It may be called from any goroutine.
func (c *Coalescer) Stop() {
	c.mu.Lock()
	c.stopped = true
	c.mu.Unlock()
}
