package cli

import (
	"context"
	"errors"
	"time"

	"lectern/client"
)

// conversationStore keeps the command line's conversations on this computer, so that
// `ask --continue`, `history` and `export` work. The app's database holds them (appStore) when the
// command line talks to the server the app is connected to; otherwise a small JSON file does
// (fileStore), because the app can only keep the conversations of its own current server.
type conversationStore interface {
	// Ask asks o in workspace ws (a follow-up of the last conversation there when o.cont),
	// prints the answer and keeps the turn.
	Ask(e *env, c *client.Client, ws client.Workspace, o *askOptions) error
	// List returns the conversations, newest first; with search, the turns that match.
	List(ctx context.Context, search string) ([]historyEntry, error)
	// Export writes conversation id to file as Markdown; ok is false when id is not one of its.
	Export(ctx context.Context, id, file string) (ok bool, err error)
}

// Turn states kept with each question (the app's names).
const (
	turnCompleted   = "completed"
	turnIncomplete  = "incomplete"
	turnInterrupted = "interrupted"
	turnFailed      = "failed"
)

// savedTurn is one question and what came back.
type savedTurn struct {
	Question   string                `json:"question"`
	Answer     string                `json:"answer"`
	Status     string                `json:"status"`
	DocumentID string                `json:"document_id,omitempty"`
	Tier       string                `json:"tier,omitempty"`
	Model      string                `json:"model,omitempty"`
	Found      bool                  `json:"found"`
	Sources    []client.AnswerSource `json:"sources,omitempty"`
	Warnings   []string              `json:"warnings,omitempty"`
	RequestID  string                `json:"request_id,omitempty"`
	Error      string                `json:"error,omitempty"`
	Time       time.Time             `json:"time"`
}

// historyEntry is one line of `lectern history`: a conversation, or a matching turn of one.
type historyEntry struct {
	ConversationID string    `json:"conversation_id"`
	Server         string    `json:"server"`
	WorkspaceID    string    `json:"workspace_id"`
	Workspace      string    `json:"workspace"`
	Title          string    `json:"title"`
	Turns          int       `json:"turns"`
	Updated        time.Time `json:"updated"`
	Question       string    `json:"question,omitempty"` // search: the matching turn
	Answer         string    `json:"answer,omitempty"`
	Status         string    `json:"status,omitempty"`
}

// newTurn makes the turn to keep from what ask got: the answer, or the text received before err.
// An answer stopped by Ctrl-C (cancelled) is interrupted, whatever the error says.
func newTurn(o *askOptions, ans *client.Answer, partial string, err error, cancelled bool) savedTurn {
	t := savedTurn{
		Question:   o.req.Question,
		DocumentID: o.req.DocumentID,
		Tier:       string(o.req.Model),
		Time:       time.Now(),
	}
	switch {
	case ans != nil:
		t.Answer, t.Status, t.Model, t.Found = ans.Answer, ans.Status, ans.Model, ans.Found
		t.Sources, t.Warnings, t.RequestID = ans.Sources, ans.Warnings, ans.RequestID
		if t.Status == "" {
			t.Status = turnCompleted
		}
	case cancelled || errors.Is(err, client.ErrInterrupted):
		t.Answer, t.Status, t.Error = partial, turnInterrupted, client.Describe(err)
	default:
		t.Answer, t.Status, t.Error = partial, turnFailed, client.Describe(err)
		var ae *client.APIError
		if errors.As(err, &ae) {
			t.RequestID = ae.RequestID
		}
	}
	return t
}

// localTurns turns saved turns into the client's input for the history builder.
func localTurns(turns []savedTurn) []client.LocalTurn {
	out := make([]client.LocalTurn, 0, len(turns))
	for _, t := range turns {
		failed := t.Status != turnCompleted && t.Status != turnIncomplete
		out = append(out, client.LocalTurn{Question: t.Question, Answer: t.Answer, Failed: failed})
	}
	return out
}
