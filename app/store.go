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
	db   *sql.DB
	path string // the database file
	now  func() time.Time

	imageDataRead func(turnID int64, bytes int) // tests only: called for each image read with its bytes
}

// openStore opens the database file in home.
func openStore(ctx context.Context, path string, now func() time.Time) (*store, error) {
	db, err := openDB(ctx, path)
	if err != nil {
		return nil, err
	}
	return &store{db: db, path: path, now: now}, nil
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

// rowScanner is what a scan function reads one row from: *sql.Row or *sql.Rows.
type rowScanner = interface{ Scan(dest ...any) error }

// querier is *sql.DB or *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// queryAll runs query and reads every row it returns with scan.
func queryAll[T any](ctx context.Context, q querier, scan func(rowScanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// scanString reads a row of one text column.
func scanString(sc rowScanner) (string, error) {
	var s string
	err := sc.Scan(&s)
	return s, err
}
