package uploads

import (
	"cmp"
	"context"
	"errors"
	"io/fs"

	"lectern/app/events"
	"lectern/app/records"
	"lectern/client"
)

// apply records a server upload record for e: its ids, status and warnings, the state that
// follows, the document in the cache, and the end when it is final. It returns false when the
// entry was removed meanwhile.
func (u *Queue) apply(ctx context.Context, key string, e *records.Upload, rec *client.UploadRecord) bool {
	before := *e
	u.conn.Observe(key, nil)
	if rec.DocumentID != nil {
		e.DocumentID = *rec.DocumentID
	}
	e.Status, e.Warnings, e.Record, e.Error, e.ErrorCode = rec.Status, rec.Warnings, rec, "", ""
	switch rec.Status {
	case client.StatusReady:
		e.State = records.UploadReady
	case client.StatusFailed:
		e.State, e.ErrorCode = records.UploadFailed, cmp.Or(rec.FailedReason, "indexing_failed")
		e.Error = "The server could not read or index the file (" + e.ErrorCode + "). Check the file opens and has text, then retry."
	default:
		e.State = records.UploadProcessing
	}
	if e.State == before.State && e.Status == before.Status && e.DocumentID == before.DocumentID && before.Error == "" {
		return true
	}
	if !u.save(ctx, key, e) {
		return false
	}
	u.cacheDocument(ctx, key, *e, rec)
	if e.State.Final() {
		u.finished(ctx, *e)
	}
	return true
}

// cacheDocument shows an uploaded file in the cached workspace at once, before the next refresh.
func (u *Queue) cacheDocument(ctx context.Context, key string, e records.Upload, rec *client.UploadRecord) {
	if e.DocumentID == "" {
		return
	}
	status := rec.Status
	if status == client.StatusProcessing {
		status = client.StatusNotReady
	}
	d := client.Document{DocumentID: e.DocumentID, Name: e.Name, SourceType: cmp.Or(rec.SourceType, "file"),
		Status: status, Updated: rec.Created, UpdatedAt: rec.CreatedAt, ClientDocumentID: e.ClientDocumentID}
	if ok, err := u.store.PutDocument(context.WithoutCancel(ctx), key, e.WorkspaceID, d); err == nil && ok {
		u.bus.Emit(events.DocumentsChanged{WorkspaceID: e.WorkspaceID})
	}
}

// save writes e and announces it; false means the entry is gone (removed by the user).
func (u *Queue) save(ctx context.Context, key string, e *records.Upload) bool {
	if err := u.queue.SaveUpload(context.WithoutCancel(ctx), key, e); err != nil {
		return false
	}
	u.changed(*e, 0)
	if e.State == records.UploadQueued {
		u.Kick()
	}
	return true
}

// finished announces the end of an upload and refreshes its workspace's counts.
func (u *Queue) finished(ctx context.Context, e records.Upload) {
	ev := events.UploadFinished{ID: e.ID, Name: e.Name, Status: string(e.State)}
	if e.State == records.UploadFailed {
		ev.Reason = e.Error
	}
	u.bus.Emit(ev)
	if e.State == records.UploadReady && u.sync != nil && ctx.Err() == nil {
		_ = u.sync.RefreshWorkspace(ctx, e.WorkspaceID)
	}
}

// failOrWait ends e as failed when err is final (the server refused it, or the file cannot be
// read); otherwise the entry keeps its state, notes the error and is tried again later.
func (u *Queue) failOrWait(ctx context.Context, key string, e records.Upload, err error) {
	if ctx.Err() != nil {
		return // stopping or removed: the saved state resumes next time
	}
	u.conn.Observe(key, err)
	if u.recover(ctx, key, e, err) {
		return
	}
	if !IsFinalUploadError(err) {
		e.Error = u.conn.Describe(err)
		u.later(e.ID)
		u.save(ctx, key, &e)
		return
	}
	e.State, e.Error, e.ErrorCode = records.UploadFailed, u.conn.Describe(err), ""
	var ae *client.APIError
	if errors.As(err, &ae) {
		e.ErrorCode = ae.Code
	}
	if e.ErrorCode == "duplicate_name" {
		if name, nerr := u.freeName(ctx, key, e); nerr == nil {
			e.SuggestedName = name
			e.Error += " Retry as \u201c" + name + "\u201d?"
		}
	}
	if u.save(ctx, key, &e) {
		u.finished(ctx, e)
	}
}

// isFinalUploadError reports an error that sending again cannot fix.
func IsFinalUploadError(err error) bool {
	var ue *client.UploadUnknownError
	if errors.As(err, &ue) {
		return false
	}
	var ve *client.ValidationError
	var re *client.RedirectError // the server sends Lectern elsewhere: trying again changes nothing
	var fe *client.FileError     // the file cannot be read, or changed: only a new queue entry can send it
	if errors.As(err, &ve) || errors.As(err, &re) || errors.As(err, &fe) || errors.Is(err, client.ErrFileChanged) || errors.Is(err, fs.ErrNotExist) ||
		errors.Is(err, fs.ErrPermission) {
		return true
	}
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.Retryable || ae.Code == "" {
		return false
	}
	return ae.StatusCode >= 400 && ae.StatusCode < 500 && ae.StatusCode != 429 && ae.StatusCode != 408
}
