package cli

import (
	"fmt"
	"os"

	"lectern/internal/words"
)

var cmdBackup = &command{
	name:    "backup",
	args:    "FILE",
	summary: "write a copy of everything kept on this computer to FILE",
	help: `
Writes a consistent copy of Lectern's database (every conversation with its turns, images and
tool cards, the trash, the cache and the upload queue; not the settings, not the API keys) to
FILE, while the desktop app and other commands go on using it. An existing FILE is never
replaced (exit 2). Bring conversations back with "lectern import FILE", here or on another
computer.`,
	run: runBackup,
}

var cmdImport = &command{
	name:    "import",
	args:    "FILE",
	summary: "add the conversations of a backup that are not here yet",
	help: `
Adds the conversations of FILE (a file "lectern backup" wrote, or another computer's lectern.db)
that this computer does not have yet, with their turns, images and tool cards. A conversation is
known by an id made when it was started, which backups keep: one already here is left as it is,
even if it changed since, and nothing here is ever replaced or deleted. Conversations in the
backup's trash are left out. FILE is only read.`,
	run: runImport,
}

// runBackup is `lectern backup FILE`.
func runBackup(e *env, args []string) error {
	pos, err := parseArgs(newFlagSet(e, "backup"), args, 1, 1, "FILE")
	if err != nil {
		return err
	}
	if _, err := os.Lstat(pos[0]); err == nil {
		return localf("%s already exists: a backup never replaces a file; choose a new name", quoted(pos[0]))
	}
	a, err := e.openApp()
	if err != nil {
		return err
	}
	size, took, err := a.Conversations().Backup(e.ctx, pos[0])
	if err != nil {
		return localf("%v", err)
	}
	fmt.Fprintf(e.stdout, "Backup written to %s (%s, %.1f s). \"lectern import %s\" brings its conversations back.\n",
		quoted(pos[0]), words.Bytes(size), took.Seconds(), quoted(pos[0]))
	return nil
}

// runImport is `lectern import FILE`.
func runImport(e *env, args []string) error {
	pos, err := parseArgs(newFlagSet(e, "import"), args, 1, 1, "FILE")
	if err != nil {
		return err
	}
	a, err := e.openApp()
	if err != nil {
		return err
	}
	res, err := a.Conversations().Import(e.ctx, pos[0])
	if err != nil {
		return localf("%v", err)
	}
	fmt.Fprintf(e.stdout, "Added %s from %s; %s already here (left as they are); %s in its trash left out.\n",
		res.AddedText(), quoted(pos[0]), words.Count(res.Present, "conversation"), words.Count(res.Trashed, "conversation"))
	return nil
}
