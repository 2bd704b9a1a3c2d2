package client

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// AskRequest is a question to a whole workspace or to one document in it.
type AskRequest struct {
	WorkspaceID     string
	Question        string
	DocumentID      string           // "" asks the whole workspace
	History         []HistoryMessage // earlier turns; see BuildHistory
	Model           Tier             // "" is the server's default
	Thinking        *bool
	IncludeSources  *bool
	MaxOutputTokens int // 0 is the server's limit
	Metadata        map[string]string
}

// Validate checks the request before anything is sent; the *ValidationError names the field.
func (r AskRequest) Validate() error {
	if err := validateWorkspaceID(r.WorkspaceID); err != nil {
		return err
	}
	if err := validateQuestion(r.Question); err != nil {
		return err
	}
	if strings.Contains(r.DocumentID, ",") || (r.DocumentID != "" && strings.TrimSpace(r.DocumentID) == "") {
		return tooMany("knowledge.document_ids", "document", 2, 1)
	}
	if err := validateTier(r.Model); err != nil {
		return err
	}
	if r.MaxOutputTokens < 0 {
		return outOfRange("max_output_tokens", strconv.Itoa(r.MaxOutputTokens), "0", "")
	}
	if err := validateMetadata(r.Metadata); err != nil {
		return err
	}
	return ValidateHistory(r.History)
}

// askBody is the JSON body of POST /workspace.
type askBody struct {
	WorkspaceID     string            `json:"workspace_id"`
	Question        string            `json:"question"`
	Knowledge       *Knowledge        `json:"knowledge,omitempty"`
	History         []HistoryMessage  `json:"history,omitempty"`
	Model           Tier              `json:"model,omitempty"`
	Thinking        *bool             `json:"thinking,omitempty"`
	Stream          bool              `json:"stream,omitempty"`
	Format          string            `json:"format,omitempty"`
	IncludeSources  *bool             `json:"include_sources,omitempty"`
	MaxOutputTokens int               `json:"max_output_tokens,omitempty"`
	Metadata        map[string]string `json:"metadata,omitempty"`
}

// body validates r and renders the request body.
func (r AskRequest) body(stream bool, format string) ([]byte, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	b := askBody{WorkspaceID: r.WorkspaceID, Question: r.Question, History: r.History, Model: r.Model,
		Thinking: r.Thinking, Stream: stream, Format: format, IncludeSources: r.IncludeSources,
		MaxOutputTokens: r.MaxOutputTokens, Metadata: r.Metadata}
	if r.DocumentID != "" {
		b.Knowledge = &Knowledge{DocumentIDs: []string{r.DocumentID}}
	}
	return json.Marshal(b)
}

// Ask asks a question and returns the whole answer. POST /workspace (200 s).
func (c *Client) Ask(ctx context.Context, r AskRequest) (*Answer, error) {
	body, err := r.body(false, "")
	if err != nil {
		return nil, err
	}
	var a Answer
	req := &request{method: http.MethodPost, path: "/workspace", body: body, timeout: c.timeouts.Ask}
	if err := c.call(ctx, req, decodeInto(&a, MaxAnswerBody)); err != nil {
		return nil, err
	}
	return &a, nil
}

// TextAnswer is an answer asked with format text: the body is the answer, details come in headers.
type TextAnswer struct {
	Text      string
	Found     bool
	Model     string
	Sources   int
	RequestID string
}

// AskText asks a question with format text. POST /workspace (200 s).
func (c *Client) AskText(ctx context.Context, r AskRequest) (*TextAnswer, error) {
	body, err := r.body(false, "text")
	if err != nil {
		return nil, err
	}
	var ta TextAnswer
	req := &request{method: http.MethodPost, path: "/workspace", body: body, timeout: c.timeouts.Ask}
	err = c.call(ctx, req, func(resp *http.Response) error {
		h := resp.Header
		ta.Found = strings.EqualFold(strings.TrimSpace(h.Get("X-Service-Found")), "true")
		ta.Model = h.Get("X-Service-Model")
		ta.Sources, _ = strconv.Atoi(strings.TrimSpace(h.Get("X-Service-Sources")))
		ta.RequestID = h.Get("X-Request-ID")
		return decodeWith(MaxAnswerBody, func(b []byte) error { ta.Text = string(b); return nil })(resp)
	})
	if err != nil {
		return nil, err
	}
	return &ta, nil
}

// isJSON reports a JSON content type.
func isJSON(ct string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(ct)), "application/json")
}
