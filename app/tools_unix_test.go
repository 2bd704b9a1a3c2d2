//go:build unix

package app

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A downloaded file is made as any file the user creates: under umask 077 it is readable by its
// owner only, not made world-readable.
func TestAppDownloadKeepsTheUmask(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	res, err := f.app.Tools().Generate(ctxT(t), "a budget spreadsheet")
	if err != nil || res.Artifact == nil {
		t.Fatal(res, err)
	}
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	out := filepath.Join(t.TempDir(), "budget.xlsx")
	if _, err := f.app.Tools().DownloadArtifact(ctxT(t), res.Artifact, out, nil); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	if mode := fi.Mode().Perm(); mode != 0o600 {
		t.Errorf("mode %v under umask 077; want -rw-------", mode)
	}
}
