package cli

import (
	"errors"
	"fmt"

	"lectern/client"
)

// toolProgress shows on a terminal how far a tool command is (files sent, pages read, bytes
// downloaded) on one progress line; elsewhere, and with --json, it shows nothing.
type toolProgress struct {
	out  *lockedWriter
	live bool
}

// newProgress returns the progress line of a tool command on stdout.
func (e *env) newProgress(asJSON bool) *toolProgress {
	return &toolProgress{out: &lockedWriter{w: e.stdout, term: e.raw()}, live: e.isTerminal() && !asJSON}
}

// sending returns the callback of a request body being sent, nil when nothing is shown.
func (p *toolProgress) sending(what string) func(sent, total int64) {
	if !p.live {
		return nil
	}
	return func(sent, total int64) { p.out.progressf("Sending %s  %s", what, percent(sent, total)) }
}

// show replaces the progress line with text (terminals only).
func (p *toolProgress) show(format string, args ...any) {
	if p.live {
		p.out.progressf(format, args...)
	}
}

// toolErrors tells a tool call's error in the tools' words (app/tools).
type toolErrors interface {
	ToolErrorText(err error) string
}

// toolError is err of a tool command, told in the tools' words: the service's code and sentence
// with the request id (exit 1), or the check that failed before sending (exit 2).
func (e *env) toolError(t toolErrors, err error) error {
	var ve *client.ValidationError
	var ae *client.APIError
	switch {
	case err == nil || e.ctx.Err() != nil || errors.As(err, &ve):
		return err
	case errors.As(err, &ae) && ae.StatusCode != 429:
		return err // Explain's sentence, with the code and request id (report)
	}
	fmt.Fprintf(e.stderr, "lectern: %s\n", t.ToolErrorText(err))
	return exitStatus(exitService)
}
