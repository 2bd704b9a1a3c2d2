package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// snapshotsKept is how many schema snapshots stay beside the database: the last two steps can be
// gone back on.
const snapshotsKept = 2

// snapshotPath is the snapshot of the database at path taken at schema version: beside it,
// named by the version it holds ("lectern-v3.db" for lectern.db), so an older Lectern that knows
// that version opens it as it is.
func SnapshotPath(path string, version int) string {
	stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return filepath.Join(filepath.Dir(path), fmt.Sprintf("%s-v%d%s", stem, version, filepath.Ext(path)))
}

// takeSnapshot writes a consistent copy of db (at schema version) beside path, before a schema
// step changes the file, and keeps the last snapshotsKept of them. db must have a connection
// free: the caller's transaction holds the write lock, and this reads beside it.
func takeSnapshot(ctx context.Context, db *sql.DB, path string, version int) error {
	if err := vacuumInto(ctx, db, SnapshotPath(path, version)); err != nil {
		return fmt.Errorf("cannot take a snapshot before the schema step: %w", err)
	}
	pruneSnapshots(path)
	return nil
}

// vacuumInto writes a consistent copy of db to dst (VACUUM INTO: a read, so writers in other
// connections and processes go on) under a temporary name beside it, renamed into place once
// whole: a crash or a failure leaves no half file at dst.
func vacuumInto(ctx context.Context, db *sql.DB, dst string) error {
	tmp, err := os.CreateTemp(filepath.Dir(dst), filepath.Base(dst)+".tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_ = tmp.Close()
	_ = os.Remove(name) // VACUUM INTO writes only a file that does not exist
	_, err = db.ExecContext(ctx, "VACUUM INTO ?", name)
	if err == nil {
		err = os.Rename(name, dst)
	}
	if err != nil {
		_ = os.Remove(name)
	}
	return err
}

// pruneSnapshots removes the snapshots of path but the snapshotsKept newest (by version).
func pruneSnapshots(path string) {
	versions := SnapshotVersions(path)
	for _, v := range versions[min(snapshotsKept, len(versions)):] {
		_ = os.Remove(SnapshotPath(path, v))
	}
}

// snapshotVersions lists the versions of the snapshots beside path, newest first.
func SnapshotVersions(path string) []int {
	stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(path), stem+"-v*"+filepath.Ext(path)))
	var versions []int
	for _, m := range matches {
		v := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(m), stem+"-v"), filepath.Ext(path))
		if n, err := strconv.Atoi(v); err == nil && n > 0 && SnapshotPath(path, n) == m {
			versions = append(versions, n)
		}
	}
	slices.Sort(versions)
	slices.Reverse(versions)
	return versions
}
