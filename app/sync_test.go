package app

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/secrets"
	"lectern/client/emulator"
)

func workspaceIDs(t *testing.T, a *App) []string {
	t.Helper()
	ws, err := a.Workspaces().CachedWorkspaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(ws))
	for i, w := range ws {
		ids[i] = w.WorkspaceID
	}
	return ids
}

func TestRefreshPullsEveryPageAndDropsWhatIsGone(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	for i := 0; i < 25; i++ { // more than one page of workspaces (20 per page)
		f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: fmt.Sprintf("Extra %02d", i), Owner: "ann"})
	}
	f.emu.AddManyDocuments(f.ws, 250) // three pages of documents
	f.emu.AddSource(f.ws, "Intranet", []emulator.Page{{Name: "Home", URL: "https://intra.example/", Text: "Welcome"}})
	ev := record(t, f.app)
	ctx := ctxT(t)
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	ev.waitFor(t, timeoutShort, func(e events.Event) bool { _, ok := e.(events.WorkspacesChanged); return ok })
	ids := workspaceIDs(t, f.app)
	if len(ids) != 27 {
		t.Fatalf("cached %d workspaces; want 27", len(ids))
	}
	docs, srcs, err := f.app.Workspaces().CachedWorkspaceContent(ctx, f.ws)
	if err != nil || len(docs) != 252 || len(srcs) != 1 || srcs[0].Name != "Intranet" || len(srcs[0].DocumentIDs) != 1 {
		t.Fatalf("content: %d documents, %v sources, %v", len(docs), srcs, err)
	}
	c := f.app.SignIn().Connection()
	if c.State != connection.ConnOnline || c.LastSynced.IsZero() || c.Err != nil {
		t.Fatalf("connection = %+v", c)
	}
	ws, _ := f.app.Workspaces().CachedWorkspaces(ctx)
	if ws[0].SyncedAt.IsZero() || ws[0].Counts.Documents == 0 {
		t.Fatalf("first workspace = %+v", ws[0])
	}
	// The owner loses the organisation workspace: the next refresh drops it and its documents.
	f.emu.RevokeAccess(f.org, "ann")
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	for _, id := range workspaceIDs(t, f.app) {
		if id == f.org {
			t.Fatal("a workspace the server no longer lists is still cached")
		}
	}
	if d, _, _ := f.app.Workspaces().CachedWorkspaceContent(ctx, f.org); len(d) != 0 {
		t.Fatal("documents of a dropped workspace are still cached")
	}
}

func TestOfflineTheCacheAnswers(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	synced := f.app.SignIn().Connection().LastSynced
	ev := record(t, f.app)
	f.emu.Close() // the server goes away
	if err := f.app.Workspaces().Refresh(ctx); err == nil {
		t.Fatal("Refresh against a closed server succeeded")
	}
	c := ev.waitFor(t, timeoutShort, func(e events.Event) bool {
		cc, ok := e.(events.ConnectionChanged)
		return ok && cc.Connection.State == connection.ConnOffline
	}).(events.ConnectionChanged).Connection
	if !c.LastSynced.Equal(synced) || c.Err == nil {
		t.Fatalf("offline connection = %+v; want last sync %v and the error", c, synced)
	}
	if ids := workspaceIDs(t, f.app); len(ids) != 2 {
		t.Fatalf("offline cache shows %d workspaces", len(ids))
	}
	// A new session, still offline, shows the cache and the last sync time.
	f.app.Close()
	b := f.open()
	if got := b.SignIn().Connection(); !got.LastSynced.Equal(synced) || got.State != connection.ConnUnknown {
		t.Fatalf("connection right after Open = %+v", got)
	}
	if ids := workspaceIDs(t, b); len(ids) != 2 {
		t.Fatalf("reopened offline cache shows %d workspaces", len(ids))
	}
	if err := b.Workspaces().Refresh(ctx); err == nil || b.SignIn().Connection().State != connection.ConnOffline || !b.SignIn().Connection().LastSynced.Equal(synced) {
		t.Fatalf("reopened: refresh %v, connection %+v", err, b.SignIn().Connection())
	}
	if docs, _, _ := b.Workspaces().CachedWorkspaceContent(ctx, f.ws); len(docs) != 1 {
		t.Fatalf("offline documents = %d", len(docs))
	}
}

func TestSwitchingServerShowsOnlyItsCache(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	other := emulator.Start(fastEmulatorConfig())
	defer other.Close()
	other.AddKey(emulator.Key{Secret: "other-key-123456789", Owner: "bob"})
	otherWS := other.AddWorkspace(emulator.WorkspaceSpec{Name: "Bob's", Owner: "bob"})
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	conv, _ := f.app.Conversations().New(ctx, f.ws, "", "On the first server")
	p := writeFile(t, t.TempDir(), "first.txt", []byte("queued on the first server"))
	f.app.Uploads().AddFiles(ctx, f.ws, p)
	if err := f.app.SignIn().Connect(ctx, other.URL(), "other-key-123456789"); err != nil {
		t.Fatal(err)
	}
	if ids := workspaceIDs(t, f.app); len(ids) != 0 {
		t.Fatalf("a new server shows another server's cache: %v", ids)
	}
	if all, _ := f.app.Conversations().List(ctx, ""); len(all) != 0 {
		t.Fatalf("a new server shows another server's conversations: %+v", all)
	}
	if _, err := f.app.Conversations().Get(ctx, conv.ID); err == nil {
		t.Fatal("another server's conversation can be opened")
	}
	if q, _ := f.app.Uploads().List(ctx); len(q) != 0 {
		t.Fatalf("a new server shows another server's upload queue: %+v", q)
	}
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if ids := workspaceIDs(t, f.app); len(ids) != 1 || ids[0] != otherWS {
		t.Fatalf("second server shows %v", ids)
	}
	f.emu.Close()
	if err := f.app.SignIn().Connect(ctx, f.emu.URL(), testKey); err != nil {
		t.Fatal(err)
	}
	if ids := workspaceIDs(t, f.app); len(ids) != 2 {
		t.Fatalf("back on the first server (offline): %v", ids)
	}
	if all, _ := f.app.Conversations().List(ctx, ""); len(all) != 1 || all[0].ID != conv.ID {
		t.Fatalf("back on the first server, conversations: %+v", all)
	}
	if k, src, _ := f.app.SignIn().APIKey(other.URL()); k != "other-key-123456789" || src != secrets.KeyFromKeychain {
		t.Fatalf("the second server's key: %q from %v", k, src)
	}
}

func TestRefreshSurvives503AndRestart(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	// A short outage is retried by the client; nothing is lost.
	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, Count: 2, RetryAfter: 0}})
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatalf("refresh through two 503s: %v", err)
	}
	// A long outage: the refresh fails, the cache stays whole.
	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503}})
	if err := f.app.Workspaces().Refresh(ctx); err == nil {
		t.Fatal("refresh during an outage succeeded")
	}
	if c := f.app.SignIn().Connection(); c.State != connection.ConnOffline {
		t.Fatalf("state during outage = %v", c.State)
	}
	if ids := workspaceIDs(t, f.app); len(ids) != 2 {
		t.Fatalf("cache after outage: %v", ids)
	}
	if docs, _, _ := f.app.Workspaces().CachedWorkspaceContent(ctx, f.org); len(docs) != 1 {
		t.Fatalf("documents after outage: %d", len(docs))
	}
	f.emu.SetFaults(emulator.Faults{})
	// A server restart forgets cursors; the next refresh still gets everything.
	f.emu.AddManyDocuments(f.ws, 150)
	f.emu.Restart()
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatalf("refresh after restart: %v", err)
	}
	if docs, _, _ := f.app.Workspaces().CachedWorkspaceContent(ctx, f.ws); len(docs) != 151 {
		t.Fatalf("documents after restart: %d", len(docs))
	}
	if c := f.app.SignIn().Connection(); c.State != connection.ConnOnline {
		t.Fatalf("state after recovery = %v", c.State)
	}
}

func TestRefreshWithoutServer(t *testing.T) {
	a, err := Open(context.Background(), Options{Home: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.Workspaces().Refresh(context.Background()); err == nil {
		t.Fatal("Refresh without a server succeeded")
	}
	if ws, err := a.Workspaces().CachedWorkspaces(context.Background()); len(ws) != 0 || err != nil {
		t.Fatalf("Workspaces without a server = %v, %v", ws, err)
	}
	if _, _, err := a.conn.Current(); err == nil {
		t.Fatal("Client without a server succeeded")
	}
	_ = time.Second
}

func TestCacheWorkspaceAddsOneWorkspace(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	s := f.app.sync
	if err := s.RefreshWorkspace(ctx, f.org); err != nil {
		t.Fatal(err)
	}
	if ids := workspaceIDs(t, f.app); len(ids) != 0 {
		t.Fatalf("RefreshWorkspace added an uncached workspace: %v", ids)
	}
	if _, err := s.CacheWorkspace(ctx, f.org); err != nil {
		t.Fatal(err)
	}
	if ids := workspaceIDs(t, f.app); len(ids) != 1 || ids[0] != f.org {
		t.Fatalf("cached %v, want %s", ids, f.org)
	}
	if docs, _, _ := f.app.Workspaces().CachedWorkspaceContent(ctx, f.org); len(docs) != 1 || docs[0].Name != "travel.txt" {
		t.Fatalf("cached documents %+v", docs)
	}
	if _, err := s.CacheWorkspace(ctx, "ws_does_not_exist"); err == nil {
		t.Fatal("an unknown workspace was cached")
	}
}

// "Updated" (the status line) says how fresh what is shown is: a background refresh of one workspace moves it
// (in the connection and in the cache, so that going offline later does not move it back).
func TestRefreshWorkspaceMovesLastSynced(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	clock := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	f.app.Close()
	f.app = f.openWith(func(o *Options) { o.Now = func() time.Time { return clock } })
	ctx := ctxT(t)
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(10 * time.Minute)
	if err := f.app.Workspaces().RefreshWorkspace(ctx, f.ws); err != nil {
		t.Fatal(err)
	}
	if got := f.app.SignIn().Connection().LastSynced; !got.Equal(clock) {
		t.Fatalf("after a background refresh, last synced %v; want %v", got, clock)
	}
	f.emu.Close()
	_ = f.app.Workspaces().Refresh(ctx)
	if c := f.app.SignIn().Connection(); c.State != connection.ConnOffline || !c.LastSynced.Equal(clock) {
		t.Fatalf("offline after it: %+v", c)
	}
}

// Issue 36: while the first refresh paged through a long workspace list (about 20 s), the list
// stayed empty. Each page of the list is in the cache as it arrives, and the views are told.
func TestRefreshKeepsEachPageOfTheListAsItArrives(t *testing.T) {
	s := newScriptServer(t, "wa", "wb", "wc", "wd", "we", "wf") // three pages of two
	held, release := make(chan struct{}), make(chan struct{})
	s.script(func() {
		s.failList = func(_ http.ResponseWriter, after string) bool {
			if after == "i2" { // the second page waits: the first has arrived
				close(held)
				<-release
			}
			return false
		}
	})
	a := openOnScript(t, s)
	ev := record(t, a)
	done := make(chan error, 1)
	go func() { done <- a.Workspaces().Refresh(context.Background()) }()
	<-held
	// Told: a WorkspacesChanged after which the cache holds the first page. (Waited for here, not
	// with waitFor, whose failure would leave the second page held and the server's Close waiting.)
	var cached map[string]records.CachedWorkspace
	deadline := time.After(timeoutShort)
	for told := false; !told; {
		select {
		case e := <-ev.ch:
			if _, ok := e.(events.WorkspacesChanged); ok {
				cached = cachedByID(t, a)
				told = len(cached) > 0
			}
		case <-deadline:
			told = true
		}
	}
	close(release)
	if len(cached) != 2 || cached["wa"].Name != "Name wa" || cached["wb"].Name != "Name wb" {
		t.Errorf("while the second page is awaited the views were told of %v; want the first page's two", cached)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := len(cachedByID(t, a)); n != 6 {
		t.Errorf("%d workspaces cached after the refresh", n)
	}
}
