// Package cli is Lectern's command-line front-end: the same binary as the desktop app, run with a
// sub-command (`lectern help` lists them). It lists workspaces and documents, asks questions with
// the answer streamed to the terminal, adds documents and follows their status, lists the model
// tiers and talks to them (models, chat), serves the demo service, and reads the local
// conversation history. Every command goes through package app, as
// the desktop app does: one cache, one upload queue, one history, one set of sentences.
//
// Exit codes: 0 success, 1 a service error (the code, a sentence and the request id go to stderr),
// 2 wrong usage or a local check that failed before anything was sent, 130 cancelled with Ctrl-C.
package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// Exit codes returned by Main.
const (
	exitOK        = 0
	exitService   = 1
	exitUsage     = 2
	exitCancelled = 130
)

// command is one sub-command of the command line.
type command struct {
	name    string
	args    string // the synopsis after the name
	summary string
	help    string // longer text for `lectern help NAME`
	run     func(e *env, args []string) error
}

// commands lists the sub-commands in the order `lectern help` shows them.
func commands() []*command {
	return []*command{
		cmdWorkspaces, cmdDocuments, cmdAsk, cmdUpload, cmdStatus,
		cmdModels, cmdChat, cmdAssist, cmdPDF, cmdOCR, cmdSearch, cmdGenerate,
		cmdHistory, cmdProjects, cmdMove, cmdExport, cmdDelete, cmdTrash, cmdRestore, cmdBackup, cmdImport, cmdSync, cmdDemo, cmdConnect, cmdQuick, cmdMCP, cmdVersion,
	}
}

// findCommand returns the command called name, or nil.
func findCommand(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// Main runs the command line with args (without the program name) and returns the exit code:
// 0 on success, 1 on a service error, 2 on wrong usage or a local check that failed, 130 when
// cancelled with Ctrl-C. Interrupt and SIGTERM cancel the running command cleanly; a second
// Ctrl-C stops the process at once.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // the next Ctrl-C gets the default behaviour
	}()
	return run(ctx, &env{stdin: stdin, stdout: stdout, stderr: stderr}, args)
}

// run dispatches args to a command with e prepared by the caller (tests set hooks on e).
func run(ctx context.Context, e *env, args []string) int {
	e.ctx = ctx
	e.sanitizeOutput()
	defer e.close()
	err := dispatch(e, args)
	return e.report(err)
}

// dispatch reads the global flags, then runs the named command.
func dispatch(e *env, args []string) error {
	args, err := globalFlags(e, args)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		printOverview(e.stdout)
		return nil
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		return runHelp(e, rest)
	case "--version", "-version":
		name = "version"
	}
	cmd := findCommand(name)
	if cmd == nil {
		return usagef("", "unknown command %q", name)
	}
	e.cmd = cmd.name
	return cmd.run(e, rest)
}

// globalFlags reads --server before the command name and returns the remaining arguments.
func globalFlags(e *env, args []string) ([]string, error) {
	for len(args) > 0 {
		a := args[0]
		if a == "--server" || a == "-server" {
			if len(args) < 2 {
				return nil, usagef("", "--server needs an address, for example --server https://qa.example.com")
			}
			e.server, args = args[1], args[2:]
			continue
		}
		v, ok := strings.CutPrefix(a, "--server=")
		if !ok {
			v, ok = strings.CutPrefix(a, "-server=")
		}
		if !ok {
			return args, nil
		}
		e.server, args = v, args[1:]
	}
	return args, nil
}
