package modelchat

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"lectern/app/conversations"
	"lectern/app/mcp"
	"lectern/app/records"
	"lectern/app/workspaces"
	"lectern/client"
	"lectern/internal/safetext"
)

// The runs of the app's tools: each fills its kind's result in the ToolRun and returns the text
// the model gets. Tool requests go without the client's own wait on a 429: the tools' shared
// limit (model-api.md §8, "/chat, /generate, /pdf together: 10 requests a minute per person") is
// waited out by the loop, with the time shown on the card (ToolWaitingLimit), and tried once more.

// toolRunner runs the app's tools over the current connection.
type toolRunner struct {
	c          *Models
	workspaces []workspaces.WorkspaceRef
	mcp        map[string]mcp.Tool // the MCP servers' tools offered, by function name
}

// describe fills what run asks of its tool from the call's arguments (checked already), for the
// card to show from the start: the query, the workspace and question, the prompt.
func (r toolRunner) describe(run *records.ToolRun, arguments string) {
	switch run.Tool {
	case records.ToolWebSearch:
		var a webSearchArgs
		_ = json.Unmarshal([]byte(arguments), &a)
		run.Search = &records.SearchRun{Queries: []string{a.Query}}
	case records.ToolWorkspace:
		var a workspaceArgs
		_ = json.Unmarshal([]byte(arguments), &a)
		run.Workspace = &records.WorkspaceRun{WorkspaceID: a.Workspace, Question: a.Question}
		for _, ref := range r.workspaces {
			if ref.ID == a.Workspace {
				run.Workspace.Workspace = ref.Name
			}
		}
	case records.ToolGenerate:
		var a generateArgs
		_ = json.Unmarshal([]byte(arguments), &a)
		run.File = &records.FileRun{Prompt: a.Prompt}
	default:
		if t, ok := r.mcp[string(run.Tool)]; ok {
			describeMCP(run, t, arguments)
		}
	}
}

// run runs the tool of run, described already, and fills its result; the error is the request's.
func (r toolRunner) run(ctx context.Context, run *records.ToolRun) (string, error) {
	if run.MCP != nil { // an MCP server's tool: no request to the service
		return callMCP(ctx, r.c.mcp, run.MCP)
	}
	cl, _, err := r.c.conn.Current()
	if err != nil {
		return "", err
	}
	ctx = client.WithoutLimitRetry(ctx)
	switch {
	case run.Search != nil:
		return r.search(ctx, cl, run.Search)
	case run.Workspace != nil:
		return r.consult(ctx, cl, run.Workspace)
	case run.File != nil:
		return r.generate(ctx, cl, run.File)
	}
	return "", fmt.Errorf("%s is not one of Lectern's tools", run.Tool)
}

// search runs POST /websearch for the query of s.
func (r toolRunner) search(ctx context.Context, cl *client.Client, s *records.SearchRun) (string, error) {
	query := s.Queries[0]
	res, err := cl.WebSearch(ctx, client.SearchRequest{Queries: []string{query}})
	if err != nil {
		return "", err
	}
	s.Status, s.Degraded = res.Status, res.ProviderDegraded
	for _, w := range res.Warnings {
		s.Warnings = append(s.Warnings, safetext.OneLine(w.String()))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Web search for %q: %d result(s).", query, len(res.Results))
	if st := s.StatusText(); st != "" {
		b.WriteString(" " + st)
	}
	for i, h := range res.Results {
		s.Results = append(s.Results, records.SearchLink{Title: safetext.OneLine(h.Title), Domain: safetext.OneLine(h.Domain), URL: safetext.OneLine(h.URL)})
		// the page's text when it was read (it starts with the snippet), else the snippet
		text := cmp.Or(strings.TrimSpace(h.Content), strings.TrimSpace(h.Snippet))
		fmt.Fprintf(&b, "\n\n[%d] %s (%s)\n%s", i+1, safetext.OneLine(h.Title), safetext.OneLine(h.URL), text)
	}
	return b.String(), nil
}

// consult asks the workspace of w its question (POST /workspace, one answer, no history).
func (r toolRunner) consult(ctx context.Context, cl *client.Client, w *records.WorkspaceRun) (string, error) {
	req := r.c.ask.Request(records.Conversation{Kind: records.KindWorkspace, WorkspaceID: w.WorkspaceID}, w.Question, nil, conversations.AskOptions{})
	ans, err := cl.Ask(ctx, req)
	if err != nil {
		return "", err
	}
	found := ans.Found
	w.Answer, w.Found, w.Sources = ans.Answer, &found, ans.Sources
	var b strings.Builder
	fmt.Fprintf(&b, "The workspace %s answered: %s", workspaceLabelAmong(w.WorkspaceID, r.workspaces), ans.Answer)
	if !found {
		b.WriteString("\n(It found no answer in its documents.)")
	}
	for _, s := range ans.Sources {
		fmt.Fprintf(&b, "\nSource [%d]: %s", s.Index, safetext.OneLine(s.Name))
	}
	return b.String(), nil
}

// generate asks POST /generate for the file of f's prompt.
func (r toolRunner) generate(ctx context.Context, cl *client.Client, f *records.FileRun) (string, error) {
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

// limitWait is how long the tools' shared limit asks to wait before err's request may go again:
// a 429 with Retry-After; 0 for any other error, and for a 429 that does not say (never a blind
// retry).
func limitWait(err error) time.Duration {
	var ae *client.APIError
	if errors.As(err, &ae) && ae.StatusCode == http.StatusTooManyRequests {
		return ae.RetryAfter
	}
	return 0
}

// capOutput cuts an output over MaxToolOutput bytes (at a character boundary) and says the cut
// at its end; note is the cut in words for the card, "" when nothing was cut.
func capOutput(out string) (capped, note string) {
	if len(out) <= MaxToolOutput {
		return out, ""
	}
	note = fmt.Sprintf("The output was cut to %d KiB of its %d KiB before it was sent to the model.", MaxToolOutput>>10,
		(len(out)+1023)>>10)
	cut := MaxToolOutput - len(note) - 8
	for cut > 0 && !utf8.RuneStart(out[cut]) {
		cut--
	}
	return out[:cut] + "\n\n[" + note + "]", note
}

// sleepCtx waits d or until ctx is done; it returns ctx's error then.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return context.Cause(ctx)
	case <-t.C:
		return nil
	}
}
