// Package uploadq is the upload queue's rows in the store's SQLite file (app/store): entries added
// once per file, claimed by one process at a time, kept alive by a heartbeat, released, removed.
package uploadq

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"lectern/app/records"
	"lectern/app/store"
)

// Queue is the upload queue of a store.
type Queue struct{ s *store.DB }

// Of is the upload queue kept in db.
func Of(db *store.DB) Queue { return Queue{db} }

const uploadCols = `id, workspace_id, path, name, size, content_hash, client_document_id, state, document_id, status,
	warnings, record, error, error_code, suggested_name, created_at, updated_at`

func scanUpload(sc store.RowScanner) (records.Upload, error) {
	var u records.Upload
	var state, warnings, record string
	var created, updated int64
	err := sc.Scan(&u.ID, &u.WorkspaceID, &u.Path, &u.Name, &u.Size, &u.ContentHash, &u.ClientDocumentID, &state,
		&u.DocumentID, &u.Status, &warnings, &record, &u.Error, &u.ErrorCode, &u.SuggestedName, &created, &updated)
	if err != nil {
		return u, err
	}
	u.State, u.Created, u.Updated = records.UploadState(state), store.FromMilli(created), store.FromMilli(updated)
	_ = store.UnmarshalIfSet(warnings, &u.Warnings)
	_ = store.UnmarshalIfSet(record, &u.Record)
	return u, nil
}

// addUpload saves a new queued entry for server, unless the same file (same name, any case, and
// same content) is already queued, being sent or sent to the same workspace: then it returns that
// entry with existing true. The check and the insert are one write transaction, so two processes
// queueing the same file at once make one entry.
func (q Queue) AddUpload(ctx context.Context, server string, u records.Upload) (entry records.Upload, existing bool, err error) {
	err = store.InTx(ctx, q.s.SQL(), func(tx *sql.Tx) error {
		entry, err = scanUpload(tx.QueryRowContext(ctx, "SELECT "+uploadCols+` FROM uploads WHERE server=? AND
			workspace_id=? AND content_hash=? AND lower(name)=lower(?) AND state!='failed' ORDER BY id LIMIT 1`,
			server, u.WorkspaceID, u.ContentHash, u.Name))
		if err == nil {
			existing = true
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		entry, err = q.insertUpload(ctx, tx, server, u)
		return err
	})
	return entry, existing, err
}

// insertUpload inserts u as a new queued entry.
func (q Queue) insertUpload(ctx context.Context, tx *sql.Tx, server string, u records.Upload) (records.Upload, error) {
	now := q.s.NowMilli()
	u.State, u.Created, u.Updated = records.UploadQueued, store.FromMilli(now), store.FromMilli(now)
	res, err := tx.ExecContext(ctx, `INSERT INTO uploads (server, workspace_id, path, name, size, content_hash,
		client_document_id, state, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?)`, server, u.WorkspaceID,
		u.Path, u.Name, u.Size, u.ContentHash, u.ClientDocumentID, string(u.State), now, now)
	if err != nil {
		return u, err
	}
	u.ID, err = res.LastInsertId()
	return u, err
}

// upload reads one entry of server's queue.
func (q Queue) Upload(ctx context.Context, server string, id int64) (records.Upload, error) {
	u, err := scanUpload(q.s.SQL().QueryRowContext(ctx, "SELECT "+uploadCols+" FROM uploads WHERE server=? AND id=?", server, id))
	if errors.Is(err, sql.ErrNoRows) {
		return u, records.ErrNotFound
	}
	return u, err
}

// uploads lists server's queue, oldest first; with states, only entries in those states, chosen by
// the query (index uploads_queue): the scheduler asks for the open ones many times a minute, and
// the finished ones a person has not cleared must not cost it anything.
func (q Queue) Uploads(ctx context.Context, server string, states ...records.UploadState) ([]records.Upload, error) {
	query, args := "SELECT "+uploadCols+" FROM uploads WHERE server=?", []any{server}
	if len(states) > 0 {
		query += " AND state IN (?" + strings.Repeat(", ?", len(states)-1) + ")"
		for _, st := range states {
			args = append(args, string(st))
		}
	}
	return store.QueryAll(ctx, q.s.SQL(), scanUpload, query+" ORDER BY id", args...)
}

// saveUpload writes every field of u (not its claim).
func (q Queue) SaveUpload(ctx context.Context, server string, u *records.Upload) error {
	now := q.s.NowMilli()
	u.Updated = store.FromMilli(now)
	res, err := q.s.SQL().ExecContext(ctx, `UPDATE uploads SET workspace_id=?, path=?, name=?, size=?, content_hash=?,
		client_document_id=?, state=?, document_id=?, status=?, warnings=?, record=?, error=?, error_code=?,
		suggested_name=?, updated_at=? WHERE server=? AND id=?`, u.WorkspaceID, u.Path, u.Name, u.Size, u.ContentHash,
		u.ClientDocumentID, string(u.State), u.DocumentID, u.Status, store.JSONOrEmpty(u.Warnings), store.JSONOrEmpty(u.Record),
		u.Error, u.ErrorCode, u.SuggestedName, now, server, u.ID)
	return store.Affected(res, err)
}

// claim makes owner the only process working entry id of server, while the entry is still in
// state from and no other live process holds it (one whose heartbeat is older than staleBefore
// has died, and loses it). A queued entry moves to sending in the same statement, so the state is
// committed before anything is sent. ok is false when another process holds it or it changed.
func (q Queue) Claim(ctx context.Context, server string, id int64, from records.UploadState, owner string, staleBefore time.Time) (records.Upload, bool, error) {
	to := from
	if from == records.UploadQueued {
		to = records.UploadSending
	}
	now := q.s.NowMilli()
	u, err := scanUpload(q.s.SQL().QueryRowContext(ctx, `UPDATE uploads SET owner=?, heartbeat=?, state=?, updated_at=?
		WHERE server=? AND id=? AND state=? AND (owner='' OR owner=? OR heartbeat<?) RETURNING `+uploadCols,
		owner, now, string(to), now, server, id, string(from), owner, store.UnixMilli(staleBefore)))
	if errors.Is(err, sql.ErrNoRows) {
		return u, false, nil
	}
	return u, err == nil, err
}

// heartbeat tells other processes that owner is alive: its claims stay its own.
func (q Queue) Heartbeat(ctx context.Context, owner string) error {
	_, err := q.s.SQL().ExecContext(ctx, "UPDATE uploads SET heartbeat=? WHERE owner=?", q.s.NowMilli(), owner)
	return err
}

// release gives up owner's claim on entry id, so that any process may work it again.
func (q Queue) Release(ctx context.Context, id int64, owner string) error {
	_, err := q.s.SQL().ExecContext(ctx, "UPDATE uploads SET owner='' WHERE id=? AND owner=?", id, owner)
	return err
}

// removeUpload deletes an entry from server's queue.
func (q Queue) RemoveUpload(ctx context.Context, server string, id int64) error {
	res, err := q.s.SQL().ExecContext(ctx, "DELETE FROM uploads WHERE server=? AND id=?", server, id)
	return store.Affected(res, err)
}
