package cli

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"lectern/app"
)

var cmdHistory = &command{
	name:    "history",
	args:    "[--search TEXT] [--json]",
	summary: "list the conversations kept on this computer, or search their turns",
	help: `
Every "lectern ask" and "lectern chat" is kept on this computer (in LECTERN_HOME), never on the
server, with the desktop app's conversations. Without flags, lists the conversations with the
server in use (--server, LECTERN_SERVER or the saved one), newest first, with the ids "lectern
export" takes; a conversation with a model tier shows "model" and its tier instead of a workspace.

  --search TEXT   list the questions and answers that contain TEXT
  --json          print JSON instead`,
	run: runHistory,
}

// historyEntry is one line of `lectern history`: a conversation, or a matching turn of one.
type historyEntry struct {
	ConversationID string    `json:"conversation_id"` // the app's id, which "lectern export" takes
	Server         string    `json:"server"`
	Kind           string    `json:"kind"`            // workspace, or model (lectern chat)
	Model          string    `json:"model,omitempty"` // a model conversation's tier
	WorkspaceID    string    `json:"workspace_id"`
	Workspace      string    `json:"workspace"`
	Title          string    `json:"title"`
	Turns          int       `json:"turns"`
	Updated        time.Time `json:"updated"`
	Question       string    `json:"question,omitempty"` // search: the matching turn
	Answer         string    `json:"answer,omitempty"`
	Status         string    `json:"status,omitempty"`
}

// history lists the conversations with the command's server, newest first, or with search the
// turns that match, best first.
func (e *env) history(search string) ([]historyEntry, error) {
	a, err := e.appOn()
	if err != nil {
		return nil, err
	}
	var list []historyEntry
	if search == "" {
		list, err = conversationEntries(e.ctx, a)
	} else {
		list, err = matchEntries(e.ctx, a, search)
	}
	if err != nil {
		return nil, localf("cannot read the history: %v", err)
	}
	return list, nil
}

// conversationEntries describes every conversation of the app's current server.
func conversationEntries(ctx context.Context, a *app.App) ([]historyEntry, error) {
	convs, err := a.Conversations().List(ctx, "")
	if err != nil {
		return nil, err
	}
	names := workspaceNames(ctx, a, convs)
	out := make([]historyEntry, 0, len(convs))
	for _, c := range convs {
		out = append(out, entry(ctx, a, c, names))
	}
	return out, nil
}

// matchEntries describes the turns of the app's current server that match search.
func matchEntries(ctx context.Context, a *app.App, search string) ([]historyEntry, error) {
	convs := a.Conversations()
	hits, err := convs.Search(ctx, search)
	if err != nil {
		return nil, err
	}
	listed := make([]app.Conversation, len(hits))
	for i, h := range hits {
		listed[i] = h.Conversation
	}
	names := workspaceNames(ctx, a, listed)
	described := map[int64]historyEntry{} // several turns of one conversation may match
	out := make([]historyEntry, 0, len(hits))
	for _, h := range hits {
		en, ok := described[h.Conversation.ID]
		if !ok {
			en = entry(ctx, a, h.Conversation, names)
			described[h.Conversation.ID] = en
		}
		en.Question, en.Answer = h.Question, h.AnswerSnippet
		if t, err := convs.Turn(ctx, h.TurnID); err == nil {
			en.Status, en.Updated = string(t.Status), t.Updated
		}
		out = append(out, en)
	}
	return out, nil
}

// entry describes one conversation.
func entry(ctx context.Context, a *app.App, c app.Conversation, names map[string]string) historyEntry {
	en := historyEntry{ConversationID: strconv.FormatInt(c.ID, 10), Server: a.Server(), Kind: string(c.Kind),
		WorkspaceID: c.WorkspaceID, Workspace: c.WorkspaceID, Title: c.Title, Updated: c.Updated}
	if c.Kind == app.KindModel {
		en.Model = c.Model
	}
	if n, ok := names[c.WorkspaceID]; ok {
		en.Workspace = n
	}
	if turns, err := a.Conversations().Turns(ctx, c.ID); err == nil {
		en.Turns = len(turns)
	}
	return en
}

// workspaceNames maps the workspace ids of convs to their names: from the cache of the app's
// current server, and for an assistant conversation's workspace the cache does not hold (the
// assistant's come from GET /workspaces, which fills no cache), from that list, asked once and
// briefly: offline, the id is shown.
func workspaceNames(ctx context.Context, a *app.App, convs []app.Conversation) map[string]string {
	names := map[string]string{}
	if list, err := a.CachedWorkspaces(ctx); err == nil {
		for _, w := range list {
			names[w.WorkspaceID] = w.Name
		}
	}
	unnamed := func(c app.Conversation) bool {
		_, ok := names[c.WorkspaceID]
		return c.Kind == app.KindAssistant && c.WorkspaceID != "" && !ok
	}
	if !slices.ContainsFunc(convs, unnamed) {
		return names
	}
	ctx, cancel := context.WithTimeout(ctx, toolNamesWait)
	defer cancel()
	if list, err := a.ToolWorkspaces(ctx); err == nil {
		for _, w := range list {
			if _, ok := names[w.ID]; !ok && w.Name != "" {
				names[w.ID] = w.Name
			}
		}
	}
	return names
}

// toolNamesWait is how long lectern history waits for the assistant's workspace names.
const toolNamesWait = 3 * time.Second

// runHistory is `lectern history`.
func runHistory(e *env, args []string) error {
	fs := newFlagSet(e, "history")
	search := fs.String("search", "", "text to find")
	asJSON := fs.Bool("json", false, "print JSON")
	if _, err := parseArgs(fs, args, 0, 0, ""); err != nil {
		return err
	}
	list, err := e.history(*search)
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
		fmt.Fprintln(e.stdout, "No conversations yet: \"lectern ask WORKSPACE QUESTION\" or \"lectern chat MESSAGE\" starts one.")
		return
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tUPDATED\tWITH\tTURNS\tFIRST QUESTION")
	for _, h := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", h.ConversationID, h.Updated.Local().Format(timeLayout),
			app.OneLine(h.with()), h.Turns, app.OneLine(h.Title))
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
		fmt.Fprintf(e.stdout, "[%s] %s  %s (%s)\n", h.ConversationID, h.Updated.Local().Format(timeLayout),
			app.OneLine(h.with()), h.Status)
		fmt.Fprintf(e.stdout, "  Q: %s\n  A: %s\n", shorten(h.Question, 100), shorten(h.Answer, 100))
	}
	n := fmt.Sprintf("%d turns match", len(list))
	if len(list) == 1 {
		n = "1 turn matches"
	}
	fmt.Fprintf(e.stdout, "%s. \"lectern export ID FILE\" saves a whole conversation.\n", n)
}

// with names what a conversation talks to: its workspace, or "model" and its tier.
func (h historyEntry) with() string { return talksWith(h.Kind, h.Model, h.Workspace) }

// talksWith is what the WITH column says of a conversation of kind: its model tier, or its
// workspace (history and trash alike).
func talksWith(kind, model, workspace string) string {
	switch {
	case kind == string(app.KindModel):
		return "model " + model
	case kind == string(app.KindAssistant) && workspace != "":
		return "assistant, " + workspace
	case kind == string(app.KindAssistant):
		return "assistant"
	}
	return workspace
}

// shorten cuts s to n runes on one line.
func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
