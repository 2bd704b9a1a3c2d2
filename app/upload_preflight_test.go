package app

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lectern/app/uploads"
)

// TestEnqueueRefusesOddFilesLocally: an empty file, a name that is not UTF-8, a file and a folder
// that cannot be read are refused before anything is sent, each with its reason; nothing is queued.
func TestEnqueueRefusesOddFilesLocally(t *testing.T) {
	f := newFixtureWith(t, fastEmulatorConfig(), nil)
	dir := t.TempDir()
	empty := writeFile(t, dir, "empty.txt", nil)
	badName := writeFile(t, dir, "bad\xffname.txt", []byte("text"))
	locked := writeFile(t, dir, "locked.txt", []byte("secret"))
	lockedDir := filepath.Join(dir, "lockedfolder")
	writeFile(t, lockedDir, "inside.txt", []byte("x"))
	open, read := uploads.OpenFile, uploads.ReadDir
	t.Cleanup(func() { uploads.OpenFile, uploads.ReadDir = open, read })
	uploads.OpenFile = func(p string) (*os.File, error) {
		if p == locked {
			return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrPermission}
		}
		return open(p)
	}
	uploads.ReadDir = func(dir string) ([]os.DirEntry, error) {
		if dir != lockedDir {
			return read(dir)
		}
		return nil, &fs.PathError{Op: "open", Path: dir, Err: fs.ErrPermission}
	}
	res, err := f.app.Uploads().AddFiles(ctxT(t), f.ws, empty, badName, locked, lockedDir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{empty: "empty (0 bytes)", badName: "not valid UTF-8", locked: "cannot be read: permission denied",
		lockedDir: "folder cannot be read: permission denied"}
	if len(res) != len(want) {
		t.Fatalf("%d results: %+v", len(res), res)
	}
	for _, r := range res {
		if r.ID != 0 || !strings.Contains(r.Reason, want[r.Path]) {
			t.Errorf("%q: id %d, reason %q; want %q", r.Path, r.ID, r.Reason, want[r.Path])
		}
	}
	if q, _ := f.app.Uploads().List(ctxT(t)); len(q) != 0 {
		t.Fatalf("queued: %+v", q)
	}
}
