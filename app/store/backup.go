package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"lectern/app/records"
)

// backup writes a consistent copy of the database (conversations with their turns and images,
// the trash, the cache and the upload queue; not the settings, not the keys) to path, while the
// desktop app and other commands go on using it: VACUUM INTO reads one moment of the file, and
// the copy is renamed into place only once whole. An existing path is never replaced. It
// returns the copy's size and how long it took.
func (s *DB) Backup(ctx context.Context, path string) (size int64, took time.Duration, err error) {
	if _, err := os.Lstat(path); err == nil {
		return 0, 0, fmt.Errorf("%s already exists: a backup never replaces a file; choose a new name", strconv.Quote(path))
	}
	start := time.Now()
	if err := vacuumInto(ctx, s.db, path); err != nil {
		return 0, 0, fmt.Errorf("cannot write the backup %s: %w", strconv.Quote(path), err)
	}
	took = time.Since(start)
	info, err := os.Stat(path)
	if err != nil {
		return 0, took, err
	}
	return info.Size(), took, nil
}

// importBackup adds the conversations of a backup (a file Backup wrote, or another computer's
// lectern.db) that this data folder does not have, with their turns, images and tool cards. It
// never changes or deletes what is here, and the backup file is only read: a copy of it is
// brought to this version's schema in a folder of its own, then copied from in one transaction,
// so an import that fails adds nothing.
func (s *DB) ImportBackup(ctx context.Context, path string) (records.ImportResult, error) {
	dir, err := os.MkdirTemp(filepath.Dir(s.path), "import-*")
	if err != nil {
		return records.ImportResult{}, err
	}
	defer os.RemoveAll(dir)
	work := filepath.Join(dir, DatabaseFile)
	if err := copyDatabase(path, work); err != nil {
		return records.ImportResult{}, fmt.Errorf("cannot read the backup %s: %w", strconv.Quote(path), err)
	}
	src, err := OpenDB(ctx, work)
	if err != nil {
		return records.ImportResult{}, backupError(path, err)
	}
	_, _ = src.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	if err := src.Close(); err != nil {
		return records.ImportResult{}, err
	}
	res, err := s.importFrom(ctx, work)
	if err != nil {
		return res, fmt.Errorf("cannot import %s: %w; nothing was added", strconv.Quote(path), err)
	}
	return res, nil
}

// backupError says why a file cannot be imported.
func backupError(path string, err error) error {
	var de *DatabaseError
	if !errors.As(err, &de) {
		return err
	}
	switch de.Problem {
	case DatabaseNotOurs:
		return fmt.Errorf("%s is not a Lectern backup: choose a file that lectern backup wrote, or a lectern.db", strconv.Quote(path))
	case DatabaseTooNew:
		return fmt.Errorf("%s was written by a newer version of Lectern (schema %d, this version knows %d): update Lectern to import it", strconv.Quote(path), de.Version, SchemaVersion)
	}
	return fmt.Errorf("cannot read the backup %s: %v", strconv.Quote(path), de.Err)
}

// copyDatabase copies a database file, and its WAL when there is one beside it (a lectern.db
// copied from a data folder in use), to dst.
func copyDatabase(path, dst string) error {
	if err := copyFile(path, dst); err != nil {
		return err
	}
	if err := copyFile(path+"-wal", dst+"-wal"); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// copyFile copies the file at path to a new file dst.
func copyFile(path, dst string) error {
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}
