package app

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"lectern/client"
)

// Sync keeps the offline cache of the current server: Refresh pulls from the server, the other
// methods read the cache. When the server cannot be reached the cache still answers and the
// connection state says offline, with the time of the last complete sync.
type Sync struct {
	store *store
	conn  *connManager
	bus   *Bus
	now   func() time.Time
	mu    sync.Mutex // one refresh at a time
}

// Refresh pulls every page of workspaces, then each workspace's documents and website imports,
// saving each workspace in one transaction; workspaces the server no longer lists, or answers
// workspace_not_found / workspace_access_lost for, leave the cache. When the server cannot be
// reached the cache is kept, the state becomes ConnOffline, and the error is returned.
func (s *Sync) Refresh(ctx context.Context) error {
	cl, key, err := s.conn.current()
	if err != nil {
		if key != "" {
			s.conn.setState(key, ConnOffline, s.synced(ctx, key), err)
		}
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conn.setState(key, ConnSyncing, time.Time{}, nil)
	var listed []client.Workspace
	for ws, err := range cl.AllWorkspaces(ctx, client.ListOptions{Include: "none"}) {
		if err != nil {
			return s.fail(ctx, key, err)
		}
		listed = append(listed, ws)
	}
	keep, err := s.pullEach(ctx, cl, key, listed)
	if err != nil {
		return s.fail(ctx, key, err)
	}
	now := fromMilli(unixMilli(s.now())) // as stored: milliseconds
	if err := s.store.finishSync(ctx, key, keep, now); err != nil {
		return s.fail(ctx, key, err)
	}
	s.bus.Emit(WorkspacesChanged{})
	s.conn.setState(key, ConnOnline, now, nil)
	return nil
}

// pullEach fetches and saves each listed workspace and returns the ids to keep. A workspace the
// server no longer opens is dropped; any other error stops the refresh.
func (s *Sync) pullEach(ctx context.Context, cl *client.Client, key string, listed []client.Workspace) ([]string, error) {
	keep := make([]string, 0, len(listed))
	for i, ws := range listed {
		full, err := cl.FetchWorkspace(ctx, ws.WorkspaceID)
		if isWorkspaceGone(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		full.WorkspaceID = ws.WorkspaceID
		if err := s.store.saveWorkspace(ctx, key, i, *full, s.now()); err != nil {
			return nil, err
		}
		keep = append(keep, ws.WorkspaceID)
		s.bus.Emit(DocumentsChanged{WorkspaceID: ws.WorkspaceID})
	}
	return keep, nil
}

// isWorkspaceGone reports an answer that means the key can no longer open a workspace.
func isWorkspaceGone(err error) bool {
	return err != nil && (client.IsCode(err, "workspace_access_lost") || client.IsCode(err, "workspace_not_found"))
}

// fail records a refresh that stopped: offline with the last sync time, unless the caller gave up.
func (s *Sync) fail(ctx context.Context, key string, err error) error {
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		s.conn.setState(key, ConnUnknown, time.Time{}, nil)
		return err
	}
	s.conn.setState(key, ConnOffline, s.synced(context.WithoutCancel(ctx), key), err)
	return err
}

func (s *Sync) synced(ctx context.Context, key string) time.Time {
	t, _ := s.store.lastSynced(ctx, key)
	return t
}

// RefreshWorkspace pulls one workspace's documents and imports into the cache (after an upload,
// for example). A workspace the key can no longer open leaves the cache; one that is not cached
// is left out (Refresh adds it).
func (s *Sync) RefreshWorkspace(ctx context.Context, id string) error {
	return s.pullOne(ctx, id, false)
}

// CacheWorkspace pulls one workspace into the cache like RefreshWorkspace, adding it after the
// cached ones when it is not there yet. The command line uses it so that the conversations it
// keeps show their workspace's name without a whole Refresh.
func (s *Sync) CacheWorkspace(ctx context.Context, id string) error { return s.pullOne(ctx, id, true) }

// pullOne fetches workspace id and saves it in the cache if it is cached, or if add.
func (s *Sync) pullOne(ctx context.Context, id string, add bool) error {
	cl, key, err := s.conn.current()
	if err != nil {
		return err
	}
	full, err := cl.FetchWorkspace(ctx, id)
	if isWorkspaceGone(err) {
		s.forget(ctx, key, id)
		return err
	}
	if err != nil {
		return err
	}
	cached, err := s.store.workspaces(ctx, key)
	if err != nil {
		return err
	}
	pos := slices.IndexFunc(cached, func(w CachedWorkspace) bool { return w.WorkspaceID == id })
	if pos < 0 {
		if !add {
			return nil
		}
		pos = len(cached) // after the cached ones
	}
	full.WorkspaceID = id
	if err := s.store.saveWorkspace(ctx, key, pos, *full, s.now()); err != nil {
		return err
	}
	s.bus.Emit(DocumentsChanged{WorkspaceID: id})
	s.bus.Emit(WorkspacesChanged{})
	return nil
}

// forget removes a workspace the key lost from the cache and tells the views.
func (s *Sync) forget(ctx context.Context, key, id string) {
	if ok, err := s.store.removeWorkspace(context.WithoutCancel(ctx), key, id); err == nil && ok {
		s.bus.Emit(WorkspacesChanged{})
		s.bus.Emit(DocumentsChanged{WorkspaceID: id})
	}
}

// Workspaces lists the current server's cached workspaces in the server's order.
func (s *Sync) Workspaces(ctx context.Context) ([]CachedWorkspace, error) {
	key := s.conn.cacheKey()
	if key == "" {
		return nil, nil
	}
	return s.store.workspaces(ctx, key)
}

// WorkspaceContent returns the cached documents and website imports of one workspace.
func (s *Sync) WorkspaceContent(ctx context.Context, id string) ([]client.Document, []client.Source, error) {
	key := s.conn.cacheKey()
	if key == "" {
		return nil, nil, nil
	}
	docs, err := s.store.documents(ctx, key, id)
	if err != nil {
		return nil, nil, err
	}
	srcs, err := s.store.sources(ctx, key, id)
	return docs, srcs, err
}
