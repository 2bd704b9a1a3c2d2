package client

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func streamAll(s *Stream[ResponseEvent]) []ResponseEvent {
	var evs []ResponseEvent
	for s.Next() {
		evs = append(evs, s.Current())
	}
	return evs
}

func typesOf(evs []ResponseEvent) string {
	var t []string
	for _, e := range evs {
		t = append(t, strings.TrimPrefix(e.Type, "response."))
	}
	return strings.Join(t, " ")
}

var askFast = ResponseRequest{Model: ModelFast, InputText: "Hello?"}

// Spec §6, order for a text answer: created, in_progress, output_item.added, content_part.added,
// many output_text.delta, output_text.done, content_part.done, output_item.done, completed;
// ':' lines ignored; no [DONE].
func TestResponseStreamTextAnswer(t *testing.T) {
	chunks := append([]string{": keep-alive\n\n"}, textAnswer("Hel", "lo ", "there.")...)
	var body map[string]any
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/responses" || r.Header.Get("Accept") != "text/event-stream" || r.Header.Get("Authorization") != "Bearer "+testKey {
			t.Errorf("%s %v", r.URL.Path, r.Header)
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		sseHandler(chunks...)(w, r)
	}))
	s := c.StreamResponse(t.Context(), askFast)
	defer s.Close()
	var texts []string
	var evs []ResponseEvent
	for s.Next() {
		evs = append(evs, s.Current())
		texts = append(texts, s.Text())
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	want := "created in_progress output_item.added content_part.added output_text.delta output_text.delta output_text.delta output_text.done content_part.done output_item.done completed"
	if typesOf(evs) != want {
		t.Fatalf("events %s", typesOf(evs))
	}
	for i, e := range evs {
		if e.SequenceNumber != i || len(e.Raw) == 0 {
			t.Fatalf("event %d: sequence %d", i, e.SequenceNumber)
		}
	}
	if texts[5] != "Hello " || s.Text() != "Hello there." || evs[7].Text != "Hello there." || evs[3].Part == nil || evs[2].Item.Type != ItemMessage {
		t.Fatalf("texts %q, %+v", texts, evs[7])
	}
	r := s.Final().Response
	if r == nil || r.Status != ResponseStatusCompleted || r.OutputText() != "Hello there." || r.Usage.TotalTokens != 17 || s.RequestID() != "req_s" {
		t.Fatalf("%+v", r)
	}
	if body["stream"] != true || body["input"] != "Hello?" || body["model"] != "Fast" {
		t.Fatalf("body %v", body)
	}
}

// Spec §3: a stream failing after text has started closes the open message first (item status
// incomplete), then response.failed; the text is kept and the error is the response's.
func TestResponseStreamFailureMidText(t *testing.T) {
	e := textClose(textDeltas(textStart(&respEvents{}), "Half ", "an answer"), "Half an answer", "incomplete")
	e.add(ResponseFailed, `"response":`+responseJSON("failed", messageJSON("incomplete", "Half an answer"),
		`"error":{"code":"model_timeout","message":"The model took too long.","request_id":"req_fail"}`))
	c := newV1Client(t, serve(t, sseHandler(e.chunks...)))
	s := c.StreamResponse(t.Context(), askFast)
	evs := streamAll(s)
	if got := typesOf(evs[len(evs)-4:]); got != "output_text.done content_part.done output_item.done failed" {
		t.Fatal(got)
	}
	if evs[len(evs)-2].Item.Status != "incomplete" {
		t.Fatal(evs[len(evs)-2].Item)
	}
	var ae *APIError
	if !errors.As(s.Err(), &ae) || ae.StatusCode != 0 || ae.Code != "model_timeout" || ae.RequestID != "req_fail" {
		t.Fatalf("%#v", s.Err())
	}
	if s.Text() != "Half an answer" || s.Final().Response.Status != ResponseStatusFailed {
		t.Fatal(s.Text(), s.Final().Response)
	}
}

// A stream failing before any text has an empty output.
func TestResponseStreamFailureBeforeText(t *testing.T) {
	e := (&respEvents{}).add(ResponseCreated, `"response":`+responseJSON("in_progress", "", "")).
		add(ResponseFailed, `"response":`+responseJSON("failed", "", `"error":{"code":"model_unavailable","message":"busy"}`))
	s := newV1Client(t, serve(t, sseHandler(e.chunks...))).StreamResponse(t.Context(), askFast)
	streamAll(s)
	var ae *APIError
	if !errors.As(s.Err(), &ae) || ae.Code != "model_unavailable" || ae.RequestID != "req_s" || s.Text() != "" {
		t.Fatalf("%#v %q", s.Err(), s.Text())
	}
}

// Spec §3: max_output_tokens reached ends with response.incomplete, which is not an error.
func TestResponseStreamIncomplete(t *testing.T) {
	e := textClose(textDeltas(textStart(&respEvents{}), "Cut at the"), "Cut at the", "incomplete")
	e.add(ResponseIncomplete, `"response":`+responseJSON("incomplete", messageJSON("incomplete", "Cut at the"),
		`"incomplete_details":{"reason":"max_output_tokens"}`))
	s := newV1Client(t, serve(t, sseHandler(e.chunks...))).StreamResponse(t.Context(), askFast)
	evs := streamAll(s)
	r := s.Final().Response
	if s.Err() != nil || evs[len(evs)-1].Type != ResponseIncomplete || r.Status != ResponseStatusIncomplete ||
		r.IncompleteReason != "max_output_tokens" || s.Text() != "Cut at the" {
		t.Fatal(s.Err(), r)
	}
}

// Spec §6: answers with tools arrive in one piece: the call's arguments in one delta.
func TestResponseStreamToolCallInOnePiece(t *testing.T) {
	call := `{"type":"function_call","id":"fc_1","status":"completed","call_id":"call_1","name":"get_weather","arguments":"{\"city\":\"Pune\"}"}`
	e := (&respEvents{}).add(ResponseCreated, `"response":`+responseJSON("in_progress", "", "")).
		add(ResponseInProgress, `"response":`+responseJSON("in_progress", "", "")).
		add(ResponseOutputItemAdded, `"output_index":0,"item":{"type":"function_call","id":"fc_1","status":"in_progress","call_id":"call_1","name":"get_weather","arguments":""}`).
		add(ResponseArgumentsDelta, `"item_id":"fc_1","output_index":0,"delta":"{\"city\":\"Pune\"}"`).
		add(ResponseArgumentsDone, `"item_id":"fc_1","output_index":0,"arguments":"{\"city\":\"Pune\"}"`).
		add(ResponseOutputItemDone, `"output_index":0,"item":`+call).
		add(ResponseCompleted, `"response":`+responseJSON("completed", call, usageJSON))
	s := newV1Client(t, serve(t, sseHandler(e.chunks...))).StreamResponse(t.Context(), askFast)
	evs := streamAll(s)
	if s.Err() != nil || evs[3].Delta != `{"city":"Pune"}` || evs[4].Arguments != `{"city":"Pune"}` || s.Text() != "" {
		t.Fatal(s.Err(), evs)
	}
	calls := s.Final().Response.FunctionCalls()
	if len(calls) != 1 || calls[0].Name != "get_weather" || calls[0].CallID != "call_1" || calls[0].Arguments != `{"city":"Pune"}` {
		t.Fatalf("%+v", calls)
	}
	if back := calls[0].InputItem(); string(back.Raw) != call {
		t.Fatalf("sent back as %s", back.Raw)
	}
}

// A stream cut before its final event is interrupted and keeps its text.
func TestResponseStreamCutKeepsText(t *testing.T) {
	chunks := textDeltas(textStart(&respEvents{}), "Some ", "text").chunks
	chunks = append(chunks, "event: response.output_text.delta\ndata: {\"type\":\"resp")
	s := newV1Client(t, serve(t, sseHandler(chunks...))).StreamResponse(t.Context(), askFast)
	streamAll(s)
	var ie *InterruptedError
	if !errors.As(s.Err(), &ie) || ie.Text != "Some text" || s.Text() != "Some text" || s.Final().Response != nil {
		t.Fatalf("%#v", s.Err())
	}
}

// Unknown event types come out with their Type and Raw, and do not end the stream.
func TestResponseStreamUnknownEventPassesThrough(t *testing.T) {
	chunks := textAnswer("ok")
	chunks = append(chunks[:2:2], append([]string{"event: response.reasoning.delta\ndata: {\"type\":\"response.reasoning.delta\",\"sequence_number\":2,\"x\":[1]}\n\n"}, chunks[2:]...)...)
	s := newV1Client(t, serve(t, sseHandler(chunks...))).StreamResponse(t.Context(), askFast)
	evs := streamAll(s)
	if s.Err() != nil || evs[2].Type != "response.reasoning.delta" || !strings.Contains(string(evs[2].Raw), `"x":[1]`) {
		t.Fatal(s.Err(), evs[2])
	}
}

// Idle limit: ':' comment lines count as life; silence past the limit interrupts, text kept.
func TestResponseStreamIdleTimeout(t *testing.T) {
	chunks := textDeltas(textStart(&respEvents{}), "a").chunks
	for i := 0; i < 6; i++ {
		chunks = append(chunks, "WAIT:40ms", ": keep-alive\n\n")
	}
	chunks = append(chunks, textDeltas(&respEvents{seq: 5}, "b").chunks...)
	chunks = append(chunks, "HANG")
	c := newV1Client(t, serve(t, sseHandler(chunks...)), WithTimeouts(Timeouts{StreamIdle: 100 * time.Millisecond}))
	start := time.Now()
	s := c.StreamResponse(t.Context(), askFast)
	streamAll(s)
	if !errors.Is(s.Err(), ErrIdleTimeout) || !errors.Is(s.Err(), ErrInterrupted) || s.Text() != "ab" {
		t.Fatalf("%v %q", s.Err(), s.Text())
	}
	if time.Since(start) < 300*time.Millisecond {
		t.Fatal("comment lines did not keep the stream alive")
	}
}

func TestResponseStreamCloseFromAnotherGoroutine(t *testing.T) {
	chunks := append(textDeltas(textStart(&respEvents{}), "x").chunks, "HANG")
	s := newV1Client(t, serve(t, sseHandler(chunks...))).StreamResponse(t.Context(), askFast)
	if !s.Next() {
		t.Fatal(s.Err())
	}
	go func() { time.Sleep(20 * time.Millisecond); _ = s.Close() }()
	streamAll(s)
	if !errors.Is(s.Err(), ErrStreamClosed) || s.Text() != "x" {
		t.Fatal(s.Err())
	}
	_ = s.Close()
}

// Spec §7-§8: 429 waits Retry-After (also the open-streams refusal), 502/503/504 back off, a
// 400 is never retried; the stream is retried only before any event arrived.
func TestV1Retries(t *testing.T) {
	for _, tc := range []struct {
		name       string
		status     int
		code       string
		retryAfter string
		calls      int32
	}{
		{"429 Retry-After", 429, "rate_limit_exceeded", "0.05", 2},
		{"502", 502, "invalid_tool_call", "", 2},
		{"503 backoff", 503, "model_unavailable", "", 2},
		{"504", 504, "model_timeout", "", 2},
		{"400 never", 400, "invalid_request_error", "", 1},
	} {
		for _, streamed := range []bool{false, true} {
			var n atomic.Int32
			c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
				if n.Add(1) == 1 {
					writeV1Error(w, tc.status, tc.code, "", tc.retryAfter)
					return
				}
				if streamed {
					sseHandler(textAnswer("fine")...)(w, r)
					return
				}
				_, _ = io.WriteString(w, responseJSON("completed", messageJSON("completed", "fine"), ""))
			}))
			start := time.Now()
			var err error
			if streamed {
				s := c.StreamResponse(t.Context(), askFast)
				streamAll(s)
				err = s.Err()
			} else {
				_, err = c.CreateResponse(t.Context(), askFast)
			}
			if n.Load() != tc.calls || (tc.calls == 2) != (err == nil) {
				t.Errorf("%s (streamed %v): %d calls, %v", tc.name, streamed, n.Load(), err)
			}
			if tc.retryAfter != "" && time.Since(start) < 50*time.Millisecond {
				t.Errorf("%s: Retry-After not waited", tc.name)
			}
			if tc.calls == 1 && !IsCode(err, tc.code) {
				t.Errorf("%s: %v", tc.name, err)
			}
		}
	}
}

// Spec §2: {error: {message, type, code, param, request_id}}, request_id also in X-Request-ID.
func TestV1ErrorObjectMapsFully(t *testing.T) {
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
		writeV1Error(w, 400, "unsupported_vision", "input[0].content[1]", "")
	}))
	_, err := c.CreateResponse(t.Context(), askFast)
	var ae *APIError
	if !errors.As(err, &ae) || ae.StatusCode != 400 || ae.Code != "unsupported_vision" || ae.Param != "input[0].content[1]" ||
		ae.Type != "invalid_request_error" || ae.Message != "m unsupported_vision" || ae.RequestID != "req_v1err" || ae.Retryable {
		t.Fatalf("%#v", err)
	}
	s := c.StreamResponse(t.Context(), askFast)
	if s.Next() || !IsCode(s.Err(), "unsupported_vision") {
		t.Fatal(s.Err())
	}
}

// The request body: input items (a message with parts, a call sent back unchanged, a call's
// output with parts), function tools, tool_choice, text.format, sampling, metadata.
func TestCreateResponseBody(t *testing.T) {
	var got map[string]any
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Content-Type") != "application/json" {
			t.Error("content type")
		}
		_ = json.NewDecoder(r.Body).Decode(&got)
		w.Header().Set("X-Request-ID", "req_ok")
		_, _ = io.WriteString(w, responseJSON("completed", messageJSON("completed", "Done."), usageJSON+`,"future":{"x":1}`))
	}))
	strict, temp, par := true, 0.5, false
	raw := json.RawMessage(`{"type":"function_call","id":"fc_9","call_id":"c9","name":"f","arguments":"{}","status":"completed"}`)
	r := ResponseRequest{Model: ModelFast, Instructions: "Be brief.", Input: []InputItem{
		{Role: "user", Content: []ContentPart{{Type: PartInputText, Text: "Look"}, {Type: PartInputImage, ImageURL: smallPNG, Detail: "auto"}}},
		{Role: "assistant", Content: []ContentPart{{Type: PartOutputText, Text: "Yes"}}},
		{Type: ItemFunctionCall, Raw: raw},
		{Type: ItemFunctionCallOutput, CallID: "c9", Output: "42"},
		{Type: ItemFunctionCallOutput, CallID: "c9", OutputParts: []ContentPart{{Type: PartInputText, Text: "img"}}},
	}, Tools: []FunctionTool{{Name: "f", Description: "d", Parameters: json.RawMessage(`{"type":"object"}`), Strict: &strict}},
		ToolChoice: &ToolChoice{Function: "f"}, ParallelToolCalls: &par, MaxOutputTokens: 100, Temperature: &temp,
		TextFormat: &TextFormat{Type: "json_schema", Name: "n", Schema: json.RawMessage(`{"type":"object"}`), Strict: &strict},
		Metadata:   map[string]string{"k": "v"}}
	resp, err := c.CreateResponse(t.Context(), r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"input":[{"content":[{"text":"Look","type":"input_text"},{"detail":"auto","image_url":"` + smallPNG + `","type":"input_image"}],"role":"user","type":"message"},` +
		`{"content":[{"annotations":[],"text":"Yes","type":"output_text"}],"role":"assistant","type":"message"},` +
		`{"arguments":"{}","call_id":"c9","id":"fc_9","name":"f","status":"completed","type":"function_call"},` +
		`{"call_id":"c9","output":"42","type":"function_call_output"},{"call_id":"c9","output":[{"text":"img","type":"input_text"}],"type":"function_call_output"}],` +
		`"instructions":"Be brief.","max_output_tokens":100,"metadata":{"k":"v"},"model":"Fast","parallel_tool_calls":false,"temperature":0.5,` +
		`"text":{"format":{"name":"n","schema":{"type":"object"},"strict":true,"type":"json_schema"}},"tool_choice":{"name":"f","type":"function"},` +
		`"tools":[{"description":"d","name":"f","parameters":{"type":"object"},"strict":true,"type":"function"}]}`
	if b, _ := json.Marshal(got); string(b) != want {
		t.Fatalf("body\n%s\nwant\n%s", b, want)
	}
	if resp.OutputText() != "Done." || resp.Usage.InputTokens != 12 || !strings.Contains(string(resp.Raw), `"future"`) || resp.CreatedAt != 1760000000 {
		t.Fatalf("%+v", resp)
	}
}

// A 200 response with status failed comes back with its error.
func TestCreateResponseFailedStatus(t *testing.T) {
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, responseJSON("failed", "", `"error":{"code":"server_error","message":"x"}`))
	}))
	resp, err := c.CreateResponse(t.Context(), askFast)
	if resp == nil || !IsCode(err, "server_error") {
		t.Fatal(resp, err)
	}
}

// Body caps: a /v1 body over 8 MiB, and a stream event over 8 MiB, stop with *TooLargeError.
func TestV1BodyCaps(t *testing.T) {
	c := newV1Client(t, serve(t, endless("application/json", `{"id":"`, strings.Repeat("x", 32<<10))))
	_, err := c.CreateResponse(t.Context(), askFast)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != MaxModelBody {
		t.Fatal(err)
	}
	c = newV1Client(t, serve(t, endless("text/event-stream", "event: response.output_text.delta\ndata: ", strings.Repeat("x", 32<<10))))
	s := c.StreamResponse(t.Context(), askFast)
	streamAll(s)
	if !errors.As(s.Err(), &tl) || tl.What != "event" || !errors.Is(s.Err(), ErrInterrupted) {
		t.Fatal(s.Err())
	}
	// Chunks whose content adds up to more than the largest answer end the stream, text kept.
	c = newV1Client(t, serve(t, endless("text/event-stream", "", chatChunk(`{"content":"`+strings.Repeat("x", 64<<10)+`"}`, ""))))
	cs := c.StreamChatCompletion(t.Context(), chatFast)
	chatAll(cs)
	var ie *InterruptedError
	if !errors.As(cs.Err(), &tl) || tl.What != "answer" || !errors.As(cs.Err(), &ie) || len(ie.Text) != MaxEventSize {
		t.Fatal(cs.Err())
	}
}
