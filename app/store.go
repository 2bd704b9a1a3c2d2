package app

import (
	"context"
	"database/sql"
	"time"
)

// store is the SQLite database: the offline cache, conversations and the upload queue. Its methods
// are grouped by concern in store_cache.go, store_turns.go and store_uploads.go. Every row belongs
// to a server address, so that switching server shows only that server's data.
type store struct {
	db  *sql.DB
	now func() time.Time
}

// openStore opens the database file in home.
func openStore(ctx context.Context, path string, now func() time.Time) (*store, error) {
	db, err := openDB(ctx, path)
	if err != nil {
		return nil, err
	}
	return &store{db: db, now: now}, nil
}

// close checkpoints the WAL and closes the database.
func (s *store) close() error {
	_, _ = s.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	return s.db.Close()
}

// integrity runs PRAGMA integrity_check and returns its first line ("ok" when sound).
func (s *store) integrity(ctx context.Context) (string, error) {
	var res string
	err := s.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res)
	return res, err
}

// nowMilli is the current time in storage form.
func (s *store) nowMilli() int64 { return s.now().UnixMilli() }
