package app

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// databaseFile is the name of the SQLite file in the data folder.
const databaseFile = "lectern.db"

// DatabaseProblem says what is wrong with a database file.
type DatabaseProblem int

// The problems Open reports instead of touching the file.
const (
	DatabaseUnreadable DatabaseProblem = iota // cannot be opened or read (damaged, permissions)
	DatabaseNotOurs                           // not SQLite, or SQLite made by another program
	DatabaseTooNew                            // made by a newer Lectern
)

// DatabaseError reports a database file that Lectern will not use. The file is left untouched.
type DatabaseError struct {
	Path    string
	Problem DatabaseProblem
	Version int   // the file's schema version (DatabaseTooNew)
	Err     error // the cause, when there is one
}

// Error says what is wrong and what to do.
func (e *DatabaseError) Error() string {
	switch e.Problem {
	case DatabaseNotOurs:
		return fmt.Sprintf("the file %s is not a Lectern database; it was left untouched: move it away or set LECTERN_HOME to another folder", e.Path)
	case DatabaseTooNew:
		return fmt.Sprintf("the database %s was written by a newer version of Lectern (schema %d, this version knows %d); it was left untouched: update Lectern", e.Path, e.Version, schemaVersion)
	default:
		return fmt.Sprintf("cannot read the database %s (%v); it was left untouched: check its permissions, or move it away to start with an empty one", e.Path, e.Err)
	}
}

// Unwrap returns the cause.
func (e *DatabaseError) Unwrap() error { return e.Err }

// openDB opens (or creates) the SQLite database at path: WAL, foreign keys on, a busy timeout,
// write transactions that take the write lock at BEGIN, and the schema migrated. A file that is
// not ours, is damaged, or is newer than this code is reported as *DatabaseError and not changed.
func openDB(ctx context.Context, path string) (*sql.DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("cannot create the data folder: %w", err)
	}
	if err := checkHeader(path); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", fileURI(path)+"?"+q.Encode())
	if err != nil {
		return nil, &DatabaseError{Path: path, Err: err}
	}
	db.SetMaxOpenConns(8)
	db.SetConnMaxIdleTime(time.Minute)
	if err := inspect(ctx, db, path); err != nil {
		_ = db.Close()
		return nil, err
	}
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode = WAL").Scan(&mode); err != nil || mode != "wal" {
		_ = db.Close()
		return nil, &DatabaseError{Path: path, Err: fmt.Errorf("cannot switch to WAL mode (got %q): %v", mode, err)}
	}
	if err := migrate(ctx, db); err != nil {
		_ = db.Close()
		return nil, &DatabaseError{Path: path, Err: err}
	}
	return db, nil
}

// fileURI turns a path into a SQLite file: URI, escaping characters such as ? and #.
func fileURI(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// sqliteMagic starts every SQLite 3 file.
var sqliteMagic = []byte("SQLite format 3\x00")

// checkHeader refuses a non-empty file that is not SQLite, reading it only.
func checkHeader(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &DatabaseError{Path: path, Err: err}
	}
	defer f.Close()
	head := make([]byte, 100)
	n, err := io.ReadFull(f, head)
	if n == 0 && (err == io.EOF || err == nil) {
		return nil // empty file: SQLite treats it as a new database
	}
	if n < len(head) || !bytes.HasPrefix(head, sqliteMagic) {
		return &DatabaseError{Path: path, Problem: DatabaseNotOurs}
	}
	return nil
}

// inspect reads the application id and schema version with read-only statements.
func inspect(ctx context.Context, db *sql.DB, path string) error {
	var appID, version, objects int
	err := db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID)
	if err == nil {
		err = db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version)
	}
	if err == nil {
		err = db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master").Scan(&objects)
	}
	if err != nil {
		return &DatabaseError{Path: path, Err: err}
	}
	switch {
	case appID == applicationID && version > schemaVersion:
		return &DatabaseError{Path: path, Problem: DatabaseTooNew, Version: version}
	case appID == applicationID:
		return nil
	case appID == 0 && version == 0 && objects == 0:
		return nil // empty: ours to set up
	default:
		return &DatabaseError{Path: path, Problem: DatabaseNotOurs}
	}
}

// unixMilli converts t for storage; the zero time is stored as 0.
func unixMilli(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMilli is the inverse of unixMilli.
func fromMilli(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// inTx runs fn in a write transaction and commits it when fn returns nil.
func inTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
