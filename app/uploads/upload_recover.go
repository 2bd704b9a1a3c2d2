package uploads

import (
	"context"
	"errors"
	"sync"
	"time"

	"lectern/app/events"
	"lectern/app/records"
	"lectern/client"
)

// What the queue does with the server's answers that are neither success nor a plain failure:
// id_in_use gets a fresh client_document_id without bothering anyone; too_many_uploads, 429 and
// daily_upload_limit wait for the server's Retry-After (or a default) and try again by themselves;
// workspace_read_only is remembered for its workspace, so that the next drop there is refused
// before anything is sent.

// Defaults of the wait when the server gives no Retry-After.
const (
	waitTooMany = 30 * time.Second // too_many_uploads, 429
	waitDaily   = time.Hour        // daily_upload_limit: checked again every hour
)

// intakeState is what the queue remembers about workspaces beyond its entries.
type intakeState struct {
	mu       sync.Mutex
	readOnly map[string]bool      // workspaces the server answered workspace_read_only for
	limitsAt map[string]time.Time // when UploadLimits last read a workspace's limits
}

// recover handles err for e when it is one of the answers above, and reports whether it did.
func (u *Queue) recover(ctx context.Context, key string, e records.Upload, err error) bool {
	var ae *client.APIError
	if !errors.As(err, &ae) {
		return false
	}
	switch {
	case ae.Code == "id_in_use":
		e.State, e.ClientDocumentID, e.Error, e.ErrorCode = records.UploadQueued, client.NewClientDocumentID(), "", ""
		u.save(ctx, key, &e)
		return true
	case ae.Code == "workspace_read_only":
		u.rememberReadOnly(ctx, key, e.WorkspaceID)
	case ae.Code == "too_many_uploads" || ae.Code == "daily_upload_limit" || ae.StatusCode == 429:
		d := retryWait(ae)
		e.Error = u.conn.Describe(err) + " Lectern tries again by itself at " + u.store.Now().Add(d).Local().Format("15:04") + "."
		e.ErrorCode = ae.Code
		u.laterBy(e.ID, d)
		u.save(ctx, key, &e)
		return true
	}
	return false
}

// retryWait is how long to wait before sending again after ae.
func retryWait(ae *client.APIError) time.Duration {
	switch {
	case ae.RetryAfter > 0:
		return ae.RetryAfter
	case ae.Code == "daily_upload_limit":
		return waitDaily
	}
	return waitTooMany
}

// laterBy makes entry id wait d (at least the queue's retry delay) before its next attempt.
func (u *Queue) laterBy(id int64, d time.Duration) {
	u.mu.Lock()
	u.notBefore[id] = time.Now().Add(max(d, u.retry))
	u.mu.Unlock()
}

// NextAttempt returns when entry id is tried again after the server asked to wait, or the zero
// time when it is not waiting.
func (u *Queue) NextAttempt(id int64) time.Time {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.notBefore[id]
}

// rememberReadOnly marks wsID as refusing files, in this process and in the cache of server key
// (where it outlives the queue's entries and a restart); the first time, the list is told that
// the workspace changed (CachedWorkspace.ReadOnly).
func (u *Queue) rememberReadOnly(ctx context.Context, key, wsID string) {
	u.extra.mu.Lock()
	if u.extra.readOnly == nil {
		u.extra.readOnly = map[string]bool{}
	}
	known := u.extra.readOnly[wsID]
	u.extra.readOnly[wsID] = true
	u.extra.mu.Unlock()
	if known {
		return
	}
	if err := u.store.MarkReadOnly(ctx, key, wsID); err == nil { // not cached: the map still says it
		u.bus.Emit(events.WorkspacesChanged{})
	}
}

// isReadOnly reports whether the server answered workspace_read_only for wsID, in this process, for
// an entry still in the queue, or as marked in the cache.
func (u *Queue) isReadOnly(ctx context.Context, key, wsID string) bool {
	u.extra.mu.Lock()
	ro := u.extra.readOnly[wsID]
	u.extra.mu.Unlock()
	if ro {
		return true
	}
	failed, _ := u.queue.Uploads(ctx, key, records.UploadFailed)
	for _, e := range failed {
		if e.WorkspaceID == wsID && e.ErrorCode == "workspace_read_only" {
			u.rememberReadOnly(ctx, key, wsID)
			return true
		}
	}
	return false
}
