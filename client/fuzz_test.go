package client

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzStreamDecode feeds arbitrary bytes through an answer stream (Stream[StreamEvent]). Invariants: no panic; the
// stream ends with nil (only after answer.completed with an Answer), *APIError (after
// answer.failed) or *InterruptedError; only known event names come out; the preview text is
// the deltas since the last reset (the final answer after completed).
func FuzzStreamDecode(f *testing.F) {
	f.Add([]byte("event: answer.delta\ndata: {\"id\":\"wsa_1\",\"sequence_number\":3,\"delta\":\"Hi\\n\"}\n\nevent: answer.completed\ndata: {\"answer\":\"Hi\",\"object\":\"workspace.answer\"}\n\n"))
	f.Add([]byte(": ping\r\n\r\nevent: answer.reset\r\ndata: {}\r\n\r\nevent: x\ndata: y\n\n"))
	f.Add([]byte("event: answer.failed\ndata: {\"error\":{\"code\":\"workspace_access_lost\"}}\n\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		s := answerStreamOf(string(raw))
		want := ""
		for s.Next() {
			e := s.Current()
			if !isAnswerEvent(e.Type) {
				t.Fatalf("unknown event %q came out", e.Type)
			}
			want = expectedText(want, e)
			if s.Text() != want {
				t.Fatalf("preview %q, want %q (deltas since the last reset)", s.Text(), want)
			}
		}
		var ae *APIError
		var ie *InterruptedError
		switch err := s.Err(); {
		case err == nil:
			if s.Final().Answer == nil {
				t.Fatal("success without an answer")
			}
		case errors.As(err, &ae), errors.As(err, &ie):
		default:
			t.Fatalf("unexpected error type %T", err)
		}
	})
}

// expectedText is the preview after e: deltas appended, reset clears, completed replaces.
func expectedText(text string, e StreamEvent) string {
	switch e.Type {
	case EventDelta:
		return text + e.Delta
	case EventReset:
		return ""
	case EventCompleted:
		return e.Answer.Answer
	}
	return text
}

// FuzzParseAPIError parses arbitrary bodies and headers. Invariants: no panic; the status is
// kept; the human sentence and the error text are non-empty, valid UTF-8 and bounded; a key
// planted anywhere in the body never comes out.
func FuzzParseAPIError(f *testing.F) {
	f.Add(429, []byte(`{"code":"too_many_uploads","retryable":true,"request_id":"r"}`), "3", "")
	f.Add(400, []byte(`{"error":{"message":"m","type":"invalid_request_error","code":"unknown_parameter","param":"x"}}`), "", "req")
	f.Add(502, []byte("<html>Bad Gateway</html>"), "Wed, 21 Oct 2026 07:28:00 GMT", "")
	f.Add(0, []byte(`{"error":"x"}`), "-1", "\x00")
	f.Fuzz(func(t *testing.T, status int, body []byte, retryAfter, reqID string) {
		h := http.Header{"Retry-After": {retryAfter}, "X-Request-Id": {reqID}}
		c := &Client{key: secret(testKey)}
		planted := append(append([]byte{}, body...), []byte(testKey)...)
		for _, b := range [][]byte{body, planted, []byte(`{"code":"` + testKey + `","message":"` + testKey + `"}`)} {
			e := parseAPIError(status, h, b, c.redact)
			if e.StatusCode != status || e.RetryAfter < 0 {
				t.Fatalf("%+v", e)
			}
			for _, s := range []string{e.Error(), e.Message, e.Snippet} {
				if !utf8.ValidString(s) || strings.Contains(s, testKey) {
					t.Fatalf("bad text %q", s)
				}
			}
			if len(e.Message) > 4*maxMessage+8 || len(e.Snippet) > 4*maxSnippet+8 {
				t.Fatal("unbounded text")
			}
		}
	})
}

// FuzzBuildHistory builds histories from arbitrary conversations. Invariants: the output always
// passes the spec's history rules; it is a suffix of the usable pairs; it is maximal (the next
// older usable pair would not fit).
func FuzzBuildHistory(f *testing.F) {
	f.Add("q1|a1|0|q2||0|q3|a3|1|q4|a4|0", 1)
	f.Add("é|"+strings.Repeat("x", 23998)+"|0", 3)
	f.Add("| |0|q| |0", 30)
	f.Fuzz(func(t *testing.T, spec string, repeat int) {
		turns := parseTurns(spec, repeat)
		h := BuildHistory(turns)
		if err := ValidateHistory(h); err != nil {
			t.Fatalf("invalid history: %v", err)
		}
		var usable []Exchange
		for _, lt := range turns {
			if !lt.Failed && strings.TrimSpace(lt.Question) != "" && strings.TrimSpace(lt.Answer) != "" {
				usable = append(usable, lt)
			}
		}
		k := len(h) / 2
		total := 0
		for i := 0; i < k; i++ {
			p := usable[len(usable)-k+i]
			if h[2*i].Content != p.Question || h[2*i+1].Content != p.Answer {
				t.Fatal("history is not the newest usable pairs in order")
			}
			total += chars(p.Question) + chars(p.Answer)
		}
		if k < len(usable) && k < MaxHistoryTurns/2 {
			p := usable[len(usable)-k-1]
			if total+chars(p.Question)+chars(p.Answer) <= MaxHistoryChars {
				t.Fatal("a fitting older pair was dropped")
			}
		}
	})
}

// parseTurns reads "question|answer|failed|..." repeated up to 40 times.
func parseTurns(spec string, repeat int) []Exchange {
	parts := strings.Split(spec, "|")
	var out []Exchange
	for r := 0; r < min(max(repeat, 1), 40); r++ {
		for i := 0; i+2 < len(parts); i += 3 {
			out = append(out, Exchange{Question: parts[i], Answer: parts[i+1], Failed: parts[i+2] == "1"})
		}
	}
	return out
}

// FuzzResponseStream feeds arbitrary bytes through a Stream[ResponseEvent]. Invariants: no panic; the
// stream ends with nil only after response.completed or .incomplete (with their response),
// *APIError only after response.failed or an error event, else *InterruptedError; Text is the
// output_text deltas handed out, in order.
func FuzzResponseStream(f *testing.F) {
	f.Add([]byte(strings.Join(textAnswer("Hel", "lo"), "")))
	e := textClose(textDeltas(textStart(&respEvents{}), "Half"), "Half", "incomplete")
	e.add(ResponseFailed, `"response":`+responseJSON("failed", "", `"error":{"code":"model_timeout","message":"m"}`))
	f.Add([]byte(strings.Join(e.chunks, "")))
	f.Add([]byte("data: {\"type\":\"response.incomplete\",\"response\":{\"status\":\"incomplete\"}}\n\n: x\r\n\r\ndata: {\"type\":\"error\",\"code\":\"c\"}\n\n"))
	f.Add([]byte("event: response.output_text.delta\ndata: {\"delta\":\"a\",\"item\":{\"content\":[{\"type\":1}]}}\n\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		s := responseStreamOf(string(raw))
		want, last := "", ""
		for s.Next() {
			ev := s.Current()
			if ev.Type == ResponseOutputTextDelta {
				want += ev.Delta
			}
			if s.Text() != want {
				t.Fatalf("text %q, want %q", s.Text(), want)
			}
			last = ev.Type
		}
		var ae *APIError
		var ie *InterruptedError
		switch err := s.Err(); {
		case err == nil:
			if (last != ResponseCompleted && last != ResponseIncomplete) || s.Final().Response == nil {
				t.Fatalf("success after %q", last)
			}
		case errors.As(err, &ae):
			if last != ResponseFailed && last != ResponseErrorEvent {
				t.Fatalf("API error after %q", last)
			}
		case errors.As(err, &ie):
			if ie.Text != want {
				t.Fatalf("interrupted text %q, want %q", ie.Text, want)
			}
		default:
			t.Fatalf("unexpected error type %T", err)
		}
	})
}

// FuzzChatStream feeds arbitrary bytes through a Stream[ChatChunk]. Invariants: no panic; nil only
// after [DONE], with a completion whose choices' content is the text; *APIError only for an
// error object; else *InterruptedError keeping the text; Text is the content deltas handed out.
func FuzzChatStream(f *testing.F) {
	f.Add([]byte(chatChunk(`{"role":"assistant","content":"Hi"}`, "") + chatChunk(`{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"{"}}]}`, "") +
		chatChunk(`{"tool_calls":[{"index":0,"function":{"arguments":"}"}}]}`, "tool_calls") + "data: [DONE]\n\n"))
	f.Add([]byte("data: {\"choices\":[{\"index\":3,\"delta\":{\"content\":\"x\"}}]}\n\ndata: {\"error\":{\"code\":\"c\"}}\n\n"))
	f.Add([]byte("data:{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":-1}]}}]}\r\n\r\ndata: [DONE]\r\n\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		s := chatStreamOf(string(raw))
		want := ""
		for s.Next() {
			for _, ch := range s.Current().Choices {
				want += ch.Content
			}
			if s.Text() != want {
				t.Fatalf("text %q, want %q", s.Text(), want)
			}
		}
		var ae *APIError
		var ie *InterruptedError
		switch err := s.Err(); {
		case err == nil:
			c := s.Final().Completion
			if c == nil {
				t.Fatal("success without a completion")
			}
			got := ""
			for _, ch := range c.Choices {
				got += ch.Message.Content
			}
			if len(got) != len(want) {
				t.Fatalf("completion content %q, text %q", got, want)
			}
		case errors.As(err, &ae):
		case errors.As(err, &ie):
			if ie.Text != want || s.Final().Completion != nil {
				t.Fatalf("interrupted text %q, want %q", ie.Text, want)
			}
		default:
			t.Fatalf("unexpected error type %T", err)
		}
	})
}

// FuzzV1Error parses /v1 error objects built from arbitrary fields, and arbitrary bodies in
// the "error" key. Invariants: no panic; each field of a well-formed object lands in its place,
// cleaned; a /v1 request retries exactly 429, 502, 503 and 504; no text is unbounded or invalid.
func FuzzV1Error(f *testing.F) {
	f.Add(400, "m", "invalid_request_error", "unsupported_parameter", "input[0].content[1]", "req_1", []byte(`{"message":1}`))
	f.Add(429, "slow down", "", "rate_limit_exceeded", "", "", []byte(`"x"`))
	f.Add(503, "\x1b[31mred", "t", "model_unavailable", "\u202e", "r", []byte(`[{"error":{}}]`))
	f.Fuzz(func(t *testing.T, status int, message, typ, code, param, reqID string, inner []byte) {
		body, _ := json.Marshal(map[string]any{"error": map[string]string{"message": message, "type": typ, "code": code, "param": param, "request_id": reqID}})
		e := parseAPIError(status, http.Header{}, body, nil)
		if e.Message != clean(message, maxMessage) || e.Type != clean(typ, 100) || e.Code != clean(code, 100) ||
			e.Param != clean(param, 100) || e.RequestID != clean(reqID, 100) {
			t.Fatalf("%s parsed as %+v", body, e)
		}
		(&request{retry: retryByStatus}).classify(e)
		if e.Retryable != (status == 429 || status == 502 || status == 503 || status == 504) {
			t.Fatalf("status %d retryable %v", status, e.Retryable)
		}
		e = parseAPIError(status, nil, append(append([]byte(`{"error":`), inner...), '}'), nil)
		for _, s := range []string{e.Error(), e.Message, e.Snippet, e.Code, e.Param, e.Type} {
			if !utf8.ValidString(s) || len(s) > 4*maxMessage+8 {
				t.Fatalf("bad text %q", s)
			}
		}
	})
}
