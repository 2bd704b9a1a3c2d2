package sync

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"lectern/internal/atomicfile"
)

// Folder is a target that is a folder: one that Dropbox, OneDrive, iCloud Drive or Syncthing
// keeps in step between computers, or a shared drive. Files are written atomically.
type Folder struct {
	Dir string
}

// String names the folder.
func (f Folder) String() string { return f.Dir }

// List lists dir's files.
func (f Folder) List(_ context.Context, dir string) ([]Entry, error) {
	ents, err := os.ReadDir(filepath.Join(f.Dir, dir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, f.fail("cannot list", err)
	}
	var out []Entry
	for _, e := range ents {
		info, err := e.Info()
		if err != nil || !e.Type().IsRegular() || !namePattern.MatchString(e.Name()) {
			continue // another program's file, or a temporary one
		}
		out = append(out, Entry{Name: e.Name(), Stamp: strconv.FormatInt(info.Size(), 10) + "@" + strconv.FormatInt(info.ModTime().UnixNano(), 10)})
	}
	return out, nil
}

// Read returns a file's bytes.
func (f Folder) Read(_ context.Context, path string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(f.Dir, filepath.FromSlash(path)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, f.fail("cannot find "+path+" in", errTargetNotFound)
	}
	if err != nil {
		return nil, f.fail("cannot read", err)
	}
	return b, nil
}

// Write writes a file atomically, making its folder. The temporary files a write of the same
// path left when Lectern was stopped go first (only this device writes a given name).
func (f Folder) Write(_ context.Context, path string, data []byte) error {
	full := filepath.Join(f.Dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(full), 0o700); err != nil {
		return f.fail("cannot write to", err)
	}
	removeLeftovers(full)
	if err := atomicfile.WriteFile(full, data, 0o600); err != nil {
		return f.fail("cannot write to", err)
	}
	return nil
}

// Remove removes a file and what a write of it left.
func (f Folder) Remove(_ context.Context, path string) error {
	full := filepath.Join(f.Dir, filepath.FromSlash(path))
	removeLeftovers(full)
	if err := os.Remove(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return f.fail("cannot remove a file from", err)
	}
	return nil
}

// removeLeftovers removes the temporary files atomicfile.WriteFile leaves beside full when the
// process is killed while writing it.
func removeLeftovers(full string) {
	tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(full), "."+filepath.Base(full)+".tmp*"))
	for _, t := range tmps {
		_ = os.Remove(t)
	}
}

// fail says in words what went wrong with the folder.
func (f Folder) fail(what string, err error) error {
	var s string
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		s = fmt.Sprintf("The sync folder %s is full: free some space there, then sync again. Nothing was changed.", f.Dir)
	case errors.Is(err, syscall.EROFS), errors.Is(err, fs.ErrPermission):
		s = fmt.Sprintf("The sync folder %s is read-only for Lectern: choose a folder you can write to, or change its permissions, then sync again. Nothing was changed.", f.Dir)
	default:
		s = fmt.Sprintf("Lectern %s the sync folder %s (%v): check that it is there and reachable, then sync again. Nothing was changed.", what, f.Dir, err)
	}
	return &TargetError{Sentence: s, Err: err}
}
