package client_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/client"
	"lectern/client/emulator"
	"lectern/client/emulator/smallmodel"
)

// The /v1 client against the /v1 emulator (../shared/spec/model-api.md): every endpoint, the
// stream events of §6, the refusals of §7 and the limits of §8, as the client sees them.

const v1Key = "sk-v1-emulator-0123456789abcdefSECRET"

// quick is the emulator's configuration for tests: no pauses in the answers.
func quick(cfg emulator.Config) emulator.Config {
	cfg.ThinkDelay, cfg.DeltaDelay = -1, -1
	return cfg
}

// newV1Emulator starts an emulator with cfg and v1Key (limited to tiers, when given) and returns
// it with a client that retries quickly.
func newV1Emulator(t *testing.T, cfg emulator.Config, tiers ...string) (*emulator.Emulator, *client.Client) {
	t.Helper()
	emu := emulator.Start(quick(cfg))
	t.Cleanup(emu.Close)
	emu.AddKey(emulator.Key{Secret: v1Key, Owner: "ana", Tiers: tiers})
	return emu, newClient(t, emu.URL(), v1Key)
}

// noRetryClient is a client that gives up at the first error, to see the error itself.
func noRetryClient(t *testing.T, url string) *client.Client {
	t.Helper()
	c, err := client.NewClient(client.WithBaseURL(url), client.WithAPIKey(v1Key),
		client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 0}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// apiError returns err as *client.APIError, failing the test when it is not one.
func apiError(t *testing.T, err error) *client.APIError {
	t.Helper()
	var ae *client.APIError
	if !errors.As(err, &ae) {
		t.Fatalf("want *client.APIError, got %T %v", err, err)
	}
	return ae
}

// wantAPIError checks the status, code and param of an error answer and that it names its request.
func wantAPIError(t *testing.T, err error, status int, code, param string) *client.APIError {
	t.Helper()
	ae := apiError(t, err)
	if ae.StatusCode != status || ae.Code != code || ae.Param != param || !strings.HasPrefix(ae.RequestID, "req_") {
		t.Fatalf("want %d %s (param %q), got %d %s (param %q, request id %q)", status, code, param,
			ae.StatusCode, ae.Code, ae.Param, ae.RequestID)
	}
	return ae
}

// weatherTool is a function tool whose arguments the small model fills from the schema.
var weatherTool = client.FunctionTool{Name: "get_weather", Description: "The weather in a city",
	Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string","maxLength":20},
		"units":{"type":"string","enum":["celsius","fahrenheit"]},"days":{"type":"integer","minimum":1,"maximum":7}},
		"required":["city","units","days"],"additionalProperties":false}`)}

// checkWeatherArgs checks call arguments against weatherTool's schema.
func checkWeatherArgs(t *testing.T, args string) {
	t.Helper()
	var a map[string]any
	if err := json.Unmarshal([]byte(args), &a); err != nil {
		t.Fatalf("arguments %q: %v", args, err)
	}
	city, _ := a["city"].(string)
	days, _ := a["days"].(float64)
	units, _ := a["units"].(string)
	if len(a) != 3 || len(city) > 20 || (units != "celsius" && units != "fahrenheit") || days < 1 || days > 7 || days != float64(int(days)) {
		t.Fatalf("arguments %s do not satisfy the schema", args)
	}
}

// pngURL is a data: URL of a w x h PNG.
func pngURL(t *testing.T, w, h int) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// outputText joins the output_text parts of a response's messages.
func outputText(r *client.Response) string {
	var b strings.Builder
	for _, it := range r.Output {
		for _, p := range it.Content {
			if p.Type == client.PartOutputText {
				b.WriteString(p.Text)
			}
		}
	}
	return b.String()
}

// drain reads a response stream to its end and returns its events.
func drain(s *client.Stream[client.ResponseEvent]) []client.ResponseEvent {
	var evs []client.ResponseEvent
	for s.Next() {
		evs = append(evs, s.Current())
	}
	return evs
}

// eventOrder is the event types of evs, runs of deltas written once with a star, and checks
// that sequence_number counts 0, 1, 2, ...
func eventOrder(t *testing.T, evs []client.ResponseEvent) string {
	t.Helper()
	var types []string
	for i, e := range evs {
		if e.SequenceNumber != i {
			t.Fatalf("event %d (%s) has sequence_number %d", i, e.Type, e.SequenceNumber)
		}
		typ := e.Type
		if typ == client.ResponseOutputTextDelta || typ == client.ResponseArgumentsDelta {
			typ += "*"
			if len(types) > 0 && types[len(types)-1] == typ {
				continue
			}
		}
		types = append(types, typ)
	}
	return strings.Join(types, " ")
}

// deltas joins the output_text deltas of evs and counts them.
func deltas(evs []client.ResponseEvent) (string, int) {
	var b strings.Builder
	n := 0
	for _, e := range evs {
		if e.Type == client.ResponseOutputTextDelta {
			b.WriteString(e.Delta)
			n++
		}
	}
	return b.String(), n
}

// §6: "Order for a text answer: created, in_progress, then per output item: output_item.added,
// content_part.added, many output_text.delta, output_text.done, content_part.done,
// output_item.done."
const textEvents = "response.created response.in_progress response.output_item.added response.content_part.added " +
	"response.output_text.delta* response.output_text.done response.content_part.done response.output_item.done "

// Spec §2, §5.3: GET /v1/models lists the tiers the key may use, with capabilities; "Instant does
// not support function calling; Fast, Smart and Genius do"; Genius "only when the server has it".
func TestV1EmulatorModels(t *testing.T) {
	tiers := func(ms []client.Model) string {
		var ids []string
		for _, m := range ms {
			ids = append(ids, m.ID)
		}
		return strings.Join(ids, " ")
	}
	emu, c := newV1Emulator(t, emulator.Config{})
	models, err := c.Models(t.Context())
	if err != nil || tiers(models) != "Instant Fast Smart" {
		t.Fatalf("demo tiers %q, %v", tiers(models), err)
	}
	instant, fast := client.FindModel(models, client.ModelInstant), client.FindModel(models, client.ModelFast)
	if instant.Capabilities.Tools || instant.Capabilities.Vision || instant.ContextWindow != 16384 || instant.MaxOutputTokens != 4096 {
		t.Errorf("Instant %+v", *instant)
	}
	if !fast.Capabilities.Tools || !fast.Capabilities.Vision || fast.MaxOutputTokens != 8192 || fast.MaxOutputTokensWithTools != 4096 {
		t.Errorf("Fast %+v", *fast)
	}
	if n := emu.Requests(emulator.RouteModels); n != 1 {
		t.Errorf("%d requests for one list", n)
	}

	_, c = newV1Emulator(t, emulator.Config{Genius: true})
	models, err = c.Models(t.Context())
	if err != nil || tiers(models) != "Instant Fast Smart Genius" || !client.FindModel(models, client.ModelGenius).Capabilities.Tools {
		t.Fatalf("with Genius: %q, %v", tiers(models), err)
	}

	// A key limited to some tiers: the others are unknown to it (§5.3: "a tier outside that
	// gives 404 model_not_found"), and the client's own check names the field first.
	emu, c = newV1Emulator(t, emulator.Config{Genius: true}, client.ModelInstant, client.ModelFast)
	models, err = c.Models(t.Context())
	if err != nil || tiers(models) != "Instant Fast" {
		t.Fatalf("limited key: %q, %v", tiers(models), err)
	}
	req := client.ResponseRequest{Model: client.ModelSmart, InputText: "hello"}
	var ve *client.ValidationError
	if err := req.Validate(models); !errors.As(err, &ve) || ve.Field != "model" {
		t.Errorf("Validate: %v", err)
	}
	_, err = c.CreateResponse(t.Context(), req)
	wantAPIError(t, err, http.StatusNotFound, "model_not_found", "model")
	if n := emu.Requests(emulator.RouteResponses); n != 1 {
		t.Errorf("a 404 was sent %d times", n)
	}
}

// A text answer, plain and streamed: the events in the order of §6, numbered, the deltas making
// the final text, no [DONE] ("There is no [DONE] line"), usage on the final response.
func TestV1EmulatorResponseText(t *testing.T) {
	_, c := newV1Emulator(t, emulator.Config{})
	req := client.ResponseRequest{Model: client.ModelFast, Instructions: "Be brief.",
		InputText: "Describe the event order of a stream"}
	resp, err := c.CreateResponse(t.Context(), req)
	if err != nil || resp.Status != client.ResponseStatusCompleted || !strings.HasPrefix(resp.ID, "resp_") ||
		resp.Model != client.ModelFast || resp.Usage == nil || resp.Usage.OutputTokens == 0 {
		t.Fatalf("%+v, %v", resp, err)
	}
	plain := outputText(resp)
	if !strings.HasPrefix(plain, smallmodel.Intro) {
		t.Errorf("text %q", plain)
	}

	s := c.StreamResponse(t.Context(), req)
	defer s.Close()
	evs := drain(s)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if got := eventOrder(t, evs); got != textEvents+client.ResponseCompleted {
		t.Fatalf("order %s", got)
	}
	text, n := deltas(evs)
	final := s.Final().Response
	if n < 2 || text != s.Text() || text != plain || final == nil || outputText(final) != text ||
		final.Status != client.ResponseStatusCompleted || final.Usage == nil {
		t.Fatalf("%d deltas %q, stream text %q, final %+v", n, text, s.Text(), final)
	}
	checkTextEvents(t, evs, text)
	if s.RequestID() == "" {
		t.Error("no request id")
	}
}

// checkTextEvents checks the typed fields of a text answer's events, as §6 describes them
// ("response.output_text.delta: A piece of text (fields item_id, output_index, content_index,
// delta)"; "response.output_item.done: Item finished, with final content").
func checkTextEvents(t *testing.T, evs []client.ResponseEvent, text string) {
	t.Helper()
	itemID := ""
	for _, e := range evs {
		ok := true
		switch e.Type {
		case client.ResponseCreated, client.ResponseInProgress:
			ok = e.Response != nil && e.Response.Status == "in_progress" && strings.HasPrefix(e.Response.ID, "resp_")
		case client.ResponseOutputItemAdded:
			ok = e.Item != nil && e.Item.Type == client.ItemMessage && e.Item.Status == "in_progress" && e.Item.ID != ""
			if ok {
				itemID = e.Item.ID
			}
		case client.ResponseContentPartAdded:
			ok = e.ItemID == itemID && e.Part != nil && e.Part.Type == client.PartOutputText && e.Part.Text == ""
		case client.ResponseOutputTextDelta:
			ok = e.ItemID == itemID && e.OutputIndex == 0 && e.ContentIndex == 0 && e.Delta != ""
		case client.ResponseOutputTextDone:
			ok = e.ItemID == itemID && e.Text == text
		case client.ResponseContentPartDone:
			ok = e.ItemID == itemID && e.Part != nil && e.Part.Text == text
		case client.ResponseOutputItemDone:
			ok = e.Item != nil && e.Item.ID == itemID && e.Item.Status == "completed" && e.Item.Role == "assistant" &&
				len(e.Item.Content) == 1 && e.Item.Content[0].Text == text
		case client.ResponseCompleted:
			ok = e.Response != nil && e.Response.Status == client.ResponseStatusCompleted && e.Error == nil
		}
		if !ok {
			t.Errorf("event %s: %s", e.Type, e.Raw)
		}
	}
}

// A function-calling round trip (§2): the model calls the tool the message names, with
// arguments that satisfy its schema; the call goes back unchanged with its function_call_output
// and the model answers from the output. The call streams as §6 says: arguments "sent instead
// of text events", in one piece.
func TestV1EmulatorFunctionRoundTrip(t *testing.T) {
	_, c := newV1Emulator(t, emulator.Config{})
	question := client.InputItem{Role: "user", Content: []client.ContentPart{{Type: client.PartInputText,
		Text: "Please call get_weather for Pune"}}}
	req := client.ResponseRequest{Model: client.ModelFast, Tools: []client.FunctionTool{weatherTool}, Input: []client.InputItem{question}}
	s := c.StreamResponse(t.Context(), req)
	defer s.Close()
	evs := drain(s)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	want := "response.created response.in_progress response.output_item.added response.function_call_arguments.delta* " +
		"response.function_call_arguments.done response.output_item.done response.completed"
	if got := eventOrder(t, evs); got != want {
		t.Fatalf("order %s", got)
	}
	out := s.Final().Response.Output
	if len(out) != 1 || out[0].Type != client.ItemFunctionCall || out[0].Name != "get_weather" ||
		!strings.HasPrefix(out[0].CallID, "call_") || evs[len(evs)-3].Arguments != out[0].Arguments || s.Text() != "" {
		t.Fatalf("output %+v", out)
	}
	checkWeatherArgs(t, out[0].Arguments)

	req.Input = append(req.Input, client.InputItem{Raw: out[0].Raw},
		client.InputItem{Type: client.ItemFunctionCallOutput, CallID: out[0].CallID, Output: "Sunny, 31 C"})
	resp, err := c.CreateResponse(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if text := outputText(resp); !strings.Contains(text, "The function get_weather returned: Sunny, 31 C.") {
		t.Fatalf("answer %q", text)
	}
}

// text.format json_schema: the answer satisfies the schema, and (§6) "Answers with tools or a
// text.format are checked in full before anything is sent, so they arrive in one piece."
func TestV1EmulatorJSONSchemaAnswer(t *testing.T) {
	_, c := newV1Emulator(t, emulator.Config{})
	strict := true
	req := client.ResponseRequest{Model: client.ModelSmart, InputText: "Give me a reply",
		TextFormat: &client.TextFormat{Type: "json_schema", Name: "reply", Strict: &strict, Schema: json.RawMessage(
			`{"type":"object","properties":{"answer":{"type":"string","minLength":1},"count":{"type":"integer","minimum":3}},
			"required":["answer","count"],"additionalProperties":false}`)}}
	s := c.StreamResponse(t.Context(), req)
	defer s.Close()
	evs := drain(s)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	text, n := deltas(evs)
	if got := eventOrder(t, evs); n != 1 || got != textEvents+client.ResponseCompleted {
		t.Fatalf("%d deltas, order %s", n, got)
	}
	checkTextEvents(t, evs, text)
	var v struct {
		Answer *string
		Count  *float64
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil || v.Answer == nil || *v.Answer == "" || v.Count == nil ||
		*v.Count < 3 || *v.Count != float64(int(*v.Count)) {
		t.Fatalf("answer %s does not satisfy the schema: %v", text, err)
	}
}

// An image input on a vision tier: the small model says what it is. On Instant (vision false)
// the client's check names the image's field, and the emulator agrees (400 unsupported_vision).
func TestV1EmulatorImageInput(t *testing.T) {
	emu, c := newV1Emulator(t, emulator.Config{})
	msg := client.InputItem{Role: "user", Content: []client.ContentPart{{Type: client.PartInputText, Text: "What is this?"},
		{Type: client.PartInputImage, ImageURL: pngURL(t, 7, 3)}}}
	req := client.ResponseRequest{Model: client.ModelFast, Input: []client.InputItem{msg}}
	resp, err := c.CreateResponse(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if text := outputText(resp); !strings.Contains(text, "You sent 1 image: a PNG of 7x3 pixels") {
		t.Fatalf("answer %q", text)
	}

	models, err := c.Models(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	req.Model = client.ModelInstant
	var ve *client.ValidationError
	if err := req.Validate(models); !errors.As(err, &ve) || ve.Field != "input[0].content[1].image_url" {
		t.Errorf("Validate: %v", err)
	}
	before := emu.Requests(emulator.RouteResponses)
	_, err = c.CreateResponse(t.Context(), req) // without the models list the client cannot know
	wantAPIError(t, err, http.StatusBadRequest, "unsupported_vision", "input")
	if n := emu.Requests(emulator.RouteResponses) - before; n != 1 {
		t.Errorf("a 400 was sent %d times", n)
	}
}

// §3: "Answer reached max_output_tokens: incomplete (stream event response.incomplete)", with
// incomplete_details.reason max_output_tokens; the client's Err is nil and the text is kept.
func TestV1EmulatorIncomplete(t *testing.T) {
	_, c := newV1Emulator(t, emulator.Config{})
	req := client.ResponseRequest{Model: client.ModelFast, InputText: "Tell me a long story", MaxOutputTokens: 5}
	s := c.StreamResponse(t.Context(), req)
	defer s.Close()
	evs := drain(s)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if got := eventOrder(t, evs); got != textEvents+client.ResponseIncomplete {
		t.Fatalf("order %s", got)
	}
	final := s.Final().Response
	if final.Status != client.ResponseStatusIncomplete || final.IncompleteReason != "max_output_tokens" ||
		s.Text() == "" || outputText(final) != s.Text() || final.Output[0].Status != "incomplete" {
		t.Fatalf("final %+v, text %q", final, s.Text())
	}
	resp, err := c.CreateResponse(t.Context(), req)
	if err != nil || resp.Status != client.ResponseStatusIncomplete || outputText(resp) != s.Text() {
		t.Fatalf("plain: %+v, %v", resp, err)
	}
}

// §3, "Stream failure mid-text": "When a stream fails after text has started, the open message
// is closed first: response.output_text.done, response.content_part.done and
// response.output_item.done (item status incomplete), then response.failed. A stream that fails
// before any text has an empty output." The client keeps the text and reports the failure.
func TestV1EmulatorModelFailure(t *testing.T) {
	emu, c := newV1Emulator(t, emulator.Config{})
	req := client.ResponseRequest{Model: client.ModelFast, InputText: "Describe the event order of a stream"}

	emu.SetFaults(emulator.Faults{ModelFail: emulator.ModelFailure{Code: "model_unavailable", AfterDeltas: 2}})
	s := c.StreamResponse(t.Context(), req)
	evs := drain(s)
	s.Close()
	want := "response.created response.in_progress response.output_item.added response.content_part.added " +
		"response.output_text.delta* response.output_text.done response.content_part.done response.output_item.done response.failed"
	if got := eventOrder(t, evs); got != want {
		t.Fatalf("order %s", got)
	}
	text, n := deltas(evs)
	ae := apiError(t, s.Err())
	if ae.StatusCode != 0 || ae.Code != "model_unavailable" || ae.RequestID == "" {
		t.Errorf("error %+v", ae)
	}
	if n != 2 || text == "" || s.Text() != text || evs[len(evs)-4].Text != text {
		t.Errorf("%d deltas %q, kept %q", n, text, s.Text())
	}
	if item := evs[len(evs)-2].Item; item == nil || item.Status != "incomplete" {
		t.Errorf("output_item.done %s", evs[len(evs)-2].Raw)
	}
	if f := s.Final().Response; f == nil || f.Status != client.ResponseStatusFailed || f.Error == nil || f.Error.Code != "model_unavailable" {
		t.Errorf("final %+v", f)
	}

	emu.SetFaults(emulator.Faults{ModelFail: emulator.ModelFailure{Code: "model_timeout"}})
	s = c.StreamResponse(t.Context(), req)
	evs = drain(s)
	s.Close()
	if got := eventOrder(t, evs); got != "response.created response.in_progress response.failed" {
		t.Fatalf("order before text %s", got)
	}
	if ae := apiError(t, s.Err()); ae.Code != "model_timeout" || s.Text() != "" || len(s.Final().Response.Output) != 0 {
		t.Errorf("before text: %v, text %q, output %+v", ae, s.Text(), s.Final().Response.Output)
	}

	// Chat completions: the text so far is kept too, and the error object ends the stream.
	emu.SetFaults(emulator.Faults{ModelFail: emulator.ModelFailure{Code: "incomplete_model_stream", AfterDeltas: 2}})
	cs := c.StreamChatCompletion(t.Context(), client.ChatRequest{Model: client.ModelFast,
		Messages: []client.ChatMessage{{Role: "user", Content: "Describe the event order of a stream"}}})
	for cs.Next() {
	}
	cs.Close()
	if ae := apiError(t, cs.Err()); ae.Code != "incomplete_model_stream" || !strings.HasPrefix(cs.Text(), "Lectern demo") || cs.Final().Completion != nil {
		t.Errorf("chat: %v, text %q", ae, cs.Text())
	}
}

// Chat completions, plain and streamed: "chunks until data: [DONE]" (§6), the streamed text the
// plain answer's, finish_reason stop.
func TestV1EmulatorChatText(t *testing.T) {
	_, c := newV1Emulator(t, emulator.Config{})
	req := client.ChatRequest{Model: client.ModelInstant, Messages: []client.ChatMessage{
		{Role: "system", Content: "Be brief."}, {Role: "user", Content: "What does the stream look like?"}}}
	cc, err := c.CreateChatCompletion(t.Context(), req)
	if err != nil || !strings.HasPrefix(cc.ID, "chatcmpl-") || len(cc.Choices) != 1 || cc.Usage == nil ||
		cc.Choices[0].FinishReason != "stop" || !strings.HasPrefix(cc.Choices[0].Message.Content, smallmodel.Intro) {
		t.Fatalf("%+v, %v", cc, err)
	}
	s := c.StreamChatCompletion(t.Context(), req)
	defer s.Close()
	chunks := 0
	for s.Next() {
		chunks++
	}
	if err := s.Err(); err != nil { // nil only after data: [DONE]
		t.Fatal(err)
	}
	done := s.Final().Completion
	if chunks < 3 || done == nil || done.Choices[0].Message.Content != cc.Choices[0].Message.Content ||
		s.Text() != done.Choices[0].Message.Content || done.Choices[0].FinishReason != "stop" ||
		done.Choices[0].Message.Role != "assistant" {
		t.Fatalf("%d chunks, %+v", chunks, done)
	}
}

// Chat tool calls assembled from their deltas, and the round trip with a tool message (§4: "A
// tool result is sent as a message {role tool, tool_call_id, content}").
func TestV1EmulatorChatToolCalls(t *testing.T) {
	_, c := newV1Emulator(t, emulator.Config{})
	req := client.ChatRequest{Model: client.ModelSmart, Tools: []client.FunctionTool{weatherTool},
		Messages: []client.ChatMessage{{Role: "user", Content: "What's the weather? Use get weather."}}}
	s := c.StreamChatCompletion(t.Context(), req)
	defer s.Close()
	for s.Next() {
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	choice := s.Final().Completion.Choices[0]
	if choice.FinishReason != "tool_calls" || len(choice.Message.ToolCalls) != 1 || choice.Message.Content != "" {
		t.Fatalf("choice %+v", choice)
	}
	tc := choice.Message.ToolCalls[0]
	if tc.Name != "get_weather" || tc.Type != "function" || tc.ID == "" {
		t.Fatalf("tool call %+v", tc)
	}
	checkWeatherArgs(t, tc.Arguments)

	req.Messages = append(req.Messages, choice.Message, client.ChatMessage{Role: "tool", ToolCallID: tc.ID, Content: "Rain, 24 C"})
	cc, err := c.CreateChatCompletion(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got := cc.Choices[0].Message.Content; !strings.Contains(got, "get_weather returned: Rain, 24 C") || cc.Choices[0].FinishReason != "stop" {
		t.Fatalf("answer %q", got)
	}
}

// Refusals arrive as *client.APIError with the status, code and param of §7 ("param names the
// field at fault"), and none is retried: 400 "Fix the field in param", 401 "Send a valid key",
// 404 "Use a listed tier or ask the administrator".
func TestV1EmulatorRefusals(t *testing.T) {
	emu, c := newV1Emulator(t, emulator.Config{})
	wrong := newClient(t, emu.URL(), "sk-wrong-0123456789abcdefSECRET")
	ask := func(model string) client.ResponseRequest {
		return client.ResponseRequest{Model: model, InputText: "hi"}
	}
	chat := func(model string) client.ChatRequest {
		return client.ChatRequest{Model: model, Messages: []client.ChatMessage{{Role: "user", Content: "hi"}}}
	}
	withTools := ask(client.ModelInstant)
	withTools.Tools = []client.FunctionTool{weatherTool}
	chatTools := chat(client.ModelInstant)
	chatTools.Tools = withTools.Tools
	tooLong := ask(client.ModelFast)
	tooLong.Tools, tooLong.MaxOutputTokens = withTools.Tools, 5000 // Fast: 4096 with tools
	for _, tc := range []struct {
		name, route string
		call        func() error
		status      int
		code, param string
	}{
		{"invalid_api_key", emulator.RouteModels, func() error { _, err := wrong.Models(t.Context()); return err },
			401, "invalid_api_key", ""},
		{"invalid_api_key stream", emulator.RouteResponses, func() error {
			s := wrong.StreamResponse(t.Context(), ask(client.ModelFast))
			defer s.Close()
			s.Next()
			return s.Err()
		}, 401, "invalid_api_key", ""},
		{"model_not_found", emulator.RouteResponses, func() error { _, err := c.CreateResponse(t.Context(), ask("Ultra")); return err },
			404, "model_not_found", "model"},
		{"model_not_found chat", emulator.RouteChat, func() error { _, err := c.CreateChatCompletion(t.Context(), chat("Genius")); return err },
			404, "model_not_found", "model"},
		{"unsupported_tools", emulator.RouteResponses, func() error { _, err := c.CreateResponse(t.Context(), withTools); return err },
			400, "unsupported_tools", "tools"},
		{"unsupported_tools chat", emulator.RouteChat, func() error {
			s := c.StreamChatCompletion(t.Context(), chatTools)
			defer s.Close()
			s.Next()
			return s.Err()
		}, 400, "unsupported_tools", "tools"},
		{"max_output_tokens_exceeded", emulator.RouteResponses, func() error { _, err := c.CreateResponse(t.Context(), tooLong); return err },
			400, "max_output_tokens_exceeded", "max_output_tokens"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := emu.Requests(tc.route)
			wantAPIError(t, tc.call(), tc.status, tc.code, tc.param)
			if n := emu.Requests(tc.route) - before; n != 1 {
				t.Errorf("sent %d times", n)
			}
		})
	}

	// The client's own checks, given the models list, name the field before anything is sent.
	models, err := c.Models(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, check := range []struct {
		field string
		err   error
	}{
		{"model", ask("Ultra").Validate(models)},
		{"tools", withTools.Validate(models)},
		{"tools", chatTools.Validate(models)},
		{"max_output_tokens", tooLong.Validate(models)},
	} {
		var ve *client.ValidationError
		if !errors.As(check.err, &ve) || ve.Field != check.field {
			t.Errorf("Validate: want field %s, got %v", check.field, check.err)
		}
	}

	// §9.3: "an administrator may also turn it off (api_disabled)": 404, the other endpoint works.
	emu, c = newV1Emulator(t, emulator.Config{ResponsesOff: true})
	_, err = c.CreateResponse(t.Context(), ask(client.ModelFast))
	wantAPIError(t, err, http.StatusNotFound, "api_disabled", "")
	if n := emu.Requests(emulator.RouteResponses); n != 1 {
		t.Errorf("api_disabled sent %d times", n)
	}
	if _, err := c.CreateChatCompletion(t.Context(), chat(client.ModelFast)); err != nil {
		t.Errorf("chat with /v1/responses off: %v", err)
	}
}

// §7: "502 Model answer failed a check: Retry; the server already retried once", "503, 504
// Model busy or too slow: Retry with back-off"; a 400 is never retried. Requests are counted
// by the emulator.
func TestV1EmulatorRetries(t *testing.T) {
	emu, c := newV1Emulator(t, emulator.Config{})
	ask := client.ResponseRequest{Model: client.ModelFast, InputText: "hi"}
	chat := client.ChatRequest{Model: client.ModelFast, Messages: []client.ChatMessage{{Role: "user", Content: "hi"}}}
	fail := func(status int, route string) {
		emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: status, Count: 1, Route: route}})
	}
	count := func(route string, want int, what string) {
		t.Helper()
		if n := emu.Requests(route); n != want {
			t.Errorf("%s: %d requests, want %d", what, n, want)
		}
	}

	fail(503, emulator.RouteResponses)
	if _, err := c.CreateResponse(t.Context(), ask); err != nil {
		t.Fatal(err)
	}
	count(emulator.RouteResponses, 2, "503 then an answer")

	fail(504, emulator.RouteResponses)
	s := c.StreamResponse(t.Context(), ask)
	drain(s)
	s.Close()
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	count(emulator.RouteResponses, 4, "504 then a stream")

	fail(502, emulator.RouteChat)
	cs := c.StreamChatCompletion(t.Context(), chat)
	for cs.Next() {
	}
	cs.Close()
	if err := cs.Err(); err != nil {
		t.Fatal(err)
	}
	count(emulator.RouteChat, 2, "502 then a stream")

	// A model that stays unavailable: the first attempt and the policy's 2 retries, then the error.
	emu.SetFaults(emulator.Faults{ModelFail: emulator.ModelFailure{Code: "model_unavailable"}})
	_, err := c.CreateChatCompletion(t.Context(), chat)
	wantAPIError(t, err, http.StatusServiceUnavailable, "model_unavailable", "")
	count(emulator.RouteChat, 5, "503 every time")

	emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 400, Code: "invalid_request_error", Route: emulator.RouteResponses}})
	_, err = c.CreateResponse(t.Context(), ask)
	wantAPIError(t, err, http.StatusBadRequest, "invalid_request_error", "")
	count(emulator.RouteResponses, 5, "400")
}

// onStatus calls f with the status and headers before they are written.
type onStatus struct {
	http.ResponseWriter
	f func(status int, h http.Header)
}

func (w *onStatus) WriteHeader(status int) {
	w.f(status, w.Header())
	w.ResponseWriter.WriteHeader(status)
}

func (w *onStatus) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// §8: 60 requests a minute per key by default ("Administrators can change the request-rate
// numbers"); §7: 429 rate_limit_exceeded, "Wait Retry-After seconds". With 1 request a minute,
// the second request of the minute is refused until the first leaves the window; the client
// waits the Retry-After it is given and its retry is admitted. The emulator's clock moves when
// the 429 is written, so the retry finds the window free whenever it comes: only the client's
// wait is real (one second).
func TestV1EmulatorRateLimitRetryAfter(t *testing.T) {
	clk := emulator.NewManualClock(time.Date(2026, 10, 12, 9, 0, 0, 0, time.UTC))
	emu := emulator.New(quick(emulator.Config{Now: clk.Now, Rates: emulator.Rates{KeyPerMinute: 1}}))
	emu.AddKey(emulator.Key{Secret: v1Key})
	var mu sync.Mutex
	var retryAfter []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		emu.ServeHTTP(&onStatus{ResponseWriter: w, f: func(status int, h http.Header) {
			if status == http.StatusTooManyRequests {
				mu.Lock()
				retryAfter = append(retryAfter, h.Get("Retry-After"))
				mu.Unlock()
				clk.Advance(time.Second)
			}
		}}, r)
	}))
	t.Cleanup(srv.Close)
	c := newClient(t, srv.URL, v1Key) // retries with a 10 ms backoff cap: Retry-After decides the wait

	ask := client.ResponseRequest{Model: client.ModelFast, InputText: "hi"}
	if _, err := c.CreateResponse(t.Context(), ask); err != nil {
		t.Fatal(err)
	}
	clk.Advance(59 * time.Second) // the first request leaves the window in 1 s
	start := time.Now()
	if _, err := c.CreateResponse(t.Context(), ask); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Errorf("retried after %v, before Retry-After", waited)
	}
	mu.Lock()
	defer mu.Unlock()
	if strings.Join(retryAfter, " ") != "1" || emu.Requests(emulator.RouteResponses) != 3 {
		t.Errorf("Retry-After %q, %d requests", retryAfter, emu.Requests(emulator.RouteResponses))
	}
}

// §8: "Open streams: 4 per key, 8 on the server; a refused stream gets 429 with Retry-After 5",
// shared by both endpoints. The first stream stays open (it stalls after two events) while the
// others are refused.
func TestV1EmulatorOpenStreamLimit(t *testing.T) {
	emu, c := newV1Emulator(t, emulator.Config{Rates: emulator.Rates{StreamsPerKey: 1}})
	emu.SetFaults(emulator.Faults{StallAfter: 2, StallFor: time.Hour})
	ask := client.ResponseRequest{Model: client.ModelFast, InputText: "hi"}
	open := c.StreamResponse(t.Context(), ask)
	defer open.Close()
	for _, want := range []string{client.ResponseCreated, client.ResponseInProgress} {
		if !open.Next() || open.Current().Type != want {
			t.Fatalf("first stream, want %s: %v", want, open.Err())
		}
	}

	once := noRetryClient(t, emu.URL())
	s := once.StreamResponse(t.Context(), ask)
	s.Next()
	s.Close()
	ae := wantAPIError(t, s.Err(), http.StatusTooManyRequests, "rate_limit_exceeded", "")
	if ae.RetryAfter != 5*time.Second || !ae.Retryable {
		t.Errorf("Retry-After %v, retryable %v", ae.RetryAfter, ae.Retryable)
	}
	cs := once.StreamChatCompletion(t.Context(), client.ChatRequest{Model: client.ModelFast,
		Messages: []client.ChatMessage{{Role: "user", Content: "hi"}}})
	cs.Next()
	cs.Close()
	if ae := wantAPIError(t, cs.Err(), http.StatusTooManyRequests, "rate_limit_exceeded", ""); ae.RetryAfter != 5*time.Second {
		t.Errorf("chat Retry-After %v", ae.RetryAfter)
	}
	// A request that is not a stream still passes: the limit is on open streams.
	if _, err := once.CreateResponse(t.Context(), ask); err != nil {
		t.Errorf("plain request beside the open stream: %v", err)
	}
}

// Two function calls in one answer (parallel_tool_calls, "Default true"), each streamed as its
// own item, and their outputs sent back in one run, the second carrying an image (§4: "A
// function_call_output carrying images must come right after the function_call it answers, in
// the run of outputs following that call"; "Function outputs with images work with streaming").
func TestV1EmulatorParallelCallsAndImageOutput(t *testing.T) {
	_, c := newV1Emulator(t, emulator.Config{})
	clock := client.FunctionTool{Name: "get_time", Parameters: json.RawMessage(`{"type":"object","properties":{}}`)}
	tools := []client.FunctionTool{weatherTool, clock}
	req := client.ResponseRequest{Model: client.ModelSmart, Tools: tools, Input: []client.InputItem{{Role: "user",
		Content: []client.ContentPart{{Type: client.PartInputText, Text: "Call get_weather and get_time for Pune"}}}}}
	s := c.StreamResponse(t.Context(), req)
	defer s.Close()
	evs := drain(s)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	call := "response.output_item.added response.function_call_arguments.delta* response.function_call_arguments.done response.output_item.done "
	if got := eventOrder(t, evs); got != "response.created response.in_progress "+call+call+"response.completed" {
		t.Fatalf("order %s", got)
	}
	out := s.Final().Response.Output
	if len(out) != 2 || out[0].Name != "get_weather" || out[1].Name != "get_time" || out[0].CallID == out[1].CallID {
		t.Fatalf("output %+v", out)
	}
	checkWeatherArgs(t, out[0].Arguments)

	req.Input = append(req.Input, client.InputItem{Raw: out[0].Raw}, client.InputItem{Raw: out[1].Raw},
		client.InputItem{Type: client.ItemFunctionCallOutput, CallID: out[0].CallID, Output: "Sunny"},
		client.InputItem{Type: client.ItemFunctionCallOutput, CallID: out[1].CallID, OutputParts: []client.ContentPart{
			{Type: client.PartInputText, Text: "noon, see the clock"}, {Type: client.PartInputImage, ImageURL: pngURL(t, 5, 4)}}})
	s = c.StreamResponse(t.Context(), req)
	defer s.Close()
	drain(s)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The function get_weather returned: Sunny.",
		"The function get_time returned: noon, see the clock. You sent 1 image: a PNG of 5x4 pixels"} {
		if !strings.Contains(s.Text(), want) {
			t.Errorf("answer %q lacks %q", s.Text(), want)
		}
	}

	// Chat completions: both calls assembled from their deltas by index; one with
	// parallel_tool_calls false.
	chat := client.ChatRequest{Model: client.ModelFast, Tools: tools,
		Messages: []client.ChatMessage{{Role: "user", Content: "Use get weather, then get time."}}}
	for _, parallel := range []bool{true, false} {
		chat.ParallelToolCalls = &parallel
		cs := c.StreamChatCompletion(t.Context(), chat)
		for cs.Next() {
		}
		cs.Close()
		if err := cs.Err(); err != nil {
			t.Fatal(err)
		}
		calls := cs.Final().Completion.Choices[0].Message.ToolCalls
		want := map[bool]int{true: 2, false: 1}[parallel]
		if len(calls) != want || calls[0].Name != "get_weather" || (want == 2 && (calls[1].Name != "get_time" ||
			calls[1].Arguments != "{}" || calls[0].ID == calls[1].ID)) {
			t.Fatalf("parallel %v: calls %+v", parallel, calls)
		}
		checkWeatherArgs(t, calls[0].Arguments)
	}
}

// §5.4: "Wrong or missing keys from one address: 20 in 10 minutes, then 429 instead of 401
// until the window passes." The client does not wait a Retry-After that long by itself (it
// waits at most a minute): the 429 comes back at once, and a valid key still works.
func TestV1EmulatorWrongKeyLimit(t *testing.T) {
	emu, c := newV1Emulator(t, emulator.Config{WrongKeyLimit: 2})
	wrong := newClient(t, emu.URL(), "sk-wrong-0123456789abcdefSECRET")
	for range 2 {
		_, err := wrong.Models(t.Context())
		wantAPIError(t, err, http.StatusUnauthorized, "invalid_api_key", "")
	}
	_, err := wrong.Models(t.Context())
	ae := wantAPIError(t, err, http.StatusTooManyRequests, "rate_limit_exceeded", "")
	if ae.RetryAfter < 9*time.Minute || emu.Requests(emulator.RouteModels) != 3 {
		t.Errorf("Retry-After %v, %d requests", ae.RetryAfter, emu.Requests(emulator.RouteModels))
	}
	if _, err := c.Models(t.Context()); err != nil {
		t.Errorf("a valid key from the same address: %v", err)
	}
}

// Chat completions take images in image_url parts of user messages (§4) and a response_format
// json_schema ({type json_schema, json_schema {name, schema, strict}}) whose answer satisfies it.
func TestV1EmulatorChatImageAndFormat(t *testing.T) {
	_, c := newV1Emulator(t, emulator.Config{})
	req := client.ChatRequest{Model: client.ModelFast, Messages: []client.ChatMessage{{Role: "user", Parts: []client.ContentPart{
		{Type: "text", Text: "What is this?"}, {Type: "image_url", ImageURL: pngURL(t, 9, 2)}}}}}
	cc, err := c.CreateChatCompletion(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got := cc.Choices[0].Message.Content; !strings.Contains(got, "You sent 1 image: a PNG of 9x2 pixels") {
		t.Fatalf("answer %q", got)
	}

	req.ResponseFormat = &client.TextFormat{Type: "json_schema", Name: "colour", Schema: json.RawMessage(
		`{"type":"object","properties":{"colour":{"type":"string","enum":["red","green"]}},"required":["colour"],"additionalProperties":false}`)}
	s := c.StreamChatCompletion(t.Context(), req)
	defer s.Close()
	contentChunks := 0
	for s.Next() {
		for _, ch := range s.Current().Choices {
			if ch.Content != "" {
				contentChunks++
			}
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(s.Text()), &v); err != nil || len(v) != 1 || (v["colour"] != "red" && v["colour"] != "green") ||
		contentChunks != 1 {
		t.Fatalf("answer %q in %d chunks: %v", s.Text(), contentChunks, err)
	}
}

// A stream that ends before its last event (§6: the responses stream ends at response.completed,
// .incomplete or .failed, "There is no [DONE] line"; a chat stream "ends with the line data:
// [DONE]") is interrupted, and keeps the text received; so is a stream silent past the idle limit.
func TestV1EmulatorInterruptedStreams(t *testing.T) {
	emu, c := newV1Emulator(t, emulator.Config{})
	ask := client.ResponseRequest{Model: client.ModelFast, InputText: "Describe the event order of a stream"}
	chat := client.ChatRequest{Model: client.ModelFast, Messages: []client.ChatMessage{{Role: "user", Content: ask.InputText}}}

	emu.SetFaults(emulator.Faults{CutStreamAfter: 7}) // created, in_progress, added, part added, 3 deltas
	s := c.StreamResponse(t.Context(), ask)
	evs := drain(s)
	s.Close()
	text, n := deltas(evs)
	var ie *client.InterruptedError
	if !errors.As(s.Err(), &ie) || n != 3 || ie.Text != text || s.Text() != text || s.Final().Response != nil {
		t.Errorf("responses: %v, %d deltas %q, kept %q", s.Err(), n, text, s.Text())
	}
	cs := c.StreamChatCompletion(t.Context(), chat)
	var chunkText strings.Builder
	for cs.Next() {
		for _, ch := range cs.Current().Choices {
			chunkText.WriteString(ch.Content)
		}
	}
	cs.Close()
	if !errors.As(cs.Err(), &ie) || chunkText.Len() == 0 || ie.Text != chunkText.String() || cs.Final().Completion != nil {
		t.Errorf("chat: %v, text %q, kept %q", cs.Err(), chunkText.String(), cs.Text())
	}

	emu.SetFaults(emulator.Faults{StallAfter: 5, StallFor: time.Hour}) // silent after the first delta
	idle, err := client.NewClient(client.WithBaseURL(emu.URL()), client.WithAPIKey(v1Key),
		client.WithTimeouts(client.Timeouts{StreamIdle: 100 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	s = idle.StreamResponse(t.Context(), ask)
	evs = drain(s)
	s.Close()
	text, n = deltas(evs)
	if !errors.Is(s.Err(), client.ErrIdleTimeout) || !errors.Is(s.Err(), client.ErrInterrupted) || n != 1 || s.Text() != text {
		t.Errorf("stalled: %v, %d deltas, kept %q", s.Err(), n, s.Text())
	}
}
