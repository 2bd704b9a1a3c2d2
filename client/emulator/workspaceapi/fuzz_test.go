package workspaceapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lectern/client/emulator/internal/serve"
)

// fuzzEmulator is an unserved emulator with the test keys and a few documents.
func fuzzEmulator() *testEmu {
	c := serve.NewManualClock(time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC))
	e := newTestEmu(fastConfig(c))
	e.AddKey(Key{Secret: keyAdd, Owner: "alice", CanAdd: true})
	e.AddWorkspace(WorkspaceSpec{ID: "ws_alice", Name: "Alice", Owner: "alice"})
	e.AddDocument("ws_alice", "a.txt", []byte("Alpha beta gamma. Holidays are 25 days."), "ready")
	e.AddDocument("ws_alice", "b.csv", []byte("x,y\n1,2\n3,4\n"), "ready")
	return e
}

// serve runs one request through e without a network and checks the answer is well formed.
func serveOnce(t *testing.T, e *testEmu, method, target, body string) {
	r := httptest.NewRequest(method, "/", strings.NewReader(body))
	if u, err := r.URL.Parse(target); err == nil {
		r.URL = u
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Authorization", "Bearer "+keyAdd)
	r.ContentLength = int64(len(body))
	w := httptest.NewRecorder()
	e.ServeHTTP(w, r)
	if w.Code == 0 || w.Header().Get("X-Request-ID") == "" {
		t.Fatalf("no status or request id for %q", body)
	}
	if w.Code >= 500 {
		t.Fatalf("server error %d for %q: %s", w.Code, body, w.Body)
	}
}

// FuzzAskBody checks that no POST /workspace body makes the emulator panic or fail with 5xx.
func FuzzAskBody(f *testing.F) {
	for _, s := range []string{
		`{"workspace_id":"ws_alice","question":"holidays?"}`,
		`{"workspace_id":"ws_alice","question":"sum of y","stream":true,"max_output_tokens":2}`,
		`{"workspace_id":"ws_alice","question":"q","history":[{"role":"user","content":"a"},{"role":"assistant","content":"b"}]}`,
		`{"workspace_id":"ws_alice","question":"And what's it?","history":[{"role":"user","content":"How many holidays?"},{"role":"assistant","content":"Holidays are 25 days."}]}`,
		`{"workspace_id":"ws_alice","question":"q","knowledge":{"document_ids":["doc_1"]},"format":"text"}`,
		`{"workspace_id":"ws_alice","question":"q","metadata":{"a":"b"},"model":"genius","thinking":null}`,
		`{"knowledge":{"source_ids":[]}}`, `[]`, `{`, `null`, `{"question":1e400}`,
	} {
		f.Add(s)
	}
	e := fuzzEmulator()
	f.Fuzz(func(t *testing.T, body string) {
		serveOnce(t, e, "POST", "/workspace", body)
	})
}

// FuzzUploadBody checks that no POST /workspace/documents body makes the emulator panic.
func FuzzUploadBody(f *testing.F) {
	for _, s := range []string{
		`{"workspace_id":"ws_alice","client_document_id":"abcdefABCDEF","name":"n.txt","data":"aGVsbG8="}`,
		`{"workspace_id":"ws_alice","client_document_id":"abcdefABCDEF","name":"n.pdf","data":"data:application/pdf;base64,JVBERi0="}`,
		`{"workspace_id":"ws_alice","client_document_id":"abcdefABCDEF","name":"n.docx","data":"UEsDBA=="}`,
		`{"workspace_id":"ws_alice","client_document_id":"abcdefABCDEF","name":".n","data":"","metadata":{"k":1}}`,
		`{"name":"\u0000"}`, `{}`, `"`,
	} {
		f.Add(s)
	}
	e := fuzzEmulator()
	f.Fuzz(func(t *testing.T, body string) {
		serveOnce(t, e, "POST", "/workspace/documents", body)
	})
}

// FuzzQuery checks that no GET query or document path makes the emulator panic.
func FuzzQuery(f *testing.F) {
	for _, s := range []string{"limit=2", "workspace_id=ws_alice&limit=200&include=none", "after=%00",
		"include=documents,sources&after=MXwK", "limit=-1&limit=3"} {
		f.Add(s, "abcdefABCDEF")
	}
	f.Add("workspace_id=ws_alice", "doc_000000000003")
	e := fuzzEmulator()
	f.Fuzz(func(t *testing.T, query, id string) {
		serveOnce(t, e, "GET", "/workspace?"+query, "")
		serveOnce(t, e, "GET", "/workspace/documents/"+id+"?"+query, "")
	})
}

// The decoders never see a body larger than the limits: a request over max_request_bytes is
// refused unread.
func TestOversizedAskBody(t *testing.T) {
	e := fuzzEmulator()
	big := `{"workspace_id":"ws_alice","question":"` + strings.Repeat("a", askBodyLimit) + `"}`
	r := httptest.NewRequest("POST", "/workspace", strings.NewReader(big))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-API-Key", keyAdd)
	w := httptest.NewRecorder()
	e.ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d", w.Code)
	}
}
