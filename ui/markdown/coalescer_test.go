package markdown

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// recorder collects the texts a Coalescer applies.
type recorder struct {
	mu  sync.Mutex
	got []string
}

func (r *recorder) apply(text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, text)
}

func (r *recorder) texts() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.got...)
}

func TestCoalescerAppliesLatestAtMostOncePerInterval(t *testing.T) {
	test.NewTempApp(t)
	r := &recorder{}
	const interval = 20 * time.Millisecond
	c := NewCoalescer(interval, r.apply)
	start := time.Now()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the network goroutine
		defer wg.Done()
		for i := 1; i <= 2000; i++ {
			c.Push(strconv.Itoa(i))
			if i%100 == 0 {
				time.Sleep(5 * time.Millisecond)
			}
		}
	}()
	wg.Wait()
	time.Sleep(3 * interval)
	elapsed := time.Since(start)
	got := r.texts()
	if max := int(elapsed/interval) + 2; len(got) == 0 || len(got) > max {
		t.Fatalf("%d applies in %v, want 1 to %d", len(got), elapsed, max)
	}
	if got[len(got)-1] != "2000" {
		t.Errorf("last applied %q, want the latest text", got[len(got)-1])
	}
	for i := 1; i < len(got); i++ {
		a, _ := strconv.Atoi(got[i-1])
		b, _ := strconv.Atoi(got[i])
		if b <= a {
			t.Errorf("applied %s after %s", got[i], got[i-1])
		}
	}
}

func TestCoalescerFlushAndStop(t *testing.T) {
	test.NewTempApp(t)
	r := &recorder{}
	c := NewCoalescer(time.Hour, r.apply)
	c.Flush()
	if len(r.texts()) != 0 {
		t.Fatal("Flush applied with nothing pushed")
	}
	c.Push("a")
	c.Push("ab")
	c.Flush()
	if got := r.texts(); len(got) != 1 || got[0] != "ab" {
		t.Fatalf("after Flush: %v", got)
	}
	c.Push("abc")
	c.Stop()
	c.Push("abcd")
	c.Flush()
	if got := r.texts(); len(got) != 2 || got[1] != "abc" {
		t.Errorf("after Stop: %v", got)
	}
}

func TestCoalescerDrivesView(t *testing.T) {
	v, _ := newTestView(t)
	// The test driver runs fyne.Do's function on the calling goroutine (here the timer's);
	// the lock stands for the one UI goroutine of a real driver.
	var ui sync.Mutex
	c := NewCoalescer(time.Millisecond, func(s string) {
		ui.Lock()
		defer ui.Unlock()
		v.SetText(s)
	})
	for _, p := range prefixes(mixedAnswer) {
		c.Push(p)
	}
	c.Stop()
	ui.Lock()
	defer ui.Unlock()
	v.SetFinal(mixedAnswer)
	if dump(v) != dump(render(mixedAnswer)) {
		t.Errorf("coalesced stream differs from the whole:\n%s", dump(v))
	}
}
