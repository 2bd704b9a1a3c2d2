package store

import (
	"context"
	"path/filepath"
	"strings"
)

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
