package main

import (
	"os"
	"path/filepath"
	"testing"
)

// Issue 33: `lectern quick` and `lectern FILE...` go to the desktop app; commands, flags, folders
// and missing files go to the command line as before (a file named like a command never hides it).
func TestDesktopRequest(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "report.pdf")
	notes := filepath.Join(dir, "notes.txt")
	for _, p := range []string{report, notes, filepath.Join(dir, "workspaces")} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	for _, c := range []struct {
		args    []string
		desktop bool
		quick   bool
		files   []string
	}{
		{args: []string{"quick"}, desktop: true, quick: true},
		{args: []string{"report.pdf"}, desktop: true, files: []string{report}},
		{args: []string{report, "notes.txt"}, desktop: true, files: []string{report, notes}},
		{args: []string{"workspaces"}},            // the command, though a file has its name
		{args: []string{"quick", "--help"}},       // the command line's help of quick
		{args: []string{"--help"}},                // flags
		{args: []string{"missing.pdf"}},           // no such file: "unknown command", as before
		{args: []string{dir}},                     // a folder is not opened
		{args: []string{"report.pdf", "missing"}}, // every argument must be a file
		{args: nil},
	} {
		req, ok := desktopRequest(c.args, os.Stat)
		if ok != c.desktop || req.Quick != c.quick || len(req.Files) != len(c.files) {
			t.Errorf("%q: desktop %v %+v, want desktop %v quick %v files %q", c.args, ok, req, c.desktop, c.quick, c.files)
			continue
		}
		for i := range c.files {
			if req.Files[i] != c.files[i] {
				t.Errorf("%q: files %q, want %q", c.args, req.Files, c.files)
			}
		}
	}
}
