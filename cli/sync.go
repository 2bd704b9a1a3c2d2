package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"

	"golang.org/x/term"

	appsync "lectern/app/sync"
)

var cmdSync = &command{
	name:    "sync",
	args:    "[--to DIR|URL]",
	summary: "keep the conversations the same on several computers",
	help: `
Does one round of sync: what other computers sent since the last round is added here, and what
changed here is sent. With --to, first sets where to sync through: a folder that Dropbox,
OneDrive, iCloud Drive or Syncthing keeps in step (or a shared drive), or a WebDAV address
(https://user:password@cloud.example.org/remote.php/dav/files/me/lectern; the password is kept
in the keychain, not in settings.json).

Everything sent is encrypted with a passphrase before it leaves this computer: use the same one
on every computer. It is read from LECTERN_SYNC_PASSPHRASE, else asked on the terminal (not shown
as you type) or read from the first line of stdin, and kept in the keychain for the next rounds.
Nothing is ever overwritten: the later change of a conversation wins, a question answered on two
computers keeps both answers as branches, and a copy of the database is taken before a round
adds anything. API keys and the MCP token are never synced.`,
	run: runSync,
}

// runSync is `lectern sync [--to DIR|URL]`.
func runSync(e *env, args []string) error {
	fs := newFlagSet(e, "sync")
	to := fs.String("to", "", "the folder or WebDAV address to sync through")
	if _, err := parseArgs(fs, args, 0, 0, ""); err != nil {
		return err
	}
	a, err := e.openApp()
	if err != nil {
		return err
	}
	s := a.Conversations().Sync()
	if *to != "" || !s.HasPassphrase() {
		if err := e.setUpSync(s, *to); err != nil {
			return err
		}
	}
	res, err := s.Round(e.ctx)
	if err != nil {
		return localf("%v", err)
	}
	for _, p := range res.Problems {
		fmt.Fprintln(e.stderr, p)
	}
	fmt.Fprintf(e.stdout, "Synced with %s: %s.\n", s.Target(), res)
	if len(res.Problems) > 0 {
		return exitStatus(exitService)
	}
	return nil
}

// setUpSync keeps the target (when given) and a passphrase (when none is at hand).
func (e *env) setUpSync(s *appsync.Service, to string) error {
	target := to
	if target == "" {
		target = s.Target()
	}
	if target == "" {
		return localf("%v", appsync.ErrNotSetUp)
	}
	pass := ""
	if os.Getenv(appsync.EnvPassphrase) == "" {
		var err error
		if pass, err = e.readPassphrase(); err != nil {
			return err
		}
	}
	err := s.SetUp(target, pass)
	var ok *appsync.KeptForSession
	if errors.As(err, &ok) {
		fmt.Fprintln(e.stderr, err)
		return nil
	}
	if err != nil {
		return localf("%v", err)
	}
	return nil
}

// readPassphrase asks the passphrase on the terminal without echo, or reads stdin's first line.
func (e *env) readPassphrase() (string, error) {
	var line string
	if f, ok := e.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(e.stderr, "Sync passphrase (the same on every computer; not shown): ")
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(e.stderr)
		if err != nil {
			return "", localf("cannot read the passphrase: %v", err)
		}
		line = string(b)
	} else {
		line, _ = bufio.NewReader(e.stdin).ReadString('\n')
	}
	if pass := strings.TrimRight(line, "\r\n"); pass != "" {
		return pass, nil
	}
	return "", localf("no sync passphrase: set %s, or type it when asked", appsync.EnvPassphrase)
}
