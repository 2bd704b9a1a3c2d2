package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lectern/app/records"
)

// trashConversation moves a conversation to the trash: it is no longer listed, searched or
// continued, and its turns stay until the trash is emptied of it.
func (s *DB) TrashConversation(ctx context.Context, server string, id int64) error {
	res, err := s.db.ExecContext(ctx, "UPDATE conversations SET deleted_at=? WHERE server=? AND id=? AND deleted_at=0",
		s.NowMilli(), server, id)
	return Affected(res, err)
}

// trashed lists server's conversations in the trash, most recently deleted first.
func (s *DB) Trashed(ctx context.Context, server string) ([]records.Conversation, error) {
	scan := func(sc RowScanner) (records.Conversation, error) {
		var deleted int64
		c, err := ScanConversation(sc, &deleted)
		c.Deleted = FromMilli(deleted)
		return c, err
	}
	return QueryAll(ctx, s.db, scan, "SELECT "+ConversationCols+`, deleted_at FROM conversations
		WHERE server=? AND deleted_at!=0 ORDER BY deleted_at DESC, id DESC`, server)
}

// restoreConversation takes server's conversation id out of the trash and returns it. A
// conversation whose project is still in the trash (or gone) comes back without a project.
func (s *DB) RestoreConversation(ctx context.Context, server string, id int64) (records.Conversation, error) {
	var conv records.Conversation
	err := InTx(ctx, s.db, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE conversations SET deleted_at=0,
			project_id = CASE WHEN project_id IN (SELECT id FROM projects WHERE deleted_at=0) THEN project_id ELSE 0 END
			WHERE server=? AND id=? AND deleted_at!=0`, server, id)
		if err := Affected(res, err); err != nil {
			return err
		}
		row := tx.QueryRowContext(ctx, "SELECT "+ConversationCols+" FROM conversations WHERE id=?", id)
		conv, err = ScanConversation(row)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		err = records.ErrNotFound
	}
	return conv, err
}

// emptyTrash removes for good, with their turns and images, the conversations and projects
// deleted before the trash's time was up at now.
func (s *DB) EmptyTrash(ctx context.Context, now time.Time) error {
	before := now.Add(-records.TrashKept).UnixMilli()
	return InTx(ctx, s.db, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM conversations WHERE deleted_at!=0 AND deleted_at<?", before); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM projects WHERE deleted_at!=0 AND deleted_at<?", before); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE conversations SET project_id=0
			WHERE project_id!=0 AND project_id NOT IN (SELECT id FROM projects)`)
		return err
	})
}
