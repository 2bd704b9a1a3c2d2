package syncrec

import (
	"context"
	"database/sql"

	"lectern/app/store"
)

// KeepSettings keeps the synced settings' values (name → JSON) as records: a value that differs
// from the one kept gets a new version at ms (the time it was changed, or first seen changed). A
// setting at its default that was never kept is no record: a computer set up later does not
// send its defaults over another's choices. It reports whether any changed.
func (s Records) KeepSettings(ctx context.Context, values, defaults map[string]string, ms int64) (bool, error) {
	changed := false
	err := store.InTx(ctx, s.db, func(tx *sql.Tx) error {
		for name, v := range values {
			query := `INSERT INTO sync_settings (uid, value, updated_at) VALUES (?, ?, ?)
				ON CONFLICT (uid) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
				WHERE value != excluded.value`
			if v == defaults[name] {
				query = "UPDATE sync_settings SET value = ?2, updated_at = ?3 WHERE uid = ?1 AND value != ?2"
			}
			res, err := tx.ExecContext(ctx, query, name, v, ms)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				changed = true
			}
		}
		return nil
	})
	return changed, err
}

// SyncedSettings is every synced setting's value kept (name → JSON): this computer's, or the
// later one another computer sent.
func (s Records) SyncedSettings(ctx context.Context) (map[string]string, error) {
	type kv struct{ name, value string }
	rows, err := store.QueryAll(ctx, s.db, func(sc store.RowScanner) (r kv, err error) {
		return r, sc.Scan(&r.name, &r.value)
	}, "SELECT uid, value FROM sync_settings")
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.name] = r.value
	}
	return out, err
}

// Workspaces are the workspaces the conversations here belong to ("" for those of none): those
// whose lists a round that brought conversations refreshes.
func (s Records) Workspaces(ctx context.Context) ([]string, error) {
	return store.QueryAll(ctx, s.db, store.ScanString, "SELECT DISTINCT workspace_id FROM conversations")
}
