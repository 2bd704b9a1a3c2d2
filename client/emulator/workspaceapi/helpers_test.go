package workspaceapi

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"lectern/client/emulator/internal/serve"
)

// Test keys: alice owns ws_alice (uploads) and ws_pub (published); bob shares ws_bob with alice;
// alice is a member of org_one and a manager of org_two; ws_bobpriv is bob's alone.
const (
	keyAdd     = "key-alice-add-0001"
	keyAdd2    = "key-alice-add-0002"
	keyRO      = "key-alice-ro-00001"
	keyNoOwner = "key-no-owner-00001"
	keyBob     = "key-bob-add-000001"
)

// clock is the shared manual clock.
type clock = serve.ManualClock

// fastConfig has no delays at all, no resets, and a fake clock.
func fastConfig(c *clock) testConfig {
	return testConfig{Config: Config{ProcessingDelay: -1, ReadyDelay: time.Minute, PingAfter: time.Hour,
		ThinkDelay: -1, StageDelay: -1, DeltaDelay: -1, ResetEvery: -1}, Shared: serve.Config{Now: c.Now}}
}

// env is a served emulator with the test fixture.
type env struct {
	t     *testing.T
	e     *testEmu
	clock *clock
	docs  map[string]string // name -> document id in ws_alice
}

// newEnv starts an emulator with the fixture; cfg may be changed by mod.
func newEnv(t *testing.T, mod func(*testConfig)) *env {
	t.Helper()
	c := serve.NewManualClock(time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC))
	cfg := fastConfig(c)
	if mod != nil {
		mod(&cfg)
	}
	e := startTest(cfg)
	t.Cleanup(e.Close)
	e.AddKey(Key{Secret: keyAdd, Owner: "alice", CanAdd: true})
	e.AddKey(Key{Secret: keyAdd2, Owner: "alice", CanAdd: true})
	e.AddKey(Key{Secret: keyRO, Owner: "alice"})
	e.AddKey(Key{Secret: keyNoOwner})
	e.AddKey(Key{Secret: keyBob, Owner: "bob", CanAdd: true})
	e.AddWorkspace(WorkspaceSpec{ID: "ws_alice", Name: "Alice notes", Owner: "alice"})
	e.AddWorkspace(WorkspaceSpec{ID: "ws_pub", Name: "Alice published", Owner: "alice", Published: true})
	e.AddWorkspace(WorkspaceSpec{ID: "ws_bob", Name: "Bob shared", Owner: "bob", SharedWith: []string{"alice"}})
	e.AddWorkspace(WorkspaceSpec{ID: "ws_bobpriv", Name: "Bob private", Owner: "bob"})
	e.AddWorkspace(WorkspaceSpec{ID: "org_one", Name: "Org One", Scope: ScopeOrganization, Members: []string{"alice", "bob"}})
	e.AddWorkspace(WorkspaceSpec{ID: "org_two", Name: "Another org", Scope: ScopeOrganization, Managers: []string{"alice"}})
	ev := &env{t: t, e: e, clock: c, docs: map[string]string{}}
	ev.docs["handbook.txt"] = e.AddDocument("ws_alice", "handbook.txt",
		[]byte("Holidays: every employee gets 25 days of paid holiday a year. The office opens at 09:00."), "ready")
	ev.docs["pending.txt"] = e.AddDocument("ws_alice", "pending.txt", []byte("Pending text about parking."), "not_ready")
	ev.docs["broken.txt"] = e.AddDocument("ws_alice", "broken.txt", []byte("broken"), "failed")
	e.AddDocument("ws_bob", "bob.txt", []byte("Bob's plan: launch the rocket on Friday."), "ready")
	e.AddDocument("org_one", "org.txt", []byte("The organisation was founded in 1999."), "ready")
	return ev
}

// resp is a decoded response.
type resp struct {
	status int
	header http.Header
	raw    []byte
	body   map[string]any
}

// code returns the error code of r's body.
func (r resp) code() string { s, _ := r.body["code"].(string); return s }

// str returns a top-level string field of r's body.
func (r resp) str(k string) string { s, _ := r.body[k].(string); return s }

// req is one test request.
type req struct {
	method, path, key string
	body              any // string is sent raw; other values are JSON-encoded; nil: no body
	ctype             string
	header            map[string]string
	chunked           bool // send without Content-Length
}

// do sends rq and decodes the answer.
func (ev *env) do(rq req) resp {
	ev.t.Helper()
	var body []byte
	switch b := rq.body.(type) {
	case nil:
	case string:
		body = []byte(b)
	default:
		body, _ = json.Marshal(b)
	}
	var rd io.Reader
	if rq.body != nil {
		rd = bytes.NewReader(body)
		if rq.chunked {
			rd = io.MultiReader(bytes.NewReader(body)) // unknown length: sent chunked
		}
	}
	hr, err := http.NewRequest(rq.method, ev.e.URL()+rq.path, rd)
	if err != nil {
		ev.t.Fatal(err)
	}
	if rq.body != nil && !rq.chunked {
		hr.ContentLength = int64(len(body))
	}
	ctype := rq.ctype
	if ctype == "" && rq.body != nil {
		ctype = "application/json"
	}
	if ctype != "-" && ctype != "" {
		hr.Header.Set("Content-Type", ctype)
	}
	if rq.key != "" {
		hr.Header.Set("Authorization", "Bearer "+rq.key)
	}
	for k, v := range rq.header {
		hr.Header.Set(k, v)
	}
	return ev.send(hr)
}

// send performs hr and decodes a JSON body when there is one.
func (ev *env) send(hr *http.Request) resp {
	ev.t.Helper()
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		ev.t.Fatalf("%s %s: %v", hr.Method, hr.URL.Path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := resp{status: res.StatusCode, header: res.Header, raw: raw}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &out.body); err != nil {
			ev.t.Fatalf("bad JSON %q: %v", raw, err)
		}
	}
	return out
}

// wantErr checks an error answer: status, code, the error body shape and X-Request-ID.
func wantErr(t *testing.T, r resp, status int, code string) {
	t.Helper()
	if r.status != status || r.code() != code {
		t.Fatalf("got %d %q (%s), want %d %q", r.status, r.code(), r.raw, status, code)
	}
	if _, ok := r.body["retryable"].(bool); !ok {
		t.Errorf("error body without retryable: %s", r.raw)
	}
	if id := r.str("request_id"); id == "" || id != r.header.Get("X-Request-ID") {
		t.Errorf("request_id %q, X-Request-ID %q", id, r.header.Get("X-Request-ID"))
	}
}

// ask posts a question body with keyAdd.
func (ev *env) ask(body map[string]any) resp {
	ev.t.Helper()
	return ev.do(req{method: "POST", path: "/workspace", key: keyAdd, body: body})
}

// uploadBody builds an upload body for ws_alice.
func uploadBody(id, name string, data []byte) map[string]any {
	return map[string]any{"workspace_id": "ws_alice", "client_document_id": id, "name": name,
		"data": base64.StdEncoding.EncodeToString(data)}
}

// upload posts an upload body with key.
func (ev *env) upload(key string, body map[string]any) resp {
	ev.t.Helper()
	return ev.do(req{method: "POST", path: "/workspace/documents", key: key, body: body})
}

// status asks the status endpoint.
func (ev *env) status(key, ws, id string) resp {
	ev.t.Helper()
	return ev.do(req{method: "GET", path: "/workspace/documents/" + id + "?workspace_id=" + ws, key: key})
}
