package markdown

import (
	"strconv"
	"sync"
	"testing"
	"time"
)

// frames is a frame source that a test ticks by hand: frame registers fn, tick runs the frames.
type frames struct {
	mu  sync.Mutex
	fns []func() bool
}

func (f *frames) frame(fn func() bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fns = append(f.fns, fn)
}

// tick runs one frame: every registered function once, dropping those that return false.
func (f *frames) tick() {
	f.mu.Lock()
	fns := f.fns
	f.fns = nil
	f.mu.Unlock()
	var kept []func() bool
	for _, fn := range fns {
		if fn() {
			kept = append(kept, fn)
		}
	}
	f.mu.Lock()
	f.fns = append(kept, f.fns...)
	f.mu.Unlock()
}

// waiting is how many functions run at the next frame.
func (f *frames) waiting() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.fns)
}

func TestCoalescerAppliesTheLatestTextOnceAFrame(t *testing.T) {
	var f frames
	var got []string
	c := NewCoalescer(f.frame, nil, func(s string) { got = append(got, s) })
	f.tick()
	if len(got) != 0 || f.waiting() != 0 {
		t.Fatalf("before any push: %v applied, %d waiting for frames", got, f.waiting())
	}
	for i := 1; i <= 2000; i++ {
		c.Push(strconv.Itoa(i))
		if i%100 == 0 {
			f.tick()
		}
	}
	if len(got) != 20 {
		t.Fatalf("20 frames applied %d texts, want one each", len(got))
	}
	for i, s := range got {
		if s != strconv.Itoa((i+1)*100) {
			t.Fatalf("frame %d applied %q, want %d, the latest", i+1, s, (i+1)*100)
		}
	}
	f.tick()
	if len(got) != 20 || f.waiting() != 0 {
		t.Errorf("a frame with nothing new applied %v and left %d waiting; the frames should end", got[20:], f.waiting())
	}
	c.Push("2001")
	f.tick()
	if got[len(got)-1] != "2001" {
		t.Errorf("a push after the frames ended was not applied: %v", got[20:])
	}
}

func TestCoalescerLetsInputGoFirst(t *testing.T) {
	var f frames
	var got []string
	input := false
	c := NewCoalescer(f.frame, func() bool { return input }, func(s string) { got = append(got, s) })
	c.Push("a")
	input = true
	f.tick()
	if len(got) != 0 {
		t.Fatalf("a frame in which a key came applied %v: the key's frame must show the key alone", got)
	}
	c.Push("ab")
	input = false
	f.tick()
	if len(got) != 1 || got[0] != "ab" {
		t.Fatalf("the frame after the key applied %v, want [ab]", got)
	}
}

func TestCoalescerLetsTheWindowCatchUpAfterASlowFrame(t *testing.T) {
	var f frames
	var got []string
	slow := true
	c := NewCoalescer(f.frame, nil, func(s string) {
		got = append(got, s)
		if slow {
			time.Sleep(overrun + 5*time.Millisecond) // the frame overruns its tick
		}
	})
	c.Push("a")
	f.tick()
	c.Push("ab")
	slow = false
	f.tick()
	f.tick()
	if len(got) != 1 {
		t.Fatalf("the frames right after an overrun applied %v: they must leave the window to catch up", got[1:])
	}
	time.Sleep(overrun + 10*time.Millisecond) // as long again as the slow frame took
	f.tick()
	c.Push("abc")
	f.tick()
	if len(got) != 3 || got[1] != "ab" || got[2] != "abc" {
		t.Errorf("applied %v, want [a ab abc]: the frames skipped while the window caught up, then each frame", got)
	}
}

func TestCoalescerStop(t *testing.T) {
	var f frames
	var got []string
	c := NewCoalescer(f.frame, nil, func(s string) { got = append(got, s) })
	c.Push("a")
	f.tick()
	c.Push("ab")
	c.Stop()
	c.Push("abc")
	f.tick()
	f.tick()
	if len(got) != 1 || f.waiting() != 0 {
		t.Errorf("after Stop: applied %v, %d waiting for frames; want [a] and the frames ended", got, f.waiting())
	}
}

func TestCoalescerDrivesView(t *testing.T) {
	v, _ := newTestView(t)
	var f frames
	c := NewCoalescer(f.frame, nil, v.SetText)
	for i, p := range prefixes(mixedAnswer) {
		c.Push(p)
		if i%7 == 0 {
			f.tick()
		}
	}
	c.Stop()
	v.SetFinal(mixedAnswer)
	if dump(v) != dump(render(mixedAnswer)) {
		t.Errorf("coalesced stream differs from the whole:\n%s", dump(v))
	}
}
