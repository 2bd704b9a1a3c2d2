package store

import (
	"context"
	"database/sql"
	"errors"

	"lectern/app/records"
)

// Draft returns what was left typed in the question box at place on server ("" when nothing).
func (s *DB) Draft(ctx context.Context, server string, place records.DraftPlace) (string, error) {
	var text string
	err := s.db.QueryRowContext(ctx, `SELECT text FROM drafts WHERE server=? AND conversation_id=? AND workspace_id=?`,
		server, place.ConversationID, draftWorkspace(place)).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return text, err
}

// SaveDraft keeps text as the draft at place on server; "" removes it.
func (s *DB) SaveDraft(ctx context.Context, server string, place records.DraftPlace, text string) error {
	ws := draftWorkspace(place)
	if text == "" {
		_, err := s.db.ExecContext(ctx, `DELETE FROM drafts WHERE server=? AND conversation_id=? AND workspace_id=?`,
			server, place.ConversationID, ws)
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO drafts (server, conversation_id, workspace_id, text, updated_at)
		VALUES (?,?,?,?,?) ON CONFLICT (server, conversation_id, workspace_id) DO UPDATE SET text=excluded.text,
		updated_at=excluded.updated_at`, server, place.ConversationID, ws, text, s.NowMilli())
	return err
}

// draftWorkspace is the workspace column of place: a saved conversation's draft is its own,
// whatever its workspace.
func draftWorkspace(place records.DraftPlace) string {
	if place.ConversationID != 0 {
		return ""
	}
	return place.WorkspaceID
}
