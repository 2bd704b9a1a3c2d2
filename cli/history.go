package cli

import (
	"fmt"
	"path/filepath"
	"slices"
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

// conversations returns where the conversations with server are kept: the app's database when
// the app is connected to that server, else the command line's file.
func (e *env) conversations(server string) conversationStore {
	a, err := e.openApp()
	if err == nil && a.Server() == server {
		return &appStore{a: a}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "lectern: %v; this conversation is kept in %s instead.\n", err, fileStoreName)
	}
	return e.fileStore()
}

// fileStore returns the command line's own conversation file.
func (e *env) fileStore() *fileStore {
	home, err := app.DefaultHome()
	if err != nil {
		home = "."
	}
	return &fileStore{path: filepath.Join(home, fileStoreName)}
}

// historyStores returns every place conversations are kept: the app's database (the
// conversations of its current server) and the command line's file.
func (e *env) historyStores() []conversationStore {
	var stores []conversationStore
	a, err := e.openApp()
	switch {
	case err != nil:
		fmt.Fprintf(e.stderr, "lectern: %v; showing only the conversations kept in %s.\n", err, fileStoreName)
	case a.Server() != "":
		stores = append(stores, &appStore{a: a})
	}
	return append(stores, e.fileStore())
}

// allHistory lists the conversations (or matching turns) of every store, newest first.
func (e *env) allHistory(search string) ([]historyEntry, error) {
	list := []historyEntry{}
	for _, s := range e.historyStores() {
		more, err := s.List(e.ctx, search)
		if err != nil {
			return nil, localf("cannot read the history: %v", err)
		}
		list = append(list, more...)
	}
	if search == "" {
		slices.SortStableFunc(list, func(a, b historyEntry) int { return b.Updated.Compare(a.Updated) })
	}
	return list, nil
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
	list, err := e.allHistory(*search)
	if err != nil {
		return err
	}
	if *asJSON {
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
	n := fmt.Sprintf("%d turns match", len(list))
	if len(list) == 1 {
		n = "1 turn matches"
	}
	fmt.Fprintf(e.stdout, "%s. \"lectern export ID FILE\" saves a whole conversation.\n", n)
}
