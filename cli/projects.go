package cli

import (
	"context"
	"errors"
	"fmt"
	"text/tabwriter"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

var cmdProjects = &command{
	name:    "projects",
	args:    "[--json]",
	summary: "list the projects that hold conversations",
	help: `
A project holds conversations of every kind (workspace questions, model chats, the assistant),
made in the desktop app or by "lectern move". Lists the projects of the server in use, by name,
with how many conversations each holds and its colour. "lectern history --project NAME" lists a
project's conversations.

  --json   print JSON instead`,
	run: runProjects,
}

var cmdMove = &command{
	name:    "move",
	args:    "CONVERSATION PROJECT",
	summary: "move a conversation into a project (made when new)",
	help: `
CONVERSATION is an id from "lectern history"; PROJECT is a project's name, in any case. The
conversation leaves the project it was in, if any. A project of that name is made when there is
none, as in the desktop app's "Move to project".`,
	run: runMove,
}

// projectEntry is one line of `lectern projects`.
type projectEntry struct {
	Name          string `json:"name"`
	Conversations int    `json:"conversations"`
	Colour        string `json:"colour,omitempty"`
}

// runProjects is `lectern projects`.
func runProjects(e *env, args []string) error {
	asJSON, a, err := e.jsonOnlyOn("projects", args)
	if err != nil {
		return err
	}
	projects, err := a.Conversations().Projects(e.ctx)
	if err != nil {
		return localf("cannot read the projects: %v", err)
	}
	list := make([]projectEntry, 0, len(projects))
	for _, p := range projects {
		list = append(list, projectEntry{Name: p.Name, Conversations: p.Conversations, Colour: p.Colour})
	}
	if asJSON {
		return e.printJSON(list)
	}
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "No projects yet: \"lectern move ID PROJECT\" puts a conversation in a new one.")
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tCONVERSATIONS\tCOLOUR")
	for _, p := range list {
		fmt.Fprintf(tw, "%s\t%d\t%s\n", safetext.OneLine(p.Name), p.Conversations, p.Colour)
	}
	return tw.Flush()
}

// projectMover puts conversations in projects (app/conversations).
type projectMover interface {
	Get(ctx context.Context, id int64) (records.Conversation, error)
	MoveToProjectNamed(ctx context.Context, ids []int64, name string) (records.Project, bool, error)
}

// runMove is `lectern move CONVERSATION PROJECT`.
func runMove(e *env, args []string) error {
	pos, err := parseArgs(newFlagSet(e, "move"), args, 2, 2, "CONVERSATION PROJECT")
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
	return moveTo(e, a.Conversations(), id, pos[1], a.SignIn().Server())
}

// moveTo moves conversation id into the project named name of server, and says where it went.
// An unknown conversation makes no project.
func moveTo(e *env, m projectMover, id int64, name, server string) error {
	_, err := m.Get(e.ctx, id)
	var p records.Project
	var created bool
	if err == nil {
		p, created, err = m.MoveToProjectNamed(e.ctx, []int64{id}, name)
	}
	switch {
	case errors.Is(err, records.ErrNotFound):
		return localf("no conversation %d in \"lectern history\" of %s", id, server)
	case err != nil:
		return localf("cannot move conversation %d: %s", id, e.describe(err))
	}
	made := ""
	if created {
		made = "new "
	}
	fmt.Fprintf(e.stdout, "Conversation %d moved to the %sproject %q (%s).\n", id, made, safetext.OneLine(p.Name),
		words.Count(p.Conversations, "conversation"))
	return nil
}
