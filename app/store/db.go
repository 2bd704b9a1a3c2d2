package store

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
	"slices"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// databaseFile is the name of the SQLite file in the data folder.
const DatabaseFile = "lectern.db"

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
		return fmt.Sprintf("the database %s was written by a newer version of Lectern (schema %d, this version knows %d); it was left untouched: update Lectern", e.Path, e.Version, SchemaVersion)
	default:
		return fmt.Sprintf("cannot read the database %s (%v); it was left untouched: check its permissions, or move it away to start with an empty one", e.Path, e.Err)
	}
}

// Unwrap returns the cause.
func (e *DatabaseError) Unwrap() error { return e.Err }

// openDB opens (or creates) the SQLite database at path: WAL, foreign keys on, a busy timeout,
// write transactions that take the write lock at BEGIN, and the schema migrated. A file that is
// not ours, is damaged, or is newer than this code is reported as *DatabaseError and not changed.
// Any number of processes may open one path at once: the first creates the schema in one
// exclusive step and the others wait for it (setUp).
func OpenDB(ctx context.Context, path string) (*sql.DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("cannot create the data folder: %w", err)
	}
	if err := checkHeader(path); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	// 256 KiB of page cache per connection instead of SQLite's 2 MB: the operating system caches
	// the file anyway, and the desktop's start (10,000 cached documents read on a few connections)
	// kept about 5 MB more resident for no measurable speed (see docs/PERFORMANCE.md).
	q.Add("_pragma", "cache_size(-256)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", fileURI(path)+"?"+q.Encode())
	if err != nil {
		return nil, &DatabaseError{Path: path, Err: err}
	}
	db.SetMaxOpenConns(8)
	db.SetConnMaxIdleTime(time.Minute)
	if err := setUp(ctx, db, path); err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
}

// setUp judges the file read-only first (a foreign file is neither locked for writing nor
// changed), then creates or migrates the schema under the write lock, then turns WAL on.
func setUp(ctx context.Context, db *sql.DB, path string) error {
	if err := inspect(ctx, db, path); err != nil {
		return err
	}
	if err := migrate(ctx, db, path); err != nil {
		var de *DatabaseError
		if errors.As(err, &de) {
			return err
		}
		return &DatabaseError{Path: path, Err: err}
	}
	return useWAL(ctx, db, path)
}

// walWait is how long useWAL keeps trying while other processes hold the database.
const walWait = 15 * time.Second

// useWAL switches the database to WAL mode. The switch needs the database to itself for a moment,
// so it is tried again while another process is busy with it (a process just opening it, or
// creating the schema).
func useWAL(ctx context.Context, db *sql.DB, path string) error {
	deadline := time.Now().Add(walWait)
	for {
		var mode string
		err := db.QueryRowContext(ctx, "PRAGMA journal_mode = WAL").Scan(&mode)
		if err == nil && mode == "wal" {
			return nil
		}
		if (err != nil && !isBusy(err)) || time.Now().After(deadline) {
			return &DatabaseError{Path: path, Err: fmt.Errorf("cannot switch to WAL mode (got %q): %v", mode, err)}
		}
		select {
		case <-ctx.Done():
			return &DatabaseError{Path: path, Err: ctx.Err()}
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// isBusy reports whether err is SQLite's "database is locked" (SQLITE_BUSY or SQLITE_LOCKED,
// with any extended code): another connection holds a lock for now.
func isBusy(err error) bool {
	var se interface{ Code() int }
	if !errors.As(err, &se) {
		return false
	}
	const sqliteBusy, sqliteLocked = 5, 6
	primary := se.Code() & 0xff
	return primary == sqliteBusy || primary == sqliteLocked
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

// checkHeader refuses a non-empty file that is not SQLite, reading it only. A file shorter than a
// header whose bytes start SQLite's magic, or whose header is still zeros, is one another process
// is creating right now: SQLite's own locks make this process wait for it, so it is not refused.
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
	switch {
	case err != nil && err != io.EOF && err != io.ErrUnexpectedEOF:
		return &DatabaseError{Path: path, Err: err}
	case n < len(head) && isGrowingDatabase(path, head[:n]):
		return nil
	case !slices.ContainsFunc(head, func(b byte) bool { return b != 0 }):
		// A new database being made by another process: a transaction larger than SQLite's page
		// cache writes its later pages into the file before it commits, and the first page, the
		// header, last. SQLite's locks make this process wait for it; a file of zeros that is
		// not being made is refused by SQLite itself, read only.
		return nil
	case n < len(head) || !bytes.HasPrefix(head, sqliteMagic):
		return &DatabaseError{Path: path, Problem: DatabaseNotOurs}
	}
	return nil
}

// isGrowingDatabase reports whether head, a file's first bytes shorter than SQLite's header, is
// a database being written: empty, or the start of SQLite's magic followed by zeros (SQLite
// writes the first page in one go, but a reader may catch it half-way). A short "SQLite" text
// file is judged again after a moment, once any writer is done.
func isGrowingDatabase(path string, head []byte) bool {
	if len(head) == 0 {
		return true // an empty file: SQLite makes it a new database
	}
	if !bytes.HasPrefix(sqliteMagic, head[:min(len(head), len(sqliteMagic))]) {
		return false
	}
	time.Sleep(50 * time.Millisecond)
	info, err := os.Stat(path)
	return err == nil && info.Size() >= 100
}

// fileState is what decides whether a database file is Lectern's: read in one statement, so that
// a process creating the schema beside this one is seen either before or after, never half-way.
type fileState struct {
	appID, version, objects int
}

// readFileState reads q's application id, schema version and number of schema objects.
func readFileState(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (fileState, error) {
	var fs fileState
	err := q.QueryRowContext(ctx, `SELECT (SELECT application_id FROM pragma_application_id),
		(SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)`).
		Scan(&fs.appID, &fs.version, &fs.objects)
	return fs, err
}

// judge says whether the file is a Lectern database this code can use (or an empty one), as a
// *DatabaseError when not.
func (fs fileState) judge(path string) error {
	switch {
	case fs.appID == ApplicationID && fs.version > SchemaVersion:
		return &DatabaseError{Path: path, Problem: DatabaseTooNew, Version: fs.version}
	case fs.appID == ApplicationID:
		return nil
	case fs.appID == 0 && fs.version == 0 && fs.objects == 0:
		return nil // empty: ours to set up
	default:
		return &DatabaseError{Path: path, Problem: DatabaseNotOurs}
	}
}

// inspect judges the file with one read-only statement.
func inspect(ctx context.Context, db *sql.DB, path string) error {
	fs, err := readFileState(ctx, db)
	if err != nil {
		return &DatabaseError{Path: path, Err: err}
	}
	return fs.judge(path)
}

// unixMilli converts t for storage; the zero time is stored as 0.
func UnixMilli(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMilli is the inverse of unixMilli.
func FromMilli(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// inTx runs fn in a write transaction and commits it when fn returns nil.
func InTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
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
