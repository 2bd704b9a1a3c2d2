package uploads

import (
	"context"
	"time"

	"lectern/app/records"
	"lectern/client"
)

// limitsTTL is how long limits read by a status call are trusted before UploadLimits asks again.
const limitsTTL = 2 * time.Minute

// UploadLimits returns the live upload limits of workspace wsID, one of the owner's own personal
// workspaces. The server sends them with every upload record, and the status endpoint answers for
// any document of the workspace, so one status call for a cached document is enough; its answer
// is trusted for two minutes. Before the workspace has a document (or when the server cannot be
// reached) the limits last reported are returned, if any: false means none are known yet.
func (u *Queue) UploadLimits(ctx context.Context, wsID string) (client.Limits, bool) {
	cl, key, err := u.conn.Current()
	if err != nil {
		return client.Limits{}, false
	}
	if ws, ok, _ := u.store.Workspace(ctx, key, wsID); !ok || !records.OwnPersonal(ws) {
		return cl.WorkspaceLimits(wsID)
	}
	if lim, ok := cl.WorkspaceLimits(wsID); ok && u.limitsFresh(wsID) {
		return lim, true
	}
	if id := u.store.AnyDocumentID(ctx, key, wsID); id != "" {
		if _, err := cl.DocumentStatus(ctx, wsID, id); err == nil {
			u.limitsRead(wsID)
		}
	}
	return cl.WorkspaceLimits(wsID)
}

func (u *Queue) limitsFresh(wsID string) bool {
	u.extra.mu.Lock()
	defer u.extra.mu.Unlock()
	at, ok := u.extra.limitsAt[wsID]
	return ok && time.Since(at) < limitsTTL
}

func (u *Queue) limitsRead(wsID string) {
	u.extra.mu.Lock()
	defer u.extra.mu.Unlock()
	if u.extra.limitsAt == nil {
		u.extra.limitsAt = map[string]time.Time{}
	}
	u.extra.limitsAt[wsID] = time.Now()
}
