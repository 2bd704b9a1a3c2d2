package syncrec

import (
	"context"
	"database/sql"
	"errors"

	"lectern/app/store"
)

// SyncState reads the value kept under key for target ("" when none).
func (s Records) SyncState(ctx context.Context, target, key string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, "SELECT value FROM sync_state WHERE target = ? AND key = ?", target, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

// SetSyncState keeps the values of kv (key, value, key, value...) for target, in one transaction,
// and marks the batches named in applied as applied (this device's own, once sent).
func (s Records) SetSyncState(ctx context.Context, target string, applied []string, kv ...string) error {
	return store.InTx(ctx, s.db, func(tx *sql.Tx) error {
		for i := 0; i+1 < len(kv); i += 2 {
			if _, err := tx.ExecContext(ctx, `INSERT INTO sync_state (target, key, value) VALUES (?, ?, ?)
				ON CONFLICT (target, key) DO UPDATE SET value = excluded.value`, target, kv[i], kv[i+1]); err != nil {
				return err
			}
		}
		for _, b := range applied {
			if _, err := tx.ExecContext(ctx, "INSERT OR IGNORE INTO sync_applied (target, batch) VALUES (?, ?)", target, b); err != nil {
				return err
			}
		}
		return nil
	})
}

// SyncAppliedBatches is the set of batches of target applied here (or sent from here).
func (s Records) SyncAppliedBatches(ctx context.Context, target string) (map[string]bool, error) {
	names, err := store.QueryAll(ctx, s.db, store.ScanString, "SELECT batch FROM sync_applied WHERE target = ?", target)
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out, err
}
