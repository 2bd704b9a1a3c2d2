// Package projectdb is the projects' rows in the store's SQLite file (app/store, schema step 11):
// folders of conversations, per server.
package projectdb

import (
	"context"
	"database/sql"
	"errors"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/store"
)

// Projects are the projects kept in a store. A deleted project's conversations take its
// deleted_at, so that restoring it brings back those alone.
type Projects struct{ s *store.DB }

// Of is the projects kept in db.
func Of(db *store.DB) Projects { return Projects{db} }

// projectCols are the columns scanProject reads, then the count of its conversations (of one in
// the trash, those that went with it).
const projectCols = `id, uid, name, colour, defaults, collapsed, created_at, updated_at, deleted_at,
	(SELECT count(*) FROM conversations c WHERE c.project_id=projects.id AND c.deleted_at=projects.deleted_at)`

func scanProject(sc store.RowScanner) (records.Project, error) {
	var p records.Project
	var defaults string
	var collapsed int
	var created, updated, deleted int64
	err := sc.Scan(&p.ID, &p.UID, &p.Name, &p.Colour, &defaults, &collapsed, &created, &updated, &deleted, &p.Conversations)
	p.Collapsed, p.Created, p.Updated, p.Deleted = collapsed != 0, store.FromMilli(created), store.FromMilli(updated), store.FromMilli(deleted)
	p.Defaults = store.DecodeJSON[records.ProjectDefaults](defaults)
	return p, err
}

// Projects lists server's projects (not those in the trash), by name.
func (q Projects) Projects(ctx context.Context, server string) ([]records.Project, error) {
	return store.QueryAll(ctx, q.s.SQL(), scanProject, "SELECT "+projectCols+` FROM projects
		WHERE server=? AND deleted_at=0 ORDER BY name COLLATE NOCASE, id`, server)
}

// TrashedProjects lists server's projects in the trash, most recently deleted first; their
// Conversations count those that went with them.
func (q Projects) TrashedProjects(ctx context.Context, server string) ([]records.Project, error) {
	return store.QueryAll(ctx, q.s.SQL(), scanProject, "SELECT "+projectCols+
		" FROM projects WHERE server=? AND deleted_at!=0 ORDER BY deleted_at DESC, id DESC", server)
}

// Project reads one project of server that is not in the trash.
func (q Projects) Project(ctx context.Context, server string, id int64) (records.Project, error) {
	p, ok, err := q.oneProject(ctx, "id=?", server, id)
	if err == nil && !ok {
		err = records.ErrNotFound
	}
	return p, err
}

// ProjectNamed finds server's project named name, in any case; ok is false when there is none.
func (q Projects) ProjectNamed(ctx context.Context, server, name string) (p records.Project, ok bool, err error) {
	return q.oneProject(ctx, "name=? COLLATE NOCASE", server, name)
}

// oneProject reads server's first project not in the trash that passes where (with arg).
func (q Projects) oneProject(ctx context.Context, where, server string, arg any) (records.Project, bool, error) {
	p, err := scanProject(q.s.SQL().QueryRowContext(ctx, "SELECT "+projectCols+" FROM projects WHERE server=? AND "+where+
		" AND deleted_at=0 ORDER BY id LIMIT 1", server, arg))
	if errors.Is(err, sql.ErrNoRows) {
		return records.Project{}, false, nil
	}
	return p, err == nil, err
}

// CreateProject saves a new project of server (name and colour checked already) and returns it.
func (q Projects) CreateProject(ctx context.Context, server string, p records.Project) (records.Project, error) {
	err := store.InTx(ctx, q.s.SQL(), func(tx *sql.Tx) error {
		if err := nameFree(ctx, tx, server, p.Name, 0); err != nil {
			return err
		}
		now := q.s.NowMilli()
		res, err := tx.ExecContext(ctx, `INSERT INTO projects (server, name, colour, defaults, created_at, updated_at)
			VALUES (?,?,?,?,?,?)`, server, p.Name, p.Colour, store.JSONOrEmpty(p.Defaults), now, now)
		if err != nil {
			return err
		}
		p.ID, _ = res.LastInsertId()
		return nil
	})
	if err != nil {
		return p, err
	}
	return q.Project(ctx, server, p.ID)
}

// nameFree fails, in words, when another project of server (not id) is named name in any case.
func nameFree(ctx context.Context, tx *sql.Tx, server, name string, id int64) error {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM projects WHERE server=? AND name=? COLLATE NOCASE
		AND deleted_at=0 AND id!=?`, server, name, id).Scan(&n)
	if err == nil && n > 0 {
		return explain.Checkf("A project named %q exists already: choose another name.", name)
	}
	return err
}

// RenameProject names project id of server name (checked already).
func (q Projects) RenameProject(ctx context.Context, server string, id int64, name string) error {
	return store.InTx(ctx, q.s.SQL(), func(tx *sql.Tx) error {
		if err := nameFree(ctx, tx, server, name, id); err != nil {
			return err
		}
		return store.Affected(tx.ExecContext(ctx, "UPDATE projects SET name=?, updated_at=? WHERE server=? AND id=? AND deleted_at=0",
			name, q.s.NowMilli(), server, id))
	})
}

// SetProjectColumn sets one column of project id of server (column is a name written in this
// module, never outside text).
func (q Projects) SetProjectColumn(ctx context.Context, server string, id int64, column string, value any) error {
	return store.Affected(q.s.SQL().ExecContext(ctx, "UPDATE projects SET "+column+"=?, updated_at=? WHERE server=? AND id=? AND deleted_at=0",
		value, q.s.NowMilli(), server, id))
}

// EncodeDefaults is the defaults column of d.
func EncodeDefaults(d records.ProjectDefaults) string { return store.JSONOrEmpty(d) }

// TrashProject moves project id of server to the trash with its conversations, which take its
// deleted time.
func (q Projects) TrashProject(ctx context.Context, server string, id int64) error {
	now := q.s.NowMilli()
	return store.InTx(ctx, q.s.SQL(), func(tx *sql.Tx) error {
		if err := store.Affected(tx.ExecContext(ctx, "UPDATE projects SET deleted_at=? WHERE server=? AND id=? AND deleted_at=0",
			now, server, id)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "UPDATE conversations SET deleted_at=? WHERE project_id=? AND deleted_at=0", now, id)
		return err
	})
}

// RestoreProject takes project id of server out of the trash with the conversations that went
// with it, and returns it.
func (q Projects) RestoreProject(ctx context.Context, server string, id int64) (records.Project, error) {
	err := store.InTx(ctx, q.s.SQL(), func(tx *sql.Tx) error {
		var deleted int64
		var name string
		err := tx.QueryRowContext(ctx, "SELECT deleted_at, name FROM projects WHERE server=? AND id=? AND deleted_at!=0",
			server, id).Scan(&deleted, &name)
		if errors.Is(err, sql.ErrNoRows) {
			return records.ErrNotFound
		}
		if err != nil {
			return err
		}
		if err := nameFree(ctx, tx, server, name, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE conversations SET deleted_at=0 WHERE project_id=? AND deleted_at=?", id, deleted); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, "UPDATE projects SET deleted_at=0 WHERE id=?", id)
		return err
	})
	if err != nil {
		return records.Project{}, err
	}
	return q.Project(ctx, server, id)
}

// MoveToProject puts server's conversations ids in project (0: in none), in one transaction;
// every id must be a conversation of server not in the trash. Their updated time stays.
func (q Projects) MoveToProject(ctx context.Context, server string, ids []int64, project int64) error {
	return store.InTx(ctx, q.s.SQL(), func(tx *sql.Tx) error {
		for _, id := range ids {
			if err := store.Affected(tx.ExecContext(ctx, `UPDATE conversations SET project_id=?1 WHERE server=?2 AND id=?3 AND deleted_at=0
				AND (?1=0 OR EXISTS (SELECT 1 FROM projects WHERE server=?2 AND id=?1 AND deleted_at=0))`,
				project, server, id)); err != nil {
				return err
			}
		}
		return nil
	})
}
