package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"strings"

	"lectern/app/records"
)

// importFrom copies into this database, in one transaction, the conversations of the database at
// srcPath (at this schema) that it does not have (by uid) and that are not in its trash, with
// their turns and their turns' images. Every column is copied but the ids, which are this file's.
func (s *DB) importFrom(ctx context.Context, srcPath string) (records.ImportResult, error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return records.ImportResult{}, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS src", srcPath); err != nil {
		return records.ImportResult{}, err
	}
	defer func() {
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), "DETACH DATABASE src"); err != nil {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn }) // not back to the pool attached
		}
	}()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return records.ImportResult{}, err
	}
	defer func() { _ = tx.Rollback() }()
	res, err := importConversations(ctx, tx)
	if err != nil {
		return records.ImportResult{}, err
	}
	return res, tx.Commit()
}

// sourceConversation is a conversation of the database imported from.
type sourceConversation struct {
	id, deleted, project int64
	uid                  string
}

// importConversations copies src's conversations that main lacks.
func importConversations(ctx context.Context, tx *sql.Tx) (records.ImportResult, error) {
	var res records.ImportResult
	convs, err := QueryAll(ctx, tx, func(sc RowScanner) (c sourceConversation, err error) {
		return c, sc.Scan(&c.id, &c.uid, &c.deleted, &c.project)
	}, "SELECT id, uid, deleted_at, project_id FROM src.conversations ORDER BY id")
	if err != nil {
		return res, err
	}
	copyConv, err := copyStatement(ctx, tx, "conversations", "project_id")
	if err != nil {
		return res, err
	}
	projects := projectImport{ids: map[int64]int64{}}
	for _, c := range convs {
		var present int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM main.conversations WHERE uid=?", c.uid).Scan(&present); err != nil {
			return res, err
		}
		switch {
		case c.deleted != 0:
			res.Trashed++
		case present > 0:
			res.Present++
		default:
			project, err := projects.of(ctx, tx, c.project)
			if err != nil {
				return res, err
			}
			if err := importConversation(ctx, tx, copyConv, c.id, project); err != nil {
				return res, err
			}
			res.Added++
		}
	}
	res.Projects = projects.added
	return res, nil
}

// projectImport finds, or adds, the projects of the conversations imported.
type projectImport struct {
	ids   map[int64]int64 // src's project id -> main's
	added int
}

// of returns main's id of src's project srcID (0: none): the live project of the same uid, else
// the live one of the same name on its server, else a copy of it added (out of any trash).
func (p *projectImport) of(ctx context.Context, tx *sql.Tx, srcID int64) (int64, error) {
	if srcID == 0 {
		return 0, nil
	}
	if id, ok := p.ids[srcID]; ok {
		return id, nil
	}
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT coalesce((SELECT m.id FROM main.projects m, src.projects s
		WHERE s.id=?1 AND m.deleted_at=0 AND (m.uid=s.uid OR (m.server=s.server AND m.name=s.name COLLATE NOCASE))
		ORDER BY m.uid=s.uid DESC LIMIT 1), 0)`, srcID).Scan(&id)
	if err != nil {
		return 0, err
	}
	if id == 0 {
		if id, err = p.add(ctx, tx, srcID); err != nil {
			return 0, err
		}
	}
	p.ids[srcID] = id
	return id, nil
}

// add copies src's project srcID into main and returns its id there; 0 when main keeps its uid
// in the trash.
func (p *projectImport) add(ctx context.Context, tx *sql.Tx, srcID int64) (int64, error) {
	copyProject, err := copyStatement(ctx, tx, "projects", "deleted_at")
	if err != nil {
		return 0, err
	}
	r, err := tx.ExecContext(ctx, copyProject+" WHERE id=? AND uid NOT IN (SELECT uid FROM main.projects)", 0, srcID)
	if err != nil {
		return 0, err
	}
	if n, _ := r.RowsAffected(); n == 0 {
		return 0, nil
	}
	p.added++
	return r.LastInsertId()
}

// importConversation copies one conversation of src with its turns and their images, into
// main's project (0: none).
func importConversation(ctx context.Context, tx *sql.Tx, copyConv string, srcID, project int64) error {
	r, err := tx.ExecContext(ctx, copyConv+" WHERE id=?", project, srcID)
	if err != nil {
		return err
	}
	convID, _ := r.LastInsertId()
	copyTurn, err := copyStatement(ctx, tx, "turns", "conversation_id")
	if err != nil {
		return err
	}
	copyImages, err := copyStatement(ctx, tx, "turn_images", "turn_id")
	if err != nil {
		return err
	}
	turns, err := QueryAll(ctx, tx, func(sc RowScanner) (id int64, err error) { return id, sc.Scan(&id) },
		"SELECT id FROM src.turns WHERE conversation_id=? ORDER BY id", srcID)
	if err != nil {
		return err
	}
	newID := map[int64]int64{0: 0} // src turn id -> this file's
	for _, id := range turns {
		r, err := tx.ExecContext(ctx, copyTurn+" WHERE id=?", convID, id)
		if err != nil {
			return err
		}
		turnID, _ := r.LastInsertId()
		newID[id] = turnID
		if _, err := tx.ExecContext(ctx, copyImages+" WHERE turn_id=?", turnID, id); err != nil {
			return err
		}
	}
	return remapBranches(ctx, tx, convID, newID)
}

// remapBranches points the copied turns of conversation convID at their parents' new ids, and
// the conversation at its head's (schema step 12's columns, copied with the src's ids); a turn
// whose parent was not copied starts a branch.
func remapBranches(ctx context.Context, tx *sql.Tx, convID int64, newID map[int64]int64) error {
	type link struct{ id, parent int64 }
	links, err := QueryAll(ctx, tx, func(sc RowScanner) (l link, err error) { return l, sc.Scan(&l.id, &l.parent) },
		"SELECT id, parent_id FROM main.turns WHERE conversation_id=? AND parent_id != 0", convID)
	if err != nil {
		return err
	}
	for _, l := range links {
		if _, err := tx.ExecContext(ctx, "UPDATE main.turns SET parent_id=? WHERE id=?", newID[l.parent], l.id); err != nil {
			return err
		}
	}
	var head int64
	if err := tx.QueryRowContext(ctx, "SELECT head_turn_id FROM main.conversations WHERE id=?", convID).Scan(&head); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "UPDATE main.conversations SET head_turn_id=? WHERE id=?", newID[head], convID)
	return err
}

// copyStatement is "INSERT INTO main.table (...) SELECT ... FROM src.table" over every column of
// table but its id, so that a column added by a later schema step is copied too. parent, when
// set, is a column whose value is the statement's first parameter (the new row's parent) instead
// of the source's; the caller adds the WHERE clause.
func copyStatement(ctx context.Context, tx *sql.Tx, table, parent string) (string, error) {
	cols, err := QueryAll(ctx, tx, func(sc RowScanner) (name string, err error) {
		return name, sc.Scan(&name)
	}, "SELECT name FROM pragma_table_info(?) ORDER BY cid", table)
	if err != nil {
		return "", err
	}
	var into, from []string
	for _, c := range cols {
		switch c {
		case "id":
		case parent:
			into, from = append(into, c), append(from, "?")
		default:
			into, from = append(into, c), append(from, c)
		}
	}
	return "INSERT INTO main." + table + " (" + strings.Join(into, ", ") + ") SELECT " + strings.Join(from, ", ") +
		" FROM src." + table, nil
}
