package client

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

// elsewhere is a server that must never be reached: it counts requests and remembers whether
// one carried the key or a body.
type elsewhere struct {
	srv             *httptest.Server
	hits, keys, bod atomic.Int32
}

func newElsewhere(t *testing.T) *elsewhere {
	e := &elsewhere{}
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.hits.Add(1)
		if r.Header.Get("Authorization") != "" {
			e.keys.Add(1)
		}
		if b, _ := io.ReadAll(r.Body); len(b) > 0 {
			e.bod.Add(1)
		}
		writeErr(w, 500, "should_not_be_here", false)
	}))
	t.Cleanup(e.srv.Close)
	return e
}

// redirectTo answers every request with a 307 to target plus the request's path.
func redirectTo(target string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		http.Redirect(w, r, target+r.URL.RequestURI(), http.StatusTemporaryRedirect)
	}
}

// TestRedirectsAreRefused: a 307 to another host (plain http), to another port of the same
// host, and from https to http: neither the key nor a body leaves the configured server, and
// every call fails with a *RedirectError naming the target.
func TestRedirectsAreRefused(t *testing.T) {
	other := newElsewhere(t)
	port := other.srv.URL[strings.LastIndexByte(other.srv.URL, ':'):]
	tls := httptest.NewTLSServer(redirectTo(other.srv.URL))
	t.Cleanup(tls.Close)
	cases := []struct {
		name string
		make func() *Client
	}{
		{"other host", func() *Client { c, _ := newTestClient(t, redirectTo("http://localhost"+port)); return c }},
		{"same host, other port", func() *Client { c, _ := newTestClient(t, redirectTo(other.srv.URL)); return c }},
		{"https to http", func() *Client {
			c, err := NewClient(WithBaseURL(tls.URL), WithAPIKey(testKey), WithHTTPClient(tls.Client()),
				WithRetryPolicy(RetryPolicy{MaxRetries: 2, BaseDelay: 1, MaxDelay: 1}))
			if err != nil {
				t.Fatal(err)
			}
			return c
		}},
	}
	for _, tc := range cases {
		c := tc.make()
		calls := map[string]func() error{
			"list": func() error { _, err := c.ListWorkspaces(t.Context(), ListOptions{}); return err },
			"ask": func() error {
				_, err := c.Ask(t.Context(), AskRequest{WorkspaceID: "w", Question: "secret question"})
				return err
			},
			"stream": func() error {
				s := c.AskStream(t.Context(), AskRequest{WorkspaceID: "w", Question: "secret question"})
				for s.Next() {
				}
				return s.Err()
			},
			"upload": func() error { _, err := c.Upload(t.Context(), memUpload([]byte("a whole file"))); return err },
			"status": func() error { _, err := c.DocumentStatus(t.Context(), "w", "abcdefABCDEF"); return err },
		}
		for name, call := range calls {
			err := call()
			var re *RedirectError
			if !errors.As(err, &re) || re.StatusCode != 307 || !strings.Contains(re.Location, port) {
				t.Errorf("%s, %s: %v", tc.name, name, err)
				continue
			}
			assertNoKey(t, err.Error())
		}
	}
	if other.hits.Load() != 0 || other.keys.Load() != 0 || other.bod.Load() != 0 {
		t.Fatalf("the redirect target got %d requests, %d with the key, %d with a body",
			other.hits.Load(), other.keys.Load(), other.bod.Load())
	}
}

// TestRedirectRefusedWithCallersHTTPClient: WithHTTPClient's own CheckRedirect is replaced.
func TestRedirectRefusedWithCallersHTTPClient(t *testing.T) {
	other := newElsewhere(t)
	follow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return nil }}
	c, _ := newTestClient(t, redirectTo(other.srv.URL), WithHTTPClient(follow))
	_, err := c.ListWorkspaces(t.Context(), ListOptions{})
	var re *RedirectError
	if !errors.As(err, &re) || other.hits.Load() != 0 {
		t.Fatal(err, other.hits.Load())
	}
}

// endless writes prefix, then chunk over and over until the client goes away (at most 1 GiB).
func endless(contentType, prefix, chunk string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("X-Request-ID", "req_big")
		if _, err := io.WriteString(w, prefix); err != nil {
			return
		}
		b := []byte(chunk)
		for sent := 0; sent < 1<<30; sent += len(b) {
			if _, err := w.Write(b); err != nil {
				return
			}
		}
	}
}

// allocated runs f and returns the bytes it allocated (an upper bound of its peak memory).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestBodyCapsHoldWithFlatMemory: replies of up to 1 GiB stop at their cap with a *TooLargeError
// and allocate a small multiple of the cap (garbage included), not the body's size.
func TestBodyCapsHoldWithFlatMemory(t *testing.T) {
	entry := strings.Repeat(`{"workspace_id":"w","name":"n"},`, 1024)
	cases := []struct {
		name  string
		h     http.HandlerFunc
		limit int64
		call  func(c *Client) error
	}{
		{"list", endless("application/json", `{"object":"list","data":[`, entry), MaxListBody,
			func(c *Client) error { _, err := c.ListWorkspaces(t.Context(), ListOptions{}); return err }},
		{"status", endless("application/json", `{"name":"`, strings.Repeat("x", 32<<10)), MaxRecordBody,
			func(c *Client) error { _, err := c.DocumentStatus(t.Context(), "w", "abcdefABCDEF"); return err }},
		{"answer", endless("application/json", `{"answer":"`, strings.Repeat("x", 32<<10)), MaxAnswerBody,
			func(c *Client) error {
				_, err := c.Ask(t.Context(), AskRequest{WorkspaceID: "w", Question: "q"})
				return err
			}},
		{"text answer", endless("text/plain", "", strings.Repeat("x", 32<<10)), MaxAnswerBody,
			func(c *Client) error {
				_, err := c.AskText(t.Context(), AskRequest{WorkspaceID: "w", Question: "q"})
				return err
			}},
	}
	for _, tc := range cases {
		c, _ := newTestClient(t, tc.h)
		var err error
		n := allocated(func() { err = tc.call(c) })
		var tl *TooLargeError
		if !errors.As(err, &tl) || tl.Limit != tc.limit || tl.RequestID != "req_big" {
			t.Errorf("%s: %v", tc.name, err)
		}
		if n > uint64(10*tc.limit) {
			t.Errorf("%s: %d MiB allocated for a cap of %d MiB", tc.name, n>>20, tc.limit>>20)
		}
	}
}

// TestStreamCapsHoldWithFlatMemory: an event over 8 MiB, and an answer whose deltas add up to
// more than the largest answer, each end the stream with their own reason.
func TestStreamCapsHoldWithFlatMemory(t *testing.T) {
	delta := ev("answer.delta", `{"id":"wsa_1","sequence_number":1,"delta":"`+strings.Repeat("x", 64<<10)+`"}`)
	cases := []struct {
		name, what string
		h          http.HandlerFunc
	}{
		{"one huge event", "event", endless("text/event-stream", "event: answer.delta\ndata: ", strings.Repeat("x", 32<<10))},
		{"endless deltas", "answer", endless("text/event-stream", "", delta)},
		{"huge JSON body", "answer", endless("application/json", `{"answer":"`, strings.Repeat("x", 32<<10))},
	}
	for _, tc := range cases {
		c, _ := newTestClient(t, tc.h)
		var err error
		n := allocated(func() {
			s := askStream(c)
			for s.Next() {
			}
			err = s.Err()
		})
		var ie *InterruptedError
		var tl *TooLargeError
		if !errors.As(err, &ie) || !errors.As(err, &tl) || tl.What != tc.what || ie.RequestID != "req_big" {
			t.Errorf("%s: %v", tc.name, err)
		}
		if n > 10*MaxEventSize {
			t.Errorf("%s: %d MiB allocated", tc.name, n>>20)
		}
	}
}

// TestMalformedRepliesNameTheirReason: a malformed answer.completed, and JSON bodies cut off,
// are not "the connection broke": each says what it is, with the request id.
func TestMalformedRepliesNameTheirReason(t *testing.T) {
	c, _ := newTestClient(t, sseHandler(ev("answer.delta", `{"id":"wsa_1","delta":"Hi"}`),
		ev("answer.completed", `{"id":"wsa_1","answer":12,"found":"maybe"}`)))
	s := askStream(c)
	for s.Next() {
	}
	var ie *InterruptedError
	var de *DecodeError
	if !errors.As(s.Err(), &ie) || !errors.As(s.Err(), &de) || de.Event != EventCompleted || ie.RequestID != "req_s" || ie.Text != "Hi" {
		t.Fatalf("malformed answer.completed: %v", s.Err())
	}
	cut := func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("X-Request-ID", "req_cut")
		_, _ = io.WriteString(w, `{"object":"list","data":[{"workspace_id":"w","na`)
	}
	c, _ = newTestClient(t, cut)
	calls := map[string]func() error{
		"list":   func() error { _, err := c.ListWorkspaces(t.Context(), ListOptions{}); return err },
		"ask":    func() error { _, err := c.Ask(t.Context(), AskRequest{WorkspaceID: "w", Question: "q"}); return err },
		"status": func() error { _, err := c.DocumentStatus(t.Context(), "w", "abcdefABCDEF"); return err },
	}
	for name, call := range calls {
		err := call()
		if !errors.As(err, &de) || !de.Truncated || de.RequestID != "req_cut" {
			t.Errorf("%s: %v", name, err)
		}
	}
}
