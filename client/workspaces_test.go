package client

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"
)

// pagedServer serves n workspaces (or documents of one workspace) in pages; cursors are
// "c<offset>@<epoch>" and stop working when the epoch changes (a server restart).
type pagedServer struct {
	n         int
	epoch     atomic.Int32
	restartAt int // restart the server when this offset is asked for the first time (0: never)
	requests  atomic.Int32
	queries   []string
}

func (p *pagedServer) handler(t *testing.T) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p.requests.Add(1)
		q := r.URL.Query()
		p.queries = append(p.queries, r.URL.RawQuery)
		off := 0
		if a := q.Get("after"); a != "" {
			var e int
			if _, err := fmt.Sscanf(a, "c%d@%d", &off, &e); err != nil || int32(e) != p.epoch.Load() {
				writeErr(w, 400, "invalid_cursor", false)
				return
			}
			if p.restartAt != 0 && off == p.restartAt {
				p.restartAt = 0
				p.epoch.Add(1)
				writeErr(w, 400, "invalid_cursor", false)
				return
			}
		}
		_ = json.NewEncoder(w).Encode(p.page(q.Get("workspace_id"), off, q.Get("limit")))
	}
}

// page builds the page that starts at off.
func (p *pagedServer) page(ws string, off int, limitParam string) WorkspacePage {
	limit, _ := strconv.Atoi(limitParam)
	if limit == 0 {
		limit = 20
	}
	end := min(off+limit, p.n)
	page := WorkspacePage{Object: "list", HasMore: end < p.n}
	if page.HasMore {
		s := fmt.Sprintf("c%d@%d", end, p.epoch.Load())
		page.NextAfter = &s
	}
	if ws != "" {
		w0 := Workspace{WorkspaceID: ws, Name: "W", Sources: []Source{{SourceID: "s1", Pages: off}}}
		for i := off; i < end; i++ {
			w0.Documents = append(w0.Documents, Document{DocumentID: fmt.Sprintf("d%05d", i), Name: "n"})
		}
		page.Data = []Workspace{w0}
	} else {
		for i := off; i < end; i++ {
			page.Data = append(page.Data, Workspace{WorkspaceID: fmt.Sprintf("w%03d", i)})
		}
	}
	return page
}

// Spec §4 GET /workspace: "While has_more is true, send next_after as after."
func TestAllWorkspacesFollowsPagesInOrder(t *testing.T) {
	p := &pagedServer{n: 45}
	c, _ := newTestClient(t, p.handler(t))
	var ids []string
	for w, err := range c.AllWorkspaces(t.Context(), ListOptions{Limit: 10, Include: "none"}) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, w.WorkspaceID)
	}
	if len(ids) != 45 || ids[0] != "w000" || ids[44] != "w044" || p.requests.Load() != 5 {
		t.Fatalf("%d ids, %d requests", len(ids), p.requests.Load())
	}
	if p.queries[0] != "include=none&limit=10" || p.queries[1] != "after=c10%400&include=none&limit=10" {
		t.Fatalf("queries %q", p.queries[:2])
	}
}

// Spec §4: "Cursors stop working after a server restart (400 invalid_cursor)": the listing
// restarts once, without yielding anything twice.
func TestInvalidCursorRestartsOnceWithoutDuplicates(t *testing.T) {
	p := &pagedServer{n: 35, restartAt: 20}
	c, _ := newTestClient(t, p.handler(t))
	seen := map[string]int{}
	var order []string
	for w, err := range c.AllWorkspaces(t.Context(), ListOptions{Limit: 10}) {
		if err != nil {
			t.Fatal(err)
		}
		seen[w.WorkspaceID]++
		order = append(order, w.WorkspaceID)
	}
	if len(order) != 35 || len(seen) != 35 {
		t.Fatalf("%d yielded, %d distinct", len(order), len(seen))
	}
	for i, id := range order {
		if id != fmt.Sprintf("w%03d", i) {
			t.Fatalf("order broken at %d: %s", i, id)
		}
	}
}

func TestInvalidCursorTwiceIsAnError(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("after") != "" {
			writeErr(w, 400, "invalid_cursor", false)
			return
		}
		n.Add(1)
		_, _ = w.Write([]byte(`{"object":"list","data":[{"workspace_id":"a"}],"has_more":true,"next_after":"x"}`))
	})
	var got []string
	var last error
	for w, err := range c.AllWorkspaces(t.Context(), ListOptions{}) {
		if err != nil {
			last = err
			break
		}
		got = append(got, w.WorkspaceID)
	}
	if !IsCode(last, "invalid_cursor") || len(got) != 1 || n.Load() != 2 {
		t.Fatalf("%v %v %d", last, got, n.Load())
	}
}

func TestHasMoreWithoutCursorStops(t *testing.T) {
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"object":"list","data":[{"workspace_id":"a"}],"has_more":true,"next_after":null}`))
	})
	var last error
	for _, err := range c.AllWorkspaces(t.Context(), ListOptions{}) {
		last = err
	}
	if last == nil {
		t.Fatal("an endless listing was not stopped")
	}
}

// Spec §4: "with workspace_id, documents per page 1-200".
func TestDocumentsPagedAndFetchWorkspaceMerges(t *testing.T) {
	p := &pagedServer{n: 450, restartAt: 400}
	c, _ := newTestClient(t, p.handler(t))
	ws, err := c.FetchWorkspace(t.Context(), "ws1")
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Documents) != 450 || ws.Documents[449].DocumentID != "d00449" || ws.Name != "W" {
		t.Fatalf("%d documents", len(ws.Documents))
	}
	if len(ws.Sources) != 1 || ws.Sources[0].Pages != 0 && ws.Sources[0].Pages != 400 {
		t.Fatalf("sources %+v", ws.Sources)
	}
	if p.queries[0] != "include=documents%2Csources&limit=200&workspace_id=ws1" {
		t.Fatal(p.queries[0])
	}
	n := 0
	for d, err := range c.AllDocuments(t.Context(), "ws1", ListOptions{}) {
		if err != nil || d.DocumentID != fmt.Sprintf("d%05d", n) {
			t.Fatal(d, err)
		}
		n++
	}
	if n != 450 {
		t.Fatal(n)
	}
}

func TestListValidation(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) { n.Add(1) })
	bad := []func() error{
		func() error { _, err := c.ListWorkspaces(t.Context(), ListOptions{Limit: 51}); return err },
		func() error { _, err := c.ListWorkspaces(t.Context(), ListOptions{Include: "all"}); return err },
		func() error { _, err := c.ListDocuments(t.Context(), "w", ListOptions{Limit: 201}); return err },
		func() error { _, err := c.ListDocuments(t.Context(), "", ListOptions{}); return err },
	}
	for i, f := range bad {
		var ve *ValidationError
		if err := f(); err == nil || !asValidation(err, &ve) {
			t.Errorf("case %d: %v", i, err)
		}
	}
	if n.Load() != 0 {
		t.Fatal("a request went out")
	}
}

func asValidation(err error, ve **ValidationError) bool {
	v, ok := err.(*ValidationError)
	*ve = v
	return ok
}

func TestBreakingOutOfIteratorStopsFetching(t *testing.T) {
	p := &pagedServer{n: 100}
	c, _ := newTestClient(t, p.handler(t))
	for range c.AllWorkspaces(t.Context(), ListOptions{Limit: 10}) {
		break
	}
	if p.requests.Load() != 1 {
		t.Fatal(p.requests.Load())
	}
}
