package tools

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
)

// The runs of the app's own tools over the current connection: each fills its kind's result in
// the ToolRun and returns the text the model gets. Tool requests go without the client's own wait
// on a 429: the tools' shared limit (model-api.md §8, "/chat, /generate, /pdf together: 10
// requests a minute per person") is waited out by the loop, with the time shown on the card
// (ToolWaitingLimit), and tried once more.

// WorkspaceRequests makes the request that asks a workspace a question (app/ask's Questions): the
// consult_workspace tool asks it as a workspace conversation's first message would.
type WorkspaceRequests interface {
	// Request is the POST /workspace request of question in conv after the turns before, with opts.
	Request(conv records.Conversation, question string, before []records.Turn, opts conversations.AskOptions) client.AskRequest
}

// describe fills what run asks of its tool from the call's arguments (checked already), for the
// card to show from the start: the query, the workspace and question, the prompt.
func (b *Builtin) describe(run *records.ToolRun, arguments string) {
	switch run.Tool {
	case records.ToolWebSearch:
		var a webSearchArgs
		_ = json.Unmarshal([]byte(arguments), &a)
		run.Search = &records.SearchRun{Queries: []string{a.Query}}
	case records.ToolWorkspace:
		var a workspaceArgs
		_ = json.Unmarshal([]byte(arguments), &a)
		run.Workspace = &records.WorkspaceRun{WorkspaceID: a.Workspace, Question: a.Question}
		for _, ref := range b.workspaces {
			if ref.ID == a.Workspace {
				run.Workspace.Workspace = ref.Name
			}
		}
	case records.ToolGenerate:
		var a generateArgs
		_ = json.Unmarshal([]byte(arguments), &a)
		run.File = &records.FileRun{Prompt: a.Prompt}
	}
}

// Run runs the tool of run, described already, and fills its result; the error is the request's.
func (b *Builtin) Run(ctx context.Context, _, _ string, run *records.ToolRun, _ func()) (string, error) {
	cl, _, err := b.t.conn.Current()
	if err != nil {
		return "", err
	}
	ctx = client.WithoutLimitRetry(ctx)
	switch {
	case run.Search != nil:
		return b.search(ctx, cl, run.Search)
	case run.Workspace != nil:
		return b.consult(ctx, cl, run.Workspace)
	case run.File != nil:
		return b.generate(ctx, cl, run.File)
	}
	return "", fmt.Errorf("%s is not one of Lectern's tools", run.Tool)
}

// search runs POST /websearch for the query of s.
func (b *Builtin) search(ctx context.Context, cl *client.Client, s *records.SearchRun) (string, error) {
	query := s.Queries[0]
	res, err := cl.WebSearch(ctx, client.SearchRequest{Queries: []string{query}})
	if err != nil {
		return "", err
	}
	s.Status, s.Degraded = res.Status, res.ProviderDegraded
	for _, w := range res.Warnings {
		s.Warnings = append(s.Warnings, safetext.OneLine(w.String()))
	}
	var text strings.Builder
	fmt.Fprintf(&text, "Web search for %q: %d result(s).", query, len(res.Results))
	if st := s.StatusText(); st != "" {
		text.WriteString(" " + st)
	}
	for i, h := range res.Results {
		s.Results = append(s.Results, records.SearchLink{Title: safetext.OneLine(h.Title), Domain: safetext.OneLine(h.Domain), URL: safetext.OneLine(h.URL)})
		// the page's text when it was read (it starts with the snippet), else the snippet
		page := cmp.Or(strings.TrimSpace(h.Content), strings.TrimSpace(h.Snippet))
		fmt.Fprintf(&text, "\n\n[%d] %s (%s)\n%s", i+1, safetext.OneLine(h.Title), safetext.OneLine(h.URL), page)
	}
	return text.String(), nil
}

// consult asks the workspace of w its question (POST /workspace, one answer, no history).
func (b *Builtin) consult(ctx context.Context, cl *client.Client, w *records.WorkspaceRun) (string, error) {
	req := b.t.questions.Request(records.Conversation{Kind: records.KindWorkspace, WorkspaceID: w.WorkspaceID}, w.Question, nil, conversations.AskOptions{})
	ans, err := cl.Ask(ctx, req)
	if err != nil {
		return "", err
	}
	found := ans.Found
	w.Answer, w.Found, w.Sources = ans.Answer, &found, ans.Sources
	var text strings.Builder
	fmt.Fprintf(&text, "The workspace %s answered: %s", workspaceLabelAmong(w.WorkspaceID, b.workspaces), ans.Answer)
	if !found {
		text.WriteString("\n(It found no answer in its documents.)")
	}
	for _, s := range ans.Sources {
		fmt.Fprintf(&text, "\nSource [%d]: %s", s.Index, safetext.OneLine(s.Name))
	}
	return text.String(), nil
}

// generate asks POST /generate for the file of f's prompt.
func (b *Builtin) generate(ctx context.Context, cl *client.Client, f *records.FileRun) (string, error) {
	res, err := cl.Generate(ctx, client.GenerateRequest{Prompt: f.Prompt})
	if err != nil {
		return "", err
	}
	f.Response, f.Artifact = res.Response, res.Artifact
	art := res.Artifact
	if art == nil {
		return "No file was made. The generator wrote: " + res.Response, nil
	}
	s := fmt.Sprintf("A file was made: %q (%s, %s, %d bytes", safetext.OneLine(art.Title), safetext.OneLine(art.Filename), safetext.OneLine(art.Kind), art.Size)
	if art.LogicalPages > 0 {
		s += fmt.Sprintf(", %d page(s)", art.LogicalPages)
	}
	s += "). The person can download it from the conversation"
	if exp, ok := art.Expires(); ok {
		s += " until " + exp.UTC().Format(time.RFC3339)
	}
	return s + ".", nil
}
