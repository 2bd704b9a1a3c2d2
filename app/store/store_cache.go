package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"lectern/app/records"
	"lectern/client"
)

// saveWorkspace replaces one workspace with its documents and sources, in one transaction; note
// is why it did not arrive whole, in words ("" when it did).
func (s *DB) SaveWorkspace(ctx context.Context, server string, pos int, ws client.Workspace, at time.Time, note string) error {
	return InTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := upsertWorkspace(ctx, tx, server, pos, ws, at); err != nil {
			return err
		}
		if err := setSyncError(ctx, tx, server, ws.WorkspaceID, note); err != nil {
			return err
		}
		if err := replaceDocuments(ctx, tx, server, ws.WorkspaceID, ws.Documents); err != nil {
			return err
		}
		return replaceSources(ctx, tx, server, ws.WorkspaceID, ws.Sources)
	})
}

// saveListed adds or updates the row of a workspace as a listing gave it (name, scope, access and
// counts); its cached documents stay. A refresh that fetched no content for it saves it this way.
func (s *DB) SaveListed(ctx context.Context, server string, pos int, ws client.Workspace, at time.Time) error {
	return InTx(ctx, s.db, func(tx *sql.Tx) error { return upsertWorkspace(ctx, tx, server, pos, ws, at) })
}

// markNotSynced saves the row of a listed workspace whose content could not be fetched, keeping its
// cached documents, with why in words.
func (s *DB) MarkNotSynced(ctx context.Context, server string, pos int, ws client.Workspace, at time.Time, why string) error {
	return InTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := upsertWorkspace(ctx, tx, server, pos, ws, at); err != nil {
			return err
		}
		return setSyncError(ctx, tx, server, ws.WorkspaceID, why)
	})
}

// setSyncError records why the last sync of a workspace did not bring it whole ("" when it did).
func setSyncError(ctx context.Context, tx *sql.Tx, server, id, why string) error {
	_, err := tx.ExecContext(ctx, "UPDATE workspaces SET sync_error=? WHERE server=? AND id=?", why, server, id)
	return err
}

// saveWorkspaceList saves a complete workspace list of server (names, scopes, access and counts,
// without documents): listed workspaces are added or updated and keep their cached documents, the
// others leave the cache, and the sync time is recorded. The command line's listing fills the
// cache this way, with one request per page.
func (s *DB) SaveWorkspaceList(ctx context.Context, server string, list []client.Workspace, at time.Time) error {
	return InTx(ctx, s.db, func(tx *sql.Tx) error {
		keep := make([]string, 0, len(list))
		for i, ws := range list {
			if err := upsertWorkspace(ctx, tx, server, i, ws, at); err != nil {
				return err
			}
			keep = append(keep, ws.WorkspaceID)
		}
		return keepOnly(ctx, tx, server, keep, at)
	})
}

// upsertWorkspace adds or updates one workspace's row, leaving its documents as they are.
func upsertWorkspace(ctx context.Context, tx *sql.Tx, server string, pos int, ws client.Workspace, at time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO workspaces
		(server, id, position, name, scope, access, n_documents, n_ready, n_not_ready, n_failed, synced_at)
		VALUES (?,?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT (server, id) DO UPDATE SET position=excluded.position, name=excluded.name,
		scope=excluded.scope, access=excluded.access, n_documents=excluded.n_documents,
		n_ready=excluded.n_ready, n_not_ready=excluded.n_not_ready, n_failed=excluded.n_failed,
		synced_at=excluded.synced_at`,
		server, ws.WorkspaceID, pos, ws.Name, ws.Scope, ws.Access, ws.Counts.Documents,
		ws.Counts.Ready, ws.Counts.NotReady, ws.Counts.Failed, UnixMilli(at))
	return err
}

func replaceDocuments(ctx context.Context, tx *sql.Tx, server, wsID string, docs []client.Document) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM documents WHERE server=? AND workspace_id=?", server, wsID); err != nil {
		return err
	}
	st, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO documents (server, workspace_id, id, position, name,
		source_type, status, updated, updated_at, source_id, url, client_document_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	for i, d := range docs {
		if _, err := st.ExecContext(ctx, server, wsID, d.DocumentID, i, d.Name, d.SourceType, d.Status,
			d.Updated, d.UpdatedAt, d.SourceID, d.URL, d.ClientDocumentID); err != nil {
			return err
		}
	}
	return nil
}

func replaceSources(ctx context.Context, tx *sql.Tx, server, wsID string, srcs []client.Source) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM sources WHERE server=? AND workspace_id=?", server, wsID); err != nil {
		return err
	}
	for i, s := range srcs {
		ids, _ := json.Marshal(s.DocumentIDs)
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO sources (server, workspace_id, id, position, name,
			pages, n_ready, n_not_ready, document_ids) VALUES (?,?,?,?,?,?,?,?,?)`,
			server, wsID, s.SourceID, i, s.Name, s.Pages, s.Ready, s.NotReady, string(ids)); err != nil {
			return err
		}
	}
	return nil
}

// finishSync drops the workspaces of server that are not in keep and records the sync time.
func (s *DB) FinishSync(ctx context.Context, server string, keep []string, at time.Time) error {
	return InTx(ctx, s.db, func(tx *sql.Tx) error { return keepOnly(ctx, tx, server, keep, at) })
}

// keepOnly drops the workspaces of server that are not in keep and records the sync time.
func keepOnly(ctx context.Context, tx *sql.Tx, server string, keep []string, at time.Time) error {
	cached, err := QueryAll(ctx, tx, ScanString, "SELECT id FROM workspaces WHERE server=?", server)
	if err != nil {
		return err
	}
	for _, id := range cached {
		if slices.Contains(keep, id) {
			continue
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM workspaces WHERE server=? AND id=?", server, id); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO servers (server, synced_at) VALUES (?, ?)
			ON CONFLICT (server) DO UPDATE SET synced_at=excluded.synced_at`, server, UnixMilli(at))
	return err
}

// removeWorkspace drops one workspace (with its documents and sources) from the cache. It reports
// whether there was one.
func (s *DB) RemoveWorkspace(ctx context.Context, server, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, "DELETE FROM workspaces WHERE server=? AND id=?", server, id)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// lastSynced is the time of the last complete refresh of server (zero when never).
func (s *DB) LastSynced(ctx context.Context, server string) (time.Time, error) {
	var ms int64
	err := s.db.QueryRowContext(ctx, "SELECT synced_at FROM servers WHERE server=?", server).Scan(&ms)
	if err == sql.ErrNoRows {
		return time.Time{}, nil
	}
	return FromMilli(ms), err
}

// touchSynced moves the sync time of server to at, when it has been synced in full before.
func (s *DB) TouchSynced(ctx context.Context, server string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, "UPDATE servers SET synced_at=? WHERE server=? AND synced_at < ?",
		UnixMilli(at), server, UnixMilli(at))
	return err
}

// workspaces lists the cached workspaces of server in the server's order.
func (s *DB) Workspaces(ctx context.Context, server string) ([]records.CachedWorkspace, error) {
	return QueryAll(ctx, s.db, scanCachedWorkspace, `SELECT id, name, scope, access, n_documents, n_ready,
		n_not_ready, n_failed, synced_at, sync_error, read_only FROM workspaces WHERE server=? ORDER BY position, name`, server)
}

func scanCachedWorkspace(sc RowScanner) (records.CachedWorkspace, error) {
	var w records.CachedWorkspace
	var at int64
	c := &w.Counts
	err := sc.Scan(&w.WorkspaceID, &w.Name, &w.Scope, &w.Access, &c.Documents, &c.Ready, &c.NotReady, &c.Failed, &at,
		&w.SyncError, &w.ReadOnly)
	w.SyncedAt = FromMilli(at)
	return w, err
}

// markReadOnly remembers that the server refused files for workspace id of server as published
// (a refresh keeps the mark: the list does not say).
func (s *DB) MarkReadOnly(ctx context.Context, server, id string) error {
	_, err := s.db.ExecContext(ctx, "UPDATE workspaces SET read_only=1 WHERE server=? AND id=?", server, id)
	return err
}

// workspace returns one cached workspace; ok is false when it is not cached.
func (s *DB) Workspace(ctx context.Context, server, id string) (records.CachedWorkspace, bool, error) {
	all, err := s.Workspaces(ctx, server)
	if err != nil {
		return records.CachedWorkspace{}, false, err
	}
	for _, w := range all {
		if w.WorkspaceID == id {
			return w, true, nil
		}
	}
	return records.CachedWorkspace{}, false, nil
}

// documents lists the cached documents of one workspace in the server's order.
func (s *DB) Documents(ctx context.Context, server, wsID string) ([]client.Document, error) {
	return QueryAll(ctx, s.db, scanDocument, `SELECT id, name, source_type, status, updated, updated_at, source_id,
		url, client_document_id FROM documents WHERE server=? AND workspace_id=? ORDER BY position`, server, wsID)
}

// anyDocumentID returns the server id of a cached document of wsID (the first in the server's
// order), "" when it has none.
func (s *DB) AnyDocumentID(ctx context.Context, server, wsID string) string {
	ids, err := QueryAll(ctx, s.db, ScanString, `SELECT id FROM documents WHERE server=? AND workspace_id=? AND id<>''
		ORDER BY position LIMIT 1`, server, wsID)
	if err != nil || len(ids) == 0 {
		return ""
	}
	return ids[0]
}

func scanDocument(sc RowScanner) (client.Document, error) {
	var d client.Document
	err := sc.Scan(&d.DocumentID, &d.Name, &d.SourceType, &d.Status, &d.Updated, &d.UpdatedAt, &d.SourceID, &d.URL,
		&d.ClientDocumentID)
	return d, err
}

// sources lists the cached website imports of one workspace.
func (s *DB) Sources(ctx context.Context, server, wsID string) ([]client.Source, error) {
	return QueryAll(ctx, s.db, scanSource, `SELECT id, name, pages, n_ready, n_not_ready, document_ids
		FROM sources WHERE server=? AND workspace_id=? ORDER BY position`, server, wsID)
}

func scanSource(sc RowScanner) (client.Source, error) {
	var src client.Source
	var ids string
	err := sc.Scan(&src.SourceID, &src.Name, &src.Pages, &src.Ready, &src.NotReady, &ids)
	_ = json.Unmarshal([]byte(ids), &src.DocumentIDs)
	return src, err
}

// putDocument adds or updates one document of a cached workspace (an upload that got its server id),
// so that it shows at once, before the next refresh. It does nothing when the workspace is not cached.
func (s *DB) PutDocument(ctx context.Context, server, wsID string, d client.Document) (bool, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO documents (server, workspace_id, id, position, name, source_type,
		status, updated, updated_at, source_id, url, client_document_id)
		SELECT ?, ?, ?, COALESCE((SELECT max(position)+1 FROM documents WHERE server=? AND workspace_id=?), 0),
			?, ?, ?, ?, ?, '', '', ? WHERE EXISTS (SELECT 1 FROM workspaces WHERE server=? AND id=?)
		ON CONFLICT (server, workspace_id, id) DO UPDATE SET name=excluded.name, status=excluded.status,
			updated=excluded.updated, updated_at=excluded.updated_at`,
		server, wsID, d.DocumentID, server, wsID, d.Name, cmp.Or(d.SourceType, "file"), d.Status, d.Updated,
		d.UpdatedAt, d.ClientDocumentID, server, wsID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// documentNames returns the names in use in a cached workspace, lower-cased (for suggesting a free name).
func (s *DB) DocumentNames(ctx context.Context, server, wsID string) (map[string]bool, error) {
	list, err := QueryAll(ctx, s.db, ScanString, `SELECT name FROM documents WHERE server=? AND workspace_id=?
		UNION SELECT name FROM uploads WHERE server=? AND workspace_id=? AND state != 'failed'`, server, wsID, server, wsID)
	names := make(map[string]bool, len(list))
	for _, n := range list {
		names[strings.ToLower(n)] = true
	}
	return names, err
}

// syncedServers lists the servers with a cache (every one that was synced completely), the most
// recently synced first; demo mode's cache (under the key demo) is not a server.
func (s *DB) SyncedServers(ctx context.Context, demo string) ([]records.KnownServer, error) {
	return QueryAll(ctx, s.db, func(r RowScanner) (records.KnownServer, error) {
		var ks records.KnownServer
		var ms int64
		err := r.Scan(&ks.Address, &ms)
		ks.LastSynced = FromMilli(ms)
		return ks, err
	}, "SELECT server, synced_at FROM servers WHERE server <> ? ORDER BY synced_at DESC, server", demo)
}
