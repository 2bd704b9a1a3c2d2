package client

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// Spec §4 rule 5: "Clients poll every 3 to 5 seconds and stop at ready or failed."
func TestWaitDocumentPollsUntilFinal(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/workspace/documents/abcdefABCDEF" || r.URL.Query().Get("workspace_id") != "w1" {
			t.Errorf("%s", r.URL)
		}
		status := []string{"processing", "not_ready", "not_ready", "ready"}[min(int(n.Add(1))-1, 3)]
		_, _ = w.Write([]byte(`{"object":"workspace.document","status":"` + status + `","client_document_id":"abcdefABCDEF"}`))
	})
	var seen []string
	rec, err := c.WaitDocument(t.Context(), "w1", "abcdefABCDEF", func(r *UploadRecord) { seen = append(seen, r.Status) })
	if err != nil || rec.Status != StatusReady || len(seen) != 4 || n.Load() != 4 {
		t.Fatal(rec, err, seen)
	}
}

func TestWaitDocumentCancellable(t *testing.T) {
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"status":"not_ready"}`))
	}, WithPollInterval(20*time.Millisecond, 30*time.Millisecond))
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	seen := 0
	rec, err := c.WaitDocument(ctx, "w", "abcdefABCDEF", func(*UploadRecord) {
		if seen++; seen == 2 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || rec == nil || rec.Status != StatusNotReady || seen != 2 {
		t.Fatal(rec, err, seen)
	}
}

func TestWaitDocumentStopsAtFailedAndErrors(t *testing.T) {
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/workspace/documents/missingMISSIN" {
			writeErr(w, 404, "document_not_found", false)
			return
		}
		_, _ = w.Write([]byte(`{"status":"failed","failed_reason":"indexing_failed"}`))
	})
	rec, err := c.WaitDocument(t.Context(), "w", "abcdefABCDEF", nil)
	if err != nil || rec.FailedReason != "indexing_failed" {
		t.Fatal(rec, err)
	}
	if _, err := c.WaitDocument(t.Context(), "w", "missingMISSIN", nil); !IsCode(err, "document_not_found") {
		t.Fatal(err)
	}
	if _, err := c.DocumentStatus(t.Context(), "", "x"); err == nil {
		t.Fatal("no workspace accepted")
	}
}

func TestPollDelayInRange(t *testing.T) {
	c, _ := NewClient(WithBaseURL("http://x"))
	for i := 0; i < 100; i++ {
		if d := c.pollDelay(); d < 3*time.Second || d > 5*time.Second {
			t.Fatal(d)
		}
	}
}
