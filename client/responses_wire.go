package client

import (
	"bytes"
	"encoding/json"
	"strings"
)

// The JSON of /v1/responses (model-api.md §2 and §4). The types of model_types.go carry no tags:
// these wire shapes do the encoding, so that a string-or-list field, or an item sent back
// unchanged, is decided in one place.

// responseBody is the JSON body of POST /v1/responses.
type responseBody struct {
	Model             string            `json:"model"`
	Input             any               `json:"input"` // a string, or a list of items
	Instructions      string            `json:"instructions,omitempty"`
	Tools             []responseTool    `json:"tools,omitempty"`
	ToolChoice        any               `json:"tool_choice,omitempty"`
	ParallelToolCalls *bool             `json:"parallel_tool_calls,omitempty"`
	Text              *textOptions      `json:"text,omitempty"`
	MaxOutputTokens   int               `json:"max_output_tokens,omitempty"`
	Temperature       *float64          `json:"temperature,omitempty"`
	TopP              *float64          `json:"top_p,omitempty"`
	Stream            bool              `json:"stream,omitempty"`
	Metadata          map[string]string `json:"metadata,omitempty"`
}

// functionWire is a function tool's definition (FunctionTool with tags); /v1/responses has it
// at the top of the tool, chat completions under "function".
type functionWire struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
	Strict      *bool           `json:"strict,omitempty"`
}

type responseTool struct {
	Type string `json:"type"`
	functionWire
}

type textOptions struct {
	Format formatWire `json:"format"`
}

// formatWire is text.format of /v1/responses (flat), and without its type the json_schema of
// chat completions' response_format.
type formatWire struct {
	Type   string          `json:"type,omitempty"`
	Name   string          `json:"name,omitempty"`
	Schema json.RawMessage `json:"schema,omitempty"`
	Strict *bool           `json:"strict,omitempty"`
}

// partWire is a content part as sent. Text and Refusal are pointers so that an empty text is
// still sent where the part needs one.
type partWire struct {
	Type        string          `json:"type"`
	Text        *string         `json:"text,omitempty"`
	Refusal     *string         `json:"refusal,omitempty"`
	ImageURL    string          `json:"image_url,omitempty"`
	Detail      string          `json:"detail,omitempty"`
	Annotations json.RawMessage `json:"annotations,omitempty"`
}

func partOf(p ContentPart) partWire {
	text := p.Text
	switch p.Type {
	case PartInputImage:
		return partWire{Type: p.Type, ImageURL: p.ImageURL, Detail: p.Detail}
	case PartRefusal:
		return partWire{Type: p.Type, Refusal: &text}
	case PartOutputText:
		return partWire{Type: p.Type, Text: &text, Annotations: json.RawMessage("[]")}
	}
	return partWire{Type: p.Type, Text: &text}
}

func partsOf(ps []ContentPart) []partWire {
	out := make([]partWire, len(ps))
	for i, p := range ps {
		out[i] = partOf(p)
	}
	return out
}

type messageItem struct {
	Type    string     `json:"type"`
	Role    string     `json:"role"`
	Content []partWire `json:"content"`
}

type callItem struct {
	Type      string `json:"type"`
	CallID    string `json:"call_id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type callOutputItem struct {
	Type   string `json:"type"`
	CallID string `json:"call_id"`
	Output any    `json:"output"` // a string, or input_text and input_image parts
}

// itemOf is the JSON of one input item: Raw unchanged when set.
func itemOf(it InputItem) any {
	switch {
	case len(it.Raw) > 0:
		return it.Raw
	case it.Type == ItemFunctionCall:
		return callItem{Type: it.Type, CallID: it.CallID, Name: it.Name, Arguments: it.Arguments}
	case it.Type == ItemFunctionCallOutput && it.OutputParts != nil:
		return callOutputItem{Type: it.Type, CallID: it.CallID, Output: partsOf(it.OutputParts)}
	case it.Type == ItemFunctionCallOutput:
		return callOutputItem{Type: it.Type, CallID: it.CallID, Output: it.Output}
	}
	return messageItem{Type: ItemMessage, Role: it.Role, Content: partsOf(it.Content)}
}

// toolChoiceOf is tool_choice: a mode, or one function ({type function, name}).
func toolChoiceOf(tc *ToolChoice, nested bool) any {
	switch {
	case tc == nil:
		return nil
	case tc.Function == "":
		return tc.Mode
	case nested: // chat completions
		return map[string]any{"type": "function", "function": map[string]string{"name": tc.Function}}
	}
	return map[string]string{"type": "function", "name": tc.Function}
}

// body renders the request; stream sets "stream": true.
func (r ResponseRequest) body(stream bool) ([]byte, error) {
	b := responseBody{Model: r.Model, Instructions: r.Instructions, ToolChoice: toolChoiceOf(r.ToolChoice, false),
		ParallelToolCalls: r.ParallelToolCalls, MaxOutputTokens: r.MaxOutputTokens, Temperature: r.Temperature,
		TopP: r.TopP, Stream: stream, Metadata: r.Metadata}
	b.Input = r.InputText
	if r.Input != nil {
		items := make([]any, len(r.Input))
		for i, it := range r.Input {
			items[i] = itemOf(it)
		}
		b.Input = items
	}
	for _, t := range r.Tools {
		b.Tools = append(b.Tools, responseTool{Type: "function", functionWire: functionWire(t)})
	}
	if f := r.TextFormat; f != nil {
		b.Text = &textOptions{Format: formatWire{Type: f.Type, Name: f.Name, Schema: f.Schema, Strict: f.Strict}}
	}
	return json.Marshal(b)
}

// responseWire is the response object as received. Times are read as numbers of any kind.
type responseWire struct {
	ID                string            `json:"id"`
	Object            string            `json:"object"`
	CreatedAt         float64           `json:"created_at"`
	CompletedAt       float64           `json:"completed_at"`
	Status            string            `json:"status"`
	Model             string            `json:"model"`
	Output            []json.RawMessage `json:"output"`
	Usage             *usageWire        `json:"usage"`
	Error             json.RawMessage   `json:"error"`
	IncompleteDetails *struct {
		Reason string `json:"reason"`
	} `json:"incomplete_details"`
}

type usageWire struct {
	InputTokens        int `json:"input_tokens"`
	InputTokensDetails struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"input_tokens_details"`
	OutputTokens        int `json:"output_tokens"`
	OutputTokensDetails struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"output_tokens_details"`
	TotalTokens int `json:"total_tokens"`
}

// decodeResponse reads a response object; fields it does not name stay in Raw.
func decodeResponse(raw []byte, redact func(string) string) (*Response, error) {
	var w responseWire
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, err
	}
	r := &Response{ID: w.ID, Object: w.Object, CreatedAt: int64(w.CreatedAt), CompletedAt: int64(w.CompletedAt),
		Status: w.Status, Model: w.Model, Raw: raw}
	for _, item := range w.Output {
		it, err := decodeOutputItem(item)
		if err != nil {
			return nil, err
		}
		r.Output = append(r.Output, *it)
	}
	if u := w.Usage; u != nil {
		r.Usage = &ResponseUsage{InputTokens: u.InputTokens, CachedTokens: u.InputTokensDetails.CachedTokens,
			OutputTokens: u.OutputTokens, ReasoningTokens: u.OutputTokensDetails.ReasoningTokens, TotalTokens: u.TotalTokens}
	}
	if w.IncompleteDetails != nil {
		r.IncompleteReason = w.IncompleteDetails.Reason
	}
	if t := bytes.TrimSpace(w.Error); len(t) > 0 && t[0] == '{' {
		r.Error = parseAPIError(0, nil, t, redact)
	}
	return r, nil
}

// outputItemWire is an output item as received.
type outputItemWire struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Status    string          `json:"status"`
	Role      string          `json:"role"`
	Content   []partIn        `json:"content"`
	CallID    string          `json:"call_id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// partIn is a content part as received; a refusal's text is read into Text.
type partIn struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	Refusal  string `json:"refusal"`
	ImageURL string `json:"image_url"`
	Detail   string `json:"detail"`
}

func (p partIn) part() ContentPart {
	return ContentPart{Type: p.Type, Text: firstNonEmpty(p.Text, p.Refusal), ImageURL: p.ImageURL, Detail: p.Detail}
}

// decodeOutputItem reads one output item, keeping raw to send back unchanged.
func decodeOutputItem(raw []byte) (*OutputItem, error) {
	var w outputItemWire
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, err
	}
	it := &OutputItem{Type: w.Type, ID: w.ID, Status: w.Status, Role: w.Role, CallID: w.CallID, Name: w.Name,
		Arguments: jsonText(w.Arguments), Raw: raw}
	for _, p := range w.Content {
		it.Content = append(it.Content, p.part())
	}
	return it, nil
}

// jsonText reads arguments: a JSON string (as the spec says) unquoted, anything else as written.
func jsonText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "" // most events have none: skip the failing decode
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if t := bytes.TrimSpace(raw); string(t) != "null" {
		return string(t)
	}
	return ""
}

// OutputText is all output_text of the response's message items joined, as client libraries
// give it.
func (r *Response) OutputText() string {
	var b strings.Builder
	for _, it := range r.Output {
		if it.Type != ItemMessage {
			continue
		}
		for _, p := range it.Content {
			if p.Type == PartOutputText {
				b.WriteString(p.Text)
			}
		}
	}
	return b.String()
}

// FunctionCalls returns the function_call items of the output, in order.
func (r *Response) FunctionCalls() []OutputItem {
	var calls []OutputItem
	for _, it := range r.Output {
		if it.Type == ItemFunctionCall {
			calls = append(calls, it)
		}
	}
	return calls
}

// InputItem returns the item to send back unchanged in the next request's input.
func (it OutputItem) InputItem() InputItem {
	return InputItem{Type: it.Type, Role: it.Role, Content: it.Content, CallID: it.CallID, Name: it.Name,
		Arguments: it.Arguments, Raw: it.Raw}
}
