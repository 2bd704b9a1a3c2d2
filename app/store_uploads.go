package app

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"
)

// UploadState is where an upload-queue entry stands.
type UploadState string

// The states of an upload. Every change is saved before the work it announces starts.
const (
	UploadQueued     UploadState = "queued"     // waiting for a free slot
	UploadSending    UploadState = "sending"    // the request may have reached the server
	UploadProcessing UploadState = "processing" // stored by the server; polling its status
	UploadReady      UploadState = "ready"      // final: the document can be asked
	UploadFailed     UploadState = "failed"     // final: Error says why; Retry may send it again
)

// Final reports whether the state is ready or failed.
func (s UploadState) Final() bool { return s == UploadReady || s == UploadFailed }

// Upload is an upload-queue entry.
type Upload struct {
	ID               int64
	WorkspaceID      string
	Path             string // the local file
	Name             string // the name sent to the server
	Size             int64
	ClientDocumentID string
	State            UploadState
	Sent             int64    // bytes sent so far while sending (not saved)
	DocumentID       string   // the server's id, once stored
	Status           string   // the server's status (processing, not_ready, ready, failed, or newer)
	Warnings         []string // the server's warning tokens, e.g. ocr_used
	Error            string   // why it failed, in words
	ErrorCode        string   // the server's error code, e.g. duplicate_name
	SuggestedName    string   // after duplicate_name: a free name to retry with
	Created          time.Time
	Updated          time.Time
}

const uploadCols = `id, workspace_id, path, name, size, client_document_id, state, document_id, status, warnings,
	error, error_code, suggested_name, created_at, updated_at`

func scanUpload(sc interface{ Scan(...any) error }) (Upload, error) {
	var u Upload
	var state, warnings string
	var created, updated int64
	err := sc.Scan(&u.ID, &u.WorkspaceID, &u.Path, &u.Name, &u.Size, &u.ClientDocumentID, &state, &u.DocumentID,
		&u.Status, &warnings, &u.Error, &u.ErrorCode, &u.SuggestedName, &created, &updated)
	if err != nil {
		return u, err
	}
	u.State, u.Created, u.Updated = UploadState(state), fromMilli(created), fromMilli(updated)
	_ = unmarshalIfSet(warnings, &u.Warnings)
	return u, nil
}

// addUpload saves a new queued entry for server.
func (s *store) addUpload(ctx context.Context, server string, u Upload) (Upload, error) {
	now := s.nowMilli()
	u.State, u.Created, u.Updated = UploadQueued, fromMilli(now), fromMilli(now)
	res, err := s.db.ExecContext(ctx, `INSERT INTO uploads (server, workspace_id, path, name, size, client_document_id,
		state, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?)`, server, u.WorkspaceID, u.Path, u.Name, u.Size,
		u.ClientDocumentID, string(u.State), now, now)
	if err != nil {
		return u, err
	}
	u.ID, _ = res.LastInsertId()
	return u, nil
}

// upload reads one entry of server's queue.
func (s *store) upload(ctx context.Context, server string, id int64) (Upload, error) {
	u, err := scanUpload(s.db.QueryRowContext(ctx, "SELECT "+uploadCols+" FROM uploads WHERE server=? AND id=?", server, id))
	if errors.Is(err, sql.ErrNoRows) {
		return u, ErrNotFound
	}
	return u, err
}

// uploads lists server's queue, oldest first; with states, only entries in those states.
func (s *store) uploads(ctx context.Context, server string, states ...UploadState) ([]Upload, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT "+uploadCols+" FROM uploads WHERE server=? ORDER BY id", server)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Upload
	for rows.Next() {
		u, err := scanUpload(rows)
		if err != nil {
			return nil, err
		}
		if len(states) == 0 || slices.Contains(states, u.State) {
			out = append(out, u)
		}
	}
	return out, rows.Err()
}

// saveUpload writes every field of u.
func (s *store) saveUpload(ctx context.Context, server string, u *Upload) error {
	now := s.nowMilli()
	u.Updated = fromMilli(now)
	res, err := s.db.ExecContext(ctx, `UPDATE uploads SET workspace_id=?, path=?, name=?, size=?, client_document_id=?,
		state=?, document_id=?, status=?, warnings=?, error=?, error_code=?, suggested_name=?, updated_at=?
		WHERE server=? AND id=?`, u.WorkspaceID, u.Path, u.Name, u.Size, u.ClientDocumentID, string(u.State),
		u.DocumentID, u.Status, jsonOrEmpty(u.Warnings), u.Error, u.ErrorCode, u.SuggestedName, now, server, u.ID)
	return affected(res, err)
}

// claimQueued moves the oldest queued entry of server to sending and returns it; ok is false when
// none is queued. The state is committed before the caller sends anything.
func (s *store) claimQueued(ctx context.Context, server string) (Upload, bool, error) {
	row := s.db.QueryRowContext(ctx, `UPDATE uploads SET state='sending', updated_at=? WHERE id = (
		SELECT id FROM uploads WHERE server=? AND state='queued' ORDER BY id LIMIT 1) RETURNING `+uploadCols,
		s.nowMilli(), server)
	u, err := scanUpload(row)
	if errors.Is(err, sql.ErrNoRows) {
		return u, false, nil
	}
	return u, err == nil, err
}

// removeUpload deletes an entry from server's queue.
func (s *store) removeUpload(ctx context.Context, server string, id int64) error {
	res, err := s.db.ExecContext(ctx, "DELETE FROM uploads WHERE server=? AND id=?", server, id)
	return affected(res, err)
}
