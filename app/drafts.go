package app

import (
	"context"
	"database/sql"
	"errors"
)

// DraftPlace is where a draft belongs: a saved conversation (ConversationID), or, while
// ConversationID is 0, the new conversation with workspace WorkspaceID that its first question
// will save.
type DraftPlace struct {
	ConversationID int64
	WorkspaceID    string
}

// DraftOf is the place of the draft of conv: its own, or, not saved yet, its workspace's new one.
func DraftOf(conv Conversation) DraftPlace {
	if conv.ID != 0 {
		return DraftPlace{ConversationID: conv.ID}
	}
	return DraftPlace{WorkspaceID: conv.WorkspaceID}
}

// Draft returns what was left typed in the question box at place on the current server ("" when
// nothing), kept across a quit.
func (c *Conversations) Draft(ctx context.Context, place DraftPlace) (string, error) {
	key := c.conn.cacheKey()
	if key == "" {
		return "", nil
	}
	var text string
	err := c.store.db.QueryRowContext(ctx, `SELECT text FROM drafts WHERE server=? AND conversation_id=? AND workspace_id=?`,
		key, place.ConversationID, draftWorkspace(place)).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return text, err
}

// SaveDraft keeps text as the draft at place on the current server; "" (a question sent, a box
// emptied) removes it.
func (c *Conversations) SaveDraft(ctx context.Context, place DraftPlace, text string) error {
	key := c.conn.cacheKey()
	if key == "" {
		return errNotConnected
	}
	ws := draftWorkspace(place)
	if text == "" {
		_, err := c.store.db.ExecContext(ctx, `DELETE FROM drafts WHERE server=? AND conversation_id=? AND workspace_id=?`,
			key, place.ConversationID, ws)
		return err
	}
	_, err := c.store.db.ExecContext(ctx, `INSERT INTO drafts (server, conversation_id, workspace_id, text, updated_at)
		VALUES (?,?,?,?,?) ON CONFLICT (server, conversation_id, workspace_id) DO UPDATE SET text=excluded.text,
		updated_at=excluded.updated_at`, key, place.ConversationID, ws, text, c.store.nowMilli())
	return err
}

// draftWorkspace is the workspace column of place: a saved conversation's draft is its own,
// whatever its workspace.
func draftWorkspace(place DraftPlace) string {
	if place.ConversationID != 0 {
		return ""
	}
	return place.WorkspaceID
}
