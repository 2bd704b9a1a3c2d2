package client

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

func ptr[T any](v T) *T { return &v }

// imageOf is a PNG data: URL whose image is n bytes.
func imageOf(n int) string {
	pad := (3 - n%3) % 3
	return "data:image/png;base64," + strings.Repeat("A", (n+2)/3*4-pad) + strings.Repeat("=", pad)
}

func userImages(urls ...string) []InputItem {
	parts := []ContentPart{{Type: PartInputText, Text: "What is this?"}}
	for _, u := range urls {
		parts = append(parts, ContentPart{Type: PartInputImage, ImageURL: u})
	}
	return []InputItem{{Role: "user", Content: parts}}
}

var weather = FunctionTool{Name: "get_weather", Description: "Weather of a city", Parameters: json.RawMessage(`{"type":"object"}`)}

// Every check of /v1/responses names its field by the JSON path of the spec.
func TestResponseRequestValidateNamesField(t *testing.T) {
	many := func(n int, it InputItem) []InputItem {
		out := make([]InputItem, n)
		for i := range out {
			out[i] = it
		}
		return out
	}
	nine := make([]string, 9)
	for i := range nine {
		nine[i] = smallPNG
	}
	call := InputItem{Type: ItemFunctionCall, CallID: "c", Name: "get_weather", Arguments: `{"q":"[img]"}`}
	for _, tc := range []struct {
		name   string
		models []Model
		r      ResponseRequest
		field  string
	}{
		{"no tier", nil, ResponseRequest{InputText: "x"}, "model"},
		{"tier unknown to the key", demoModels, ResponseRequest{Model: ModelGenius, InputText: "x"}, "model"},
		{"no input", nil, ResponseRequest{Model: ModelFast}, "input"},
		{"text and items", nil, ResponseRequest{Model: ModelFast, InputText: "x", Input: userImages()}, "input"},
		{"401 items", nil, ResponseRequest{Model: ModelFast, Input: many(401, InputItem{Type: ItemFunctionCallOutput, CallID: "c", Output: "o"})}, "input"},
		{"101 messages", nil, ResponseRequest{Model: ModelFast, Input: many(101, InputItem{Role: "user", Content: []ContentPart{{Type: PartInputText, Text: "x"}}})}, "input"},
		{"role", nil, ResponseRequest{Model: ModelFast, Input: []InputItem{{Role: "robot"}}}, "input[0].role"},
		{"part type", nil, ResponseRequest{Model: ModelFast, Input: []InputItem{{Role: "user", Content: []ContentPart{{Type: "input_file"}}}}}, "input[0].content[0].type"},
		{"image on system", nil, ResponseRequest{Model: ModelFast, Input: []InputItem{{Role: "system", Content: []ContentPart{{Type: PartInputImage, ImageURL: smallPNG}}}}}, "input[0].content[0].type"},
		{"detail", nil, ResponseRequest{Model: ModelFast, Input: []InputItem{{Role: "user", Content: []ContentPart{{Type: PartInputImage, ImageURL: smallPNG, Detail: "high"}}}}}, "input[0].content[0].detail"},
		{"item type", nil, ResponseRequest{Model: ModelFast, Input: []InputItem{{Type: "reasoning"}}}, "input[0].type"},
		{"call id", nil, ResponseRequest{Model: ModelFast, Input: []InputItem{{Type: ItemFunctionCall, Name: "f"}}}, "input[0].call_id"},
		{"call arguments", nil, ResponseRequest{Model: ModelFast, Input: []InputItem{{Type: ItemFunctionCall, CallID: "c", Name: "f", Arguments: "{"}}}, "input[0].arguments"},
		{"raw not an object", nil, ResponseRequest{Model: ModelFast, Input: []InputItem{{Raw: json.RawMessage(`[1]`)}}}, "input[0]"},
		{"images on a tier without vision", demoModels, ResponseRequest{Model: ModelInstant, Input: userImages(smallPNG)}, "input[0].content[1].image_url"},
		{"not a data URL", nil, ResponseRequest{Model: ModelFast, Input: userImages("https://example.com/a.png")}, "input[0].content[1].image_url"},
		{"not an image type", nil, ResponseRequest{Model: ModelFast, Input: userImages("data:image/svg+xml;base64,AAAA")}, "input[0].content[1].image_url"},
		{"nine images", nil, ResponseRequest{Model: ModelFast, Input: userImages(nine...)}, "input[0].content[9].image_url"},
		{"image over 10 MiB", nil, ResponseRequest{Model: ModelFast, Input: userImages(imageOf(10<<20 + 1))}, "input[0].content[1].image_url"},
		{"images over 20 MiB", nil, ResponseRequest{Model: ModelFast, Input: userImages(imageOf(8<<20), imageOf(8<<20), imageOf(8<<20))}, "input[0].content[3].image_url"},
		{"image in a function output", demoModels, ResponseRequest{Model: ModelInstant, Input: []InputItem{{Type: ItemFunctionCallOutput, CallID: "c", OutputParts: []ContentPart{{Type: PartInputImage, ImageURL: smallPNG}}}}}, "input[0].output[0].image_url"},
		{"tools on a tier without tools", demoModels, ResponseRequest{Model: ModelInstant, InputText: "x", Tools: []FunctionTool{weather}}, "tools"},
		{"tool name", nil, ResponseRequest{Model: ModelFast, InputText: "x", Tools: []FunctionTool{{Name: "get weather"}}}, "tools[0].name"},
		{"tool parameters", nil, ResponseRequest{Model: ModelFast, InputText: "x", Tools: []FunctionTool{{Name: "f", Parameters: json.RawMessage(`"x"`)}}}, "tools[0].parameters"},
		{"tool_choice unknown function", nil, ResponseRequest{Model: ModelFast, InputText: "x", Tools: []FunctionTool{weather}, ToolChoice: &ToolChoice{Function: "other"}}, "tool_choice"},
		{"tool_choice mode", nil, ResponseRequest{Model: ModelFast, InputText: "x", ToolChoice: &ToolChoice{Mode: "always"}}, "tool_choice"},
		{"max_output_tokens over the tier", demoModels, ResponseRequest{Model: ModelFast, InputText: "x", MaxOutputTokens: 8193}, "max_output_tokens"},
		{"max_output_tokens over the tier with tools", demoModels, ResponseRequest{Model: ModelFast, InputText: "x", Tools: []FunctionTool{weather}, MaxOutputTokens: 4097}, "max_output_tokens"},
		{"max_output_tokens negative", nil, ResponseRequest{Model: ModelFast, InputText: "x", MaxOutputTokens: -1}, "max_output_tokens"},
		{"temperature", nil, ResponseRequest{Model: ModelFast, InputText: "x", Temperature: ptr(2.5)}, "temperature"},
		{"top_p", nil, ResponseRequest{Model: ModelFast, InputText: "x", TopP: ptr(1.5)}, "top_p"},
		{"both", nil, ResponseRequest{Model: ModelFast, InputText: "x", Temperature: ptr(1.0), TopP: ptr(0.5)}, "top_p"},
		{"format type", nil, ResponseRequest{Model: ModelFast, InputText: "x", TextFormat: &TextFormat{Type: "xml"}}, "text.format.type"},
		{"format name", nil, ResponseRequest{Model: ModelFast, InputText: "x", TextFormat: &TextFormat{Type: "json_schema", Schema: json.RawMessage(`{}`)}}, "text.format.name"},
		{"schema too long", nil, ResponseRequest{Model: ModelFast, InputText: "x", TextFormat: &TextFormat{Type: "json_schema", Name: "n",
			Schema: json.RawMessage(`{"description":"` + strings.Repeat("x", 64000) + `"}`)}}, "text.format.schema"},
		{"metadata", nil, ResponseRequest{Model: ModelFast, InputText: "x", Metadata: metadataOf(17)}, "metadata"},
		{"marker in a tool description", nil, ResponseRequest{Model: ModelFast, Input: userImages(smallPNG),
			Tools: []FunctionTool{{Name: "f", Description: "returns [img-1]"}}}, "tools[0].description"},
		{"marker in a schema", nil, ResponseRequest{Model: ModelFast, Input: userImages(smallPNG),
			TextFormat: &TextFormat{Type: "json_schema", Name: "n", Schema: json.RawMessage(`{"description":"[img]"}`)}}, "text.format.schema"},
		{"marker in call arguments", nil, ResponseRequest{Model: ModelFast, Input: append(userImages(smallPNG), call)}, "input[1].arguments"},
	} {
		err := tc.r.Validate(tc.models)
		var ve *ValidationError
		if !errors.As(err, &ve) || ve.Field != tc.field {
			t.Errorf("%s: %v, want field %s", tc.name, err, tc.field)
		}
	}
}

// What passes: the marker in ordinary text (the server adds a space), the marker without
// images, tools and images on Fast, the limits met exactly.
func TestResponseRequestValidateAccepts(t *testing.T) {
	for name, r := range map[string]ResponseRequest{
		"text":                   {Model: ModelFast, InputText: "Hi"},
		"marker in text":         {Model: ModelFast, Input: append(userImages(smallPNG), InputItem{Role: "user", Content: []ContentPart{{Type: PartInputText, Text: "[img] here"}}})},
		"marker without images":  {Model: ModelFast, InputText: "x", Tools: []FunctionTool{{Name: "f", Description: "[img]"}}},
		"tools and images":       {Model: ModelFast, Input: userImages(smallPNG), Tools: []FunctionTool{weather}, ToolChoice: &ToolChoice{Function: "get_weather"}, MaxOutputTokens: 4096},
		"eight images, 20 MiB":   {Model: ModelFast, Input: userImages(imageOf(10<<20), imageOf(10<<20-1024), smallPNG, smallPNG, smallPNG, smallPNG, smallPNG, smallPNG)},
		"an item sent back":      {Model: ModelFast, Input: []InputItem{{Type: ItemFunctionCall, Raw: json.RawMessage(`{"type":"function_call","call_id":"c","name":"f","arguments":"{}"}`)}}},
		"temperature at the top": {Model: ModelFast, InputText: "x", Temperature: ptr(2.0), Metadata: metadataOf(16)},
	} {
		if err := r.Validate(demoModels); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func metadataOf(n int) map[string]string {
	m := map[string]string{}
	for i := 0; i < n; i++ {
		m[strings.Repeat("k", i+1)] = "v"
	}
	return m
}

func TestChatRequestValidateNamesField(t *testing.T) {
	user := func(parts ...ContentPart) ChatMessage { return ChatMessage{Role: "user", Parts: parts} }
	img := ContentPart{Type: "image_url", ImageURL: smallPNG}
	many := make([]ChatMessage, 101)
	for i := range many {
		many[i] = ChatMessage{Role: "user", Content: "x"}
	}
	for _, tc := range []struct {
		name   string
		models []Model
		r      ChatRequest
		field  string
	}{
		{"no tier", nil, ChatRequest{Messages: chatFast.Messages}, "model"},
		{"tier unknown", demoModels, ChatRequest{Model: "gpt-4o", Messages: chatFast.Messages}, "model"},
		{"no messages", nil, ChatRequest{Model: ModelFast}, "messages"},
		{"101 messages", nil, ChatRequest{Model: ModelFast, Messages: many}, "messages"},
		{"role", nil, ChatRequest{Model: ModelFast, Messages: []ChatMessage{{Role: "function", Content: "x"}}}, "messages[0].role"},
		{"tool without call id", nil, ChatRequest{Model: ModelFast, Messages: []ChatMessage{{Role: "tool", Content: "x"}}}, "messages[0].tool_call_id"},
		{"image on an assistant message", nil, ChatRequest{Model: ModelFast, Messages: []ChatMessage{{Role: "assistant", Parts: []ContentPart{img}}}}, "messages[0].content[0].type"},
		{"images without vision", demoModels, ChatRequest{Model: ModelInstant, Messages: []ChatMessage{user(ContentPart{Type: "text", Text: "x"}, img)}}, "messages[0].content[1].image_url"},
		{"bad image", nil, ChatRequest{Model: ModelFast, Messages: []ChatMessage{user(ContentPart{Type: "image_url", ImageURL: "data:text/plain;base64,AAAA"})}}, "messages[0].content[0].image_url"},
		{"tools without tools", demoModels, ChatRequest{Model: ModelInstant, Messages: chatFast.Messages, Tools: []FunctionTool{weather}}, "tools"},
		{"tool name", nil, ChatRequest{Model: ModelFast, Messages: chatFast.Messages, Tools: []FunctionTool{{Name: ""}}}, "tools[0].function.name"},
		{"tool call id", nil, ChatRequest{Model: ModelFast, Messages: []ChatMessage{{Role: "assistant", ToolCalls: []ToolCall{{Name: "f"}}}}}, "messages[0].tool_calls[0].id"},
		{"max_completion_tokens", demoModels, ChatRequest{Model: ModelFast, Messages: chatFast.Messages, MaxCompletionTokens: 9000}, "max_completion_tokens"},
		{"presence_penalty", nil, ChatRequest{Model: ModelFast, Messages: chatFast.Messages, PresencePenalty: ptr(3.0)}, "presence_penalty"},
		{"temperature and top_p", nil, ChatRequest{Model: ModelFast, Messages: chatFast.Messages, Temperature: ptr(1.0), TopP: ptr(1.0)}, "top_p"},
		{"response_format schema", nil, ChatRequest{Model: ModelFast, Messages: chatFast.Messages, ResponseFormat: &TextFormat{Type: "json_schema", Name: "n"}}, "response_format.json_schema.schema"},
		{"marker in tool parameters", nil, ChatRequest{Model: ModelFast, Messages: []ChatMessage{user(img)},
			Tools: []FunctionTool{{Name: "f", Parameters: json.RawMessage(`{"description":"[img-2]"}`)}}}, "tools[0].function.parameters"},
		{"marker in earlier call arguments", nil, ChatRequest{Model: ModelFast, Messages: []ChatMessage{user(img),
			{Role: "assistant", ToolCalls: []ToolCall{{ID: "c", Name: "f", Arguments: `{"a":"[img]"}`}}}}}, "messages[1].tool_calls[0].function.arguments"},
	} {
		err := tc.r.Validate(tc.models)
		var ve *ValidationError
		if !errors.As(err, &ve) || ve.Field != tc.field {
			t.Errorf("%s: %v, want field %s", tc.name, err, tc.field)
		}
	}
}

// Create* and Stream* check before sending: nothing reaches the server.
func TestV1ValidationSendsNothing(t *testing.T) {
	var n atomic.Int32
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) { n.Add(1) }))
	bad := ResponseRequest{Model: ModelFast, InputText: "x", TopP: ptr(2.0)}
	var ve *ValidationError
	if _, err := c.CreateResponse(t.Context(), bad); !errors.As(err, &ve) {
		t.Fatal(err)
	}
	if s := c.StreamResponse(t.Context(), bad); s.Next() || !errors.As(s.Err(), &ve) || s.Close() != nil {
		t.Fatal(s.Err())
	}
	badChat := ChatRequest{Model: ModelFast}
	if _, err := c.CreateChatCompletion(t.Context(), badChat); !errors.As(err, &ve) {
		t.Fatal(err)
	}
	if s := c.StreamChatCompletion(t.Context(), badChat); s.Next() || !errors.As(s.Err(), &ve) || s.Final().Completion != nil {
		t.Fatal(s.Err())
	}
	if n.Load() != 0 {
		t.Fatal("a request was sent")
	}
}
