package cli

import (
	"runtime/debug"
	"strings"
	"testing"
)

// Without the Go tool's VCS stamp (a test binary, a build in a git worktree), lectern version shows
// the revision the Makefile's linker flags set, and whether the tree had changes.
func TestVersionShowsTheMakefilesRevision(t *testing.T) {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				t.Skip("this binary carries the Go tool's VCS stamp")
			}
		}
	}
	setup(t)
	savedV, savedR, savedM := Version, buildRevision, buildModified
	defer func() { Version, buildRevision, buildModified = savedV, savedR, savedM }()
	Version, buildRevision, buildModified = "1.2.3", "0123456789abcdef0123456789abcdef01234567", "true"
	r := runCLI(t, "--version").want(t, 0)
	if want := "Lectern 1.2.3 (revision 0123456789ab, with uncommitted changes)\n"; r.stdout != want {
		t.Errorf("stdout %q, want %q", r.stdout, want)
	}
	buildRevision, buildModified = "", ""
	r = runCLI(t, "version").want(t, 0)
	if !strings.Contains(r.stdout, "(revision not recorded)") {
		t.Errorf("stdout %q", r.stdout)
	}
}
