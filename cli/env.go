package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"lectern/app"
	"lectern/app/explain"
	"lectern/app/modelchat"
	"lectern/app/secrets"
	"lectern/app/workspaces"
	"lectern/client"
)

// env is what a command runs with: its streams, the global flags, and what it opened on the way.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	cmd    string // the command being run, for messages
	server string // --server, "" when not given

	// Set by tests: extra client options (fast polling), and the terminal answers for stdout and
	// stdin.
	clientOptions []client.Option
	terminal      *bool
	stdinTerminal *bool                  // whether stdin is a terminal to ask consent on (nil: look)
	models        modelchat.ModelService // answers instead of the model endpoints (tests)

	application *app.App  // opened on first use by openApp, closed by close
	rawStdout   io.Writer // stdout without the sanitiser (see safeout.go)
}

// localError is a local check that failed before anything was sent: exit code 2.
type localError struct{ msg string }

func (e *localError) Error() string { return e.msg }

// localf builds a localError.
func localf(format string, args ...any) error {
	return &localError{msg: fmt.Sprintf(format, args...)}
}

// exitStatus is an exit code whose reason was already printed.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// report prints err for people and returns the exit code.
func (e *env) report(err error) int {
	var (
		ue     *usageError
		le     *localError
		ve     *client.ValidationError
		status exitStatus
	)
	if isLocal(err) {
		le = &localError{msg: err.Error()}
		err = le
	}
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errHelp):
		if c := findCommand(e.cmd); c != nil {
			printCommandHelp(e.stdout, c)
		}
		return exitOK
	case errors.As(err, &status):
		return int(status)
	case errors.As(err, &ue):
		e.printUsageError(ue)
		return exitUsage
	case e.ctx.Err() != nil: // Ctrl-C: whatever broke, it broke because of it
		fmt.Fprintln(e.stderr, "lectern: cancelled")
		return exitCancelled
	case errors.As(err, &le):
		fmt.Fprintf(e.stderr, "lectern: %s\n", le.msg)
		return exitUsage
	case errors.As(err, &ve):
		fmt.Fprintf(e.stderr, "lectern: %s\n", e.explain(err).Sentence)
		return exitUsage
	}
	fmt.Fprintf(e.stderr, "lectern: %s\n", e.describe(err))
	return exitService
}

// isLocal reports the app's errors that are a local check failing before anything was sent: an
// unknown or ambiguous workspace, no API key, or a message refused by the app's checks (exit code 2).
func isLocal(err error) bool {
	var (
		unknown   *workspaces.UnknownWorkspaceError
		ambiguous *workspaces.AmbiguousWorkspaceError
		noKey     *secrets.NoKeyError
		check     *explain.CheckError
	)
	return errors.As(err, &unknown) || errors.As(err, &ambiguous) || errors.As(err, &noKey) || errors.As(err, &check)
}

// explain tells err in words, as the app does (it knows where the key came from).
func (e *env) explain(err error) explain.Explanation {
	if e.application == nil {
		return explain.ExplainLocal(err)
	}
	return e.application.Explain(err)
}

// printUsageError prints a usage error with a pointer to the right help.
func (e *env) printUsageError(ue *usageError) {
	if ue.cmd == "" {
		fmt.Fprintf(e.stderr, "lectern: %s\nRun \"lectern help\" for the commands.\n", ue.msg)
		return
	}
	fmt.Fprintf(e.stderr, "lectern %s: %s\nRun \"lectern help %s\" for its usage.\n", ue.cmd, ue.msg, ue.cmd)
}

// describe turns err into text for people: for a service error its code, its sentence and the
// request id; for anything else its sentence.
func (e *env) describe(err error) string {
	x := e.explain(err)
	s := x.Sentence
	if x.Code != "" || x.Status != 0 {
		code := x.Code
		if code == "" {
			code = fmt.Sprintf("HTTP %d", x.Status)
		}
		s = code + ": " + s
	}
	if x.RequestID != "" { // a reply cut off or unreadable has one too
		s += "\n  request id: " + x.RequestID + " (quote it when reporting a problem)"
	}
	return s
}

// close releases what the command opened.
func (e *env) close() {
	if e.application != nil {
		_ = e.application.Close()
		e.application = nil
	}
}

// isTerminal reports whether stdout is a terminal (tests may say so through e.terminal).
func (e *env) isTerminal() bool {
	if e.terminal != nil {
		return *e.terminal
	}
	return isCharDevice(e.raw())
}

// isCharDevice reports whether stream is a file that is a character device: a terminal.
func isCharDevice(stream any) bool {
	f, ok := stream.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// printJSON writes v as indented JSON to stdout: exact JSON, with the controls a terminal could
// act on escaped (escapeJSONControls).
func (e *env) printJSON(v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := e.raw().Write(escapeJSONControls(b.Bytes()))
	return err
}
