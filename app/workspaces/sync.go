// Package workspaces keeps the offline cache of the current server's workspaces, documents and website
// imports: Refresh pulls them (each workspace on its own, a cut refresh resumed), the listings the
// command line prints answer from the cache when the server cannot be reached, and a workspace is
// named by id or by name (WithWorkspace).
package workspaces

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/store"
	"lectern/client"
)

// Sync keeps the offline cache of the current server: Refresh pulls from the server, the other
// methods read the cache. When the server cannot be reached the cache still answers and the
// connection state says offline, with the time of the last complete sync.
type Sync struct {
	store *store.DB
	conn  *connection.Manager
	bus   *events.Bus
	now   func() time.Time
	mu    sync.Mutex // one refresh at a time
	round syncRound  // what the refresh that did not finish brought (under mu)
	// telling is the notice, due shortly, of workspaces saved as the list arrives (keepListed)
	tellMu  sync.Mutex
	telling *time.Timer
}

// listedNotice is how long after a workspace of the list is saved the views are told (with those
// saved meanwhile): a page of the list is told at once, not row by row.
const listedNotice = 200 * time.Millisecond

// Refresh pulls every page of workspaces, then each workspace's documents and website imports,
// saving each workspace in one transaction; workspaces the server no longer lists, or answers
// workspace_not_found / workspace_access_lost for, leave the cache. One workspace that fails is
// marked with why (CachedWorkspace.SyncError) and the others are synced: the error is then a
// *NotSyncedError and the connection stays online. When the server cannot be reached, or refuses
// the key, the cache is kept (with what arrived, and the list as far as it came), the state says
// so, and the error is returned. A Refresh after one that did not finish fetches only the
// workspaces that have not arrived since.
func (s *Sync) Refresh(ctx context.Context) error {
	cl, key, err := s.conn.Current()
	if err != nil {
		if key != "" {
			s.conn.SetState(key, connection.ConnOffline, s.synced(ctx, key), err)
		}
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conn.SetState(key, connection.ConnSyncing, time.Time{}, nil)
	listed, listErr := listAll(ctx, cl, func(pos int, ws client.Workspace) { s.keepListed(ctx, key, pos, ws) })
	s.tellListedNow()
	if len(listed) == 0 && listErr != nil {
		return s.fail(ctx, key, listErr)
	}
	p := &pull{key: key, listed: listed}
	if listErr != nil && (stopsRefresh(listErr) || ctx.Err() != nil) {
		p.stop = listErr // keep the list that came; fetch nothing more
	}
	s.pullEach(ctx, cl, p)
	return s.finish(ctx, p, listErr)
}

// listAll reads every page of the workspace list, handing each workspace to arrived (when not nil)
// as it comes; on an error it returns what came before it.
func listAll(ctx context.Context, cl *client.Client, arrived func(pos int, ws client.Workspace)) ([]client.Workspace, error) {
	listed := []client.Workspace{}
	for ws, err := range cl.AllWorkspaces(ctx, client.ListOptions{Include: "none"}) {
		if err != nil {
			return listed, err
		}
		if arrived != nil {
			arrived(len(listed), ws)
		}
		listed = append(listed, ws)
	}
	return listed, nil
}

// keepListed saves a workspace of the list as it arrives, at its place, and tells the views
// shortly after (listedNotice): a first refresh that pages through a long list (20 s were seen)
// shows what has come, not an empty list (issue 36). Its documents come later in the refresh.
func (s *Sync) keepListed(ctx context.Context, key string, pos int, ws client.Workspace) {
	if s.store.SaveListed(context.WithoutCancel(ctx), key, pos, ws, s.now()) != nil {
		return
	}
	s.tellMu.Lock()
	defer s.tellMu.Unlock()
	if s.telling == nil {
		s.telling = time.AfterFunc(listedNotice, func() {
			s.tellMu.Lock()
			s.telling = nil
			s.tellMu.Unlock()
			s.bus.Emit(events.WorkspacesChanged{})
		})
	}
}

// tellListedNow tells the views at once of the workspaces saved since the last notice, at the
// list's end: no notice comes after the refresh (a late one reloaded the list in the middle of
// what came next).
func (s *Sync) tellListedNow() {
	s.tellMu.Lock()
	t := s.telling
	s.telling = nil
	s.tellMu.Unlock()
	if t != nil && t.Stop() {
		s.bus.Emit(events.WorkspacesChanged{})
	}
}

// RefreshList pulls every page of the workspace list, without documents, into the cache (one
// request a page) and returns it: listed workspaces keep their cached documents, the others leave.
// It counts as a sync. When the server cannot be reached the state becomes ConnOffline. A list
// that stopped part way keeps what came in the cache, drops nothing, and returns what came with
// the error; the state is online when the server answered that far.
func (s *Sync) RefreshList(ctx context.Context) ([]client.Workspace, error) {
	cl, key, err := s.conn.Current()
	if err != nil {
		return nil, err
	}
	listed, err := listAll(ctx, cl, nil)
	if err != nil {
		return s.listCut(ctx, key, listed, err)
	}
	now := store.FromMilli(store.UnixMilli(s.now()))
	if err := s.store.SaveWorkspaceList(ctx, key, listed, now); err != nil {
		return nil, err
	}
	s.bus.Emit(events.WorkspacesChanged{})
	s.conn.SetState(key, connection.ConnOnline, now, nil)
	return listed, nil
}

// listCut keeps the workspaces of a list that stopped part way with err.
func (s *Sync) listCut(ctx context.Context, key string, listed []client.Workspace, err error) ([]client.Workspace, error) {
	for i, ws := range listed {
		_ = s.store.SaveListed(context.WithoutCancel(ctx), key, i, ws, s.now())
	}
	if len(listed) == 0 || stopsRefresh(err) || ctx.Err() != nil {
		return nil, s.fail(ctx, key, err)
	}
	s.bus.Emit(events.WorkspacesChanged{})
	s.conn.SetState(key, connection.ConnOnline, time.Time{}, nil)
	return listed, err
}

// isWorkspaceGone reports an answer that means the key can no longer open a workspace.
func IsWorkspaceGone(err error) bool {
	return err != nil && (client.IsCode(err, "workspace_access_lost") || client.IsCode(err, "workspace_not_found"))
}

// fail records a refresh that stopped: offline with the last sync time, unless the caller gave up.
func (s *Sync) fail(ctx context.Context, key string, err error) error {
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		s.conn.SetState(key, connection.ConnUnknown, time.Time{}, nil)
		return err
	}
	s.conn.SetState(key, connection.ConnOffline, s.synced(context.WithoutCancel(ctx), key), err)
	return err
}

func (s *Sync) synced(ctx context.Context, key string) time.Time {
	t, _ := s.store.LastSynced(ctx, key)
	return t
}

// RefreshWorkspace pulls one workspace's documents and imports into the cache (after an upload,
// for example). A workspace the key can no longer open leaves the cache; one that is not cached
// is left out (Refresh adds it).
func (s *Sync) RefreshWorkspace(ctx context.Context, id string) error {
	_, err := s.pullOne(ctx, id, false)
	return err
}

// CacheWorkspace pulls one workspace with its documents and imports into the cache like
// RefreshWorkspace, adding it after the cached ones when it is not there yet, and returns it.
// When its listing would not end, it returns what arrived with the *client.PagingError.
func (s *Sync) CacheWorkspace(ctx context.Context, id string) (*client.Workspace, error) {
	return s.pullOne(ctx, id, true)
}

// pullOne fetches workspace id and saves it in the cache if it is cached, or if add.
func (s *Sync) pullOne(ctx context.Context, id string, add bool) (*client.Workspace, error) {
	cl, key, err := s.conn.Current()
	if err != nil {
		return nil, err
	}
	full, cut := cl.FetchWorkspace(ctx, id)
	s.conn.Observe(key, cut)
	if IsWorkspaceGone(cut) {
		s.Forget(ctx, key, id)
		return nil, cut
	}
	if full == nil {
		return nil, cut
	}
	full.WorkspaceID = id
	cached, err := s.store.Workspaces(ctx, key)
	if err != nil {
		return full, err
	}
	pos := slices.IndexFunc(cached, func(w records.CachedWorkspace) bool { return w.WorkspaceID == id })
	if pos < 0 {
		if !add {
			return full, cut
		}
		pos = len(cached) // after the cached ones
	}
	now := store.FromMilli(store.UnixMilli(s.now())) // as stored: milliseconds
	if err := s.store.SaveWorkspace(ctx, key, pos, *full, now, s.note(cut)); err != nil {
		return full, err
	}
	s.bus.Emit(events.DocumentsChanged{WorkspaceID: id})
	s.bus.Emit(events.WorkspacesChanged{})
	if cut == nil {
		s.touchSynced(ctx, key, now)
	}
	return full, cut // cut: a *client.PagingError, with the documents that arrived
}

// touchSynced records that the cache of server key took the server's state at now (a background
// refresh of the workspace shown counts: "Updated" (the status line) says how fresh what is shown is), unless a
// full refresh is under way (it sets the time when it ends).
func (s *Sync) touchSynced(ctx context.Context, key string, now time.Time) {
	c := s.conn.Connection()
	if c.State == connection.ConnSyncing || c.State == connection.ConnKeyNeeded {
		return
	}
	if err := s.store.TouchSynced(ctx, key, now); err == nil {
		s.conn.SetState(key, connection.ConnOnline, now, nil)
	}
}

// forget removes a workspace the key lost from the cache and tells the views.
func (s *Sync) Forget(ctx context.Context, key, id string) {
	if ok, err := s.store.RemoveWorkspace(context.WithoutCancel(ctx), key, id); err == nil && ok {
		s.bus.Emit(events.WorkspacesChanged{})
		s.bus.Emit(events.DocumentsChanged{WorkspaceID: id})
	}
}

// Workspaces lists the current server's cached workspaces in the server's order.
func (s *Sync) CachedWorkspaces(ctx context.Context) ([]records.CachedWorkspace, error) {
	key := s.conn.CacheKey()
	if key == "" {
		return nil, nil
	}
	return s.store.Workspaces(ctx, key)
}

// WorkspaceContent returns the cached documents and website imports of one workspace.
func (s *Sync) CachedWorkspaceContent(ctx context.Context, id string) ([]client.Document, []client.Source, error) {
	key := s.conn.CacheKey()
	if key == "" {
		return nil, nil, nil
	}
	docs, err := s.store.Documents(ctx, key, id)
	if err != nil {
		return nil, nil, err
	}
	srcs, err := s.store.Sources(ctx, key, id)
	return docs, srcs, err
}

// cacheSources adds the documents an answer names to the cached workspace when they are missing,
// so that they show before the next refresh without a request. It does nothing for a workspace
// that is not cached.
func (s *Sync) CacheSources(ctx context.Context, wsID string, sources []client.AnswerSource) {
	key := s.conn.CacheKey()
	known, err := s.store.DocumentNames(ctx, key, wsID)
	if err != nil {
		return
	}
	added := false
	for _, src := range sources {
		if src.DocumentID == "" || known[strings.ToLower(src.Name)] {
			continue
		}
		d := client.Document{DocumentID: src.DocumentID, Name: src.Name, SourceType: src.SourceType,
			Status: client.StatusReady}
		if src.URL != nil {
			d.URL = *src.URL
		}
		if ok, err := s.store.PutDocument(context.WithoutCancel(ctx), key, wsID, d); err == nil && ok {
			added = true
		}
	}
	if added {
		s.bus.Emit(events.DocumentsChanged{WorkspaceID: wsID})
	}
}

// newSync makes the cache of the current server of conn, kept in st; now is the clock.
func NewSync(st *store.DB, conn *connection.Manager, bus *events.Bus, now func() time.Time) *Sync {
	return &Sync{store: st, conn: conn, bus: bus, now: now}
}
