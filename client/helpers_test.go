package client

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// testKey is the key every test client sends; no error text may ever contain it.
const testKey = "sk-test-SECRET-4f9a2b7c1d0e8f6a"

// newTestClient starts h on httptest and returns a client for it with quick retries.
func newTestClient(t *testing.T, h http.HandlerFunc, opts ...Option) (*Client, *httptest.Server) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	all := append([]Option{WithBaseURL(srv.URL + "/"), WithAPIKey(testKey),
		WithRetryPolicy(RetryPolicy{MaxRetries: 2, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}),
		WithPollInterval(time.Millisecond, 3*time.Millisecond)}, opts...)
	c, err := NewClient(all...)
	if err != nil {
		t.Fatal(err)
	}
	return c, srv
}

// assertNoKey fails when s contains the API key.
func assertNoKey(t *testing.T, s string) {
	t.Helper()
	if strings.Contains(s, testKey) {
		t.Fatalf("the API key leaked into: %s", s)
	}
}

// writeErr writes a workspace error body (top-level shape).
func writeErr(w http.ResponseWriter, status int, code string, retryable bool) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	r := "false"
	if retryable {
		r = "true"
	}
	_, _ = w.Write([]byte(`{"code":"` + code + `","message":"m","retryable":` + r + `,"request_id":"req_1"}`))
}

// tCtx is a context for helpers that have no *testing.T at hand.
var tCtx = context.Background()

// answerStreamOf reads an answer stream from recorded bytes, without a server.
func answerStreamOf(data string) *Stream[StreamEvent] {
	return newAnswerStream(newEventSource(strings.NewReader(data), "", nil, nil, nil), nil)
}

// responseStreamOf reads a ResponseStream from recorded bytes, without a server.
func responseStreamOf(data string) *Stream[ResponseEvent] {
	return newResponseStream(newEventSource(strings.NewReader(data), "", nil, nil, nil), nil)
}

// chatStreamOf reads a ChatStream from recorded bytes, without a server.
func chatStreamOf(data string) *Stream[ChatChunk] {
	return newChatStream(newEventSource(strings.NewReader(data), "", nil, nil, nil), nil)
}
