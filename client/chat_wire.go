package client

import (
	"encoding/json"
)

// The JSON of /v1/chat/completions (model-api.md §2 and §4).

// chatBody is the JSON body of POST /v1/chat/completions.
type chatBody struct {
	Model               string        `json:"model"`
	Messages            []chatMessage `json:"messages"`
	Tools               []chatTool    `json:"tools,omitempty"`
	ToolChoice          any           `json:"tool_choice,omitempty"`
	ParallelToolCalls   *bool         `json:"parallel_tool_calls,omitempty"`
	ResponseFormat      *chatFormat   `json:"response_format,omitempty"`
	MaxCompletionTokens int           `json:"max_completion_tokens,omitempty"`
	Temperature         *float64      `json:"temperature,omitempty"`
	TopP                *float64      `json:"top_p,omitempty"`
	PresencePenalty     *float64      `json:"presence_penalty,omitempty"`
	FrequencyPenalty    *float64      `json:"frequency_penalty,omitempty"`
	Stop                []string      `json:"stop,omitempty"`
	Seed                *int64        `json:"seed,omitempty"`
	Stream              bool          `json:"stream,omitempty"`
}

type chatTool struct {
	Type     string       `json:"type"`
	Function functionWire `json:"function"`
}

// chatFormat is response_format: {type} or {type json_schema, json_schema {name, schema, strict}}.
type chatFormat struct {
	Type       string      `json:"type"`
	JSONSchema *formatWire `json:"json_schema,omitempty"`
}

// chatMessage is a message as sent and as received (a completion's message).
type chatMessage struct {
	Role       string         `json:"role"`
	Content    any            `json:"content"` // a string, a list of parts, or null
	ToolCalls  []chatToolCall `json:"tool_calls,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
	Name       string         `json:"name,omitempty"`
}

type chatToolCall struct {
	Index    *int   `json:"index,omitempty"` // chunks only
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// chatPart is a text or image_url part.
type chatPart struct {
	Type     string     `json:"type"`
	Text     *string    `json:"text,omitempty"`
	ImageURL *chatImage `json:"image_url,omitempty"`
}

type chatImage struct {
	URL    string `json:"url"`
	Detail string `json:"detail,omitempty"`
}

// chatPartOf is a part as chat completions write it; the /v1/responses names are taken too.
func chatPartOf(p ContentPart) chatPart {
	if p.Type == "image_url" || p.Type == PartInputImage {
		return chatPart{Type: "image_url", ImageURL: &chatImage{URL: p.ImageURL, Detail: p.Detail}}
	}
	text := p.Text
	return chatPart{Type: "text", Text: &text}
}

func chatMessageOf(m ChatMessage) chatMessage {
	out := chatMessage{Role: m.Role, ToolCallID: m.ToolCallID, Name: m.Name}
	switch {
	case m.Parts != nil:
		parts := make([]chatPart, len(m.Parts))
		for i, p := range m.Parts {
			parts[i] = chatPartOf(p)
		}
		out.Content = parts
	case m.Content != "" || len(m.ToolCalls) == 0:
		out.Content = m.Content
	} // an assistant message with only tool calls has content null
	for _, tc := range m.ToolCalls {
		var w chatToolCall
		w.ID, w.Type = tc.ID, firstNonEmpty(tc.Type, "function")
		w.Function.Name, w.Function.Arguments = tc.Name, tc.Arguments
		out.ToolCalls = append(out.ToolCalls, w)
	}
	return out
}

// body renders the request; stream sets "stream": true.
func (r ChatRequest) body(stream bool) ([]byte, error) {
	b := chatBody{Model: r.Model, Messages: make([]chatMessage, len(r.Messages)), ToolChoice: toolChoiceOf(r.ToolChoice, true),
		ParallelToolCalls: r.ParallelToolCalls, MaxCompletionTokens: r.MaxCompletionTokens, Temperature: r.Temperature,
		TopP: r.TopP, PresencePenalty: r.PresencePenalty, FrequencyPenalty: r.FrequencyPenalty, Stop: r.Stop,
		Seed: r.Seed, Stream: stream}
	for i, m := range r.Messages {
		b.Messages[i] = chatMessageOf(m)
	}
	for _, t := range r.Tools {
		b.Tools = append(b.Tools, chatTool{Type: "function", Function: functionWire(t)})
	}
	if f := r.ResponseFormat; f != nil {
		b.ResponseFormat = &chatFormat{Type: f.Type}
		if f.Type == "json_schema" {
			b.ResponseFormat.JSONSchema = &formatWire{Name: f.Name, Schema: f.Schema, Strict: f.Strict}
		}
	}
	return json.Marshal(b)
}

// completionWire is a chat.completion as received; Created as a number of any kind.
type completionWire struct {
	ID      string  `json:"id"`
	Object  string  `json:"object"`
	Created float64 `json:"created"`
	Model   string  `json:"model"`
	Choices []struct {
		Index        int             `json:"index"`
		Message      receivedMessage `json:"message"`
		FinishReason string          `json:"finish_reason"`
	} `json:"choices"`
	Usage *usageCounts `json:"usage"`
}

// receivedMessage is a message or a delta as received; a null content reads as "".
type receivedMessage struct {
	Role      string         `json:"role"`
	Content   string         `json:"content"`
	ToolCalls []chatToolCall `json:"tool_calls"`
}

type usageCounts struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

func (u *usageCounts) usage() *ChatUsage {
	if u == nil {
		return nil
	}
	return &ChatUsage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens, TotalTokens: u.TotalTokens}
}

// decodeCompletion reads a chat completion; fields it does not name stay in Raw.
func decodeCompletion(raw []byte) (*ChatCompletion, error) {
	var w completionWire
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, err
	}
	c := &ChatCompletion{ID: w.ID, Object: w.Object, Created: int64(w.Created), Model: w.Model, Usage: w.Usage.usage(), Raw: raw}
	for _, ch := range w.Choices {
		m := ChatMessage{Role: ch.Message.Role, Content: ch.Message.Content}
		for _, tc := range ch.Message.ToolCalls {
			m.ToolCalls = append(m.ToolCalls, ToolCall{ID: tc.ID, Type: tc.Type, Name: tc.Function.Name, Arguments: tc.Function.Arguments})
		}
		c.Choices = append(c.Choices, ChatChoice{Index: ch.Index, Message: m, FinishReason: ch.FinishReason})
	}
	return c, nil
}

// chunkWire is a chat.completion.chunk as received. Error is set by servers that end a failed
// stream with an error object instead of a chunk.
type chunkWire struct {
	ID      string  `json:"id"`
	Created float64 `json:"created"`
	Model   string  `json:"model"`
	Choices []struct {
		Index        int             `json:"index"`
		Delta        receivedMessage `json:"delta"`
		FinishReason string          `json:"finish_reason"` // null until the end
	} `json:"choices"`
	Usage *usageCounts    `json:"usage"`
	Error json.RawMessage `json:"error"`
}

// chunk converts the wire chunk.
func (w *chunkWire) chunk(raw json.RawMessage) ChatChunk {
	c := ChatChunk{ID: w.ID, Model: w.Model, Created: int64(w.Created), Usage: w.Usage.usage(), Raw: raw}
	for _, ch := range w.Choices {
		cc := ChatChunkChoice{Index: ch.Index, Role: ch.Delta.Role, Content: ch.Delta.Content, FinishReason: ch.FinishReason}
		for i, tc := range ch.Delta.ToolCalls {
			d := ToolCallDelta{Index: i, ID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments}
			if tc.Index != nil {
				d.Index = *tc.Index
			}
			cc.ToolCalls = append(cc.ToolCalls, d)
		}
		c.Choices = append(c.Choices, cc)
	}
	return c
}
