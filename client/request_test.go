package client

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestNewClientOptions(t *testing.T) {
	if _, err := NewClient(); err == nil {
		t.Fatal("a client without a base URL was made")
	}
	bad := []Option{WithBaseURL("ftp://x"), WithBaseURL("https://user:pw@x"), WithBaseURL("https://x?key=1"),
		WithAPIKey("a b"), WithAPIKey("k\n"), WithHTTPClient(nil), WithPollInterval(0, 1),
		WithPollInterval(2, 1), WithRetryPolicy(RetryPolicy{MaxRetries: -1}), WithUserAgent("a\r\nb")}
	for i, o := range bad {
		if _, err := NewClient(WithBaseURL("https://qa.example.com"), o); err == nil {
			t.Errorf("option %d accepted", i)
		}
	}
	c, err := NewClient(WithBaseURL("https://qa.example.com/base/"), WithAPIKey(testKey))
	if err != nil || c.BaseURL() != "https://qa.example.com/base" {
		t.Fatal(c.BaseURL(), err)
	}
	if _, err := NewClient(WithBaseURL("https://qa.example.com"), WithAPIKey("bad key "+testKey)); err == nil || strings.Contains(err.Error(), testKey) {
		t.Fatal("bad key accepted or echoed", err)
	}
}

// Spec §5: "A key is sent as header Authorization: Bearer <API_KEY>"; spec §4: "Request bodies
// must be JSON sent with Content-Type application/json".
func TestRequestHeaders(t *testing.T) {
	var got http.Header
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		_, _ = w.Write([]byte(`{"object":"workspace.answer","answer":"a"}`))
	}, WithUserAgent("lectern-test/1"))
	if _, err := c.Ask(t.Context(), AskRequest{WorkspaceID: "w", Question: "q"}); err != nil {
		t.Fatal(err)
	}
	if got.Get("Authorization") != "Bearer "+testKey || got.Get("Content-Type") != "application/json" ||
		got.Get("User-Agent") != "lectern-test/1" {
		t.Fatalf("headers %v", got)
	}
}

// Spec §7: "Retry only when retryable is true, waiting Retry-After seconds when given."
func TestRetryHonoursRetryAfter(t *testing.T) {
	var n atomic.Int32
	var times []time.Time
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		times = append(times, time.Now())
		if n.Add(1) < 3 {
			w.Header().Set("Retry-After", "0.15")
			writeErr(w, 503, "busy", true)
			return
		}
		_, _ = w.Write([]byte(`{"object":"list","data":[]}`))
	})
	if _, err := c.ListWorkspaces(t.Context(), ListOptions{}); err != nil {
		t.Fatal(err)
	}
	if n.Load() != 3 {
		t.Fatalf("%d attempts", n.Load())
	}
	for i := 1; i < len(times); i++ {
		if d := times[i].Sub(times[i-1]); d < 140*time.Millisecond {
			t.Fatalf("retry %d after %v, Retry-After said 150ms", i, d)
		}
	}
}

// A caller that shows the wait (WithRetryNotice) is told of each, with the server's error, before
// it is waited.
func TestRetryNoticeTellsEachWait(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) < 3 {
			w.Header().Set("Retry-After", "0.02")
			writeErr(w, 429, "busy", true)
			return
		}
		_, _ = w.Write([]byte(`{"object":"list","data":[]}`))
	})
	var waits []time.Duration
	ctx := WithRetryNotice(t.Context(), func(wait time.Duration, err error) {
		var ae *APIError
		if !errors.As(err, &ae) || ae.StatusCode != 429 || n.Load() != int32(len(waits)+1) {
			t.Errorf("notice %d of attempt %d: %v", len(waits)+1, n.Load(), err)
		}
		waits = append(waits, wait)
	})
	if _, err := c.ListWorkspaces(ctx, ListOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(waits) != 2 || waits[0] != 20*time.Millisecond || waits[1] != 20*time.Millisecond {
		t.Fatalf("waits told: %v; want two of the server's 20ms", waits)
	}
}

func TestRetryLimitsAndRules(t *testing.T) {
	cases := []struct {
		name      string
		retryable bool
		method    string
		want      int32
	}{
		{"retryable GET stops after 2 retries", true, "GET", 3},
		{"retryable POST is retried", true, "POST", 3},
		{"not retryable is not retried", false, "GET", 1},
		{"not retryable POST is not retried", false, "POST", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var n atomic.Int32
			c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
				n.Add(1)
				writeErr(w, 429, "too_many", tc.retryable)
			})
			var err error
			if tc.method == "GET" {
				_, err = c.ListWorkspaces(t.Context(), ListOptions{})
			} else {
				_, err = c.Ask(t.Context(), AskRequest{WorkspaceID: "w", Question: "q"})
			}
			if !IsCode(err, "too_many") || n.Load() != tc.want {
				t.Fatalf("err %v after %d attempts", err, n.Load())
			}
		})
	}
}

func TestLongRetryAfterIsReturnedNotWaited(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Retry-After", "600")
		writeErr(w, 429, "", true)
	})
	_, err := c.ListWorkspaces(t.Context(), ListOptions{})
	var ae *APIError
	if !errors.As(err, &ae) || ae.RetryAfter != 10*time.Minute || n.Load() != 1 {
		t.Fatal(err, n.Load())
	}
}

// hangUp closes the connection without an answer.
func hangUp(w http.ResponseWriter) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		_ = conn.Close()
	}
}

// A GET that got no answer at all is retried; a POST ask is not re-sent blind.
func TestNoAnswerRetriesGETOnly(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1)%2 == 1 {
			hangUp(w)
			return
		}
		_, _ = w.Write([]byte(`{"object":"list","data":[],"has_more":false}`))
	})
	if _, err := c.ListWorkspaces(t.Context(), ListOptions{}); err != nil || n.Load() != 2 {
		t.Fatalf("GET: %v after %d", err, n.Load())
	}
	n.Store(0)
	_, err := c.Ask(t.Context(), AskRequest{WorkspaceID: "w", Question: "q"})
	var ne *NetError
	if !errors.As(err, &ne) || n.Load() != 1 {
		t.Fatalf("POST: %v after %d", err, n.Load())
	}
	assertNoKey(t, err.Error())
}

func TestUnreachableServer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	c, err := NewClient(WithBaseURL("http://"+addr), WithAPIKey(testKey),
		WithRetryPolicy(RetryPolicy{MaxRetries: 1, BaseDelay: time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListWorkspaces(t.Context(), ListOptions{})
	if !errors.Is(err, ErrUnreachable) {
		t.Fatalf("%T %v", err, err)
	}
	var ne *NetError
	if !errors.As(err, &ne) || ne.Host != addr {
		t.Fatalf("%#v", err)
	}
	assertNoKey(t, err.Error())
}

func TestTimeoutAndCancelDescribed(t *testing.T) {
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}, WithTimeouts(Timeouts{List: 50 * time.Millisecond}), WithRetryPolicy(RetryPolicy{}))
	_, err := c.ListWorkspaces(t.Context(), ListOptions{})
	var ne *NetError
	if !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &ne) || !ne.Timeout {
		t.Fatalf("%#v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err = c.ListWorkspaces(ctx, ListOptions{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("%#v", err)
	}
}

func TestUndecodableSuccessBody(t *testing.T) {
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "<html>login page</html>")
	})
	_, err := c.ListWorkspaces(t.Context(), ListOptions{})
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("%#v", err)
	}
}

func TestBackoffBounds(t *testing.T) {
	c := &Client{retry: RetryPolicy{BaseDelay: 100 * time.Millisecond, MaxDelay: time.Second}}
	for a := 0; a < 30; a++ {
		want := min(100*time.Millisecond<<a, time.Second)
		if a > 20 {
			want = time.Second
		}
		for i := 0; i < 20; i++ {
			if d := c.backoff(a); d < want/2 || d > want {
				t.Fatalf("attempt %d: %v not in [%v, %v]", a, d, want/2, want)
			}
		}
	}
}
