package workspaceapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"lectern/client/emulator/internal/serve"
)

// Injected 5xx and 429 with Retry-After for the next N requests of one route (spec §7: "Retry only
// when retryable is true, waiting Retry-After seconds when given").
func TestFaultFailNext(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.SetFaults(serve.Faults{Fail: serve.Failure{Status: 503, RetryAfter: 2 * time.Second, Count: 2, Route: RouteList}})
	if r := ev.ask(base()); r.status != 200 {
		t.Fatalf("other route failed: %d", r.status)
	}
	for range 2 {
		r := ev.list("")
		wantErr(t, r, 503, "server_error")
		if r.header.Get("Retry-After") != "2" || r.body["retryable"] != true {
			t.Errorf("Retry-After %q body %s", r.header.Get("Retry-After"), r.raw)
		}
	}
	if r := ev.list(""); r.status != 200 {
		t.Fatalf("third request: %d", r.status)
	}
	ev.e.SetFaults(serve.Faults{Fail: serve.Failure{Status: 429, RetryAfter: time.Second}})
	for range 3 {
		wantErr(t, ev.ask(base()), 429, "rate_limit_exceeded")
	}
	ev.e.SetFaults(serve.Faults{})
	if r := ev.ask(base()); r.status != 200 {
		t.Fatalf("after clearing: %d", r.status)
	}
}

// Injected latency delays the answer and respects the client's deadline.
func TestFaultLatency(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.SetFaults(serve.Faults{Latency: 300 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	hr, _ := http.NewRequestWithContext(ctx, "GET", ev.e.URL()+"/workspace", nil)
	hr.Header.Set("X-API-Key", keyRO)
	_, err := http.DefaultClient.Do(hr)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v", err)
	}
	start := time.Now()
	if r := ev.list(""); r.status != 200 || time.Since(start) < 300*time.Millisecond {
		t.Fatalf("status %d after %v", r.status, time.Since(start))
	}
}

// A stream cut after N events: the connection closes without answer.completed or answer.failed.
func TestFaultCutStream(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.SetFaults(serve.Faults{CutStreamAfter: 4})
	s := ev.stream(base())
	if len(s.events) != 4 || s.err == nil {
		t.Fatalf("events %v err %v", s.names(), s.err)
	}
	checkSequence(t, s)
}

// A stall stops sending (without pings) for a while, then the answer goes on.
func TestFaultStall(t *testing.T) {
	ev := newEnv(t, func(c *testConfig) { c.PingAfter = 10 * time.Millisecond })
	ev.e.SetFaults(serve.Faults{StallAfter: 2, StallFor: 150 * time.Millisecond})
	start := time.Now()
	s := ev.stream(base())
	if time.Since(start) < 150*time.Millisecond || s.pings != 0 {
		t.Errorf("took %v with %d pings", time.Since(start), s.pings)
	}
	if n := s.names(); n[len(n)-1] != "answer.completed" {
		t.Errorf("events %v", n)
	}
}

// Spec §5 rule 3: "the key loses it at once, even during an answer (404 workspace_access_lost)";
// §6: the stream ends with answer.failed {error {code, message}, request_id}.
func TestFaultAccessLostMidStream(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.SetFaults(serve.Faults{AccessLostAfter: 3})
	s := ev.stream(with(map[string]any{"workspace_id": "ws_bob", "question": "When is the launch?"}))
	checkSequence(t, s)
	if len(s.events) != 4 || s.events[3].name != "answer.failed" {
		t.Fatalf("events %v", s.names())
	}
	d := s.events[3].data
	e, _ := d["error"].(map[string]any)
	if e["code"] != "workspace_access_lost" || e["message"] == "" || d["request_id"] != s.header.Get("X-Request-ID") {
		t.Errorf("failed data %v", d)
	}
	wantErr(t, ev.ask(with(map[string]any{"workspace_id": "ws_bob"})), 404, "workspace_access_lost")
	for _, w := range page(t, ev.list("include=none")).Data {
		if w.WorkspaceID == "ws_bob" {
			t.Error("lost workspace still listed")
		}
	}
	s = ev.stream(base())
	if strings.Contains(strings.Join(s.names(), " "), "failed") {
		t.Error("the access-lost fault fires once")
	}
}

// Access lost later than the answer has events: answer.failed replaces answer.completed.
func TestFaultAccessLostAtEnd(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.SetFaults(serve.Faults{AccessLostAfter: 1000})
	s := ev.stream(base())
	n := s.names()
	if n[len(n)-1] != "answer.failed" || strings.Contains(strings.Join(n, " "), "completed") {
		t.Fatalf("events %v", n)
	}
}

// Spec §5 rule 3: RevokeAccess during a stream ends it with answer.failed workspace_access_lost.
func TestRevokeAccessMidStream(t *testing.T) {
	ev := newEnv(t, func(c *testConfig) { c.DeltaDelay = 30 * time.Millisecond })
	go func() {
		time.Sleep(60 * time.Millisecond)
		ev.e.RevokeAccess("ws_bob", "alice")
	}()
	s := ev.stream(with(map[string]any{"workspace_id": "ws_bob", "question": "When is the launch of the rocket?"}))
	checkSequence(t, s)
	last := s.events[len(s.events)-1]
	if e, _ := last.data["error"].(map[string]any); last.name != "answer.failed" || e["code"] != "workspace_access_lost" {
		t.Fatalf("events %v", s.names())
	}
}
