package cli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"text/tabwriter"
	"time"

	"lectern/app/records"
	"lectern/internal/safetext"
)

var cmdTrash = &command{
	name:    "trash",
	args:    "[--json]",
	summary: "list the deleted conversations that can still be restored",
	help: `
A deleted conversation (desktop app or command line) goes to the trash with its turns, and is
removed for good 30 days later. Lists the trash of the server in use, most recently deleted first,
with the ids "lectern restore" takes and the day each goes for good.

  --json   print JSON instead`,
	run: runTrash,
}

var cmdDelete = &command{
	name:    "delete",
	args:    "CONVERSATION",
	summary: "move a conversation to the trash",
	help: `
CONVERSATION is an id from "lectern history". The conversation goes to the trash with its turns
(as a delete in the desktop app does): "lectern restore" brings it back within 30 days.`,
	run: runDelete,
}

var cmdRestore = &command{
	name:    "restore",
	args:    "CONVERSATION",
	summary: "take a deleted conversation out of the trash",
	help: `
CONVERSATION is an id from "lectern trash". The conversation comes back with its turns, as it
was, in "lectern history" and in the desktop app.`,
	run: runRestore,
}

// trashEntry is one line of `lectern trash`.
type trashEntry struct {
	ConversationID string    `json:"conversation_id"`
	Kind           string    `json:"kind"`
	Model          string    `json:"model,omitempty"`
	Host           string    `json:"host,omitempty"`
	WorkspaceID    string    `json:"workspace_id,omitempty"`
	Workspace      string    `json:"workspace,omitempty"` // its name where known, else its id
	Title          string    `json:"title"`
	Deleted        time.Time `json:"deleted"`
	Until          time.Time `json:"until"` // when it is removed for good
}

// runTrash is `lectern trash`.
func runTrash(e *env, args []string) error {
	asJSON, a, err := e.jsonOnlyOn("trash", args)
	if err != nil {
		return err
	}
	convs, err := a.Conversations().Trash(e.ctx)
	if err != nil {
		return localf("cannot read the trash: %v", err)
	}
	names := workspaceNamer{cache: a.Workspaces(), tools: a.Tools()}.names(e.ctx, convs)
	list := make([]trashEntry, 0, len(convs))
	for _, c := range convs {
		en := trashEntry{ConversationID: strconv.FormatInt(c.ID, 10), Kind: string(c.Kind), Model: c.Model, Host: c.Host,
			WorkspaceID: c.WorkspaceID, Workspace: c.WorkspaceID, Title: c.Title, Deleted: c.Deleted, Until: c.Deleted.Add(records.TrashKept)}
		if n, ok := names[c.WorkspaceID]; ok {
			en.Workspace = n
		}
		list = append(list, en)
	}
	if asJSON {
		return e.printJSON(list)
	}
	printTrash(e, list)
	return nil
}

// printTrash writes the trash table.
func printTrash(e *env, list []trashEntry) {
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "The trash is empty.")
		return
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tDELETED\tGONE FOR GOOD\tWITH\tFIRST QUESTION")
	for _, t := range list {
		with := talksWith(t.Kind, t.Model+t.Host, t.Workspace)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", t.ConversationID, t.Deleted.Local().Format(timeLayout),
			t.Until.Local().Format("2006-01-02"), safetext.OneLine(with), safetext.OneLine(t.Title))
	}
	tw.Flush()
	fmt.Fprintln(e.stdout, "\"lectern restore ID\" brings one back.")
}

// runDelete is `lectern delete CONVERSATION`.
func runDelete(e *env, args []string) error {
	return e.inTrash("delete", args, "history", trashCan.Delete,
		"Conversation %[1]d moved to the trash: \"lectern restore %[1]d\" brings it back within 30 days.\n")
}

// runRestore is `lectern restore CONVERSATION`.
func runRestore(e *env, args []string) error {
	return e.inTrash("restore", args, "trash", trashCan.Restore,
		"Conversation %[1]d restored: \"lectern history\" lists it.\n")
}

// trashCan moves a conversation kept on this computer to the trash and back (app/conversations).
type trashCan interface {
	Delete(ctx context.Context, id int64) error
	Restore(ctx context.Context, id int64) error
}

// inTrash runs the command cmd, which moves the conversation its argument names with move (one of
// trashCan's methods), and prints done (with the id as its argument). list is the command that
// lists the ids it takes.
func (e *env) inTrash(cmd string, args []string, list string, move func(trashCan, context.Context, int64) error, done string) error {
	pos, err := parseArgs(newFlagSet(e, cmd), args, 1, 1, "CONVERSATION")
	if err != nil {
		return err
	}
	id, err := conversationArg(pos[0], list)
	if err != nil {
		return err
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	err = move(a.Conversations(), e.ctx, id)
	switch {
	case errors.Is(err, records.ErrNotFound):
		return localf("no conversation %d in \"lectern %s\" of %s", id, list, a.SignIn().Server())
	case err != nil:
		return localf("cannot %s conversation %d: %v", cmd, id, err)
	}
	fmt.Fprintf(e.stdout, done, id)
	return nil
}
