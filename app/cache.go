package app

import (
	"context"

	"lectern/client"
)

// Workspaces lists the current server's cached workspaces, in the server's order.
func (a *App) Workspaces(ctx context.Context) ([]CachedWorkspace, error) {
	return a.sync.Workspaces(ctx)
}

// WorkspaceContent returns the cached documents and website imports of workspace id.
func (a *App) WorkspaceContent(ctx context.Context, id string) ([]client.Document, []client.Source, error) {
	return a.sync.WorkspaceContent(ctx, id)
}

// Refresh pulls every workspace and its documents from the current server into the cache. When
// the server cannot be reached the cache is kept and Connection() says offline.
func (a *App) Refresh(ctx context.Context) error { return a.sync.Refresh(ctx) }

// WorkspaceLimits returns the upload limits the server last reported for workspace id.
func (a *App) WorkspaceLimits(id string) (client.Limits, bool) {
	cl, _, err := a.conn.current()
	if err != nil {
		return client.Limits{}, false
	}
	return cl.WorkspaceLimits(id)
}
