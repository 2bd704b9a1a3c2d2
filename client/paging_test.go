package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// scriptedPages serves one workspace's documents page after page as script says: for the cursor
// asked (after, "" for the first page) it gives the page's document ids and the next cursor.
type scriptedPages struct {
	script   func(after string) (ids []string, next string)
	nameSize int // bytes of each document name (0: short)
	requests atomic.Int32
}

func (s *scriptedPages) handler(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	ids, next := s.script(r.URL.Query().Get("after"))
	ws := Workspace{WorkspaceID: "ws1", Name: "W"}
	name := "n"
	if s.nameSize > 0 {
		name = strings.Repeat("x", s.nameSize)
	}
	for _, id := range ids {
		ws.Documents = append(ws.Documents, Document{DocumentID: id, Name: name})
	}
	page := WorkspacePage{Object: "list", Data: []Workspace{ws}, HasMore: true, NextAfter: &next}
	_ = json.NewEncoder(w).Encode(page)
}

// fetchScripted runs FetchWorkspace against script and returns the workspace, the number of
// requests the server saw and the error.
func fetchScripted(t *testing.T, s *scriptedPages) (*Workspace, int, error) {
	t.Helper()
	c, _ := newTestClient(t, s.handler)
	ws, err := c.FetchWorkspace(t.Context(), "ws1")
	return ws, int(s.requests.Load()), err
}

func pagingReason(t *testing.T, err error) *PagingError {
	t.Helper()
	var pe *PagingError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v; want a *PagingError", err)
	}
	return pe
}

// Spec §4: "While has_more is true, send next_after as after." A server whose cursors go A → B → A
// must not be followed round the circle: the second A ends the walk, keeping what arrived.
func TestPagingCycleEndsAtTheFirstRepeatedCursor(t *testing.T) {
	s := &scriptedPages{script: func(after string) ([]string, string) {
		switch after {
		case "":
			return []string{"d0"}, "A"
		case "A":
			return []string{"d1"}, "B"
		}
		return []string{"d2"}, "A"
	}}
	ws, n, err := fetchScripted(t, s)
	if pe := pagingReason(t, err); pe.Reason != PagingLoop || pe.What != "documents" {
		t.Fatalf("reason %+v", pe)
	}
	if n != 3 || ws == nil || len(ws.Documents) != 3 {
		t.Fatalf("%d requests, workspace %+v", n, ws)
	}
}

// A page may not give back the cursor that was sent for it (the old check) nor the one that
// started the listing.
func TestPagingCursorOfTheStartIsARepeat(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		next := "S"
		if r.URL.Query().Get("after") == "S" {
			next = "T"
		}
		_, _ = fmt.Fprintf(w, `{"object":"list","data":[{"workspace_id":"w%d"}],"has_more":true,"next_after":%q}`, n.Load(), next)
	})
	var last error
	for _, err := range c.AllWorkspaces(t.Context(), ListOptions{After: "T"}) {
		last = err
	}
	if pagingReason(t, last).Reason != PagingLoop || n.Load() != 2 {
		t.Fatalf("%v after %d requests", last, n.Load())
	}
}

// Fresh cursors over the same documents forever: the walk ends at the page cap.
func TestPagingFreshCursorsOverTheSameDocumentsEnd(t *testing.T) {
	s := &scriptedPages{script: func(after string) ([]string, string) {
		k, _ := strconv.Atoi(strings.TrimPrefix(after, "c"))
		return []string{"d0", "d1"}, "c" + strconv.Itoa(k+1)
	}}
	ws, n, err := fetchScripted(t, s)
	if pe := pagingReason(t, err); pe.Reason != PagingPages || pe.Limit != MaxListPages {
		t.Fatalf("reason %+v", pe)
	}
	if n != MaxListPages || len(ws.Documents) != 2 {
		t.Fatalf("%d requests, %d documents", n, len(ws.Documents))
	}
}

// Fresh cursors with new documents on every page: the walk ends at the documents cap, holding
// exactly the first MaxListItems documents.
func TestPagingEndlessNewDocumentsStopAtTheCap(t *testing.T) {
	s := &scriptedPages{script: func(after string) ([]string, string) {
		k, _ := strconv.Atoi(strings.TrimPrefix(after, "c"))
		ids := make([]string, MaxDocumentsPage)
		for i := range ids {
			ids[i] = fmt.Sprintf("d%d-%d", k, i)
		}
		return ids, "c" + strconv.Itoa(k+1)
	}}
	ws, n, err := fetchScripted(t, s)
	if pe := pagingReason(t, err); pe.Reason != PagingItems || pe.Items != MaxListItems {
		t.Fatalf("reason %+v", pe)
	}
	if len(ws.Documents) != MaxListItems || n != MaxListItems/MaxDocumentsPage+1 {
		t.Fatalf("%d documents in %d requests", len(ws.Documents), n)
	}
}

// lowerBytesCap sets the bytes cap of listings to n for one test.
func lowerBytesCap(t *testing.T, n int64) {
	old := listCaps.bytes
	listCaps.bytes = n
	t.Cleanup(func() { listCaps.bytes = old })
}

// Pages of large entries: memory stays bounded by the bytes cap long before the entry cap (here
// lowered to 4 MiB, so that the test reads 4 MiB instead of 64 under the race detector).
func TestPagingBytesAreCapped(t *testing.T) {
	lowerBytesCap(t, 4<<20)
	s := &scriptedPages{nameSize: 40 << 10, script: func(after string) ([]string, string) {
		k, _ := strconv.Atoi(strings.TrimPrefix(after, "c"))
		ids := make([]string, 10) // 10 × 40 KiB: 400 KiB a page
		for i := range ids {
			ids[i] = fmt.Sprintf("d%d-%d", k, i)
		}
		return ids, "c" + strconv.Itoa(k+1)
	}}
	ws, n, err := fetchScripted(t, s)
	if pe := pagingReason(t, err); pe.Reason != PagingBytes || pe.Limit != 4<<20 {
		t.Fatalf("reason %+v", pe)
	}
	if n != 11 || len(ws.Documents) != 10*n {
		t.Fatalf("%d requests, %d documents", n, len(ws.Documents))
	}
}
