package client

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// sseHandler writes the given chunks with a flush after each; a chunk "WAIT:<d>" pauses d, and
// "HANG" blocks until the client goes away.
func sseHandler(chunks ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // lets the server notice a client that hangs up
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("X-Request-ID", "req_s")
		fl := w.(http.Flusher)
		for _, c := range chunks {
			switch {
			case c == "HANG":
				<-r.Context().Done()
				return
			case strings.HasPrefix(c, "WAIT:"):
				d, _ := time.ParseDuration(c[5:])
				time.Sleep(d)
				continue
			}
			_, _ = w.Write([]byte(c))
			fl.Flush()
		}
	}
}

func ev(name, data string) string { return "event: " + name + "\ndata: " + data + "\n\n" }

const completedEventData = `{"id":"wsa_1","object":"workspace.answer","status":"completed","found":true,"answer":"Final text.","sources":[{"index":1,"document_id":"d1","name":"a.txt","source_type":"file","url":null,"used":false}],"sequence_number":9}`

func askStream(c *Client) *Stream[StreamEvent] {
	return c.AskStream(tCtx, AskRequest{WorkspaceID: "w", Question: "q"})
}

// fullStream is every event type with pings, an unknown event and a CRLF event.
func fullStream() []string {
	crlf := strings.ReplaceAll(ev("answer.delta", `{"id":"wsa_1","sequence_number":5,"delta":" there"}`), "\n", "\r\n")
	return []string{
		": ping\n\n",
		ev("answer.created", `{"id":"wsa_1","object":"workspace.answer","status":"in_progress","sequence_number":0}`),
		ev("answer.status", `{"id":"wsa_1","stage":"retrieving","sequence_number":1}`),
		ev("answer.sources", `{"id":"wsa_1","sources":[{"index":1,"document_id":"d1","name":"a.txt"}],"sequence_number":2}`),
		ev("answer.delta", `{"id":"wsa_1","sequence_number":3,"delta":"Wrong"}`),
		ev("answer.reset", `{"id":"wsa_1","sequence_number":4}`),
		ev("answer.future_thing", `{"x":1}`),
		": ping\n\n",
		"event: answer.delta\ndata: {\"id\":\"wsa_1\",\"sequence_number\":4,\"delta\":\"Hello\"}\n\n",
		crlf,
		ev("answer.completed", completedEventData),
	}
}

// Spec §6: ": ping" lines are ignored, unknown events too; answer.reset discards the text so
// far; "Deltas are a preview; answer.completed is the result". CRLF line ends are fine.
func TestStreamFullAnswer(t *testing.T) {
	c, _ := newTestClient(t, sseHandler(fullStream()...))
	s := askStream(c)
	defer s.Close()
	var types, texts []string
	var stage string
	for s.Next() {
		types = append(types, s.Current().Type)
		texts = append(texts, s.Text())
		if s.Current().Type == EventStatus {
			stage = s.Current().Stage
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	want := "answer.created answer.status answer.sources answer.delta answer.reset answer.delta answer.delta answer.completed"
	if strings.Join(types, " ") != want {
		t.Fatalf("events %v", types)
	}
	if texts[3] != "Wrong" || texts[4] != "" || texts[6] != "Hello there" || s.Text() != "Final text." {
		t.Fatalf("texts %q", texts)
	}
	a := s.Final().Answer
	if a == nil || !a.Found || len(a.Sources) != 1 || stage != "retrieving" || a.ID != "wsa_1" || s.RequestID() != "req_s" {
		t.Fatalf("answer %+v stage %q", a, stage)
	}
	if s.Next() {
		t.Fatal("Next after the end")
	}
}

// Spec §6 answer.failed: "error {code, message} and request_id".
func TestStreamFailedEvent(t *testing.T) {
	c, _ := newTestClient(t, sseHandler(
		ev("answer.delta", `{"delta":"part"}`),
		ev("answer.failed", `{"id":"wsa_1","error":{"code":"workspace_access_lost","message":"gone"},"request_id":"req_f","sequence_number":2}`),
		ev("answer.delta", `{"delta":"never"}`),
	))
	s := askStream(c)
	n := 0
	for s.Next() {
		n++
	}
	var ae *APIError
	if !errors.As(s.Err(), &ae) || ae.Code != "workspace_access_lost" || ae.RequestID != "req_f" || n != 2 {
		t.Fatalf("%v after %d events", s.Err(), n)
	}
}

// A stream that ends without completed/failed is an interrupted answer that keeps its text.
func TestStreamCutIsInterruptedWithText(t *testing.T) {
	c, _ := newTestClient(t, sseHandler(
		ev("answer.delta", `{"delta":"Half "}`),
		ev("answer.delta", `{"delta":"an answer"}`),
		"event: answer.completed\ndata: {\"id\":\"wsa_1\",\"answ",
	))
	s := askStream(c)
	for s.Next() {
	}
	var ie *InterruptedError
	if !errors.As(s.Err(), &ie) || !errors.Is(s.Err(), ErrInterrupted) || ie.Text != "Half an answer" {
		t.Fatalf("%#v", s.Err())
	}
}

// Idle limit: pings count as life; silence past the limit interrupts with ErrIdleTimeout.
func TestStreamIdleTimeout(t *testing.T) {
	chunks := []string{ev("answer.delta", `{"delta":"a"}`)}
	for i := 0; i < 6; i++ {
		chunks = append(chunks, "WAIT:40ms", ": ping\n\n")
	}
	chunks = append(chunks, ev("answer.delta", `{"delta":"b"}`), "HANG")
	c, _ := newTestClient(t, sseHandler(chunks...), WithTimeouts(Timeouts{StreamIdle: 100 * time.Millisecond}))
	start := time.Now()
	s := askStream(c)
	for s.Next() {
	}
	if !errors.Is(s.Err(), ErrIdleTimeout) || !errors.Is(s.Err(), ErrInterrupted) || s.Text() != "ab" {
		t.Fatalf("%v %q", s.Err(), s.Text())
	}
	if el := time.Since(start); el < 300*time.Millisecond {
		t.Fatalf("pings did not keep the stream alive (%v)", el)
	}
	if !errors.Is(s.Err(), ErrIdleTimeout) {
		t.Fatalf("%#v", s.Err())
	}
}

// The wait for headers has its own limit: past it the stream ends with ErrHeaderTimeout and
// nothing received.
func TestStreamHeadersLimit(t *testing.T) {
	c, _ := newTestClient(t, sseHandler("HANG"), WithTimeouts(Timeouts{Headers: 50 * time.Millisecond, StreamIdle: time.Hour}))
	s := askStream(c)
	var ie *InterruptedError
	if s.Next() || !errors.Is(s.Err(), ErrHeaderTimeout) || !errors.As(s.Err(), &ie) || ie.Text != "" {
		t.Fatal(s.Err())
	}
}

// A server that checks the whole request before it sends headers is waited for longer than the
// idle limit of a running stream.
func TestStreamHeadersWaitIsNotTheIdleLimit(t *testing.T) {
	c, _ := newTestClient(t, sseHandler("WAIT:250ms", ev("answer.delta", `{"delta":"late"}`), ev("answer.completed", completedEventData)),
		WithTimeouts(Timeouts{StreamIdle: 80 * time.Millisecond}))
	s := askStream(c)
	for s.Next() {
	}
	if s.Err() != nil || s.Final().Answer == nil {
		t.Fatalf("a slow start was cut: %v", s.Err())
	}
}

func TestStreamCloseFromAnotherGoroutine(t *testing.T) {
	c, _ := newTestClient(t, sseHandler(ev("answer.delta", `{"delta":"x"}`), "HANG"))
	s := askStream(c)
	if !s.Next() {
		t.Fatal(s.Err())
	}
	go func() { time.Sleep(20 * time.Millisecond); _ = s.Close() }()
	if s.Next() {
		t.Fatal("event after close")
	}
	if !errors.Is(s.Err(), ErrStreamClosed) {
		t.Fatal(s.Err())
	}
	_ = s.Close()
}

func TestStreamRequestErrorAndRetry(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept") != "text/event-stream" {
			t.Error("no Accept header")
		}
		switch n.Add(1) {
		case 1:
			writeErr(w, 503, "overloaded", true)
		case 2:
			sseHandler(ev("answer.completed", completedEventData))(w, r)
		default:
			writeErr(w, 404, "knowledge_not_found", false)
		}
	})
	s := askStream(c)
	for s.Next() {
	}
	if s.Err() != nil || s.Final().Answer == nil || n.Load() != 2 {
		t.Fatal(s.Err(), n.Load())
	}
	s = askStream(c)
	if s.Next() || !IsCode(s.Err(), "knowledge_not_found") {
		t.Fatal(s.Err())
	}
}

// The event size limit is raised: answer.completed carries the whole answer.
func TestStreamLargeCompletedEvent(t *testing.T) {
	big := strings.Repeat("word ", 400_000) // 2 MB
	c, _ := newTestClient(t, sseHandler(ev("answer.completed", fmt.Sprintf(`{"object":"workspace.answer","answer":%q}`, big))))
	s := askStream(c)
	for s.Next() {
	}
	if s.Err() != nil || len(s.Final().Answer.Answer) != len(big) {
		t.Fatal(s.Err())
	}
}

func TestStreamNestedCompletedAndJSONFallback(t *testing.T) {
	c, _ := newTestClient(t, sseHandler(ev("answer.completed", `{"sequence_number":3,"answer":{"id":"wsa_n","object":"workspace.answer","answer":"nested"}}`)))
	s := askStream(c)
	for s.Next() {
	}
	if s.Err() != nil || s.Final().Answer.Answer != "nested" || s.Final().AnswerID != "wsa_n" {
		t.Fatal(s.Err())
	}
	c, _ = newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"object":"workspace.answer","answer":"plain json"}`))
	})
	s = askStream(c)
	for s.Next() {
	}
	if s.Err() != nil || s.Final().Answer.Answer != "plain json" {
		t.Fatal(s.Err())
	}
}

func TestStreamMalformedEventsAreSkippedButRemembered(t *testing.T) {
	c, _ := newTestClient(t, sseHandler(ev("answer.delta", `{"delta":`), ev("answer.delta", `{"delta":"ok"}`)))
	s := askStream(c)
	n := 0
	for s.Next() {
		n++
	}
	var ie *InterruptedError
	if n != 1 || !errors.As(s.Err(), &ie) || ie.Cause == nil || s.Text() != "ok" {
		t.Fatal(n, s.Err())
	}
}

// A text already returned by Text never changes, whatever resets and deltas come after it.
func TestStreamTextStableAcrossReset(t *testing.T) {
	data := ev(EventDelta, `{"id":"wsa_1","sequence_number":1,"delta":"first"}`) +
		ev(EventReset, `{"id":"wsa_1","sequence_number":2}`) +
		ev(EventDelta, `{"id":"wsa_1","sequence_number":3,"delta":"XXXXX"}`) +
		ev(EventReset, `{"id":"wsa_1","sequence_number":4}`) +
		ev(EventDelta, `{"id":"wsa_1","sequence_number":5,"delta":"third"}`)
	s := answerStreamOf(data)
	var seen []string
	for s.Next() {
		if s.Current().Type == EventDelta && s.Current().SequenceNumber == 1 {
			seen = append(seen, s.Text()) // a view before the first reset
		}
	}
	if len(seen) != 1 || seen[0] != "first" {
		t.Fatalf("view before reset is %q, want first", seen)
	}
	var ie *InterruptedError
	if !errors.As(s.Err(), &ie) || ie.Text != "third" || s.Text() != "third" {
		t.Fatalf("err %v, text %q: want interrupted with third", s.Err(), s.Text())
	}
}
