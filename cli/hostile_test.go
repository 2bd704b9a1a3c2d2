package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// evil is what a hostile server puts in every text field: it would set the terminal's title,
// clear the screen and turn the text red (C1 CSI), and hide a part of a name (RLO).
const evil = "\x1b]0;PWNED\x07\x1b[2J\u009b31m\u202e"

// hostileServer answers every route with evil in each field the command line prints.
func hostileServer(t *testing.T) {
	t.Helper()
	setup(t)
	doc := map[string]any{"document_id": "doc_1", "name": "doc" + evil + ".txt", "source_type": "file",
		"status": "ready" + evil, "updated": "20-10-2026 10:00" + evil, "updated_at": "bad" + evil}
	ws := map[string]any{"workspace_id": "ws_evil", "name": "Evil" + evil + "\nnext", "scope": "personal",
		"access": "owner", "counts": map[string]int{"documents": 1, "ready": 1}, "documents": []any{doc}}
	record := map[string]any{"object": "workspace.document", "document_id": "doc_2", "client_document_id": "abcdefABCDEF",
		"workspace_id": "ws_evil", "name": "up" + evil + ".txt", "source_type": "file", "status": "not_ready" + evil,
		"bytes": 3, "warnings": []string{"ocr" + evil}, "added_by": "api:" + evil, "request_id": "req" + evil}
	answer := map[string]any{"id": "wsa_1", "object": "workspace.answer", "status": "completed", "found": false,
		"model": "fast" + evil, "answer": "The answer " + evil + "ends.\n", "warnings": []string{"w" + evil},
		"notice": "note" + evil, "request_id": "req" + evil,
		"sources": []any{map[string]any{"index": 1, "document_id": "doc_1", "name": "src" + evil, "url": "http://x/" + evil, "used": true}}}
	send := func(w http.ResponseWriter, status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Request-ID", "req_1") // Go's transport refuses control characters in headers
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(v)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case r.Method == "GET" && r.URL.Path == "/workspace":
			send(w, 200, map[string]any{"object": "list", "data": []any{ws}, "has_more": false, "request_id": "req" + evil})
		case r.Method == "GET":
			send(w, 200, record)
		case r.URL.Path == "/workspace/documents":
			var up map[string]any
			_ = json.Unmarshal(body, &up)
			rec := map[string]any{}
			for k, v := range record {
				rec[k] = v
			}
			rec["client_document_id"], rec["status"] = up["client_document_id"], "not_ready"
			send(w, 202, rec)
		case strings.Contains(string(body), "fail please"):
			send(w, 400, map[string]any{"code": "odd" + evil, "message": "the server says " + evil, "request_id": "req" + evil})
		case strings.Contains(string(body), `"stream":true`):
			w.Header().Set("Content-Type", "text/event-stream")
			half := len("The answer \x1b]0;PW")
			text := answer["answer"].(string)
			for _, d := range []string{text[:half], text[half:]} {
				b, _ := json.Marshal(map[string]any{"id": "wsa_1", "delta": d})
				_, _ = io.WriteString(w, "event: answer.status\ndata: {\"stage\":\"reading"+`\u001b[2J`+"\"}\n\n")
				_, _ = io.WriteString(w, "event: answer.delta\ndata: "+string(b)+"\n\n")
			}
			b, _ := json.Marshal(answer)
			_, _ = io.WriteString(w, "event: answer.completed\ndata: "+string(b)+"\n\n")
		default:
			send(w, 200, answer)
		}
	}))
	t.Cleanup(srv.Close)
	t.Setenv("LECTERN_SERVER", srv.URL)
	t.Setenv("LECTERN_API_KEY", testKey)
}

// assertInert fails when out holds a control character (assertNoControls), or the text of the
// sequence that was to set the title, unless Go-quoted (shown visibly).
func assertInert(t *testing.T, what, out string) {
	t.Helper()
	assertNoControls(t, what, out)
	if strings.Contains(out, "PWNED") && !strings.Contains(out, `\x1b]0;PWNED`) {
		t.Errorf("%s printed the sequence's text:\n%q", what, out)
	}
}

// assertNoControls fails when out holds an escape sequence or a control character other than
// newline and tab (on a terminal, Lectern's own "\r\x1b[K" that clears its progress line is
// allowed), or a bidirectional override.
func assertNoControls(t *testing.T, what, out string) {
	t.Helper()
	out = strings.ReplaceAll(out, "\r\x1b[K", "")
	for _, r := range out {
		if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f || r == '\u202e' {
			t.Errorf("%s printed %U:\n%q", what, r, out)
			return
		}
	}
}

// TestEscapeSequencesFromServerAreNeutralised: every field a hostile server fills, in every
// command that prints it, on a terminal and in a pipe, reaches neither stdout nor stderr as an
// escape sequence; the text around it stays.
func TestEscapeSequencesFromServerAreNeutralised(t *testing.T) {
	hostileServer(t)
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.txt")
	evilName := filepath.Join(dir, "evil\x1b[2J\n.txt")
	for _, p := range []string{plain, evilName} {
		if err := os.WriteFile(p, []byte("abc"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	runs := [][]string{
		{"workspaces"}, {"documents", "ws_evil"}, {"status", "ws_evil", "abcdefABCDEF"},
		{"ask", "ws_evil", "what?"}, {"ask", "--no-stream", "ws_evil", "what?"}, {"ask", "ws_evil", "fail please"},
		{"upload", "ws_evil", plain}, {"upload", "ws_evil", evilName}, {"history"}, {"history", "--search", "answer"},
	}
	for _, terminal := range []*bool{nil, yes()} {
		for _, args := range runs {
			r := runWith(t, t.Context(), terminal, args...)
			what := strings.Join(args, " ")
			if terminal != nil {
				what += " (terminal)"
			}
			assertInert(t, what, r.stdout+r.stderr)
			if args[0] == "ask" && args[2] != "fail please" && !strings.Contains(r.stdout, "The answer ends.") {
				t.Errorf("%s: the answer's text is lost:\n%q\n%q", what, r.stdout, r.stderr)
			}
		}
	}
	r := runWith(t, t.Context(), nil, "workspaces").want(t, exitOK)
	contains(t, "a name with a newline stays in its table row", r.stdout, "Evil next  personal")
	r = runWith(t, t.Context(), nil, "upload", "ws_evil", evilName).want(t, exitUsage)
	contains(t, "a refused file name", r.stderr, `evil\x1b[2J\n.txt" not sent`)
}

// TestJSONStaysExact: --json prints what the server sent, exactly, as JSON that carries no raw
// control character (encoding/json escapes C0; DEL and C1 are escaped too).
func TestJSONStaysExact(t *testing.T) {
	hostileServer(t)
	for _, args := range [][]string{{"ask", "--json", "ws_evil", "what?"}, {"status", "--json", "ws_evil", "abcdefABCDEF"},
		{"workspaces", "--json"}, {"documents", "--json", "ws_evil"}} {
		r := runWith(t, t.Context(), yes(), args...).want(t, exitOK)
		assertNoControls(t, strings.Join(args, " "), r.stdout)
		var v any
		if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, r.stdout)
		}
		if b, _ := json.Marshal(v); !strings.Contains(string(b), "PWNED") {
			t.Errorf("%v: the JSON lost the server's text:\n%s", args, r.stdout)
		}
	}
	r := runWith(t, t.Context(), nil, "ask", "--json", "ws_evil", "what?")
	var ans struct{ Answer string }
	if err := json.Unmarshal([]byte(r.stdout), &ans); err != nil || ans.Answer != "The answer "+evil+"ends.\n" {
		t.Fatalf("the answer in JSON is not exact: %q (%v)", ans.Answer, err)
	}
}

// TestRedirectFailsInWords: a server that redirects elsewhere gets neither the question nor the
// file there, and the command says why (exit 1).
func TestRedirectFailsInWords(t *testing.T) {
	setup(t)
	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { elsewhere.Add(1) }))
	t.Cleanup(other.Close)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.RequestURI(), http.StatusTemporaryRedirect)
	}))
	t.Cleanup(srv.Close)
	t.Setenv("LECTERN_SERVER", srv.URL)
	t.Setenv("LECTERN_API_KEY", testKey)
	file := filepath.Join(t.TempDir(), "a.txt")
	if err := os.WriteFile(file, []byte("abc"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"workspaces"}, {"ask", "ws_1", "secret question"}, {"upload", "ws_1", file}} {
		r := runCLI(t, args...)
		if r.code != exitService {
			t.Fatalf("%v: exit %d\n%s", args, r.code, r.stderr)
		}
		contains(t, strings.Join(args, " "), r.stderr, "redirect to "+other.URL, "Lectern only talks to the address you configured")
	}
	if elsewhere.Load() != 0 {
		t.Fatalf("%d requests went to the redirect's target", elsewhere.Load())
	}
}

// TestBrokenRepliesNameTheirReason: an answer.completed Lectern cannot read, an event over 8 MiB
// and a JSON reply cut off each say so, with the request id (exit 1), not "the connection was
// lost".
func TestBrokenRepliesNameTheirReason(t *testing.T) {
	setup(t)
	list := `{"object":"list","data":[{"workspace_id":"ws_1","name":"One","scope":"personal","access":"owner"}],"has_more":false}`
	var mode atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		w.Header().Set("X-Request-ID", "req_broken")
		if r.Method == "GET" && mode.Load() != "cut" {
			_, _ = io.WriteString(w, list)
			return
		}
		switch mode.Load() {
		case "cut":
			_, _ = io.WriteString(w, list[:40])
		case "unreadable":
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, "event: answer.delta\ndata: {\"delta\":\"Half\"}\n\nevent: answer.completed\ndata: {\"answer\":7}\n\n")
		case "huge":
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, "event: answer.delta\ndata: {\"delta\":\""+strings.Repeat("x", 9<<20)+"\"}\n\n")
		}
	}))
	t.Cleanup(srv.Close)
	t.Setenv("LECTERN_SERVER", srv.URL)
	t.Setenv("LECTERN_API_KEY", testKey)
	cases := []struct{ mode, want string }{
		{"unreadable", "the server sent an answer Lectern cannot read"},
		{"huge", "the server sent an event larger than 8 MiB"},
		{"cut", "The reply was cut off"},
	}
	for _, tc := range cases {
		mode.Store(tc.mode)
		args := []string{"ask", "ws_1", "what?"}
		if tc.mode == "cut" {
			args = []string{"workspaces"}
		}
		r := runCLI(t, args...)
		if r.code != exitService {
			t.Fatalf("%s: exit %d\n%s", tc.mode, r.code, r.stderr)
		}
		contains(t, tc.mode, r.stderr, tc.want, "request id: req_broken")
		if strings.Contains(r.stderr, "connection") {
			t.Errorf("%s: %s", tc.mode, r.stderr)
		}
	}
}

// TestListingInACircleEnds: a server whose cursors go round in a circle, for the workspace list
// and for one workspace's documents: each command prints what came, then says why it stopped
// (exit 1), after a bounded number of requests.
func TestListingInACircleEnds(t *testing.T) {
	setup(t)
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		next := map[string]string{"": "A", "A": "B", "B": "A"}[r.URL.Query().Get("after")]
		ws := `{"workspace_id":"ws_1","name":"Looping","scope":"personal","access":"owner","documents":[{"document_id":"d1","name":"first.txt","status":"ready"}]}`
		_, _ = io.WriteString(w, `{"object":"list","data":[`+ws+`],"has_more":true,"next_after":"`+next+`"}`)
	}))
	t.Cleanup(srv.Close)
	t.Setenv("LECTERN_SERVER", srv.URL)
	t.Setenv("LECTERN_API_KEY", testKey)
	for _, tc := range []struct{ args []string }{{[]string{"workspaces"}}, {[]string{"documents", "ws_1"}}} {
		requests.Store(0)
		r := runCLI(t, tc.args...)
		if r.code != exitService || requests.Load() > 8 {
			t.Fatalf("%v: exit %d after %d requests\n%s", tc.args, r.code, requests.Load(), r.stderr)
		}
		contains(t, strings.Join(tc.args, " "), r.stderr, "went round in a circle")
		if !strings.Contains(r.stdout, "Looping") && !strings.Contains(r.stdout, "first.txt") {
			t.Fatalf("%v printed nothing of what came:\n%s", tc.args, r.stdout)
		}
	}
}
