package modelapi

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/smallmodel"
)

const textOrder = "response.created response.in_progress response.output_item.added response.content_part.added " +
	"response.output_text.delta* response.output_text.done response.content_part.done response.output_item.done "

// checkSequence checks that every event of /v1/responses carries its type and sequence_number
// 0, 1, 2, ... and that no [DONE] line comes.
func checkSequence(t *testing.T, evs []event) {
	t.Helper()
	seq := 0
	for _, e := range evs {
		if e.name == ":" {
			continue
		}
		if e.raw == "[DONE]" || e.data["type"] != e.name || e.data["sequence_number"] != float64(seq) {
			t.Fatalf("event %d: %s %s", seq, e.name, e.raw)
		}
		seq++
	}
}

// deltaText joins the output_text deltas.
func deltaText(evs []event) (string, int) {
	var b strings.Builder
	n := 0
	for _, e := range evs {
		if e.name == "response.output_text.delta" {
			b.WriteString(e.data["delta"].(string))
			n++
		}
	}
	return b.String(), n
}

// last returns the data of the last event.
func last(evs []event) map[string]any { return evs[len(evs)-1].data }

// response returns the response member of an event.
func response(data map[string]any) map[string]any { return data["response"].(map[string]any) }

// A text answer streams in the order of model-api.md §6; the deltas make the final text.
func TestTextEventOrder(t *testing.T) {
	ev := newEnv(t, nil)
	evs := ev.stream("/v1/responses", with(map[string]any{"input": "Describe the event order of a stream"}))
	checkSequence(t, evs)
	if got := compact(names(evs)); got != textOrder+"response.completed" {
		t.Fatalf("order %s", got)
	}
	text, n := deltaText(evs)
	final := response(last(evs))
	out := final["output"].([]any)[0].(map[string]any)
	if n < 2 || final["status"] != "completed" || out["content"].([]any)[0].(map[string]any)["text"] != text {
		t.Fatalf("%d deltas, final %s", n, evs[len(evs)-1].raw)
	}
	if !strings.HasPrefix(text, smallmodel.Intro) {
		t.Errorf("text %q", text)
	}
}

// Answers with tools or a text format arrive in one piece: a single delta.
func TestStructuredAnswersInOnePiece(t *testing.T) {
	ev := newEnv(t, nil)
	schema := map[string]any{"type": "object", "properties": map[string]any{
		"answer": map[string]any{"type": "string"}, "count": map[string]any{"type": "integer", "minimum": 3}},
		"required": []any{"answer", "count"}}
	bodies := map[string]map[string]any{
		"tools, no call": with(map[string]any{"tools": []any{fn}, "input": "no tool named here, just talk"}),
		"json_schema": with(map[string]any{"text": map[string]any{"format": map[string]any{"type": "json_schema",
			"name": "reply", "schema": schema, "strict": true}}}),
		"json_object": with(map[string]any{"text": map[string]any{"format": map[string]any{"type": "json_object"}}}),
	}
	for name, body := range bodies {
		evs := ev.stream("/v1/responses", body)
		checkSequence(t, evs)
		text, n := deltaText(evs)
		if n != 1 || compact(names(evs)) != textOrder+"response.completed" {
			t.Errorf("%s: %d deltas, %s", name, n, compact(names(evs)))
		}
		if name == "json_schema" {
			var v map[string]any
			if json.Unmarshal([]byte(text), &v) != nil || v["count"] != float64(3) || v["answer"] == "" {
				t.Errorf("json_schema answer %s", text)
			}
		}
	}
}

// A function call streams as added, one arguments delta, arguments done and item done.
func TestFunctionCallEvents(t *testing.T) {
	ev := newEnv(t, nil)
	evs := ev.stream("/v1/responses", with(map[string]any{"tools": []any{fn}, "tool_choice": "required"}))
	checkSequence(t, evs)
	want := "response.created response.in_progress response.output_item.added response.function_call_arguments.delta* " +
		"response.function_call_arguments.done response.output_item.done response.completed"
	if got := compact(names(evs)); got != want {
		t.Fatalf("order %s", got)
	}
	item := response(last(evs))["output"].([]any)[0].(map[string]any)
	if item["type"] != "function_call" || item["name"] != "lookup" || item["arguments"] != "{}" ||
		!strings.HasPrefix(item["call_id"].(string), "call_") {
		t.Errorf("item %v", item)
	}
}

// At max_output_tokens the text is cut and the stream ends with response.incomplete.
func TestIncompleteAtMaxOutputTokens(t *testing.T) {
	ev := newEnv(t, nil)
	evs := ev.stream("/v1/responses", with(map[string]any{"max_output_tokens": 5}))
	checkSequence(t, evs)
	if got := compact(names(evs)); got != textOrder+"response.incomplete" {
		t.Fatalf("order %s", got)
	}
	text, _ := deltaText(evs)
	final := response(last(evs))
	item := final["output"].([]any)[0].(map[string]any)
	details, _ := final["incomplete_details"].(map[string]any)
	if len([]rune(text)) != 20 || final["status"] != "incomplete" || item["status"] != "incomplete" ||
		details["reason"] != "max_output_tokens" {
		t.Errorf("text %q, final %s", text, evs[len(evs)-1].raw)
	}
	r := ev.respond(with(map[string]any{"max_output_tokens": 5}))
	if r.status != 200 || !strings.Contains(string(r.body), `"status":"incomplete"`) {
		t.Errorf("plain: %d %s", r.status, r.body)
	}
}

// A failure after text has started closes the open message first (model-api.md §3), then
// response.failed; a failure before any text leaves the output empty.
func TestFailureEvents(t *testing.T) {
	ev := newEnv(t, nil)
	ev.core.SetFaults(serve.Faults{ModelFail: serve.ModelFailure{Code: "model_timeout", AfterDeltas: 2}})
	evs := ev.stream("/v1/responses", with(map[string]any{"input": "a question long enough for several deltas"}))
	checkSequence(t, evs)
	want := "response.created response.in_progress response.output_item.added response.content_part.added " +
		"response.output_text.delta* response.output_text.done response.content_part.done response.output_item.done response.failed"
	if got := compact(names(evs)); got != want {
		t.Fatalf("order %s", got)
	}
	text, n := deltaText(evs)
	final := response(last(evs))
	item := final["output"].([]any)[0].(map[string]any)
	errObj := final["error"].(map[string]any)
	if n != 2 || item["status"] != "incomplete" || final["status"] != "failed" || errObj["code"] != "model_timeout" ||
		errObj["request_id"] == "" || item["content"].([]any)[0].(map[string]any)["text"] != text {
		t.Errorf("%d deltas, final %s", n, evs[len(evs)-1].raw)
	}

	ev.core.SetFaults(serve.Faults{ModelFail: serve.ModelFailure{Code: "model_unavailable"}})
	evs = ev.stream("/v1/responses", with(nil))
	if got := compact(names(evs)); got != "response.created response.in_progress response.failed" ||
		len(response(last(evs))["output"].([]any)) != 0 {
		t.Errorf("before text: %s %s", got, evs[len(evs)-1].raw)
	}
	if r := ev.respond(with(nil)); r.status != 503 || r.errorOf(t).Code != "model_unavailable" {
		t.Errorf("without stream: %d %s", r.status, r.body)
	}
}

// Faults: a cut connection ends the stream without a final event; keep-alive comments fill
// silences; an injected 429 carries Retry-After, a 502 without it has none.
func TestStreamFaults(t *testing.T) {
	ev := newEnv(t, func(c *Config, _ *serve.Config) {
		c.PingAfter, c.ThinkDelay = time.Millisecond, 20*time.Millisecond
	})
	ev.core.SetFaults(serve.Faults{CutStreamAfter: 3})
	evs := ev.stream("/v1/responses", with(nil))
	if n := len(names(evs)); n != 3 {
		t.Errorf("cut after 3: %d events", n)
	}
	ev.core.SetFaults(serve.Faults{})
	evs = ev.stream("/v1/responses", with(nil))
	comments := 0
	for _, e := range evs {
		if e.name == ":" && e.raw == ": keep-alive" {
			comments++
		}
	}
	if comments == 0 || names(evs)[len(names(evs))-1] != "response.completed" {
		t.Errorf("%d keep-alive comments, events %v", comments, names(evs))
	}
	ev.core.SetFaults(serve.Faults{Fail: serve.Failure{Status: 429, RetryAfter: 3 * time.Second, Count: 1}})
	if r := ev.respond(with(nil)); r.status != 429 || r.header.Get("Retry-After") != "3" || r.errorOf(t).Code != "rate_limit_exceeded" {
		t.Errorf("429: %d %v", r.status, r.header)
	}
	ev.core.SetFaults(serve.Faults{Fail: serve.Failure{Status: 502, Count: 1, Route: RouteChat}})
	if r := ev.do("POST", "/v1/chat/completions", keyA, chatBody("hi")); r.status != 502 || r.header.Get("Retry-After") != "" {
		t.Errorf("502: %d %v", r.status, r.header)
	}
}

// chatBody is a chat request for Fast with one user message.
func chatBody(text string) map[string]any {
	return map[string]any{"model": "Fast", "messages": []any{map[string]any{"role": "user", "content": text}}}
}

// Chat chunks: role first, text deltas, the finish reason, usage when asked, then [DONE]; a
// failure sends an error line and no [DONE].
func TestChatChunks(t *testing.T) {
	ev := newEnv(t, nil)
	body := chatBody("count the chunks of this answer")
	body["stream_options"] = map[string]any{"include_usage": true}
	evs := ev.stream("/v1/chat/completions", body)
	if evs[len(evs)-1].raw != "[DONE]" {
		t.Fatalf("last line %s", evs[len(evs)-1].raw)
	}
	chunks := evs[:len(evs)-1]
	var text strings.Builder
	for i, c := range chunks {
		if c.data["object"] != "chat.completion.chunk" {
			t.Fatalf("chunk %d: %s", i, c.raw)
		}
		if choices := c.data["choices"].([]any); len(choices) > 0 {
			if s, ok := choices[0].(map[string]any)["delta"].(map[string]any)["content"].(string); ok {
				text.WriteString(s)
			}
		}
	}
	finish := chunks[len(chunks)-2].data["choices"].([]any)[0].(map[string]any)["finish_reason"]
	usage := last(chunks)["usage"].(map[string]any)
	if finish != "stop" || usage["completion_tokens"] == float64(0) || !strings.Contains(text.String(), "count the chunks") {
		t.Errorf("finish %v usage %v text %q", finish, usage, text.String())
	}
	ev.core.SetFaults(serve.Faults{ModelFail: serve.ModelFailure{Code: "incomplete_model_stream", AfterDeltas: 1}})
	evs = ev.stream("/v1/chat/completions", chatBody("fail me"))
	lastEv := last(evs)["error"].(map[string]any)
	if lastEv["code"] != "incomplete_model_stream" || evs[len(evs)-1].raw == "[DONE]" {
		t.Errorf("failure: %s", evs[len(evs)-1].raw)
	}
}

// GET /v1/models lists the tiers the key may use, with capabilities and limits; a key limited
// to some tiers sees only those, and query parameters are refused.
func TestModelsList(t *testing.T) {
	ev := newEnv(t, func(c *Config, _ *serve.Config) { c.Tiers = DemoTiers(true) })
	var list modelList
	r := ev.do("GET", "/v1/models", keyA, nil)
	if err := json.Unmarshal(r.body, &list); err != nil || r.status != 200 || list.Object != "list" || len(list.Data) != 4 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	g := list.Data[3]
	if g.ID != "Genius" || g.Object != "model" || !g.Capabilities.Tools || g.ContextWindow == 0 ||
		g.MaxOutputTokensWithTools == 0 || g.MaxOutputTokens < g.MaxOutputTokensWithTools {
		t.Errorf("Genius %+v", g)
	}
	if i := list.Data[0]; i.ID != "Instant" || i.Capabilities.Tools || i.Capabilities.Vision {
		t.Errorf("Instant %+v", i)
	}
	r = ev.do("GET", "/v1/models", keyC, nil)
	if err := json.Unmarshal(r.body, &list); err != nil || len(list.Data) != 1 || list.Data[0].ID != "Fast" {
		t.Errorf("key limited to Fast: %s", r.body)
	}
	if r := ev.do("GET", "/v1/models?limit=2&after=x", keyA, nil); r.status != 400 || *r.errorOf(t).Param != "after" {
		t.Errorf("query: %d %s", r.status, r.body)
	}
}

// Chat completions without stream: finish_reason length at max_tokens, stop at a stop sequence.
func TestChatFinishReasons(t *testing.T) {
	ev := newEnv(t, nil)
	finish := func(extra map[string]any) (string, string) {
		t.Helper()
		body := chatBody("where does it stop?")
		for k, v := range extra {
			body[k] = v
		}
		var c completionJSON
		r := ev.do("POST", "/v1/chat/completions", keyA, body)
		if err := json.Unmarshal(r.body, &c); err != nil || r.status != 200 || len(c.Choices) != 1 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		return *c.Choices[0].FinishReason, *c.Choices[0].Message.Content
	}
	if reason, text := finish(map[string]any{"max_completion_tokens": 3}); reason != "length" || len([]rune(text)) != 12 {
		t.Errorf("max_completion_tokens: %s %q", reason, text)
	}
	if reason, text := finish(map[string]any{"stop": "deterministic"}); reason != "stop" || strings.Contains(text, "deterministic") ||
		!strings.HasPrefix(smallmodel.Intro, text) {
		t.Errorf("stop: %s %q", reason, text)
	}
}
