package emulator_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"lectern/client/emulator"
	"lectern/client/emulator/smallmodel"
)

// These tests drive the emulator's /v1 endpoints with the official openai-go module: a client
// nobody here wrote.

// openaiClient serves the demo (without delays) and returns an openai-go client for its key.
func openaiClient(t *testing.T, cfg emulator.Config) (*emulator.Emulator, openai.Client) {
	t.Helper()
	cfg.ThinkDelay, cfg.DeltaDelay = -1, -1
	e, info := emulator.StartDemo(cfg)
	t.Cleanup(e.Close)
	c := openai.NewClient(option.WithBaseURL(e.URL()+"/v1/"), option.WithAPIKey(info.Key),
		option.WithMaxRetries(0))
	return e, c
}

// Models.List shows the demo tiers with their capabilities; Genius only when configured.
func TestOpenAIModels(t *testing.T) {
	for _, genius := range []bool{false, true} {
		_, c := openaiClient(t, emulator.Config{Genius: genius})
		page, err := c.Models.List(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, m := range page.Data {
			ids = append(ids, m.ID)
			var extra struct {
				Capabilities struct{ Tools, Vision bool }
			}
			if err := json.Unmarshal([]byte(m.RawJSON()), &extra); err != nil {
				t.Fatal(err)
			}
			if want := m.ID != "Instant"; extra.Capabilities.Tools != want || extra.Capabilities.Vision != want {
				t.Errorf("%s capabilities %+v", m.ID, extra.Capabilities)
			}
		}
		want := "Instant Fast Smart"
		if genius {
			want += " Genius"
		}
		if got := strings.Join(ids, " "); got != want {
			t.Errorf("genius %v: tiers %q, want %q", genius, got, want)
		}
	}
}

// Responses.New: a plain answer that says what was asked and what the demo is.
func TestOpenAIResponsesPlain(t *testing.T) {
	_, c := openaiClient(t, emulator.Config{})
	resp, err := c.Responses.New(context.Background(), responses.ResponseNewParams{
		Model: "Fast", Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("How tall is Everest?")},
		Instructions: openai.String("Be brief."),
	})
	if err != nil {
		t.Fatal(err)
	}
	text := resp.OutputText()
	if resp.Status != "completed" || !strings.HasPrefix(text, smallmodel.Intro) ||
		!strings.Contains(text, `You asked: "How tall is Everest?"`) {
		t.Fatalf("status %s, text %q", resp.Status, text)
	}
	if !strings.HasPrefix(resp.ID, "resp_") || resp.Model != "Fast" || resp.Usage.OutputTokens == 0 ||
		resp.Usage.TotalTokens != resp.Usage.InputTokens+resp.Usage.OutputTokens {
		t.Errorf("id %s model %s usage %+v", resp.ID, resp.Model, resp.Usage)
	}
}

// Responses.NewStreaming: the events, accumulated by the library, give the final response's text.
func TestOpenAIResponsesStream(t *testing.T) {
	_, c := openaiClient(t, emulator.Config{})
	stream := c.Responses.NewStreaming(context.Background(), responses.ResponseNewParams{
		Model: "Smart", Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Tell me about streams, please, in many words")},
	})
	var acc responses.ResponseAccumulator
	var final responses.Response
	deltas := 0
	for stream.Next() {
		ev := stream.Current()
		var server responses.ResponsesServerEventUnion
		if err := json.Unmarshal([]byte(ev.RawJSON()), &server); err != nil {
			t.Fatal(err)
		}
		if err := acc.AddEvent(server); err != nil {
			t.Fatalf("accumulator refused %s: %v", ev.Type, err)
		}
		if ev.Type == "response.output_text.delta" {
			deltas++
		}
		if ev.Type == "response.completed" {
			final = ev.Response
		}
	}
	if err := stream.Err(); err != nil {
		t.Fatal(err)
	}
	snap := acc.Snapshot()
	if snap.TerminalEvent != "response.completed" || deltas < 2 {
		t.Fatalf("terminal %q after %d deltas", snap.TerminalEvent, deltas)
	}
	if got := snap.OutputText(); got != final.OutputText() || !strings.Contains(got, "Tell me about streams") {
		t.Errorf("accumulated %q, final %q", got, final.OutputText())
	}
	rebuilt, err := acc.ReconstructedResponse()
	if err != nil || rebuilt.OutputText() != final.OutputText() {
		t.Errorf("reconstructed: %v", err)
	}
}

// Chat.Completions.NewStreaming: chunks accumulated by the library, ending with [DONE].
func TestOpenAIChatStream(t *testing.T) {
	_, c := openaiClient(t, emulator.Config{})
	stream := c.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{
		Model:         "Instant",
		Messages:      []openai.ChatCompletionMessageParamUnion{openai.SystemMessage("Be kind."), openai.UserMessage("What is a chunk?")},
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)},
	})
	var acc openai.ChatCompletionAccumulator
	for stream.Next() {
		acc.AddChunk(stream.Current())
	}
	if err := stream.Err(); err != nil {
		t.Fatal(err)
	}
	if len(acc.Choices) != 1 {
		t.Fatalf("%d choices", len(acc.Choices))
	}
	got := acc.Choices[0]
	if got.FinishReason != "stop" || !strings.Contains(got.Message.Content, `You asked: "What is a chunk?"`) {
		t.Errorf("finish %q content %q", got.FinishReason, got.Message.Content)
	}
	if acc.Usage.CompletionTokens == 0 || !strings.HasPrefix(acc.ID, "chatcmpl-") {
		t.Errorf("usage %+v id %s", acc.Usage, acc.ID)
	}
}

// weatherSchema is a function tool's parameters, with constraints the model must satisfy.
var weatherSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"city":  map[string]any{"type": "string", "maxLength": 20},
		"units": map[string]any{"type": "string", "enum": []any{"celsius", "fahrenheit"}},
		"days":  map[string]any{"type": "integer", "minimum": 1, "maximum": 7},
	},
	"required":             []any{"city", "units", "days"},
	"additionalProperties": false,
}

// A function-calling round trip on /v1/responses: the model calls the tool the message names,
// with arguments that satisfy its schema; given the output, it answers from it.
func TestOpenAIFunctionRoundTrip(t *testing.T) {
	_, c := openaiClient(t, emulator.Config{})
	ctx := context.Background()
	tools := []responses.ToolUnionParam{responses.ToolParamOfFunction("get_weather", weatherSchema, true)}
	question := responses.ResponseInputItemParamOfMessage("Please call get_weather for Pune", responses.EasyInputMessageRoleUser)
	resp, err := c.Responses.New(ctx, responses.ResponseNewParams{Model: "Fast", Tools: tools,
		Input: responses.ResponseNewParamsInputUnion{OfInputItemList: responses.ResponseInputParam{question}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Output) != 1 || resp.Output[0].Type != "function_call" {
		t.Fatalf("output %s", resp.RawJSON())
	}
	call := resp.Output[0].AsFunctionCall()
	var args struct {
		City  string
		Units string
		Days  int
	}
	if err := json.Unmarshal([]byte(call.Arguments), &args); err != nil || call.Name != "get_weather" ||
		len(args.City) > 20 || args.Units != "celsius" || args.Days != 1 {
		t.Fatalf("call %s(%s): %v", call.Name, call.Arguments, err)
	}
	output := responses.ResponseInputItemParamOfFunctionCallOutput("Sunny, 31 C")
	output.OfFunctionCallOutput.CallID = openai.String(call.CallID)
	callParam := call.ToParam()
	resp, err = c.Responses.New(ctx, responses.ResponseNewParams{Model: "Fast", Tools: tools,
		Input: responses.ResponseNewParamsInputUnion{OfInputItemList: responses.ResponseInputParam{
			question, {OfFunctionCall: &callParam}, output}}})
	if err != nil {
		t.Fatal(err)
	}
	if text := resp.OutputText(); !strings.Contains(text, "The function get_weather returned: Sunny, 31 C.") {
		t.Fatalf("answer %q", text)
	}
}

// The same round trip on chat completions, with the tool result as a tool message.
func TestOpenAIChatFunctionRoundTrip(t *testing.T) {
	_, c := openaiClient(t, emulator.Config{})
	ctx := context.Background()
	tools := []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{
		Name: "get_weather", Parameters: weatherSchema})}
	msgs := []openai.ChatCompletionMessageParamUnion{openai.UserMessage("What's the weather? Use get weather.")}
	done, err := c.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "Smart", Tools: tools, Messages: msgs})
	if err != nil {
		t.Fatal(err)
	}
	choice := done.Choices[0]
	if choice.FinishReason != "tool_calls" || len(choice.Message.ToolCalls) != 1 {
		t.Fatalf("choice %s", choice.RawJSON())
	}
	tc := choice.Message.ToolCalls[0]
	msgs = append(msgs, choice.Message.ToParam(), openai.ToolMessage("Rain, 24 C", tc.ID))
	done, err = c.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "Smart", Tools: tools, Messages: msgs})
	if err != nil {
		t.Fatal(err)
	}
	if got := done.Choices[0].Message.Content; !strings.Contains(got, "get_weather returned: Rain, 24 C") {
		t.Fatalf("answer %q", got)
	}
}

// pngDataURL is a data: URL of a w x h PNG.
func pngDataURL(t *testing.T, w, h int) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// An image input: the model says what the image is (type and size).
func TestOpenAIImageInput(t *testing.T) {
	_, c := openaiClient(t, emulator.Config{})
	img := responses.ResponseInputContentParamOfInputImage(responses.ResponseInputImageDetailAuto)
	img.OfInputImage.ImageURL = openai.String(pngDataURL(t, 7, 3))
	content := responses.ResponseInputMessageContentListParam{
		responses.ResponseInputContentParamOfInputText("What is this?"), img}
	resp, err := c.Responses.New(context.Background(), responses.ResponseNewParams{Model: "Fast",
		Input: responses.ResponseNewParamsInputUnion{OfInputItemList: responses.ResponseInputParam{
			responses.ResponseInputItemParamOfMessage(content, responses.EasyInputMessageRoleUser)}}})
	if err != nil {
		t.Fatal(err)
	}
	if text := resp.OutputText(); !strings.Contains(text, "You sent 1 image: a PNG of 7x3 pixels") {
		t.Fatalf("answer %q", text)
	}
}

// Errors surface as *openai.Error with the status, code and param of the spec.
func TestOpenAIErrors(t *testing.T) {
	e, c := openaiClient(t, emulator.Config{})
	ctx := context.Background()
	ask := func(model string, tools []responses.ToolUnionParam, opts ...option.RequestOption) error {
		_, err := c.Responses.New(ctx, responses.ResponseNewParams{Model: model, Tools: tools,
			Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("hello")}}, opts...)
		return err
	}
	tool := []responses.ToolUnionParam{responses.ToolParamOfFunction("f", map[string]any{"type": "object"}, false)}
	type errCase struct {
		name        string
		err         error
		status      int
		code, param string
	}
	cases := []errCase{
		{"wrong key", ask("Fast", nil, option.WithAPIKey("nope")), 401, "invalid_api_key", ""},
		{"unknown tier", ask("gpt-5", nil), 404, "model_not_found", "model"},
		{"tools on Instant", ask("Instant", tool), 400, "unsupported_tools", "tools"},
	}
	e.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, Code: "model_unavailable",
		RetryAfter: 2 * time.Second, Count: 1, Route: emulator.RouteResponses}})
	cases = append(cases, errCase{"injected 503", ask("Fast", nil), 503, "model_unavailable", ""})
	for _, tc := range cases {
		var apiErr *openai.Error
		if !errors.As(tc.err, &apiErr) {
			t.Errorf("%s: %v is not an *openai.Error", tc.name, tc.err)
			continue
		}
		if apiErr.StatusCode != tc.status || apiErr.Code != tc.code || apiErr.Param != tc.param {
			t.Errorf("%s: %d %s param %q", tc.name, apiErr.StatusCode, apiErr.Code, apiErr.Param)
		}
		if apiErr.Response.Header.Get("X-Request-ID") == "" {
			t.Errorf("%s: no X-Request-ID", tc.name)
		}
	}
}
