package modelapi

import (
	"encoding/json"
	"net/http"

	"lectern/client/emulator/internal/serve"
)

// completionJSON is the Chat completion object (model-api.md §2).
type completionJSON struct {
	ID      string       `json:"id"`
	Object  string       `json:"object"`
	Created int64        `json:"created"`
	Model   string       `json:"model"`
	Choices []choiceJSON `json:"choices"`
	Usage   *chatUsage   `json:"usage,omitempty"`
}

type choiceJSON struct {
	Index        int          `json:"index"`
	Message      *chatMessage `json:"message,omitempty"`
	Delta        *chatMessage `json:"delta,omitempty"`
	FinishReason *string      `json:"finish_reason"`
	Logprobs     any          `json:"logprobs"`
}

type chatMessage struct {
	Role      string         `json:"role,omitempty"`
	Content   *string        `json:"content,omitempty"`
	ToolCalls []chatToolCall `json:"tool_calls,omitempty"`
	Refusal   *string        `json:"refusal,omitempty"`
}

type chatToolCall struct {
	Index    *int         `json:"index,omitempty"` // in stream deltas only
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function chatFunction `json:"function"`
}

type chatFunction struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type chatUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// handleChat serves POST /v1/chat/completions.
func (s *Service) handleChat(w http.ResponseWriter, r *http.Request, reqID string, k serve.Key) {
	s.serveAnswer(w, r, reqID, k, decodeChat, "messages", s.streamChat, s.wholeCompletion)
}

// wholeCompletion is the Chat completion object of a finished answer.
func (s *Service) wholeCompletion(p prepared, o outcome) any {
	c := s.newCompletion(p, "chat.completion")
	msg := &chatMessage{Role: "assistant", ToolCalls: toolCalls(o, false)}
	if len(o.calls) == 0 {
		msg.Content = &o.text
	}
	reason := finishReason(o)
	c.Choices = []choiceJSON{{Message: msg, FinishReason: &reason}}
	c.Usage = usageOf(o)
	return c
}

// newCompletion is a completion or chunk without choices.
func (s *Service) newCompletion(p prepared, object string) completionJSON {
	return completionJSON{ID: s.nextID("chatcmpl-"), Object: object, Created: s.core.Now().Unix(),
		Model: p.tier.Name}
}

// toolCalls converts the outcome's calls; indexed for stream deltas.
func toolCalls(o outcome, indexed bool) []chatToolCall {
	var out []chatToolCall
	for i, c := range o.calls {
		tc := chatToolCall{ID: c.ID, Type: "function", Function: chatFunction{Name: c.Name, Arguments: c.Arguments}}
		if indexed {
			tc.Index = &i
		}
		out = append(out, tc)
	}
	return out
}

// finishReason is tool_calls, length (cut at the token limit) or stop.
func finishReason(o outcome) string {
	switch {
	case len(o.calls) > 0:
		return "tool_calls"
	case o.incomplete:
		return "length"
	}
	return "stop"
}

// usageOf is the outcome's token counts.
func usageOf(o outcome) *chatUsage {
	return &chatUsage{PromptTokens: o.inTokens, CompletionTokens: o.outTokens, TotalTokens: o.inTokens + o.outTokens}
}

// streamChat sends chat.completion.chunk data lines ending with data: [DONE]: the role, the text
// in pieces (or whole when structured) or the tool calls, the finish reason, and the usage when
// stream_options.include_usage asks. A failure sends {"error": {...}} and no [DONE].
func (s *Service) streamChat(w http.ResponseWriter, r *http.Request, reqID string, p prepared) {
	st := serve.OpenStream(w, r, ": keep-alive", s.cfg.PingAfter, p.faults)
	base := s.newCompletion(p, "chat.completion.chunk")
	chunk := func(delta chatMessage, reason *string) bool {
		c := base
		c.Choices = []choiceJSON{{Delta: &delta, FinishReason: reason}}
		return sendJSON(st, c)
	}
	empty := ""
	chunk(chatMessage{Role: "assistant", Content: &empty}, nil)
	st.Pause(s.cfg.ThinkDelay)
	o := s.streamedAnswer(p)
	if o.err != nil || !s.chatBody(st, chunk, o, p, reqID) {
		if o.err != nil {
			sendJSON(st, serve.NewV1Error(o.err, reqID))
		}
		return
	}
	reason := finishReason(o)
	chunk(chatMessage{}, &reason)
	if p.q.includeUsage {
		c := base
		c.Choices, c.Usage = []choiceJSON{}, usageOf(o)
		sendJSON(st, c)
	}
	st.Event("", []byte("[DONE]"))
}

// chatBody sends the tool calls or the text deltas; an injected failure after some deltas sends
// the error line and returns false.
func (s *Service) chatBody(st *serve.Stream, chunk func(chatMessage, *string) bool, o outcome, p prepared, reqID string) bool {
	if len(o.calls) > 0 {
		return chunk(chatMessage{ToolCalls: toolCalls(o, true)}, nil)
	}
	return s.sendDeltas(st, p, o.text, func(d string) { chunk(chatMessage{Content: &d}, nil) },
		func(err *serve.Error) { sendJSON(st, serve.NewV1Error(err, reqID)) })
}

// sendJSON writes v as one data line.
func sendJSON(st *serve.Stream, v any) bool {
	b, err := json.Marshal(v)
	return err == nil && st.Event("", b)
}
