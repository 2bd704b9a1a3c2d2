package cli

import (
	"fmt"
	"path/filepath"
	"text/tabwriter"

	"lectern/app"
)

var cmdHistory = &command{
	name:    "history",
	args:    "[--search TEXT] [--json]",
	summary: "list the conversations kept on this computer, or search their turns",
	help: `
Every "lectern ask" is kept on this computer (in LECTERN_HOME), never on the server. Without
flags, lists the conversations, newest first, with the id that "lectern export" takes.

  --search TEXT   list the questions and answers that contain TEXT
  --json          print JSON instead`,
	run: runHistory,
}

// conversations returns where the command line keeps its conversations.
func (e *env) conversations() (conversationStore, error) {
	home, err := app.DefaultHome()
	if err != nil {
		return nil, localf("cannot find a folder for Lectern's data: %v; set LECTERN_HOME to one", err)
	}
	return &fileStore{path: filepath.Join(home, fileStoreName)}, nil
}

// runHistory is `lectern history`.
func runHistory(e *env, args []string) error {
	fs := newFlagSet(e, "history")
	search := fs.String("search", "", "text to find")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs("history", pos, 0, 0, ""); err != nil {
		return err
	}
	store, err := e.conversations()
	if err != nil {
		return err
	}
	list, err := store.List(e.ctx, *search)
	if err != nil {
		return localf("cannot read the history: %v", err)
	}
	if *asJSON {
		if list == nil {
			list = []historyEntry{}
		}
		return e.printJSON(list)
	}
	if *search != "" {
		printMatches(e, *search, list)
	} else {
		printConversations(e, list)
	}
	return nil
}

// printConversations writes the conversation table.
func printConversations(e *env, list []historyEntry) {
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "No conversations yet: \"lectern ask WORKSPACE QUESTION\" starts one.")
		return
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tUPDATED\tWORKSPACE\tTURNS\tFIRST QUESTION")
	for _, h := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", h.ConversationID, h.Updated.Local().Format("2006-01-02 15:04"),
			oneLine(h.Workspace), h.Turns, h.Title)
	}
	tw.Flush()
}

// printMatches writes the turns that matched a search.
func printMatches(e *env, search string, list []historyEntry) {
	if len(list) == 0 {
		fmt.Fprintf(e.stdout, "No question or answer contains %q.\n", search)
		return
	}
	for _, h := range list {
		fmt.Fprintf(e.stdout, "[%s] %s  %s (%s)\n", h.ConversationID, h.Updated.Local().Format("2006-01-02 15:04"),
			oneLine(h.Workspace), h.Status)
		fmt.Fprintf(e.stdout, "  Q: %s\n  A: %s\n", shorten(h.Question, 100), shorten(h.Answer, 100))
	}
	fmt.Fprintf(e.stdout, "%d turns match. \"lectern export ID FILE\" saves a whole conversation.\n", len(list))
}
