package app

import (
	"context"
	"errors"
	"time"

	"lectern/app/records"
	"lectern/client"
)

// The listings the command line prints. Each asks the server and fills the cache that the desktop
// app shows; when the server cannot be reached the cache answers, and Cached says so.

// Cached says that a listing came from the offline cache because the server could not be reached:
// when the cache was last synced (zero when never), and what went wrong.
type Cached struct {
	Synced time.Time
	Err    error
}

// unreachable reports an error that got no answer from the server at all, where the cache may
// answer instead.
func unreachable(err error) bool {
	var ne *client.NetError
	return errors.As(err, &ne)
}

// FetchWorkspaces lists every workspace the key can open (one request a page) and keeps the list
// in the cache. When the server cannot be reached it returns the cached list and a Cached; an
// empty cache then returns the error.
func (a *App) FetchWorkspaces(ctx context.Context) ([]client.Workspace, *Cached, error) {
	list, err := a.sync.RefreshList(ctx)
	if err == nil || !unreachable(err) {
		return list, nil, err
	}
	cached, cerr := a.sync.Workspaces(ctx)
	if cerr != nil || len(cached) == 0 {
		return nil, nil, err
	}
	list = make([]client.Workspace, len(cached))
	for i, w := range cached {
		list[i] = w.Workspace
	}
	return list, a.cachedSince(ctx, err), nil
}

// FetchDocuments returns the workspace arg names (an id, or a name in any case) with its documents
// and website imports, and keeps them in the cache. When the server cannot be reached a cached
// workspace is answered from the cache, with a Cached.
func (a *App) FetchDocuments(ctx context.Context, arg string) (*client.Workspace, *Cached, error) {
	var full *client.Workspace
	ref, err := a.withWorkspace(ctx, arg, func(ref WorkspaceRef) error {
		var err error
		full, err = a.sync.CacheWorkspace(ctx, ref.ID)
		return err
	})
	if err == nil || !unreachable(err) || ref.Name == "" {
		return full, nil, err
	}
	ws := &client.Workspace{WorkspaceID: ref.ID, Name: ref.Name}
	for _, w := range a.cachedList(ctx) {
		if w.WorkspaceID == ref.ID {
			ws = &w.Workspace
		}
	}
	docs, srcs, cerr := a.sync.WorkspaceContent(ctx, ref.ID)
	if cerr != nil || (len(docs) == 0 && ws.Counts.Documents > 0) { // listed, but its documents never cached
		return nil, nil, err
	}
	ws.Documents, ws.Sources = docs, srcs
	return ws, a.cachedSince(ctx, err), nil
}

// cachedList is the cached list, empty when it cannot be read.
func (a *App) cachedList(ctx context.Context) []records.CachedWorkspace {
	list, _ := a.sync.Workspaces(ctx)
	return list
}

// cachedSince says when the cache was last synced, for an answer the cache gave because of err.
func (a *App) cachedSince(ctx context.Context, err error) *Cached {
	return &Cached{Synced: a.sync.synced(ctx, a.conn.CacheKey()), Err: err}
}

// DocumentStatus returns the upload record of document id (a server id or a client_document_id)
// in the workspace arg names. The server's live limits in it are remembered for that workspace.
func (a *App) DocumentStatus(ctx context.Context, arg, id string) (*client.UploadRecord, error) {
	cl, _, err := a.conn.Current()
	if err != nil {
		return nil, err
	}
	var rec *client.UploadRecord
	_, err = a.withWorkspace(ctx, arg, func(ref WorkspaceRef) error {
		rec, err = cl.DocumentStatus(ctx, ref.ID, id)
		return err
	})
	return rec, err
}

// CachedWorkspaces lists the current server's cached workspaces, in the server's order.
func (a *App) CachedWorkspaces(ctx context.Context) ([]records.CachedWorkspace, error) {
	return a.sync.Workspaces(ctx)
}

// CachedWorkspaceContent returns the cached documents and website imports of workspace id.
func (a *App) CachedWorkspaceContent(ctx context.Context, id string) ([]client.Document, []client.Source, error) {
	return a.sync.WorkspaceContent(ctx, id)
}

// Refresh pulls every workspace and its documents from the current server into the cache. When
// the server cannot be reached the cache is kept and Connection() says offline.
func (a *App) Refresh(ctx context.Context) error { return a.sync.Refresh(ctx) }

// WorkspaceLimits returns the upload limits the server last reported for workspace id.
func (a *App) WorkspaceLimits(id string) (client.Limits, bool) {
	cl, _, err := a.conn.Current()
	if err != nil {
		return client.Limits{}, false
	}
	return cl.WorkspaceLimits(id)
}
