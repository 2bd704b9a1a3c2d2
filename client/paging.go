package client

import (
	"fmt"
	"iter"
)

// The caps of one listing (every page of GET /workspace, or of one workspace's documents). A
// server may send cursors that go round in a circle, fresh cursors over the same entries, or new
// entries without end; whatever it sends, a listing ends and what it holds stays bounded.
const (
	// MaxListPages is the most pages one listing reads: 500 pages of 200 documents is 100,000.
	MaxListPages = 500
	// MaxListItems is the most entries one listing yields (workspaces, or one workspace's documents).
	MaxListItems = 50_000
	// MaxListBytes is the most body bytes one listing reads, all pages together: 50,000 documents
	// with long names take about 20 MiB.
	MaxListBytes = 64 << 20
)

// listCaps are the caps in force: the constants above (tests lower them to stay quick).
var listCaps = struct {
	pages, items int
	bytes        int64
}{MaxListPages, MaxListItems, MaxListBytes}

// Why a listing ended before the server said it was complete (PagingError.Reason).
const (
	PagingLoop     = "loop"      // a next_after came that an earlier page had already given
	PagingNoCursor = "no_cursor" // has_more was true without a usable next_after
	PagingPages    = "pages"     // MaxListPages pages were read
	PagingItems    = "items"     // MaxListItems entries were yielded
	PagingBytes    = "bytes"     // MaxListBytes bytes were read
)

// PagingError ends a listing that the server would not let end. Every entry yielded before it
// stays valid: the listing holds the first Items entries of what the server sent.
type PagingError struct {
	What   string // "workspaces" or "documents"
	Reason string // PagingLoop, PagingNoCursor, PagingPages, PagingItems or PagingBytes
	Pages  int    // pages read
	Items  int    // entries yielded
	Limit  int64  // the cap reached (pages, entries or bytes); 0 for a loop or a missing cursor
}

// Error describes where the listing stopped, for logs; the app tells it in words.
func (e *PagingError) Error() string {
	return fmt.Sprintf("client: GET /workspace: listing of %s stopped (%s) after %d pages and %d entries",
		e.What, e.Reason, e.Pages, e.Items)
}

// pageWalk is the state of one listing: the entries and cursors seen and what was read.
type pageWalk[T any] struct {
	what    string
	fetch   func(after string) ([]T, *WorkspacePage, error)
	key     func(T) string
	seen    map[string]struct{} // entry keys yielded
	cursors map[string]struct{} // cursors followed
	pages   int
	items   int
	bytes   int64
}

// walkPages follows next_after while has_more, yielding items once each. A cursor seen before,
// a page without one, or a cap reached ends the walk with a *PagingError after what was yielded.
func walkPages[T any](what, start string, fetch func(after string) ([]T, *WorkspacePage, error), key func(T) string) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		w := &pageWalk[T]{what: what, fetch: fetch, key: key, seen: map[string]struct{}{}, cursors: map[string]struct{}{}}
		w.run(start, yield)
	}
}

// run reads pages from start until the last, a failure, a cap, or the caller stops.
func (w *pageWalk[T]) run(start string, yield func(T, error) bool) {
	var zero T
	after, restarted := start, false
	if start != "" {
		w.cursors[start] = struct{}{}
	}
	for {
		items, page, err := w.fetch(after)
		if err != nil {
			if IsCode(err, "invalid_cursor") && !restarted && start == "" && after != "" {
				// A server restart: begin again once; its new cursors may reuse old names.
				restarted, after, w.cursors = true, "", map[string]struct{}{}
				continue
			}
			yield(zero, err)
			return
		}
		w.pages++
		w.bytes += page.bodyBytes
		if !w.yieldNew(items, yield) {
			return
		}
		if !page.HasMore {
			return
		}
		next, perr := w.next(page)
		if perr != nil {
			yield(zero, perr)
			return
		}
		after = next
	}
}

// yieldNew yields the items not seen before; false when the walk must end (the caller stopped,
// or a cap was reached and said).
func (w *pageWalk[T]) yieldNew(items []T, yield func(T, error) bool) bool {
	for _, it := range items {
		k := w.key(it)
		if _, dup := w.seen[k]; dup && k != "" {
			continue
		}
		if w.items >= listCaps.items {
			var zero T
			yield(zero, w.stopped(PagingItems, int64(listCaps.items)))
			return false
		}
		w.seen[k] = struct{}{}
		w.items++
		if !yield(it, nil) {
			return false
		}
	}
	return true
}

// next returns the cursor of the page after page, or why the walk ends there.
func (w *pageWalk[T]) next(page *WorkspacePage) (string, *PagingError) {
	switch {
	case page.NextAfter == nil || *page.NextAfter == "":
		return "", w.stopped(PagingNoCursor, 0)
	case w.pages >= listCaps.pages:
		return "", w.stopped(PagingPages, int64(listCaps.pages))
	case w.bytes >= listCaps.bytes:
		return "", w.stopped(PagingBytes, listCaps.bytes)
	}
	c := *page.NextAfter
	if _, again := w.cursors[c]; again {
		return "", w.stopped(PagingLoop, 0)
	}
	w.cursors[c] = struct{}{}
	return c, nil
}

func (w *pageWalk[T]) stopped(reason string, limit int64) *PagingError {
	return &PagingError{What: w.what, Reason: reason, Pages: w.pages, Items: w.items, Limit: limit}
}
