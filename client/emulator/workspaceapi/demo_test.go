package workspaceapi

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"lectern/client"

	"lectern/client/emulator/internal/serve"
)

// demoEnv serves SeedDemo's data with fast delays.
func demoEnv(t *testing.T) (*env, DemoInfo) {
	t.Helper()
	e, info := startTestDemo(testConfig{Config: Config{ProcessingDelay: -1, ReadyDelay: -1, ThinkDelay: -1, StageDelay: -1, DeltaDelay: -1}})
	t.Cleanup(e.Close)
	return &env{t: t, e: e}, info
}

// The demo: personal (own and published), shared and two organisation workspaces, the engine's
// demo documents with some not_ready and failed, and one website import.
func TestDemoData(t *testing.T) {
	ev, info := demoEnv(t)
	r := ev.do(req{method: "GET", path: "/workspace", key: info.Key})
	p := page(t, r)
	if len(p.Data) != 5 {
		t.Fatalf("%d workspaces", len(p.Data))
	}
	access := map[string]string{}
	total, notReady, failed, sources := 0, 0, 0, 0
	for _, w := range p.Data {
		access[w.WorkspaceID] = w.Scope + "/" + w.Access
		total += w.Counts.Documents
		notReady += w.Counts.NotReady
		failed += w.Counts.Failed
		sources += len(w.Sources)
	}
	want := map[string]string{info.Personal: "personal/owner", info.Published: "personal/owner",
		info.Shared: "personal/shared", info.Organization[0]: "organization/member", info.Organization[1]: "organization/manager"}
	for id, a := range want {
		if access[id] != a {
			t.Errorf("%s: %q, want %q", id, access[id], a)
		}
	}
	for _, id := range info.Organization {
		if !strings.HasPrefix(id, "org_") {
			t.Errorf("organisation id %s", id)
		}
	}
	if total < 10 || notReady < 2 || failed < 1 || sources != 1 {
		t.Errorf("documents %d not_ready %d failed %d sources %d", total, notReady, failed, sources)
	}
}

// The demo answers real questions from its documents and follows the upload rules.
func TestDemoAskAndUpload(t *testing.T) {
	ev, info := demoEnv(t)
	r := ev.do(req{method: "POST", path: "/workspace", key: info.Key,
		body: map[string]any{"workspace_id": info.Personal, "question": "How many days of paid annual leave do employees get?"}})
	a := answerOf(t, r)
	if !a.Found || !strings.Contains(a.Answer, "25 days") {
		t.Errorf("demo answer %q", a.Answer)
	}
	body := map[string]any{"workspace_id": info.Personal, "client_document_id": "DemoUpload01", "name": "mine.txt",
		"data": base64.StdEncoding.EncodeToString([]byte("my own note"))}
	if r := ev.do(req{method: "POST", path: "/workspace/documents", key: info.Key, body: body}); r.status != 202 {
		t.Errorf("demo upload: %d %s", r.status, r.raw)
	}
	wantErr(t, ev.do(req{method: "POST", path: "/workspace/documents", key: info.ReadOnlyKey, body: body}), 403, "key_not_allowed")
	body["workspace_id"] = info.Published
	wantErr(t, ev.do(req{method: "POST", path: "/workspace/documents", key: info.Key, body: body}), 403, "workspace_read_only")
}

// The draft in the demo user's own workspace is not_ready (asks there warn documents_not_ready)
// until Config.DemoReadyDelay has passed, then ready, even across a restart; the Operations
// workspace keeps its not_ready file and page.
func TestDemoDraftBecomesReady(t *testing.T) {
	c := serve.NewManualClock(time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC))
	e, info := startTestDemo(testConfig{Config: Config{ThinkDelay: -1, StageDelay: -1, DeltaDelay: -1, DemoReadyDelay: time.Minute},
		Shared: serve.Config{Now: c.Now}})
	t.Cleanup(e.Close)
	ev := &env{t: t, e: e}
	notReady := func(ws string) (int, []string) {
		a := answerOf(t, ev.do(req{method: "POST", path: "/workspace", key: info.Key,
			body: map[string]any{"workspace_id": ws, "question": "How many days of annual leave do employees get?"}}))
		return a.Coverage.DocumentsNotReady, a.Warnings
	}
	if n, w := notReady(info.Personal); n != 1 || len(w) != 1 || w[0] != "documents_not_ready" {
		t.Errorf("at start: not ready %d, warnings %v", n, w)
	}
	e.Restart() // a seeded document being indexed is no upload: it is kept
	c.Advance(time.Minute)
	if n, w := notReady(info.Personal); n != 0 || len(w) != 0 {
		t.Errorf("after the delay: not ready %d, warnings %v", n, w)
	}
	p := page(t, ev.do(req{method: "GET", path: "/workspace?workspace_id=" + info.Personal, key: info.Key}))
	draft := false
	for _, d := range p.Data[0].Documents {
		draft = draft || d.Name == "draft-budget-2027.txt"
		if d.Status != "ready" {
			t.Errorf("listed after the delay: %+v", d)
		}
	}
	if !draft {
		t.Error("the draft is not listed")
	}
	if n, _ := notReady(info.Organization[1]); n == 0 {
		t.Errorf("Operations: not ready %d", n)
	}
}

// A follow-up that leans on the previous turn ("What is her name?") is answered from the file the
// previous answer quoted when history is sent, and not covered without it.
func TestDemoFollowUp(t *testing.T) {
	ev, info := demoEnv(t)
	notes := "The lighthouse keeper at Zorblax Station is Ada Quill. She has kept the light since 2019.\n\n" +
		"Ada feeds the station cats twice a day; there are nine of them."
	body := map[string]any{"workspace_id": info.Personal, "client_document_id": "Zorblax00001", "name": "island-notes.txt",
		"data": base64.StdEncoding.EncodeToString([]byte(notes))}
	if r := ev.do(req{method: "POST", path: "/workspace/documents", key: info.Key, body: body}); r.status != 202 {
		t.Fatalf("upload: %d %s", r.status, r.raw)
	}
	ask := func(question string, history []map[string]string) client.Answer {
		b := map[string]any{"workspace_id": info.Personal, "question": question}
		if history != nil {
			b["history"] = history
		}
		return answerOf(t, ev.do(req{method: "POST", path: "/workspace", key: info.Key, body: b}))
	}
	const first = "Who is the lighthouse keeper at Zorblax Station?"
	prev := ask(first, nil)
	history := []map[string]string{{"role": "user", "content": first}, {"role": "assistant", "content": prev.Answer}}
	a := ask("What is her name?", history)
	if !a.Found || len(a.Sources) != 1 || a.Sources[0].Name != "island-notes.txt" || !a.Sources[0].Used ||
		!strings.Contains(a.Answer, "Ada Quill") {
		t.Errorf("follow-up: found %v sources %+v: %s", a.Found, a.Sources, a.Answer)
	}
	if a := ask("What is her name?", nil); a.Found {
		t.Errorf("without history: %s", a.Answer)
	}
}
