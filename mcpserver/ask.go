package mcpserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/app/ask"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/client"
)

// AskInput is ask_workspace's input.
type AskInput struct {
	Question  string `json:"question" jsonschema:"the question, in the person's words"`
	Workspace string `json:"workspace" jsonschema:"the workspace's id or name (list_workspaces)"`
	Document  string `json:"document,omitempty" jsonschema:"a document id (list_documents) to ask that document only"`
	Tier      string `json:"tier,omitempty" jsonschema:"fast (the default), smart or genius: slower tiers answer harder questions better"`
	Thinking  *bool  `json:"thinking,omitempty" jsonschema:"let the model reason first: slower, sometimes better"`
}

// Source is a document an answer consulted.
type Source struct {
	Index      int    `json:"index" jsonschema:"the number the answer cites it by"`
	DocumentID string `json:"document_id"`
	Name       string `json:"name" jsonschema:"the document's name"`
	Used       bool   `json:"used" jsonschema:"true when the answer is known to come from it; false when it was given to the model as context (a whole-workspace answer cannot tell which document it used)"`
	SourceType string `json:"source_type,omitempty"`
	URL        string `json:"url,omitempty"`
}

// Coverage says how much of the workspace the answer looked at.
type Coverage struct {
	Mode              string `json:"mode"`
	DocumentsSelected int    `json:"documents_selected"`
	DocumentsChecked  int    `json:"documents_checked"`
	DocumentsUsed     *int   `json:"documents_used,omitempty"`
	DocumentsNotReady int    `json:"documents_not_ready" jsonschema:"documents still being prepared, not asked"`
}

// Answer is ask_workspace's result.
type Answer struct {
	Found     bool      `json:"found" jsonschema:"false when the documents do not hold the answer"`
	Answer    string    `json:"answer"`
	Status    string    `json:"status" jsonschema:"completed, or incomplete when the answer was cut at its length limit"`
	Sources   []Source  `json:"sources"`
	Coverage  *Coverage `json:"coverage,omitempty"`
	Warnings  []string  `json:"warnings,omitempty"`
	RequestID string    `json:"request_id" jsonschema:"the service's id of the request, for support"`
}

// askSchema is ask_workspace's input schema, with the tiers as an enumeration.
func askSchema() any {
	s := schemaFor[AskInput]()
	s.Properties["tier"].Enum = []any{"fast", "smart", "genius"}
	return s
}

// ask is ask_workspace: the app asks as `lectern ask` does and keeps the turn in the history as
// asked from the host; progress notifications carry the stages, and the host's cancellation
// (the call's context) stops the stream.
func (h *handlers) ask(ctx context.Context, req *mcp.CallToolRequest, in AskInput) (*mcp.CallToolResult, Answer, error) {
	q := ask.Question{Workspace: in.Workspace, DocumentID: in.Document, Text: in.Question, Host: hostName(req.Session)}
	opts := conversations.AskOptions{Tier: strings.ToLower(in.Tier), Thinking: in.Thinking, OnUpdate: progress(ctx, req)}
	turn, err := h.b.Asker.Ask(ctx, q, opts)
	if err != nil {
		return nil, Answer{}, h.toolError(err)
	}
	if turn.Final == nil {
		return nil, Answer{}, fmt.Errorf("the answer was saved in Lectern's history but its details were lost")
	}
	out := answerOf(turn.Final)
	return textResult(answerText(out)), out, nil
}

// answerOf is the result of the service's answer a.
func answerOf(a *client.Answer) Answer {
	out := Answer{Found: a.Found, Answer: a.Answer, Status: a.Status, Sources: []Source{}, Warnings: a.Warnings,
		RequestID: a.RequestID}
	for _, s := range a.Sources {
		src := Source{Index: s.Index, DocumentID: s.DocumentID, Name: s.Name, Used: s.Used, SourceType: s.SourceType}
		if s.URL != nil {
			src.URL = *s.URL
		}
		out.Sources = append(out.Sources, src)
	}
	if c := a.Coverage; c != nil {
		out.Coverage = &Coverage{Mode: c.Mode, DocumentsSelected: c.DocumentsSelected,
			DocumentsChecked: c.DocumentsChecked, DocumentsUsed: c.DocumentsUsed, DocumentsNotReady: c.DocumentsNotReady}
	}
	return out
}

// answerText is the answer as the text a host shows: the answer, then its sources.
func answerText(a Answer) string {
	var b strings.Builder
	b.WriteString(a.Answer)
	if !a.Found {
		b.WriteString("\n\n(The workspace's documents do not hold the answer.)")
	}
	if len(a.Sources) > 0 {
		b.WriteString("\n\nSources:")
		for _, s := range a.Sources {
			how := "used"
			if !s.Used {
				how = "consulted"
			}
			fmt.Fprintf(&b, "\n[%d] %s (%s)", s.Index, s.Name, how)
		}
	}
	for _, w := range a.Warnings {
		b.WriteString("\nWarning: " + w)
	}
	return b.String()
}

// progress returns the OnUpdate of an ask that sends a progress notification at each new stage
// of the answer, when the host asked for progress (its request has a progress token).
func progress(ctx context.Context, req *mcp.CallToolRequest) func(events.TurnChanged) {
	token := req.Params.GetProgressToken()
	if token == nil || req.Session == nil {
		return nil
	}
	var last string
	var n float64
	return func(ev events.TurnChanged) {
		if ev.Status != records.TurnPending || ev.Stage == "" || ev.Stage == last {
			return
		}
		last, n = ev.Stage, n+1
		_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: n,
			Message: stageWords(ev.Stage)})
	}
}

// stageWords says a stage of the answer for a host to show.
func stageWords(stage string) string {
	switch stage {
	case records.StageWaiting:
		return "waiting for the service to answer"
	case records.StageStarted:
		return "the service is answering"
	case records.StageWriting:
		return "writing the answer"
	}
	return stage // the service's own stages: retrieving, computing, reading
}
