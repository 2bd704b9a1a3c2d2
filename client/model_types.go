package client

import "encoding/json"

// The types of the model endpoints (/v1, model-api.md §2). Fields the spec does not show are kept
// in Extra or Raw so that nothing the server sends is lost. The requests' JSON encodings (a string
// or a list of parts, an item sent back unchanged) are done by the request code, not by tags here.

// The tiers of the model endpoints (model-api.md §1.1). Genius exists only on some servers; any
// other name gives 404 model_not_found.
const (
	ModelInstant = "Instant"
	ModelFast    = "Fast"
	ModelSmart   = "Smart"
	ModelGenius  = "Genius"
)

// Model is one tier of GET /v1/models, as far as the spec names its fields.
type Model struct {
	ID                       string
	Capabilities             ModelCapabilities
	ContextWindow            int // tokens; 0 when not reported
	MaxOutputTokens          int // the tier's longest answer; 0 when not reported
	MaxOutputTokensWithTools int // the limit (and default) when tools are sent; 0 when not reported
	Extra                    map[string]json.RawMessage
	Raw                      json.RawMessage // the entry exactly as received, every key at every depth
}

// ModelCapabilities says what a tier can take.
type ModelCapabilities struct {
	Tools  bool // function calling
	Vision bool // image inputs
}

// ContentPart is one part of a message: input_text or input_image when sent to /v1/responses
// (text or image_url in chat completions), output_text or refusal in assistant history.
type ContentPart struct {
	Type     string // input_text, input_image, output_text, refusal
	Text     string
	ImageURL string // a data: URL (PNG, JPEG, WebP, GIF or BMP)
	Detail   string // "" or auto
}

// Content part and item types of /v1/responses (model-api.md §2, input items).
const (
	PartInputText  = "input_text"
	PartInputImage = "input_image"
	PartOutputText = "output_text"
	PartRefusal    = "refusal"

	ItemMessage            = "message"
	ItemFunctionCall       = "function_call"
	ItemFunctionCallOutput = "function_call_output"
)

// InputItem is one input item of /v1/responses: a message (Role, Content), a function_call
// (CallID, Name, Arguments) or a function_call_output (CallID, Output or OutputParts). An item
// with Raw set is sent exactly as Raw, whatever the other fields say: that is how items from an
// earlier output go back unchanged.
type InputItem struct {
	Type        string
	Role        string // system, developer, user, assistant
	Content     []ContentPart
	CallID      string
	Name        string
	Arguments   string // a JSON text
	Output      string
	OutputParts []ContentPart // input_text and input_image parts, instead of Output
	Raw         json.RawMessage
}

// FunctionTool is a function the model may call. Parameters is a JSON schema object.
type FunctionTool struct {
	Name        string
	Description string
	Parameters  json.RawMessage
	Strict      *bool
}

// ToolChoice is auto (the default when nil), none, required, or one function by name.
type ToolChoice struct {
	Mode     string // auto, none, required; "" when Function is set
	Function string
}

// TextFormat is text.format of /v1/responses and response_format of chat completions.
type TextFormat struct {
	Type   string // text, json_object, json_schema
	Name   string // json_schema only
	Schema json.RawMessage
	Strict *bool
}

// ResponseRequest is a request to POST /v1/responses. Input is either InputText (one user
// message) or Input (items); the whole conversation is sent each time (the service keeps none).
type ResponseRequest struct {
	Model             string
	InputText         string
	Input             []InputItem
	Instructions      string
	Tools             []FunctionTool
	ToolChoice        *ToolChoice
	ParallelToolCalls *bool
	TextFormat        *TextFormat
	MaxOutputTokens   int // 0: the server's default
	Temperature       *float64
	TopP              *float64
	Metadata          map[string]string
}

// Response is the response object of /v1/responses (and of response.completed, .incomplete
// and .failed events).
type Response struct {
	ID               string
	Object           string
	CreatedAt        int64
	CompletedAt      int64
	Status           string // completed, incomplete, failed; unknown values kept as text
	Model            string
	Output           []OutputItem
	Usage            *ResponseUsage
	Error            *APIError // status failed: code, message, request id
	IncompleteReason string    // incomplete_details.reason, for example max_output_tokens
	Raw              json.RawMessage
}

// OutputItem is one item of a response's output: a message (Role, Content) or a function_call
// (CallID, Name, Arguments). Raw is the item as received, to send back unchanged.
type OutputItem struct {
	Type      string
	ID        string
	Status    string
	Role      string
	Content   []ContentPart
	CallID    string
	Name      string
	Arguments string
	Raw       json.RawMessage
}

// ResponseUsage counts the tokens of a response.
type ResponseUsage struct {
	InputTokens     int
	CachedTokens    int
	OutputTokens    int
	ReasoningTokens int
	TotalTokens     int
}

// ResponseEvent is one event of a streamed /v1/responses answer (model-api.md §6). Only the
// fields its Type uses are set; Raw keeps the data object.
type ResponseEvent struct {
	Type           string // response.created, response.output_text.delta, ...
	SequenceNumber int
	ItemID         string
	OutputIndex    int
	ContentIndex   int
	Delta          string       // output_text.delta, function_call_arguments.delta
	Text           string       // output_text.done
	Arguments      string       // function_call_arguments.done
	Item           *OutputItem  // output_item.added, output_item.done
	Part           *ContentPart // content_part.added, content_part.done
	Response       *Response    // created, in_progress, completed, incomplete, failed
	Error          *APIError    // failed (the response's error), error
	Raw            json.RawMessage
}

// ChatMessage is one message of /v1/chat/completions. Content is the text; Parts, when set,
// replaces it with text and image_url parts (images on user messages only).
type ChatMessage struct {
	Role       string // system, developer, user, assistant, tool
	Content    string
	Parts      []ContentPart
	ToolCalls  []ToolCall // assistant
	ToolCallID string     // tool
	Name       string
}

// ToolCall is a function call asked for by the model in a chat completion.
type ToolCall struct {
	ID        string
	Type      string // function
	Name      string
	Arguments string // a JSON text
}

// ChatRequest is a request to POST /v1/chat/completions.
type ChatRequest struct {
	Model               string
	Messages            []ChatMessage
	Tools               []FunctionTool
	ToolChoice          *ToolChoice
	ParallelToolCalls   *bool
	ResponseFormat      *TextFormat
	MaxCompletionTokens int
	Temperature         *float64
	TopP                *float64
	PresencePenalty     *float64
	FrequencyPenalty    *float64
	Stop                []string
	Seed                *int64
}

// ChatCompletion is the chat.completion object (a streamed one is assembled from its chunks).
type ChatCompletion struct {
	ID      string
	Object  string
	Created int64
	Model   string
	Choices []ChatChoice
	Usage   *ChatUsage
	Raw     json.RawMessage
}

// ChatChoice is one choice of a chat completion. FinishReason is stop, length or tool_calls.
type ChatChoice struct {
	Index        int
	Message      ChatMessage
	FinishReason string
}

// ChatUsage counts the tokens of a chat completion.
type ChatUsage struct {
	PromptTokens     int
	CompletionTokens int
	TotalTokens      int
}

// ChatChunk is one chat.completion.chunk of a streamed chat completion. The stream's Final chunk
// (data: [DONE], never handed out by Next) has only Completion: the chunks assembled.
type ChatChunk struct {
	ID         string
	Model      string
	Created    int64
	Choices    []ChatChunkChoice
	Usage      *ChatUsage
	Raw        json.RawMessage
	Completion *ChatCompletion
}

// ChatChunkChoice is the delta of one choice in a chunk; tool calls come in pieces, by Index.
type ChatChunkChoice struct {
	Index        int
	Role         string
	Content      string
	ToolCalls    []ToolCallDelta
	FinishReason string // "" until the end
}

// ToolCallDelta is a piece of a streamed tool call: ID and Name come first, Arguments in pieces.
type ToolCallDelta struct {
	Index     int
	ID        string
	Name      string
	Arguments string
}
