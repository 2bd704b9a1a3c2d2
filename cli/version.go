package cli

import (
	"fmt"
	"runtime/debug"
)

// Version is Lectern's version, from FyneApp.toml: package main sets it before Main runs.
var Version = "unknown"

var cmdVersion = &command{
	name:    "version",
	args:    "",
	summary: "print Lectern's version and the build's source revision (also: lectern --version)",
	run:     runVersion,
}

// runVersion is `lectern version` and `lectern --version`.
func runVersion(e *env, args []string) error {
	if _, err := parseArgs(newFlagSet(e, "version"), args, 0, 0, ""); err != nil {
		return err
	}
	_, err := fmt.Fprintln(e.stdout, VersionLine())
	return err
}

// buildRevision and buildModified are the revision and "true" when the working tree had changes,
// set by the Makefile (-ldflags -X) for builds the Go tool does not stamp itself (a git worktree).
// The Go build information wins when it has them.
var buildRevision, buildModified string

// VersionLine says the version and the build's VCS revision (from the Go build information, else
// from what the Makefile set), as lectern --version prints it and the desktop's About says it.
func VersionLine() string {
	rev, dirty := "not recorded", ""
	if len(buildRevision) >= 12 {
		rev = buildRevision[:12]
		if buildModified == "true" {
			dirty = ", with uncommitted changes"
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && len(s.Value) >= 12:
				rev, dirty = s.Value[:12], "" // vcs.modified follows it
			case s.Key == "vcs.modified" && s.Value == "true":
				dirty = ", with uncommitted changes"
			}
		}
	}
	return fmt.Sprintf("Lectern %s (revision %s%s)", Version, rev, dirty)
}
