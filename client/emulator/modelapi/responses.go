package modelapi

import (
	"encoding/json"
	"net/http"

	"lectern/client/emulator/internal/serve"
)

// responseJSON is the Response object (model-api.md §2).
type responseJSON struct {
	ID                string            `json:"id"`
	Object            string            `json:"object"`
	CreatedAt         int64             `json:"created_at"`
	CompletedAt       *int64            `json:"completed_at"`
	Status            string            `json:"status"`
	Model             string            `json:"model"`
	Output            []any             `json:"output"`
	Usage             *usageJSON        `json:"usage"`
	Error             *respErrorJSON    `json:"error"`
	IncompleteDetails *incompleteJSON   `json:"incomplete_details"`
	Metadata          map[string]string `json:"metadata"`
	Instructions      *string           `json:"instructions"`
	Tools             []json.RawMessage `json:"tools"`
	ToolChoice        json.RawMessage   `json:"tool_choice"`
	ParallelToolCalls bool              `json:"parallel_tool_calls"`
	Text              textJSON          `json:"text"`
	Temperature       float64           `json:"temperature"`
	TopP              float64           `json:"top_p"`
	MaxOutputTokens   int               `json:"max_output_tokens"`
	Store             bool              `json:"store"`
}

type textJSON struct {
	Format    json.RawMessage `json:"format"`
	Verbosity string          `json:"verbosity"`
}

type usageJSON struct {
	InputTokens         int          `json:"input_tokens"`
	InputTokensDetails  cachedJSON   `json:"input_tokens_details"`
	OutputTokens        int          `json:"output_tokens"`
	OutputTokensDetails reasonedJSON `json:"output_tokens_details"`
	TotalTokens         int          `json:"total_tokens"`
}

type cachedJSON struct {
	CachedTokens int `json:"cached_tokens"`
}

type reasonedJSON struct {
	ReasoningTokens int `json:"reasoning_tokens"`
}

type respErrorJSON struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	RequestID string `json:"request_id"`
}

type incompleteJSON struct {
	Reason string `json:"reason"`
}

// messageItem is an output message with its output_text part.
type messageItem struct {
	ID      string     `json:"id"`
	Type    string     `json:"type"`
	Role    string     `json:"role"`
	Status  string     `json:"status"`
	Content []textPart `json:"content"`
}

type textPart struct {
	Type        string `json:"type"`
	Text        string `json:"text"`
	Annotations []any  `json:"annotations"`
}

// callItem is an output function_call.
type callItem struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	CallID    string `json:"call_id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
	Status    string `json:"status"`
}

// handleResponses serves POST /v1/responses.
func (s *Service) handleResponses(w http.ResponseWriter, r *http.Request, reqID string, k serve.Key) {
	s.serveAnswer(w, r, reqID, k, decodeResponses, "input", s.streamResponse, s.wholeResponse)
}

// wholeResponse is the Response object of a finished answer.
func (s *Service) wholeResponse(p prepared, o outcome) any {
	resp := s.newResponse(p)
	resp.Output = s.outputItems(o)
	s.finish(&resp, o)
	return resp
}

// newResponse is the Response object in progress: the settings as used, no output yet.
func (s *Service) newResponse(p prepared) responseJSON {
	q := p.q
	resp := responseJSON{ID: s.nextID("resp_"), Object: "response", CreatedAt: s.core.Now().Unix(),
		Status: "in_progress", Model: p.tier.Name, Output: []any{}, Metadata: q.metadata,
		Instructions: q.instructions, Tools: q.tools, ToolChoice: q.toolChoice,
		ParallelToolCalls: q.conv.Parallel, Temperature: 1, TopP: 1, MaxOutputTokens: p.maxOut,
		Text: textJSON{Format: q.textFormat, Verbosity: "medium"}}
	if resp.Tools == nil {
		resp.Tools = []json.RawMessage{}
	}
	if resp.ToolChoice == nil {
		resp.ToolChoice = json.RawMessage(`"auto"`)
	}
	if resp.Text.Format == nil {
		resp.Text.Format = json.RawMessage(`{"type":"text"}`)
	}
	if q.temperature != nil {
		resp.Temperature = *q.temperature
	}
	if q.topP != nil {
		resp.TopP = *q.topP
	}
	return resp
}

// outputItems are the output of a finished answer: function calls, or one message.
func (s *Service) outputItems(o outcome) []any {
	if len(o.calls) > 0 {
		items := make([]any, len(o.calls))
		for i, c := range o.calls {
			items[i] = callItem{ID: s.nextID("fc_"), Type: "function_call", CallID: c.ID, Name: c.Name,
				Arguments: c.Arguments, Status: "completed"}
		}
		return items
	}
	return []any{newMessage(s.nextID("msg_"), o.text, itemStatus(o.incomplete))}
}

// newMessage is an assistant message holding text.
func newMessage(id, text, status string) messageItem {
	return messageItem{ID: id, Type: "message", Role: "assistant", Status: status,
		Content: []textPart{{Type: "output_text", Text: text, Annotations: []any{}}}}
}

// itemStatus is an output item's final status.
func itemStatus(incomplete bool) string {
	if incomplete {
		return "incomplete"
	}
	return "completed"
}

// finish sets the final status, completion time and usage.
func (s *Service) finish(resp *responseJSON, o outcome) {
	now := s.core.Now().Unix()
	resp.Status, resp.CompletedAt = "completed", &now
	if o.incomplete {
		resp.Status, resp.CompletedAt = "incomplete", nil
		resp.IncompleteDetails = &incompleteJSON{Reason: "max_output_tokens"}
	}
	resp.Usage = &usageJSON{InputTokens: o.inTokens, OutputTokens: o.outTokens,
		TotalTokens: o.inTokens + o.outTokens}
}

// fail sets status failed with err.
func fail(resp *responseJSON, err *serve.Error, reqID string) {
	resp.Status = "failed"
	resp.Error = &respErrorJSON{Code: err.Code, Message: err.Message, RequestID: reqID}
}
