package workspaceapi

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"lectern/client"

	"lectern/client/emulator/internal/serve"
)

// answerOf decodes an Answer object.
func answerOf(t *testing.T, r resp) client.Answer {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.raw)
	}
	var a client.Answer
	if err := json.Unmarshal(r.raw, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// Spec §2 Answer object: id wsa_, object workspace.answer, model fast by default, metadata echoed,
// request_id; a one-document ask has used true (sources.used rule 1).
func TestAskOneDocument(t *testing.T) {
	ev := newEnv(t, nil)
	r := ev.ask(with(map[string]any{"knowledge": map[string]any{"document_ids": []string{ev.docs["handbook.txt"]}},
		"metadata": map[string]any{"ticket": "T-1"}}))
	a := answerOf(t, r)
	if !strings.HasPrefix(a.ID, "wsa_") || a.Object != "workspace.answer" || a.Model != "fast" ||
		a.Status != "completed" || a.WorkspaceID != "ws_alice" || a.Created == 0 {
		t.Errorf("answer fields %+v", a)
	}
	if !a.Found || !strings.Contains(a.Answer, "25 days") {
		t.Errorf("answer %q found %v", a.Answer, a.Found)
	}
	if len(a.Sources) != 1 || !a.Sources[0].Used || a.Sources[0].Index != 1 ||
		a.Sources[0].DocumentID != ev.docs["handbook.txt"] || a.Sources[0].SourceType != "file" {
		t.Errorf("sources %+v", a.Sources)
	}
	if a.Coverage == nil || a.Coverage.DocumentsUsed == nil || *a.Coverage.DocumentsUsed != 1 ||
		a.Coverage.DocumentsSelected != 1 {
		t.Errorf("coverage %+v", a.Coverage)
	}
	if a.Metadata["ticket"] != "T-1" || a.RequestID != r.header.Get("X-Request-ID") || a.Thinking {
		t.Errorf("metadata %v request_id %q thinking %v", a.Metadata, a.RequestID, a.Thinking)
	}
	if a.Usage == nil || a.Usage.TotalTokens != a.Usage.InputTokens+a.Usage.OutputTokens || a.Usage.OutputTokens == 0 {
		t.Errorf("usage %+v", a.Usage)
	}
	if len(a.Warnings) != 0 {
		t.Errorf("warnings %v", a.Warnings)
	}
}

// Spec §2 rule 2: "When the whole workspace is asked, every document is given, the server cannot
// tell which was used, all entries have used false and coverage.documents_used is null." Spec §3:
// "documents not ready are skipped and the warning documents_not_ready is given."
func TestAskWholeWorkspace(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.AddDocument("ws_alice", "parking.txt", []byte("Parking is free for staff in the north lot."), "ready")
	r := ev.ask(with(map[string]any{"question": "Where can staff park?"}))
	a := answerOf(t, r)
	if !a.Found || a.Coverage.Mode != "whole" || a.Coverage.DocumentsUsed != nil {
		t.Fatalf("found %v coverage %+v: %s", a.Found, a.Coverage, a.Answer)
	}
	if len(a.Sources) != 2 {
		t.Fatalf("sources %+v", a.Sources)
	}
	for _, s := range a.Sources {
		if s.Used {
			t.Errorf("whole workspace source used: %+v", s)
		}
	}
	if a.Coverage.DocumentsNotReady != 1 || len(a.Warnings) != 1 || a.Warnings[0] != "documents_not_ready" {
		t.Errorf("not ready: %+v %v", a.Coverage, a.Warnings)
	}
	var raw map[string]any
	_ = json.Unmarshal(r.raw, &raw)
	if cov := raw["coverage"].(map[string]any); cov["documents_used"] != nil {
		t.Errorf("documents_used must be null: %v", cov)
	}
	if a.Notice == "" {
		t.Error("no notice about the documents used")
	}
}

// Spec §1 rule 3: "found is false when the documents do not cover the question; the answer then
// says so, names the documents checked, and sources is empty."
func TestAskNotFound(t *testing.T) {
	ev := newEnv(t, nil)
	r := ev.ask(with(map[string]any{"question": "What is the airspeed of an unladen swallow?"}))
	a := answerOf(t, r)
	if a.Found || !strings.Contains(a.Answer, "handbook.txt") {
		t.Errorf("found %v answer %q", a.Found, a.Answer)
	}
	var raw map[string]any
	_ = json.Unmarshal(r.raw, &raw)
	if s, ok := raw["sources"].([]any); !ok || len(s) != 0 {
		t.Errorf("sources must be []: %v", raw["sources"])
	}
}

// Spec §2: sources are "Omitted when include_sources is false"; model is the tier that answered;
// thinking follows the request (genius reasons by default).
func TestAskOptions(t *testing.T) {
	ev := newEnv(t, nil)
	r := ev.ask(with(map[string]any{"include_sources": false, "model": "smart", "thinking": true}))
	var raw map[string]any
	_ = json.Unmarshal(r.raw, &raw)
	if _, ok := raw["sources"]; ok || raw["model"] != "smart" || raw["thinking"] != true {
		t.Errorf("answer %s", r.raw)
	}
	a := answerOf(t, ev.ask(with(map[string]any{"model": "genius"})))
	if !a.Thinking || a.Model != "genius" {
		t.Errorf("genius: thinking %v model %s", a.Thinking, a.Model)
	}
	a = answerOf(t, ev.ask(with(map[string]any{"language": "auto", "include_excerpts": false,
		"history": []any{map[string]any{"role": "user", "content": "hi"}, map[string]any{"role": "assistant", "content": "hello"}}})))
	if !a.Found {
		t.Errorf("ask with every option: %+v", a)
	}
}

// Spec §2 Answer status: "incomplete when cut off at the length limit (warnings then holds
// max_output_tokens_reached)".
func TestAskMaxOutputTokens(t *testing.T) {
	ev := newEnv(t, nil)
	a := answerOf(t, ev.ask(with(map[string]any{"max_output_tokens": 3})))
	if a.Status != "incomplete" || len(a.Answer) > 12 || !slices.Contains(a.Warnings, "max_output_tokens_reached") {
		t.Errorf("status %s answer %q warnings %v", a.Status, a.Answer, a.Warnings)
	}
	a = answerOf(t, ev.ask(with(map[string]any{"max_output_tokens": 1000000})))
	if a.Status != "completed" {
		t.Errorf("a value above the tier's limit is lowered, not refused: %s", a.Status)
	}
}

// Spec §4 rule 5: "With format text the body is only the answer (text/plain) and details come in
// headers: X-Service-Found, X-Service-Model, X-Service-Sources, X-Request-ID."
func TestAskFormatText(t *testing.T) {
	ev := newEnv(t, nil)
	r := ev.ask(with(map[string]any{"format": "text", "model": "smart"}))
	h := r.header
	if r.status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/plain") {
		t.Fatalf("status %d type %q", r.status, h.Get("Content-Type"))
	}
	if h.Get("X-Service-Found") != "true" || h.Get("X-Service-Model") != "smart" ||
		h.Get("X-Service-Sources") != "1" || h.Get("X-Request-ID") == "" {
		t.Errorf("headers %v", h)
	}
	if !strings.Contains(string(r.raw), "25 days") || strings.HasPrefix(string(r.raw), "{") {
		t.Errorf("body %q", r.raw)
	}
}

// Spec §1 rule 2: spreadsheet totals are calculated (coverage.mode compute).
func TestAskCompute(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.AddDocument("ws_alice", "sales.csv", []byte("region,amount\nnorth,10\nsouth,20\nwest,12\n"), "ready")
	a := answerOf(t, ev.ask(with(map[string]any{"question": "What is the total amount in sales?"})))
	if a.Coverage.Mode != "compute" || !strings.Contains(a.Answer, "42") {
		t.Errorf("compute answer %q coverage %+v", a.Answer, a.Coverage)
	}
}

// Spec §5 rule 3 and the access-lost fault on a non-stream ask: 404 workspace_access_lost, then
// the workspace is gone for that key.
func TestAskAccessLost(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.SetFaults(serve.Faults{AccessLostAfter: 1})
	wantErr(t, ev.ask(with(map[string]any{"workspace_id": "ws_bob"})), 404, "workspace_access_lost")
	wantErr(t, ev.ask(with(map[string]any{"workspace_id": "ws_bob"})), 404, "workspace_access_lost")
	if r := ev.ask(base()); r.status != 200 {
		t.Errorf("the fault fires once: %d", r.status)
	}
}
