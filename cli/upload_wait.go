package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"lectern/client"
)

// waitBoard tracks the state of each file being waited for, prints a line per state change and,
// on a terminal, keeps a progress line below them.
type waitBoard struct {
	out   *lockedWriter
	live  bool
	start time.Time

	mu   sync.Mutex
	recs []*client.UploadRecord
}

// update records the latest state of file i and prints it when it changed.
func (b *waitBoard) update(i int, rec *client.UploadRecord) {
	b.mu.Lock()
	changed := b.recs[i].Status != rec.Status
	b.recs[i] = rec
	b.mu.Unlock()
	if changed {
		b.out.line("%s: %s", rec.Name, statusWords(rec.Status, rec.FailedReason))
	}
	b.redraw()
}

// redraw writes the progress line on a terminal.
func (b *waitBoard) redraw() {
	if !b.live {
		return
	}
	b.mu.Lock()
	counts := map[string]int{}
	var order []string
	for _, r := range b.recs {
		if counts[r.Status] == 0 {
			order = append(order, r.Status)
		}
		counts[r.Status]++
	}
	b.mu.Unlock()
	var parts []string
	for _, s := range order {
		parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
	}
	secs := int(time.Since(b.start).Seconds())
	b.out.progressf("Waiting: %s  (%ds, Ctrl-C stops waiting; the files stay added)", strings.Join(parts, ", "), secs)
}

// waitAll follows every record until it is ready or failed. It returns the final records and
// how many failed or could not be followed.
func (e *env) waitAll(c *client.Client, workspaceID string, recs []*client.UploadRecord, out *lockedWriter, live bool) ([]*client.UploadRecord, int, error) {
	b := &waitBoard{out: out, live: live, start: time.Now(), recs: append([]*client.UploadRecord(nil), recs...)}
	errs := make([]error, len(recs))
	var wg sync.WaitGroup
	for i, rec := range recs {
		if client.IsFinal(rec.Status) {
			continue
		}
		wg.Go(func() {
			final, err := c.WaitDocument(e.ctx, workspaceID, rec.ClientDocumentID, func(u *client.UploadRecord) { b.update(i, u) })
			if final != nil {
				b.update(i, final)
			}
			errs[i] = err
		})
	}
	stop := b.tick()
	wg.Wait()
	stop()
	out.clearProgress()
	return b.recs, e.countFailures(b.recs, errs), e.ctx.Err()
}

// tick redraws the progress line every second until the returned function is called.
func (b *waitBoard) tick() (stop func()) {
	if !b.live {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			b.redraw()
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// countFailures prints the files that could not be followed and counts them with the failed ones.
func (e *env) countFailures(recs []*client.UploadRecord, errs []error) int {
	n := 0
	for i, r := range recs {
		switch err := errs[i]; {
		case err != nil && !errors.Is(err, context.Canceled):
			fmt.Fprintf(e.stderr, "lectern: cannot follow %s: %s\n", r.Name, describe(err))
			n++
		case r.Status == client.StatusFailed:
			n++
		}
	}
	return n
}
