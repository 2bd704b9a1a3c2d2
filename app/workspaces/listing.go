package workspaces

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
func (s *Sync) FetchWorkspaces(ctx context.Context) ([]client.Workspace, *Cached, error) {
	list, err := s.RefreshList(ctx)
	if err == nil || !unreachable(err) {
		return list, nil, err
	}
	cached, cerr := s.CachedWorkspaces(ctx)
	if cerr != nil || len(cached) == 0 {
		return nil, nil, err
	}
	list = make([]client.Workspace, len(cached))
	for i, w := range cached {
		list[i] = w.Workspace
	}
	return list, s.cachedSince(ctx, err), nil
}

// FetchDocuments returns the workspace arg names (an id, or a name in any case) with its documents
// and website imports, and keeps them in the cache. When the server cannot be reached a cached
// workspace is answered from the cache, with a Cached.
func (s *Sync) FetchDocuments(ctx context.Context, arg string) (*client.Workspace, *Cached, error) {
	var full *client.Workspace
	ref, err := s.WithWorkspace(ctx, arg, func(ref WorkspaceRef) error {
		var err error
		full, err = s.CacheWorkspace(ctx, ref.ID)
		return err
	})
	if err == nil || !unreachable(err) || ref.Name == "" {
		return full, nil, err
	}
	ws := &client.Workspace{WorkspaceID: ref.ID, Name: ref.Name}
	for _, w := range s.cachedList(ctx) {
		if w.WorkspaceID == ref.ID {
			ws = &w.Workspace
		}
	}
	docs, srcs, cerr := s.CachedWorkspaceContent(ctx, ref.ID)
	if cerr != nil || (len(docs) == 0 && ws.Counts.Documents > 0) { // listed, but its documents never cached
		return nil, nil, err
	}
	ws.Documents, ws.Sources = docs, srcs
	return ws, s.cachedSince(ctx, err), nil
}

// cachedList is the cached list, empty when it cannot be read.
func (s *Sync) cachedList(ctx context.Context) []records.CachedWorkspace {
	list, _ := s.CachedWorkspaces(ctx)
	return list
}

// cachedSince says when the cache was last synced, for an answer the cache gave because of err.
func (s *Sync) cachedSince(ctx context.Context, err error) *Cached {
	return &Cached{Synced: s.synced(ctx, s.conn.CacheKey()), Err: err}
}

// DocumentStatus returns the upload record of document id (a server id or a client_document_id)
// in the workspace arg names. The server's live limits in it are remembered for that workspace.
func (s *Sync) DocumentStatus(ctx context.Context, arg, id string) (*client.UploadRecord, error) {
	cl, _, err := s.conn.Current()
	if err != nil {
		return nil, err
	}
	var rec *client.UploadRecord
	_, err = s.WithWorkspace(ctx, arg, func(ref WorkspaceRef) error {
		rec, err = cl.DocumentStatus(ctx, ref.ID, id)
		return err
	})
	return rec, err
}

// WorkspaceLimits returns the upload limits the server last reported for workspace id.
func (s *Sync) WorkspaceLimits(id string) (client.Limits, bool) {
	cl, _, err := s.conn.Current()
	if err != nil {
		return client.Limits{}, false
	}
	return cl.WorkspaceLimits(id)
}
