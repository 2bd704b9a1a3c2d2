package cli

import (
	"errors"
	"fmt"

	"lectern/app/records"
)

var cmdExport = &command{
	name:    "export",
	args:    "CONVERSATION FILE",
	summary: "save a conversation as Markdown",
	help: `
CONVERSATION is an id from "lectern history": the conversations with the server in use, the
desktop app's included. FILE gets the questions, the answers, their sources, the model and the
dates, as Markdown; a model conversation's tier, API, system prompt, token counts, function
calls and images too: the images are written beside FILE, in a folder named after it (notes.md:
notes_images/), and shown by links. A conversation with edited or retried questions has every
branch: the one shown first, then each other from where it starts. An existing FILE is replaced.`,
	run: runExport,
}

// runExport is `lectern export CONVERSATION FILE`.
func runExport(e *env, args []string) error {
	fs := newFlagSet(e, "export")
	pos, err := parseArgs(fs, args, 2, 2, "CONVERSATION and FILE")
	if err != nil {
		return err
	}
	id, err := conversationArg(pos[0], "history")
	if err != nil {
		return err
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	err = a.Conversations().Export(e.ctx, id, pos[1])
	switch {
	case errors.Is(err, records.ErrNotFound):
		return localf("no conversation %d with %s; \"lectern history\" lists them", id, a.SignIn().Server())
	case err != nil:
		return localf("cannot export conversation %d to %s: %v", id, pos[1], err)
	}
	fmt.Fprintf(e.stdout, "Conversation %d saved to %s.\n", id, pos[1])
	return nil
}
