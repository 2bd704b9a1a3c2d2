package modelapi

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/smallmodel"
)

// pngURL is a data: URL of a tiny PNG.
func pngURL(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 4, 2))); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// with returns a /v1/responses body for Fast asking "hi", with the members of extra.
func with(extra map[string]any) map[string]any {
	b := map[string]any{"model": "Fast", "input": "hi"}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

// imageInput is an input with one user message holding n images of url and detail.
func imageInput(url string, n int, detail string) []any {
	content := []any{map[string]any{"type": "input_text", "text": "look"}}
	for range n {
		part := map[string]any{"type": "input_image", "image_url": url}
		if detail != "" {
			part["detail"] = detail
		}
		content = append(content, part)
	}
	return []any{map[string]any{"role": "user", "content": content}}
}

var fn = map[string]any{"type": "function", "name": "lookup", "parameters": map[string]any{"type": "object"}}

// refusal is a request and the error it must get.
type refusal struct {
	name        string
	body        map[string]any
	status      int
	code, param string
}

// Every refusal of model-api.md §7 on /v1/responses, with its status, code and param.
func TestResponsesRefusals(t *testing.T) {
	ev := newEnv(t, nil)
	img := pngURL(t)
	cases := []refusal{
		{"unknown tier", with(map[string]any{"model": "gpt-4o"}), 404, "model_not_found", "model"},
		{"missing model", map[string]any{"input": "hi"}, 400, "invalid_request_error", "model"},
		{"missing input", map[string]any{"model": "Fast"}, 400, "invalid_request_error", "input"},
		{"unknown field", with(map[string]any{"colour": "red"}), 400, "invalid_request_error", "colour"},
		{"wrong type", with(map[string]any{"stream": "yes"}), 400, "invalid_request_error", "stream"},
		{"store true", with(map[string]any{"store": true}), 400, "unsupported_parameter", "store"},
		{"previous_response_id", with(map[string]any{"previous_response_id": "resp_1"}), 400, "unsupported_parameter", "previous_response_id"},
		{"conversation", with(map[string]any{"conversation": "c1"}), 400, "unsupported_parameter", "conversation"},
		{"background", with(map[string]any{"background": true}), 400, "unsupported_parameter", "background"},
		{"prompt", with(map[string]any{"prompt": map[string]any{"id": "p"}}), 400, "unsupported_parameter", "prompt"},
		{"truncation auto", with(map[string]any{"truncation": "auto"}), 400, "unsupported_parameter", "truncation"},
		{"include", with(map[string]any{"include": []any{"reasoning.encrypted_content"}}), 400, "unsupported_parameter", "include"},
		{"reasoning", with(map[string]any{"reasoning": map[string]any{"effort": "high"}}), 400, "unsupported_parameter", "reasoning"},
		{"service_tier", with(map[string]any{"service_tier": "flex"}), 400, "unsupported_parameter", "service_tier"},
		{"context_management", with(map[string]any{"context_management": []any{}}), 400, "unsupported_parameter", "context_management"},
		{"top_logprobs", with(map[string]any{"top_logprobs": 2}), 400, "invalid_request_error", "top_logprobs"},
		{"verbosity", with(map[string]any{"text": map[string]any{"verbosity": "low"}}), 400, "invalid_request_error", "text.verbosity"},
		{"stream_options", with(map[string]any{"stream_options": map[string]any{"include_usage": true}}), 400, "invalid_request_error", "stream_options.include_usage"},
		{"temperature", with(map[string]any{"temperature": 2.5}), 400, "invalid_request_error", "temperature"},
		{"both samplers", with(map[string]any{"temperature": 1, "top_p": 0.5}), 400, "invalid_request_error", "top_p"},
		{"metadata", with(map[string]any{"metadata": manyStrings(17)}), 400, "invalid_request_error", "metadata"},
		{"too many items", with(map[string]any{"input": manyItems(401)}), 400, "invalid_request_error", "input"},
		{"too many messages", with(map[string]any{"input": manyItems(101)}), 400, "invalid_request_error", "input"},
		{"tools on Instant", with(map[string]any{"model": "Instant", "tools": []any{fn}}), 400, "unsupported_tools", "tools"},
		{"hosted tool", with(map[string]any{"tools": []any{map[string]any{"type": "web_search"}}}), 400, "unsupported_tool", "tools[0].type"},
		{"tool schema", with(map[string]any{"tools": []any{map[string]any{"type": "function", "name": "f", "parameters": map[string]any{"type": "thing"}}}}), 400, "invalid_tool_schema", "tools[0].parameters"},
		{"schema feature", with(map[string]any{"tools": []any{map[string]any{"type": "function", "name": "f", "parameters": map[string]any{"type": "string", "pattern": "^a"}}}}), 400, "unsupported_schema", "tools[0].parameters"},
		{"tool_choice", with(map[string]any{"tools": []any{fn}, "tool_choice": map[string]any{"type": "function", "name": "other"}}), 400, "invalid_request_error", "tool_choice"},
		{"format type", with(map[string]any{"text": map[string]any{"format": map[string]any{"type": "xml"}}}), 400, "invalid_response_format", "text.format.type"},
		{"format schema missing", with(map[string]any{"text": map[string]any{"format": map[string]any{"type": "json_schema", "name": "x"}}}), 400, "invalid_response_format", "text.format.schema"},
		{"schema too large", with(map[string]any{"text": map[string]any{"format": map[string]any{"type": "json_schema", "name": "x",
			"schema": map[string]any{"type": "object", "description": strings.Repeat("d", 64001)}}}}), 400, "response_schema_too_large", "text.format.schema"},
		{"max_output_tokens with tools", with(map[string]any{"tools": []any{fn}, "max_output_tokens": 5000}), 400, "max_output_tokens_exceeded", "max_output_tokens"},
		{"max_output_tokens", with(map[string]any{"max_output_tokens": 9000}), 400, "invalid_request_error", "max_output_tokens"},
		{"vision on Instant", with(map[string]any{"model": "Instant", "input": imageInput(img, 1, "")}), 400, "unsupported_vision", "input"},
		{"too many images", with(map[string]any{"input": imageInput(img, 9, "")}), 400, "too_many_images", ""},
		{"image unreadable", with(map[string]any{"input": imageInput("data:image/png;base64,aGVsbG8=", 1, "")}), 400, "invalid_image", "input[0].content[1].image_url"},
		{"image type", with(map[string]any{"input": imageInput("data:image/tiff;base64,aGVsbG8=", 1, "")}), 400, "unsupported_image_mime", "input[0].content[1].image_url"},
		{"image address", with(map[string]any{"input": imageInput("https://example.com/a.png", 1, "")}), 400, "image_url_not_supported", "input[0].content[1].image_url"},
		{"detail high", with(map[string]any{"input": imageInput(img, 1, "high")}), 400, "unsupported_image_detail", "input[0].content[1].detail"},
		{"detail unknown", with(map[string]any{"input": imageInput(img, 1, "huge")}), 400, "invalid_image_detail", "input[0].content[1].detail"},
		{"file part", with(map[string]any{"input": []any{map[string]any{"role": "user", "content": []any{map[string]any{"type": "input_file", "file_id": "f"}}}}}), 400, "unsupported_content_part", "input[0].content[0].type"},
		{"item type", with(map[string]any{"input": []any{map[string]any{"type": "web_search_call", "id": "w"}}}), 400, "unsupported_input_item", "input[0].type"},
		{"unpaired output image", with(map[string]any{"tools": []any{fn}, "input": unpairedOutput(img)}), 400, "unpaired_tool_output_image", "input"},
		{"reserved marker", with(map[string]any{"tools": []any{map[string]any{"type": "function", "name": "f", "description": "see [img]"}},
			"input": imageInput(img, 1, "")}), 400, "reserved_image_marker", "tools"},
	}
	for _, tc := range cases {
		checkRefusal(t, ev, "/v1/responses", tc)
	}
}

// checkRefusal posts tc's body and checks status, code, param and request id.
func checkRefusal(t *testing.T, ev *env, path string, tc refusal) {
	t.Helper()
	r := ev.do("POST", path, keyA, tc.body)
	if r.status != tc.status {
		t.Errorf("%s: status %d, want %d: %s", tc.name, r.status, tc.status, r.body)
		return
	}
	e := r.errorOf(t)
	param := ""
	if e.Param != nil {
		param = *e.Param
	}
	if e.Code != tc.code || param != tc.param || e.RequestID == "" || e.RequestID != r.header.Get("X-Request-ID") {
		t.Errorf("%s: code %s param %q request %q, want %s %q", tc.name, e.Code, param, e.RequestID, tc.code, tc.param)
	}
}

// manyStrings is a metadata object of n values.
func manyStrings(n int) map[string]any {
	m := map[string]any{}
	for i := range n {
		m[strings.Repeat("k", i+1)] = "v"
	}
	return m
}

// manyItems is an input of n user messages.
func manyItems(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = map[string]any{"role": "user", "content": "hi"}
	}
	return out
}

// unpairedOutput has a function output with an image after a message, away from its call.
func unpairedOutput(img string) []any {
	return []any{
		map[string]any{"type": "function_call", "call_id": "c1", "name": "lookup", "arguments": "{}"},
		map[string]any{"role": "user", "content": "and now?"},
		map[string]any{"type": "function_call_output", "call_id": "c1", "output": []any{
			map[string]any{"type": "input_image", "image_url": img}}},
	}
}

// The accepted-and-ignored client defaults of /v1/responses pass, all at once.
func TestResponsesAcceptedDefaults(t *testing.T) {
	ev := newEnv(t, nil)
	r := ev.respond(with(map[string]any{"store": false, "user": "u", "prompt_cache_key": "k",
		"safety_identifier": "s", "max_tool_calls": 3, "client_metadata": map[string]any{"a": "b"},
		"service_tier": "auto", "truncation": "disabled", "include": []any{}, "reasoning": map[string]any{},
		"background": false, "top_logprobs": 0, "text": map[string]any{"verbosity": "medium"},
		"stream_options": map[string]any{"include_obfuscation": false}, "previous_response_id": nil}))
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
}

// A function output with images right after its call (in the run of outputs) is taken.
func TestPairedOutputImage(t *testing.T) {
	ev := newEnv(t, nil)
	img := pngURL(t)
	input := []any{
		map[string]any{"role": "user", "content": "call lookup"},
		map[string]any{"type": "function_call", "call_id": "c1", "name": "lookup", "arguments": "{}"},
		map[string]any{"type": "function_call", "call_id": "c2", "name": "lookup", "arguments": "{}"},
		map[string]any{"type": "function_call_output", "call_id": "c1", "output": "text only"},
		map[string]any{"type": "function_call_output", "call_id": "c2", "output": []any{
			map[string]any{"type": "input_text", "text": "a chart"}, map[string]any{"type": "input_image", "image_url": img}}},
	}
	r := ev.respond(with(map[string]any{"tools": []any{fn}, "input": input}))
	if r.status != 200 || !strings.Contains(string(r.body), "a PNG of 4x2 pixels") {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
}

// Chat completions refuse n, functions, function_call and logprobs, images outside user
// messages, and share the tier checks.
func TestChatRefusals(t *testing.T) {
	ev := newEnv(t, nil)
	chat := func(extra map[string]any) map[string]any {
		b := map[string]any{"model": "Fast", "messages": []any{map[string]any{"role": "user", "content": "hi"}}}
		for k, v := range extra {
			b[k] = v
		}
		return b
	}
	img := map[string]any{"type": "image_url", "image_url": map[string]any{"url": pngURL(t)}}
	cases := []refusal{
		{"n", chat(map[string]any{"n": 2}), 400, "unsupported_parameter", "n"},
		{"functions", chat(map[string]any{"functions": []any{}}), 400, "unsupported_parameter", "functions"},
		{"function_call", chat(map[string]any{"function_call": "auto"}), 400, "unsupported_parameter", "function_call"},
		{"logprobs", chat(map[string]any{"logprobs": true}), 400, "unsupported_parameter", "logprobs"},
		{"unknown field", chat(map[string]any{"colour": 1}), 400, "invalid_request_error", "colour"},
		{"no messages", map[string]any{"model": "Fast"}, 400, "invalid_request_error", "messages"},
		{"system image", chat(map[string]any{"messages": []any{map[string]any{"role": "system", "content": []any{img}}}}), 400, "unsupported_content_part", "messages[0].content[0].type"},
		{"vision on Instant", chat(map[string]any{"model": "Instant", "messages": []any{map[string]any{"role": "user", "content": []any{img}}}}), 400, "unsupported_vision", "messages"},
		{"tools on Instant", chat(map[string]any{"model": "Instant", "tools": []any{map[string]any{"type": "function", "function": map[string]any{"name": "f"}}}}), 400, "unsupported_tools", "tools"},
		{"response_format", chat(map[string]any{"response_format": map[string]any{"type": "json_schema"}}), 400, "invalid_response_format", "response_format.json_schema"},
		{"tier of key", chat(map[string]any{"model": "Smart"}), 404, "model_not_found", "model"},
	}
	for _, tc := range cases {
		if tc.name == "tier of key" {
			r := ev.do("POST", "/v1/chat/completions", keyC, tc.body)
			if r.status != 404 || r.errorOf(t).Code != "model_not_found" {
				t.Errorf("tier outside the key's: %d %s", r.status, r.body)
			}
			continue
		}
		checkRefusal(t, ev, "/v1/chat/completions", tc)
	}
}

// 415 without JSON, 401 without a key, 404 api_disabled and not_found, all in the /v1 shape.
func TestGatesAndAuth(t *testing.T) {
	ev := newEnv(t, func(c *Config, _ *serve.Config) { c.ChatOff = true })
	check := func(name string, r result, status int, code string) {
		t.Helper()
		if r.status != status || r.errorOf(t).Code != code {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	req, _ := http.NewRequest("POST", ev.srv.URL+"/v1/responses", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer "+keyA)
	req.Header.Set("Content-Type", "text/plain")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 415 {
		t.Errorf("text/plain: %d", res.StatusCode)
	}
	check("no key", ev.do("POST", "/v1/responses", "", with(nil)), 401, "invalid_api_key")
	check("wrong key", ev.do("GET", "/v1/models", "nope", nil), 401, "invalid_api_key")
	check("chat off", ev.do("POST", "/v1/chat/completions", keyA, with(nil)), 404, "api_disabled")
	check("no completions", ev.do("POST", "/v1/completions", keyA, with(nil)), 404, "not_found")
	check("no stored responses", ev.do("GET", "/v1/responses/resp_1", keyA, nil), 404, "not_found")
	check("bad JSON", ev.do("POST", "/v1/responses", keyA, "{nope"), 400, "invalid_request_error")
}

// context_length_exceeded: the request and the answer it may need do not fit the tier's window.
func TestContextLength(t *testing.T) {
	ev := newEnv(t, func(c *Config, _ *serve.Config) {
		c.Tiers = []Tier{{Name: "Tiny", ContextWindow: 100, MaxOutputTokens: 50}}
	})
	body := map[string]any{"model": "Tiny", "input": strings.Repeat("abcd", 60), "max_output_tokens": 50}
	checkRefusal(t, ev, "/v1/responses", refusal{"too long", body, 400, "context_length_exceeded", "input"})
	body["max_output_tokens"] = 60
	checkRefusal(t, ev, "/v1/responses", refusal{"over the tier", body, 400, "invalid_request_error", "max_output_tokens"})
	body["input"], body["max_output_tokens"] = "short", 50
	if r := ev.respond(body); r.status != 200 {
		t.Errorf("fits: %d %s", r.status, r.body)
	}
}

// The image budget: over 10 MiB one image (refused before it is decoded), over 20 MiB together,
// over 8 images.
func TestImageBudget(t *testing.T) {
	huge := "data:image/png;base64," + strings.Repeat("AAAA", (10<<20)/3+4)
	if _, err := decodeImage(huge, "p"); err == nil || err.Code != "images_too_large" || err.Param != "p" {
		t.Errorf("one image over 10 MiB: %v", err)
	}
	seven := smallmodel.Image{MIME: "image/png", Bytes: 7 << 20}
	if err := checkImageBudget([]smallmodel.Image{seven, seven}); err != nil {
		t.Errorf("14 MiB: %v", err)
	}
	if err := checkImageBudget([]smallmodel.Image{seven, seven, seven}); err == nil || err.Code != "images_too_large" {
		t.Errorf("21 MiB: %v", err)
	}
	if err := checkImageBudget(make([]smallmodel.Image, 9)); err == nil || err.Code != "too_many_images" {
		t.Errorf("9 images: %v", err)
	}
}
