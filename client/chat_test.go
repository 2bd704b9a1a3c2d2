package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"testing"
)

var chatFast = ChatRequest{Model: ModelFast, Messages: []ChatMessage{{Role: "user", Content: "Hi"}}}

func chatAll(s *Stream[ChatChunk]) []ChatChunk {
	var cs []ChatChunk
	for s.Next() {
		cs = append(cs, s.Current())
	}
	return cs
}

// Spec §6: chunks until data: [DONE]; tool calls come in pieces by index and are joined.
func TestChatStreamToolCallsAssembled(t *testing.T) {
	chunks := []string{
		": keep-alive\n\n",
		chatChunk(`{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"get_weather","arguments":""}}]}`, ""),
		chatChunk(`{"tool_calls":[{"index":0,"function":{"arguments":"{\"ci"}}]}`, ""),
		chatChunk(`{"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"get_time","arguments":"{}"}}]}`, ""),
		chatChunk(`{"tool_calls":[{"index":0,"function":{"arguments":"ty\":\"Pune\"}"}}]}`, ""),
		chatChunk(`{}`, "tool_calls"),
		`data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1760000000,"model":"Fast","choices":[],"usage":{"prompt_tokens":9,"completion_tokens":4,"total_tokens":13}}` + "\n\n",
		"data: [DONE]\n\n",
	}
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" {
			t.Error(r.URL.Path)
		}
		sseHandler(chunks...)(w, r)
	}))
	s := c.StreamChatCompletion(t.Context(), chatFast)
	if s.Final().Completion != nil {
		t.Fatal("a completion before [DONE]")
	}
	got := chatAll(s)
	if s.Err() != nil || len(got) != 6 || got[1].Choices[0].ToolCalls[0].Arguments != `{"ci` {
		t.Fatal(s.Err(), got)
	}
	cc := s.Final().Completion
	if cc == nil || len(cc.Choices) != 1 || cc.Usage.TotalTokens != 13 || cc.ID != "chatcmpl-1" {
		t.Fatalf("%+v", cc)
	}
	m := cc.Choices[0]
	if m.FinishReason != "tool_calls" || m.Message.Role != "assistant" || m.Message.Content != "" || len(m.Message.ToolCalls) != 2 {
		t.Fatalf("%+v", m)
	}
	if a, b := m.Message.ToolCalls[0], m.Message.ToolCalls[1]; a.ID != "call_a" || a.Name != "get_weather" || a.Arguments != `{"city":"Pune"}` ||
		b.ID != "call_b" || b.Arguments != "{}" || a.Type != "function" {
		t.Fatalf("%+v", m.Message.ToolCalls)
	}
}

// Text is the content so far; a stream ending without [DONE] is interrupted and keeps it.
func TestChatStreamWithoutDoneIsInterrupted(t *testing.T) {
	c := newV1Client(t, serve(t, sseHandler(chatChunk(`{"role":"assistant","content":"Hel"}`, ""), chatChunk(`{"content":"lo"}`, ""),
		chatChunk(`{}`, "stop"))))
	s := c.StreamChatCompletion(t.Context(), chatFast)
	chatAll(s)
	var ie *InterruptedError
	if !errors.As(s.Err(), &ie) || ie.Text != "Hello" || s.Text() != "Hello" || s.Final().Completion != nil {
		t.Fatal(s.Err())
	}
}

func TestChatStreamText(t *testing.T) {
	c := newV1Client(t, serve(t, sseHandler(chatChunk(`{"role":"assistant","content":"Hel"}`, ""), chatChunk(`{"content":"lo"}`, ""),
		chatChunk(`{}`, "stop"), "data: [DONE]\n\n")))
	s := c.StreamChatCompletion(t.Context(), chatFast)
	chatAll(s)
	if s.Err() != nil || s.Text() != "Hello" || s.Final().Completion.Choices[0].Message.Content != "Hello" || s.Final().Completion.Choices[0].FinishReason != "stop" || s.RequestID() != "req_s" {
		t.Fatal(s.Err(), s.Final().Completion)
	}
}

// An error object instead of a chunk ends the stream with that error.
func TestChatStreamErrorObject(t *testing.T) {
	c := newV1Client(t, serve(t, sseHandler(chatChunk(`{"content":"par"}`, ""),
		`data: {"error":{"message":"too slow","type":"server_error","code":"model_timeout"}}`+"\n\n")))
	s := c.StreamChatCompletion(t.Context(), chatFast)
	chatAll(s)
	var ae *APIError
	if !errors.As(s.Err(), &ae) || ae.Code != "model_timeout" || ae.StatusCode != 0 || s.Text() != "par" {
		t.Fatal(s.Err())
	}
}

// The request body: parts with images on the user message, tool results, tools under
// "function", tool_choice nested, response_format, stop, seed, penalties.
func TestCreateChatCompletionBody(t *testing.T) {
	var got map[string]any
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewDecoder(r.Body).Decode(&got)
		_, _ = io.WriteString(w, `{"id":"chatcmpl-9","object":"chat.completion","created":1760000000,"model":"Fast","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{\"a\":1}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}`)
	}))
	seed, pp := int64(7), 0.5
	r := ChatRequest{Model: ModelFast, Messages: []ChatMessage{
		{Role: "system", Content: "Be brief."},
		{Role: "user", Parts: []ContentPart{{Type: "text", Text: "Look"}, {Type: "image_url", ImageURL: smallPNG}}},
		{Role: "assistant", ToolCalls: []ToolCall{{ID: "call_0", Name: "f", Arguments: "{}"}}},
		{Role: "tool", ToolCallID: "call_0", Content: "42"},
	}, Tools: []FunctionTool{{Name: "f", Parameters: json.RawMessage(`{"type":"object"}`)}}, ToolChoice: &ToolChoice{Function: "f"},
		ResponseFormat:      &TextFormat{Type: "json_schema", Name: "n", Schema: json.RawMessage(`{"type":"object"}`)},
		MaxCompletionTokens: 50, PresencePenalty: &pp, Stop: []string{"END"}, Seed: &seed}
	cc, err := c.CreateChatCompletion(t.Context(), r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"max_completion_tokens":50,"messages":[{"content":"Be brief.","role":"system"},` +
		`{"content":[{"text":"Look","type":"text"},{"image_url":{"url":"` + smallPNG + `"},"type":"image_url"}],"role":"user"},` +
		`{"content":null,"role":"assistant","tool_calls":[{"function":{"arguments":"{}","name":"f"},"id":"call_0","type":"function"}]},` +
		`{"content":"42","role":"tool","tool_call_id":"call_0"}],"model":"Fast","presence_penalty":0.5,` +
		`"response_format":{"json_schema":{"name":"n","schema":{"type":"object"}},"type":"json_schema"},"seed":7,"stop":["END"],` +
		`"tool_choice":{"function":{"name":"f"},"type":"function"},"tools":[{"function":{"name":"f","parameters":{"type":"object"}},"type":"function"}]}`
	if b, _ := json.Marshal(got); string(b) != want {
		t.Fatalf("body\n%s\nwant\n%s", b, want)
	}
	ch := cc.Choices[0]
	if ch.FinishReason != "tool_calls" || ch.Message.ToolCalls[0].Arguments != `{"a":1}` || cc.Usage.TotalTokens != 3 || cc.Created != 1760000000 {
		t.Fatalf("%+v", cc)
	}
}

func TestChatRetriesAndErrors(t *testing.T) {
	n := 0
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
		n++
		if n == 1 {
			writeV1Error(w, 429, "rate_limit_exceeded", "", "0.01")
			return
		}
		sseHandler(chatChunk(`{"content":"ok"}`, "stop"), "data: [DONE]\n\n")(w, r)
	}))
	s := c.StreamChatCompletion(t.Context(), chatFast)
	chatAll(s)
	if s.Err() != nil || n != 2 || s.Text() != "ok" {
		t.Fatal(s.Err(), n)
	}
	c = newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) { writeV1Error(w, 404, "model_not_found", "model", "") }))
	if _, err := c.CreateChatCompletion(t.Context(), chatFast); !IsCode(err, "model_not_found") {
		t.Fatal(err)
	}
}

// Chunks that name ever new choices and tool calls with nothing in them still reach the cap of a
// whole answer (each costs memory): the stream ends instead of growing without bound.
func TestChatStreamNewIndicesReachTheCap(t *testing.T) {
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := 0; r.Context().Err() == nil && i < 1<<20; i++ {
			fmt.Fprintf(w, `data: {"id":"c","choices":[{"index":%d,"delta":{"tool_calls":[{"index":%d}]}}]}`+"\n\n", i, i)
		}
	}))
	s := c.StreamChatCompletion(t.Context(), chatFast)
	n := 0
	for s.Next() {
		n++
	}
	var tl *TooLargeError
	if !errors.As(s.Err(), &tl) || tl.What != "answer" {
		t.Fatalf("after %d chunks: %v", n, s.Err())
	}
	if max := MaxEventSize / (2 * builderCost); n > max+1 {
		t.Fatalf("%d chunks read, more than the %d the cap allows", n, max)
	}
}
