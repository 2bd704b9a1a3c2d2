// Package store is the SQLite file of the data folder: opening it (a damaged, foreign or newer file is
// reported and left untouched), the versioned migrations and the snapshot before each step, the
// offline cache, the conversations and their turns, images and search index, the trash, the upload
// queue and its claims, backup and import. It is the only package that writes SQL; every row belongs
// to a server address (the cache key).
package store

import (
	"context"
	"database/sql"
	"time"
)

// store is the SQLite database: the offline cache, conversations and the upload queue. Its methods
// are grouped by concern in store_cache.go, store_turns.go and store_uploads.go. Every row belongs
// to a server address, so that switching server shows only that server's data.
type DB struct {
	db   *sql.DB
	path string // the database file
	Now  func() time.Time

	ImageDataRead func(turnID int64, bytes int) // tests only: called for each image read with its bytes
}

// openStore opens the database file in home.
func Open(ctx context.Context, path string, now func() time.Time) (*DB, error) {
	db, err := OpenDB(ctx, path)
	if err != nil {
		return nil, err
	}
	return &DB{db: db, path: path, Now: now}, nil
}

// close checkpoints the WAL and closes the database.
func (s *DB) Close() error {
	_, _ = s.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	return s.db.Close()
}

// integrity runs PRAGMA integrity_check and returns its first line ("ok" when sound).
func (s *DB) Integrity(ctx context.Context) (string, error) {
	var res string
	err := s.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res)
	return res, err
}

// nowMilli is the current time in storage form.
func (s *DB) nowMilli() int64 { return s.Now().UnixMilli() }

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

// SQL is the database handle, for tests that look at the file as SQL. No room writes SQL: each
// asks the store.
func (s *DB) SQL() *sql.DB { return s.db }

// QueryAll runs query and reads every row with scan (for syncrec, the part of the store that
// keeps the sync records).
func QueryAll[T any](ctx context.Context, q Querier, scan func(RowScanner) (T, error), query string, args ...any) ([]T, error) {
	return queryAll(ctx, q, scan, query, args...)
}

// ScanString reads a row of one text column.
func ScanString(sc RowScanner) (string, error) { return scanString(sc) }

// RowScanner is *sql.Row or *sql.Rows.
type RowScanner = rowScanner

// Querier is *sql.DB or *sql.Tx.
type Querier = querier
