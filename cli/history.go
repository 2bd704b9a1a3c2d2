package cli

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
)

var cmdHistory = &command{
	name:    "history",
	args:    "[--search TEXT] [--project NAME] [--json]",
	summary: "list the conversations kept on this computer, or search their turns",
	help: `
Every "lectern ask" and "lectern chat" is kept on this computer (in LECTERN_HOME), never on the
server, with the desktop app's conversations. Without flags, lists the conversations with the
server in use (--server, LECTERN_SERVER or the saved one), newest first, with the ids "lectern
export" takes; a conversation with a model tier shows "model" and its tier instead of a workspace.

  --search TEXT    list the questions and answers that contain TEXT, of every branch (a
                   turn on a branch the conversation does not show says which)
  --project NAME   list the conversations of that project alone ("lectern projects")
  --json           print JSON instead`,
	run: runHistory,
}

// historyEntry is one line of `lectern history`: a conversation, or a matching turn of one.
type historyEntry struct {
	ConversationID string    `json:"conversation_id"` // the app's id, which "lectern export" takes
	Server         string    `json:"server"`
	Kind           string    `json:"kind"`            // workspace, or model (lectern chat)
	Model          string    `json:"model,omitempty"` // a model conversation's tier
	Host           string    `json:"host,omitempty"`  // the AI app that asked (lectern mcp)
	WorkspaceID    string    `json:"workspace_id"`
	Workspace      string    `json:"workspace"`
	Title          string    `json:"title"`
	Turns          int       `json:"turns"`
	Updated        time.Time `json:"updated"`
	Question       string    `json:"question,omitempty"` // search: the matching turn
	Answer         string    `json:"answer,omitempty"`
	Status         string    `json:"status,omitempty"`
	// Branch says which branch a matching turn is on when the conversation shows another
	// ("branch 1 of 2"; the desktop app's ‹ 1/2 ›); "" for a turn of the branch shown.
	Branch string `json:"branch,omitempty"`
}

// history lists the conversations with the command's server (of project only, when named),
// newest first, or with search the turns that match, best first.
func (e *env) history(search, project string) ([]historyEntry, error) {
	a, err := e.appOn()
	if err != nil {
		return nil, err
	}
	h := historyLog{convs: a.Conversations(), server: a.SignIn().Server(),
		names: workspaceNamer{cache: a.Workspaces(), tools: a.Tools()}}
	if project != "" {
		p, ok, err := a.Conversations().ProjectNamed(e.ctx, project)
		if err != nil {
			return nil, localf("cannot read the projects: %v", err)
		}
		if !ok {
			return nil, localf("no project named %q; \"lectern projects\" lists them", project)
		}
		h.project = p.ID
	}
	var list []historyEntry
	if search == "" {
		list, err = h.conversationEntries(e.ctx)
	} else {
		list, err = h.matchEntries(e.ctx, search)
	}
	if err != nil {
		return nil, localf("cannot read the history: %v", err)
	}
	return list, nil
}

// conversationLog is what the history reads of the conversations kept on this computer
// (app/conversations).
type conversationLog interface {
	ListAll(ctx context.Context, f records.ListFilter) ([]records.Conversation, error)
	Search(ctx context.Context, text string) ([]records.SearchHit, error)
	Turn(ctx context.Context, id int64) (records.Turn, error)
	Turns(ctx context.Context, conversationID int64) ([]records.Turn, error)
}

// historyLog describes the conversations of one server for `lectern history`.
type historyLog struct {
	convs   conversationLog
	server  string // the server in use, which every entry names
	names   workspaceNamer
	project int64 // only this project's conversations and turns; 0 for all
}

// conversationEntries describes every conversation of the server.
func (h historyLog) conversationEntries(ctx context.Context) ([]historyEntry, error) {
	convs, err := h.convs.ListAll(ctx, records.ListFilter{ProjectID: h.project})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(convs, func(a, b records.Conversation) int { // newest first, pins or not
		return cmp.Or(b.Updated.Compare(a.Updated), cmp.Compare(b.ID, a.ID))
	})
	names := h.names.names(ctx, convs)
	out := make([]historyEntry, 0, len(convs))
	for _, c := range convs {
		out = append(out, h.entry(ctx, c, names))
	}
	return out, nil
}

// matchEntries describes the turns of the server's conversations that match search.
func (h historyLog) matchEntries(ctx context.Context, search string) ([]historyEntry, error) {
	hits, err := h.convs.Search(ctx, search)
	if err != nil {
		return nil, err
	}
	hits = slices.DeleteFunc(hits, func(hit records.SearchHit) bool { return h.project != 0 && hit.Conversation.ProjectID != h.project })
	listed := make([]records.Conversation, len(hits))
	for i, hit := range hits {
		listed[i] = hit.Conversation
	}
	names := h.names.names(ctx, listed)
	described := map[int64]historyEntry{} // several turns of one conversation may match
	out := make([]historyEntry, 0, len(hits))
	for _, hit := range hits {
		en, ok := described[hit.Conversation.ID]
		if !ok {
			en = h.entry(ctx, hit.Conversation, names)
			described[hit.Conversation.ID] = en
		}
		en.Question, en.Answer = hit.Question, hit.AnswerSnippet
		if hit.Branch > 0 {
			en.Branch = fmt.Sprintf("branch %d of %d", hit.Branch, hit.Branches)
		}
		if t, err := h.convs.Turn(ctx, hit.TurnID); err == nil {
			en.Status, en.Updated = string(t.Status), t.Updated
		}
		out = append(out, en)
	}
	return out, nil
}

// entry describes one conversation.
func (h historyLog) entry(ctx context.Context, c records.Conversation, names map[string]string) historyEntry {
	en := historyEntry{ConversationID: strconv.FormatInt(c.ID, 10), Server: h.server, Kind: string(c.Kind),
		WorkspaceID: c.WorkspaceID, Workspace: c.WorkspaceID, Title: c.Title, Updated: c.Updated}
	if c.Kind == records.KindModel {
		en.Model = c.Model
	}
	en.Host = c.Host
	if n, ok := names[c.WorkspaceID]; ok {
		en.Workspace = n
	}
	if turns, err := h.convs.Turns(ctx, c.ID); err == nil {
		en.Turns = len(turns)
	}
	return en
}

// workspaceCache lists the cached workspaces of the server in use (app/workspaces).
type workspaceCache interface {
	CachedWorkspaces(ctx context.Context) ([]records.CachedWorkspace, error)
}

// toolWorkspaceList lists the workspaces the assistant may consult, GET /workspaces (app/tools).
type toolWorkspaceList interface {
	ToolWorkspaces(ctx context.Context) ([]client.ToolWorkspace, error)
}

// workspaceNamer names the workspaces that conversations are held in.
type workspaceNamer struct {
	cache workspaceCache
	tools toolWorkspaceList
}

// names maps the workspace ids of convs to their names: from the cache of the current server,
// and for an assistant conversation's workspace the cache does not hold (the assistant's come from
// GET /workspaces, which fills no cache), from that list, asked once and briefly: offline, the id
// is shown.
func (n workspaceNamer) names(ctx context.Context, convs []records.Conversation) map[string]string {
	names := map[string]string{}
	if list, err := n.cache.CachedWorkspaces(ctx); err == nil {
		for _, w := range list {
			names[w.WorkspaceID] = w.Name
		}
	}
	unnamed := func(c records.Conversation) bool {
		_, ok := names[c.WorkspaceID]
		return c.Kind == records.KindAssistant && c.WorkspaceID != "" && !ok
	}
	if !slices.ContainsFunc(convs, unnamed) {
		return names
	}
	ctx, cancel := context.WithTimeout(ctx, toolNamesWait)
	defer cancel()
	if list, err := n.tools.ToolWorkspaces(ctx); err == nil {
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
	project := fs.String("project", "", "a project's name")
	asJSON := fs.Bool("json", false, "print JSON")
	if _, err := parseArgs(fs, args, 0, 0, ""); err != nil {
		return err
	}
	list, err := e.history(*search, *project)
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
			safetext.OneLine(h.with()), h.Turns, safetext.OneLine(h.Title))
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
		status := h.Status
		if h.Branch != "" {
			status += ", on " + h.Branch + ", not the one shown"
		}
		fmt.Fprintf(e.stdout, "[%s] %s  %s (%s)\n", h.ConversationID, h.Updated.Local().Format(timeLayout),
			safetext.OneLine(h.with()), status)
		fmt.Fprintf(e.stdout, "  Q: %s\n  A: %s\n", shorten(h.Question, 100), shorten(h.Answer, 100))
	}
	n := fmt.Sprintf("%d turns match", len(list))
	if len(list) == 1 {
		n = "1 turn matches"
	}
	fmt.Fprintf(e.stdout, "%s. \"lectern export ID FILE\" saves a whole conversation.\n", n)
}

// with names what a conversation talks to: its workspace, or "model" and its tier.
func (h historyEntry) with() string { return talksWith(h.Kind, h.Model+h.Host, h.Workspace) }

// talksWith is what the WITH column says of a conversation of kind: its model tier, or its
// workspace and the AI app that asked (model holds the app's name then), history and trash alike.
func talksWith(kind, model, workspace string) string {
	switch {
	case kind == string(records.KindModel):
		return "model " + model
	case kind == string(records.KindAssistant) && workspace != "":
		return "assistant, " + workspace
	case kind == string(records.KindAssistant):
		return "assistant"
	case kind == string(records.KindHost):
		return workspace + ", asked from " + model
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
