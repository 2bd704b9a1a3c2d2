package tour

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"lectern/client"
	"lectern/client/emulator"
)

// codeQuestion is the one question the tour's scripted server answers itself: the demo's answer
// engine quotes its documents line by line, so no demo answer holds a code block to show.
const codeQuestion = "How do I list my workspaces from a script?"

// codeAnswer is that question's answer: a table, a code block and prose, as a model writes them.
const codeAnswer = "From **api-quickstart.txt**, a script lists the workspaces with one request:\n\n" +
	"```bash\ncurl -s -H \"Authorization: Bearer $LECTERN_API_KEY\" \\\n  \"$LECTERN_SERVER/workspace?include=none\" | jq '.data[].name'\n```\n\n" +
	"| Parameter | Default | Meaning |\n|---|---|---|\n| `limit` | 20 | workspaces per page, 1–50 |\n" +
	"| `include` | documents,sources | what each entry carries |\n\n" +
	"While `has_more` is true, send `next_after` as `after` to read the next page."

// scripted wraps emu: POST /workspace with codeQuestion is answered with codeAnswer as a stream;
// every other request goes to emu.
func scripted(emu *emulator.Emulator) http.Handler {
	code := scriptedAnswer{pieces: strings.SplitAfter(codeAnswer, " "), pace: 5 * time.Millisecond}
	return scriptedBy(emu, map[string]scriptedAnswer{codeQuestion: code})
}

// scriptedAnswer is an answer streamed in pieces, one each pace; begin and done, when set, are
// called as its first piece goes out and once its last event is sent.
type scriptedAnswer struct {
	pieces      []string
	pace        time.Duration
	begin, done func()
}

// scriptedBy wraps emu: POST /workspace with one of answers' questions is answered with that
// answer as a stream; every other request goes to emu.
func scriptedBy(emu *emulator.Emulator, answers map[string]scriptedAnswer) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/workspace" {
			body, _ := io.ReadAll(r.Body)
			var q struct {
				Question    string `json:"question"`
				WorkspaceID string `json:"workspace_id"`
			}
			if json.Unmarshal(body, &q) == nil {
				if a, ok := answers[q.Question]; ok {
					streamScripted(w, q.WorkspaceID, a)
					return
				}
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		emu.ServeHTTP(w, r)
	})
}

// streamScripted writes a as the spec's answer stream, its pieces at its pace.
func streamScripted(w http.ResponseWriter, wsID string, a scriptedAnswer) {
	w.Header().Set("Content-Type", "text/event-stream")
	rc := http.NewResponseController(w)
	seq := 0
	event := func(name string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		_ = rc.Flush()
		seq++
	}
	event(client.EventCreated, map[string]any{"id": "wsa_tour", "object": "workspace.answer", "status": "in_progress", "sequence_number": seq})
	event(client.EventStatus, map[string]any{"id": "wsa_tour", "stage": "writing", "sequence_number": seq})
	if a.begin != nil {
		a.begin()
	}
	start := time.Now()
	for i, piece := range a.pieces {
		time.Sleep(time.Until(start.Add(time.Duration(i) * a.pace)))
		event(client.EventDelta, map[string]any{"id": "wsa_tour", "delta": piece, "sequence_number": seq})
	}
	used := 1
	event(client.EventCompleted, client.Answer{ID: "wsa_tour", Object: "workspace.answer", WorkspaceID: wsID,
		Model: "smart", Status: "completed", Found: true, Answer: strings.Join(a.pieces, ""), RequestID: "req_tour_code",
		Sources: []client.AnswerSource{
			{Index: 1, DocumentID: "doc_api_quickstart", Name: "api-quickstart.txt", SourceType: "file", Used: true},
			{Index: 2, DocumentID: "doc_api_limits", Name: "api-limits.txt", SourceType: "file"}},
		Coverage: &client.Coverage{Mode: "search", DocumentsSelected: 2, DocumentsChecked: 2, DocumentsUsed: &used},
		Usage:    &client.Usage{InputTokens: 812, OutputTokens: 96, TotalTokens: 908}})
	if a.done != nil {
		a.done()
	}
}

// serveHandler serves h on a free port of 127.0.0.1 until stop is called.
func serveHandler(h http.Handler) (url string, stop func(), err error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(l) }()
	return "http://" + l.Addr().String(), func() { _ = srv.Close() }, nil
}
