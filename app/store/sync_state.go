package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
)

// SyncState reads the value kept under key for target ("" when none).
func (s *DB) SyncState(ctx context.Context, target, key string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, "SELECT value FROM sync_state WHERE target = ? AND key = ?", target, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

// SetSyncState keeps the values of kv (key, value, key, value...) for target, in one transaction,
// and marks the batches named in applied as applied (this device's own, once sent).
func (s *DB) SetSyncState(ctx context.Context, target string, applied []string, kv ...string) error {
	return InTx(ctx, s.db, func(tx *sql.Tx) error {
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
func (s *DB) SyncAppliedBatches(ctx context.Context, target string) (map[string]bool, error) {
	names, err := queryAll(ctx, s.db, scanString, "SELECT batch FROM sync_applied WHERE target = ?", target)
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out, err
}

// SyncSnapshotPath is the copy of the database taken before a sync round applies anything:
// beside it, "lectern-sync.db" for lectern.db, replaced by each such round.
func (s *DB) SyncSnapshotPath() string {
	stem := strings.TrimSuffix(filepath.Base(s.path), filepath.Ext(s.path))
	return filepath.Join(filepath.Dir(s.path), stem+"-sync"+filepath.Ext(s.path))
}

// SnapshotForSync writes a consistent copy of the database to SyncSnapshotPath, whole or not at
// all, before a sync round applies what came from other devices.
func (s *DB) SnapshotForSync(ctx context.Context) error {
	return vacuumInto(ctx, s.db, s.SyncSnapshotPath())
}
