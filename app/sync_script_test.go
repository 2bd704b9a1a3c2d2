package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/app/connection"
	"lectern/app/records"
	"lectern/app/workspaces"
	"lectern/client"
)

// scriptServer is a workspace server whose answers a test scripts: a list of workspaces (two a
// page), each with a number of documents (one page), and per-workspace or per-page failures.
type scriptServer struct {
	srv *httptest.Server

	mu       sync.Mutex
	ids      []string
	docs     map[string]int
	failWS   map[string]func(http.ResponseWriter) // answers a workspace's listing instead
	failList func(w http.ResponseWriter, after string) bool
	fetches  map[string]int   // document listings asked, per workspace
	ask      http.HandlerFunc // answers POST /workspace (an ask); called without the lock
}

func newScriptServer(t *testing.T, ids ...string) *scriptServer {
	s := &scriptServer{ids: ids, docs: map[string]int{}, failWS: map[string]func(http.ResponseWriter){},
		fetches: map[string]int{}}
	for _, id := range ids {
		s.docs[id] = 3
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *scriptServer) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.mu.Lock()
	ask := s.ask
	if r.Method == http.MethodPost && r.URL.Path == "/workspace" && ask != nil {
		s.mu.Unlock()
		ask(w, r)
		return
	}
	defer s.mu.Unlock()
	if r.URL.Path != "/workspace" || r.Method != http.MethodGet {
		http.NotFound(w, r)
		return
	}
	if id := q.Get("workspace_id"); id != "" {
		s.fetches[id]++
		if fail := s.failWS[id]; fail != nil {
			fail(w)
			return
		}
		ws := client.Workspace{WorkspaceID: id, Name: "Name " + id, Scope: "personal"}
		for i := range s.docs[id] {
			ws.Documents = append(ws.Documents, client.Document{DocumentID: fmt.Sprintf("%s-d%d", id, i), Name: fmt.Sprintf("doc%d.txt", i), Status: "ready"})
		}
		_ = json.NewEncoder(w).Encode(client.WorkspacePage{Object: "list", Data: []client.Workspace{ws}})
		return
	}
	after := q.Get("after")
	if s.failList != nil && s.failList(w, after) {
		return
	}
	s.writeListPage(w, after)
}

// writeListPage answers one page of two workspaces; the cursor is the index of the next one.
func (s *scriptServer) writeListPage(w http.ResponseWriter, after string) {
	from := 0
	fmt.Sscanf(after, "i%d", &from)
	page := client.WorkspacePage{Object: "list"}
	for i := from; i < min(from+2, len(s.ids)); i++ {
		id := s.ids[i]
		page.Data = append(page.Data, client.Workspace{WorkspaceID: id, Name: "Name " + id, Scope: "personal",
			Counts: client.Counts{Documents: s.docs[id]}})
	}
	if from+2 < len(s.ids) {
		next := fmt.Sprintf("i%d", from+2)
		page.HasMore, page.NextAfter = true, &next
	}
	_ = json.NewEncoder(w).Encode(page)
}

// script runs fn under the server's lock, to change its script between requests.
func (s *scriptServer) script(fn func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn()
}

func (s *scriptServer) fetchCount(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fetches[id]
}

// badGatewayHTML is what a proxy answers when the service behind it fails.
func badGatewayHTML(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html")
	w.WriteHeader(http.StatusBadGateway)
	_, _ = w.Write([]byte("<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>"))
}

// openOnScript opens an app in a fresh home connected to the scripted server.
func openOnScript(t *testing.T, s *scriptServer) *App {
	t.Helper()
	a, err := Open(context.Background(), Options{Home: t.TempDir(), KeychainTimeout: time.Second,
		ClientOptions: []client.Option{client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 1,
			BaseDelay: time.Millisecond, MaxDelay: 2 * time.Millisecond})}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if err := a.SignIn().Connect(context.Background(), s.srv.URL, testKey); err != nil {
		t.Fatal(err)
	}
	return a
}

// cachedByID returns the cached workspaces by id.
func cachedByID(t *testing.T, a *App) map[string]records.CachedWorkspace {
	t.Helper()
	ws, err := a.Workspaces().CachedWorkspaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]records.CachedWorkspace{}
	for _, w := range ws {
		out[w.WorkspaceID] = w
	}
	return out
}

// assertWords fails when a message a person reads is in the client's developer wording, or
// carries a body the server sent.
func assertWords(t *testing.T, what, msg string) {
	t.Helper()
	for _, bad := range []string{"client:", "GET /workspace", "service api", "<html", "nginx", "<h1>"} {
		if strings.Contains(strings.ToLower(msg), strings.ToLower(bad)) {
			t.Fatalf("%s %q contains %q", what, msg, bad)
		}
	}
}

// One workspace failing (a proxy's 502 with an HTML body) leaves the others synced and shown,
// marks that one with its reason in words, and the app stays online: the server answered.
func TestRefreshOneWorkspaceFailingLeavesTheOthersSynced(t *testing.T) {
	s := newScriptServer(t, "wa", "wb", "wc", "wd")
	s.script(func() { s.failWS["wb"] = badGatewayHTML })
	a := openOnScript(t, s)
	err := a.Workspaces().Refresh(ctxT(t))
	var ns *workspaces.NotSyncedError
	if !asNotSynced(err, &ns) || len(ns.Names) != 1 || ns.Names[0] != "Name wb" {
		t.Fatalf("refresh error %v; want the one workspace not synced", err)
	}
	assertWords(t, "the refresh error", a.Describe(err))
	if c := a.SignIn().Connection(); c.State != connection.ConnOnline {
		t.Fatalf("connection %v (%v); want online: the server answered", c.State, c.Err)
	}
	got := cachedByID(t, a)
	if len(got) != 4 {
		t.Fatalf("cached %d workspaces; want all 4 listed", len(got))
	}
	for _, id := range []string{"wa", "wc", "wd"} {
		docs, _, _ := a.Workspaces().CachedWorkspaceContent(ctxT(t), id)
		if len(docs) != 3 || got[id].SyncError != "" {
			t.Fatalf("%s: %d documents, sync error %q", id, len(docs), got[id].SyncError)
		}
	}
	why := got["wb"].SyncError
	if !strings.Contains(why, "502") {
		t.Fatalf("the failing workspace's reason %q does not say what happened", why)
	}
	assertWords(t, "the workspace's reason", why)
}

func asNotSynced(err error, ns **workspaces.NotSyncedError) bool {
	v, ok := err.(*workspaces.NotSyncedError)
	*ns = v
	return ok
}

// Trying again after a refresh that did not finish fetches only what did not arrive; once every
// workspace arrived the mark goes and the next refresh fetches everything again.
func TestRefreshRetryFetchesOnlyWhatDidNotArrive(t *testing.T) {
	s := newScriptServer(t, "wa", "wb", "wc")
	s.script(func() { s.failWS["wb"] = badGatewayHTML })
	a := openOnScript(t, s)
	_ = a.Workspaces().Refresh(ctxT(t))
	s.script(func() { delete(s.failWS, "wb") })
	if err := a.Workspaces().Refresh(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if s.fetchCount("wa") != 1 || s.fetchCount("wc") != 1 || s.fetchCount("wb") < 2 {
		t.Fatalf("fetches wa %d, wb %d, wc %d; the retry fetched again what had arrived",
			s.fetchCount("wa"), s.fetchCount("wb"), s.fetchCount("wc"))
	}
	if w := cachedByID(t, a)["wb"]; w.SyncError != "" {
		t.Fatalf("the mark stayed after the workspace arrived: %q", w.SyncError)
	}
	if err := a.Workspaces().Refresh(ctxT(t)); err != nil || s.fetchCount("wa") != 2 {
		t.Fatalf("a refresh after a complete one: %v, wa fetched %d times", err, s.fetchCount("wa"))
	}
}

// The server going away in the middle of a refresh: offline, what arrived is kept, the list is
// kept, and trying again fetches only the rest.
func TestRefreshServerGoneMidwayKeepsWhatArrived(t *testing.T) {
	s := newScriptServer(t, "wa", "wb", "wc")
	s.script(func() {
		s.failWS["wb"] = func(w http.ResponseWriter) { // the connection drops without an answer
			hj, _ := w.(http.Hijacker)
			c, _, _ := hj.Hijack()
			c.Close()
		}
	})
	a := openOnScript(t, s)
	_ = a.Workspaces().Refresh(ctxT(t))
	got := cachedByID(t, a)
	if len(got) != 3 {
		t.Fatalf("cached %d workspaces; want the 3 listed", len(got))
	}
	if docs, _, _ := a.Workspaces().CachedWorkspaceContent(ctxT(t), "wa"); len(docs) != 3 {
		t.Fatalf("the workspace that arrived before the failure has %d documents", len(docs))
	}
	s.script(func() { delete(s.failWS, "wb") })
	if err := a.Workspaces().Refresh(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if s.fetchCount("wa") != 1 {
		t.Fatalf("wa fetched %d times", s.fetchCount("wa"))
	}
}

// A 401 after the first call keeps the list that call returned (and asks for the key).
func TestRefreshKeyRefusedAfterTheFirstCallKeepsTheList(t *testing.T) {
	s := newScriptServer(t, "wa", "wb", "wc")
	a := openOnScript(t, s)
	s.script(func() {
		for _, id := range s.ids {
			s.failWS[id] = func(w http.ResponseWriter) {
				w.WriteHeader(http.StatusUnauthorized)
				_, _ = w.Write([]byte(`{"code":"api_key_required","message":"API key missing or invalid"}`))
			}
		}
		s.failList = func(w http.ResponseWriter, after string) bool {
			if after == "" {
				return false
			}
			s.failWS["wa"](w)
			return true
		}
	})
	err := a.Workspaces().Refresh(ctxT(t))
	if !connection.IsKeyNeeded(err) || a.SignIn().Connection().State != connection.ConnKeyNeeded {
		t.Fatalf("refresh %v, connection %v", err, a.SignIn().Connection().State)
	}
	got := cachedByID(t, a)
	if len(got) != 2 || got["wa"].Name != "Name wa" || got["wb"].Name != "Name wb" {
		t.Fatalf("cached %v; want the first page's two workspaces", got)
	}
}

// A workspace whose pages go round in a circle keeps the documents that arrived and is marked
// with a sentence saying so; the refresh ends.
func TestRefreshPagingCircleIsMarkedAndKept(t *testing.T) {
	s := newScriptServer(t, "wa", "wb")
	s.script(func() {
		s.failWS["wb"] = func(w http.ResponseWriter) {
			next := "A"
			ws := client.Workspace{WorkspaceID: "wb", Name: "Name wb", Documents: []client.Document{{DocumentID: "d1", Name: "one.txt"}}}
			_ = json.NewEncoder(w).Encode(client.WorkspacePage{Object: "list", Data: []client.Workspace{ws}, HasMore: true, NextAfter: &next})
		}
	})
	a := openOnScript(t, s)
	err := a.Workspaces().Refresh(ctxT(t))
	var ns *workspaces.NotSyncedError
	if !asNotSynced(err, &ns) || a.SignIn().Connection().State != connection.ConnOnline {
		t.Fatalf("refresh %v, connection %v", err, a.SignIn().Connection().State)
	}
	if n := s.fetchCount("wb"); n != 2 {
		t.Fatalf("%d pages asked; the second repeats the cursor", n)
	}
	why := cachedByID(t, a)["wb"].SyncError
	if docs, _, _ := a.Workspaces().CachedWorkspaceContent(ctxT(t), "wb"); len(docs) != 1 || !strings.Contains(why, "circle") {
		t.Fatalf("%d documents kept, reason %q", len(docs), why)
	}
	assertWords(t, "the reason", why)
}
