package cli

import (
	"strings"
	"testing"
)

// Issue 33: `lectern quick` is the desktop app's (package main opens it); the command line only
// lists it, explains it, and refuses what does not go with it.
func TestQuickIsListedAndExplained(t *testing.T) {
	t.Setenv("LECTERN_HOME", t.TempDir())
	if r := runCLI(t, "help"); r.code != 0 || !strings.Contains(r.stdout, "  quick ") || !strings.Contains(r.stdout, "lectern FILE...") {
		t.Errorf("lectern help does not list quick and FILE...: %d\n%s", r.code, r.stdout)
	}
	if r := runCLI(t, "help", "quick"); r.code != 0 || !strings.Contains(r.stdout, `"Quick ask" window`) {
		t.Errorf("lectern help quick: %d\n%s", r.code, r.stdout)
	}
	for _, args := range [][]string{{"quick", "extra"}, {"--server", "https://qa.example.com", "quick"}} {
		if r := runCLI(t, args...); r.code != exitUsage || !strings.Contains(r.stderr, "quick") {
			t.Errorf("lectern %q: exit %d, stderr %q; want a usage error", args, r.code, r.stderr)
		}
	}
	for _, name := range []string{"quick", "workspaces", "help", "--version", "-x"} {
		if !IsCommand(name) {
			t.Errorf("IsCommand(%q) is false", name)
		}
	}
	if IsCommand("report.pdf") {
		t.Error("IsCommand(report.pdf) is true")
	}
}
