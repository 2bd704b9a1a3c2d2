package modelapi

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lectern/client/emulator/internal/serve"
)

const (
	keyA = "key-a-0000000001"
	keyB = "key-b-0000000002"
	keyC = "key-c-fast-only0" // may use Fast only
)

// clock is the shared manual clock.
type clock = serve.ManualClock

// env is the model endpoints served alone on a core of their own, with a fake clock.
type env struct {
	t     *testing.T
	core  *serve.Core
	srv   *httptest.Server
	clock *clock
}

// newEnv serves the model endpoints without delays or rate limits; mod may change both configurations.
func newEnv(t *testing.T, mod func(*Config, *serve.Config)) *env {
	t.Helper()
	c := serve.NewManualClock(time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC))
	cfg := Config{ThinkDelay: -1, DeltaDelay: -1, PingAfter: time.Hour}
	// The request-rate limits are off unless a test sets them: the clock stands still.
	shared := serve.Config{Now: c.Now, Rates: serve.Rates{KeyPerMinute: -1, AddressPerMinute: -1, AddressPer10s: -1}}
	if mod != nil {
		mod(&cfg, &shared)
	}
	core := serve.NewCore(shared)
	core.AddKey(serve.Key{Secret: keyA, Owner: "alice"})
	core.AddKey(serve.Key{Secret: keyB, Owner: "bob"})
	core.AddKey(serve.Key{Secret: keyC, Owner: "carol", Tiers: []string{"Fast"}})
	mux := http.NewServeMux()
	New(cfg, core).Register(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &env{t: t, core: core, srv: srv, clock: c}
}

// result is an answer read whole.
type result struct {
	status int
	header http.Header
	body   []byte
}

// errorOf decodes the /v1 error object of r.
func (r result) errorOf(t *testing.T) serve.V1ErrorFields {
	t.Helper()
	var b serve.V1Error
	if err := json.Unmarshal(r.body, &b); err != nil {
		t.Fatalf("status %d, body %s: %v", r.status, r.body, err)
	}
	return b.Error
}

// do sends a request with key; body is JSON-encoded unless it is a string.
func (ev *env) do(method, path, key string, body any) result {
	return ev.doCtx(context.Background(), method, path, key, body)
}

func (ev *env) doCtx(ctx context.Context, method, path, key string, body any) result {
	ev.t.Helper()
	res := ev.open(ctx, method, path, key, body)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return result{status: res.StatusCode, header: res.Header, body: b}
}

// open sends a request and returns the response unread.
func (ev *env) open(ctx context.Context, method, path, key string, body any) *http.Response {
	ev.t.Helper()
	var rd io.Reader
	if body != nil {
		s, ok := body.(string)
		if !ok {
			b, _ := json.Marshal(body)
			s = string(b)
		}
		rd = strings.NewReader(s)
	}
	req, _ := http.NewRequestWithContext(ctx, method, ev.srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		ev.t.Fatal(err)
	}
	return res
}

// respond posts to /v1/responses with keyA.
func (ev *env) respond(body map[string]any) result { return ev.do("POST", "/v1/responses", keyA, body) }

// event is one server-sent event, or a comment line (name ":").
type event struct {
	name string
	data map[string]any
	raw  string
}

// readEvents reads a whole event stream.
func readEvents(t *testing.T, r io.Reader) []event {
	t.Helper()
	var out []event
	var cur event
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, ":"):
			out = append(out, event{name: ":", raw: line})
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.raw = strings.TrimPrefix(line, "data: ")
			_ = json.Unmarshal([]byte(cur.raw), &cur.data)
		case line == "" && cur.raw != "":
			out = append(out, cur)
			cur = event{}
		}
	}
	return out
}

// stream posts a streamed request to path with keyA and reads every event.
func (ev *env) stream(path string, body map[string]any) []event {
	ev.t.Helper()
	body["stream"] = true
	res := ev.open(context.Background(), "POST", path, keyA, body)
	defer res.Body.Close()
	if res.StatusCode != 200 {
		b, _ := io.ReadAll(res.Body)
		ev.t.Fatalf("status %d: %s", res.StatusCode, b)
	}
	return readEvents(ev.t, res.Body)
}

// names lists the event names, without comment lines.
func names(evs []event) []string {
	var out []string
	for _, e := range evs {
		if e.name != ":" {
			out = append(out, e.name)
		}
	}
	return out
}

// compact squeezes a run of deltas into one "delta*" entry, for comparing orders.
func compact(names []string) string {
	var out []string
	for _, n := range names {
		if strings.HasSuffix(n, ".delta") && len(out) > 0 && out[len(out)-1] == n+"*" {
			continue
		}
		if strings.HasSuffix(n, ".delta") {
			n += "*"
		}
		out = append(out, n)
	}
	return strings.Join(out, " ")
}
