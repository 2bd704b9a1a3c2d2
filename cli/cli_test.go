package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"lectern/client/emulator"
)

func TestParseArgsInterleaved(t *testing.T) {
	e := &env{}
	fs := newFlagSet(e, "ask")
	doc := fs.String("doc", "", "")
	asJSON := fs.Bool("json", false, "")
	pos, err := splitArgs(fs, []string{"--json", "Handbook", "--doc", "d1", "how", "--server", "http://127.0.0.1:1", "--", "-5?"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Handbook", "how", "-5?"}; !reflect.DeepEqual(pos, want) {
		t.Errorf("positional %q, want %q", pos, want)
	}
	if *doc != "d1" || !*asJSON || e.server != "http://127.0.0.1:1" {
		t.Errorf("flags doc=%q json=%v server=%q", *doc, *asJSON, e.server)
	}
}

func TestHelp(t *testing.T) {
	setup(t)
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}, {}} {
		r := runCLI(t, args...).want(t, 0)
		contains(t, "help", r.stdout, "workspaces", "documents", "ask", "upload", "status", "demo", "history", "export", "Exit codes")
	}
	r := runCLI(t, "help", "ask").want(t, 0)
	contains(t, "help ask", r.stdout, "--continue", "--no-stream", "--model")
	r = runCLI(t, "upload", "--help").want(t, 0)
	contains(t, "upload --help", r.stdout, "--wait")
}

func TestUsageErrors(t *testing.T) {
	setup(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"help", "frobnicate"}, "no command"},
		{[]string{"workspaces", "extra"}, "too many arguments"},
		{[]string{"workspaces", "--colour"}, "unknown flag -colour"},
		{[]string{"documents"}, "missing WORKSPACE"},
		{[]string{"ask"}, "missing WORKSPACE and QUESTION"},
		{[]string{"ask", "Handbook"}, "missing QUESTION\n"},
		{[]string{"ask", "Handbook", "why?", "--doc"}, "flag needs an argument"},
		{[]string{"upload", "Handbook"}, "FILE"},
		{[]string{"status", "Handbook"}, "missing ID\n"},
		{[]string{"export", "1"}, "missing FILE\n"},
		{[]string{"history", "--search"}, "flag needs an argument"},
		{[]string{"demo", "now"}, "too many arguments"},
		{[]string{"workspaces"}, "no server is set"},
		{[]string{"--server", "http://example.com", "workspaces"}, "https"},
	}
	for _, c := range cases {
		r := runCLI(t, c.args...)
		if r.code != 2 {
			t.Errorf("lectern %q: exit %d, want 2\n%s", c.args, r.code, r.stderr)
			continue
		}
		if !strings.Contains(strings.ToLower(r.stderr), strings.ToLower(c.want)) {
			t.Errorf("lectern %q: stderr does not say %q:\n%s", c.args, c.want, r.stderr)
		}
	}
}

// A question or a file that fails a local check is refused with exit code 2 before anything is
// sent: the server sees no request at all.
func TestLocalChecksSendNothing(t *testing.T) {
	f := newFixture(t, fastConfig())
	dir := t.TempDir()
	md := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(md, []byte("# notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"ask", "Handbook", strings.Repeat("x", 8001)}, "question"},
		{[]string{"ask", "Handbook", "why?", "--model", "huge"}, "model"},
		{[]string{"upload", "Handbook", md}, ".md"},
		{[]string{"upload", "Handbook", filepath.Join(dir, "missing.txt")}, "no such file"},
	}
	for _, c := range cases {
		r := runCLI(t, c.args...)
		if r.code != 2 || !strings.Contains(strings.ToLower(r.stderr), strings.ToLower(c.want)) {
			t.Errorf("lectern %.40q: exit %d, want 2 and %q\n%s", c.args, r.code, c.want, r.stderr)
		}
		if sent := f.requestLog(); len(sent) > 0 {
			t.Errorf("lectern %.40q sent %v", c.args, sent)
		}
	}
}

func TestNoKey(t *testing.T) {
	setup(t)
	t.Setenv("LECTERN_SERVER", "http://127.0.0.1:9")
	r := runCLI(t, "workspaces").want(t, 2)
	contains(t, "stderr", r.stderr, "no API key", "LECTERN_API_KEY")
}

func TestServiceErrors(t *testing.T) {
	f := newFixture(t, fastConfig())
	t.Setenv("LECTERN_API_KEY", "sk-wrong-key-not-known-WRONGSECRET")
	r := runCLI(t, "workspaces").want(t, 1)
	contains(t, "stderr", r.stderr, "api_key_required", "request id")
	if strings.Contains(r.stderr, "WRONGSECRET") {
		t.Errorf("the wrong key was printed:\n%s", r.stderr)
	}

	t.Setenv("LECTERN_API_KEY", testKey)
	r = runCLI(t, "status", f.handbook, "doc_nothere").want(t, 1)
	contains(t, "stderr", r.stderr, "document_not_found", "request id")

	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, Route: emulator.RouteAsk}})
	r = runCLI(t, "ask", "Handbook", "How many holiday days?", "--no-stream").want(t, 1)
	contains(t, "stderr", r.stderr, "request id")
}

func TestUnreachable(t *testing.T) {
	setup(t)
	t.Setenv("LECTERN_SERVER", "http://127.0.0.1:9")
	t.Setenv("LECTERN_API_KEY", testKey)
	r := runCLI(t, "workspaces").want(t, 1)
	if r.stderr == "" {
		t.Error("no explanation on stderr")
	}
}

// lectern version and --version print the version from FyneApp.toml (package main sets it) and
// the build's revision; lectern help --help is the overview, exit 0.
func TestVersionAndHelpHelp(t *testing.T) {
	setup(t)
	saved := Version
	Version = "9.8.7"
	defer func() { Version = saved }()
	for _, args := range [][]string{{"version"}, {"--version"}} {
		r := runCLI(t, args...).want(t, 0)
		if !strings.HasPrefix(r.stdout, "Lectern 9.8.7 (revision ") {
			t.Errorf("lectern %v: %q", args, r.stdout)
		}
	}
	r := runCLI(t, "help", "--help").want(t, 0)
	contains(t, "help --help", r.stdout, "Commands:", "version")
}
