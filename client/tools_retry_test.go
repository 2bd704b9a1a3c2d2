package client

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// scriptedServer answers the requests of one method in turn with statuses, then with ok; each
// body is read whole first.
type scriptedServer struct {
	method   string
	statuses []int
	ok       string // the body of the answer once statuses are used up
	okStatus int
	n        atomic.Int32
}

func (s *scriptedServer) handler(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	if r.Method != s.method {
		http.Error(w, "unexpected method", http.StatusMethodNotAllowed)
		return
	}
	n := int(s.n.Add(1))
	if n <= len(s.statuses) {
		st := s.statuses[n-1]
		if st == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "1")
		}
		writeErr(w, st, "", false)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(s.okStatus)
	_, _ = w.Write([]byte(s.ok))
}

// toolPosts are the POSTs that must not reach the service twice, each with an answer it takes.
var toolPosts = []struct {
	name     string
	ok       string
	okStatus int
	call     func(context.Context, *Client) error
}{
	{"ocr", `{"job_id":"j1","status":"queued"}`, http.StatusAccepted, func(ctx context.Context, c *Client) error {
		_, err := c.StartOCR(ctx, OCRRequest{File: Attachment{Name: "a.pdf", Size: 3, Open: openBytes("pdf")}})
		return err
	}},
	{"generate", `{"response":"a haiku"}`, http.StatusOK, func(ctx context.Context, c *Client) error {
		_, err := c.Generate(ctx, GenerateRequest{Prompt: "a haiku"})
		return err
	}},
	{"pdf", `{"ok":true,"mode":"text","files":[]}`, http.StatusOK, func(ctx context.Context, c *Client) error {
		_, err := c.PDFText(ctx, PDFRequest{Files: []Attachment{{Name: "a.pdf", Size: 3, Open: openBytes("pdf")}}})
		return err
	}},
	{"chat", `{"response":"hello"}`, http.StatusOK, func(ctx context.Context, c *Client) error {
		_, err := c.ToolChat(ctx, ToolChatRequest{Message: "hi"})
		return err
	}},
}

func openBytes(s string) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(s)), nil }
}

// POST /ocr, /generate, /pdf and /chat answered 502, 503 or 504 by a proxy are not sent again:
// the service may have started the job or counted the request against the shared limit (the
// retry with back-off of model-api.md §7 is for /v1 errors).
func TestToolPostsNotResentAfterGatewayStatus(t *testing.T) {
	for _, tp := range toolPosts {
		for _, status := range []int{502, 503, 504} {
			s := &scriptedServer{method: http.MethodPost, statuses: []int{status}, ok: tp.ok, okStatus: tp.okStatus}
			c, _ := newTestClient(t, s.handler)
			err := tp.call(t.Context(), c)
			var ae *APIError
			if !errors.As(err, &ae) || ae.StatusCode != status || ae.Retryable {
				t.Errorf("%s after %d: %v", tp.name, status, err)
			}
			if n := s.n.Load(); n != 1 {
				t.Errorf("%s after %d: %d POSTs", tp.name, status, n)
			}
		}
	}
}

// A 429 refused the request before anything was done: it is sent once more after Retry-After.
func TestToolPostsRetried429AfterRetryAfter(t *testing.T) {
	for _, tp := range toolPosts {
		t.Run(tp.name, func(t *testing.T) {
			t.Parallel()
			s := &scriptedServer{method: http.MethodPost, statuses: []int{http.StatusTooManyRequests}, ok: tp.ok, okStatus: tp.okStatus}
			c, _ := newTestClient(t, s.handler)
			if err := tp.call(t.Context(), c); err != nil {
				t.Fatal(err)
			}
			if n := s.n.Load(); n != 2 {
				t.Fatalf("%d POSTs", n)
			}
		})
	}
}

// With WithoutLimitRetry the 429 comes back at once, with its Retry-After, for the caller to
// wait out: sent once.
func TestToolPostsWithoutLimitRetry(t *testing.T) {
	for _, tp := range toolPosts {
		s := &scriptedServer{method: http.MethodPost, statuses: []int{http.StatusTooManyRequests}, ok: tp.ok, okStatus: tp.okStatus}
		c, _ := newTestClient(t, s.handler)
		err := tp.call(WithoutLimitRetry(t.Context()), c)
		var ae *APIError
		if !errors.As(err, &ae) || ae.StatusCode != http.StatusTooManyRequests || ae.RetryAfter != time.Second {
			t.Errorf("%s: %v", tp.name, err)
		}
		if n := s.n.Load(); n != 1 {
			t.Errorf("%s: %d POSTs", tp.name, n)
		}
	}
}

// The GETs of the tools still retry a gateway status: asking a job's state or downloading a file
// twice changes nothing.
func TestToolGetsRetryGatewayStatus(t *testing.T) {
	s := &scriptedServer{method: http.MethodGet, statuses: []int{504, 503}, ok: `{"job_id":"j1","status":"running"}`, okStatus: http.StatusOK}
	c, _ := newTestClient(t, s.handler)
	if job, err := c.OCRStatus(t.Context(), "j1"); err != nil || job.Status != OCRRunning || s.n.Load() != 3 {
		t.Fatalf("%+v %v after %d GETs", job, err, s.n.Load())
	}
	s = &scriptedServer{method: http.MethodGet, statuses: []int{502}, ok: `file bytes`, okStatus: http.StatusOK}
	c, _ = newTestClient(t, s.handler)
	var got strings.Builder
	if n, err := c.DownloadArtifact(t.Context(), "a1", &got, nil); err != nil || got.String() != "file bytes" || n != 10 || s.n.Load() != 2 {
		t.Fatalf("%q %d %v after %d GETs", got.String(), n, err, s.n.Load())
	}
}
