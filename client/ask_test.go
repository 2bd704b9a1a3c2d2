package client

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

func TestAskSendsSpecBody(t *testing.T) {
	var got map[string]any
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != "POST" || r.URL.Path != "/workspace" {
			t.Errorf("%s %s", r.Method, r.URL.Path)
		}
		_ = json.NewDecoder(r.Body).Decode(&got)
		_, _ = w.Write([]byte(`{"id":"wsa_1","object":"workspace.answer","model":"smart","status":"completed","found":true,"answer":"Yes.","sources":[{"index":1,"document_id":"d1","name":"a.txt","source_type":"file","url":null,"used":true}],"coverage":{"mode":"whole","documents_used":null},"request_id":"req_9","extra_future_field":1}`))
	})
	yes := true
	a, err := c.Ask(t.Context(), AskRequest{WorkspaceID: "w1", Question: "Why?", DocumentID: "d1", Model: TierSmart,
		Thinking: &yes, History: []HistoryMessage{{"user", "q"}, {"assistant", "a"}}, Metadata: map[string]string{"k": "v"}})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Found || a.Answer != "Yes." || len(a.Sources) != 1 || a.Coverage.DocumentsUsed != nil || a.RequestID != "req_9" {
		t.Fatalf("%+v", a)
	}
	want := `{"history":[{"content":"q","role":"user"},{"content":"a","role":"assistant"}],"knowledge":{"document_ids":["d1"]},"metadata":{"k":"v"},"model":"smart","question":"Why?","thinking":true,"workspace_id":"w1"}`
	if b, _ := json.Marshal(got); string(b) != want {
		t.Fatalf("body\n%s\nwant\n%s", b, want)
	}
}

// Spec §4 rule 5: "With format text the body is only the answer (text/plain) and details come in headers".
func TestAskTextReadsHeaders(t *testing.T) {
	var format string
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		var b askBody
		_ = json.NewDecoder(r.Body).Decode(&b)
		format = b.Format
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("X-Service-Found", "true")
		w.Header().Set("X-Service-Model", "fast")
		w.Header().Set("X-Service-Sources", "3")
		w.Header().Set("X-Request-ID", "req_t")
		_, _ = io.WriteString(w, "The **answer**.")
	})
	ta, err := c.AskText(t.Context(), AskRequest{WorkspaceID: "w", Question: "q"})
	if err != nil {
		t.Fatal(err)
	}
	if format != "text" || *ta != (TextAnswer{Text: "The **answer**.", Found: true, Model: "fast", Sources: 3, RequestID: "req_t"}) {
		t.Fatalf("%q %+v", format, ta)
	}
}

type askCase struct {
	field string
	req   AskRequest
}

// askValidationCases are requests that fail one check each, with the field they name.
func askValidationCases() []askCase {
	meta17 := map[string]string{}
	for i := 0; i < 17; i++ {
		meta17[string(rune('a'+i))] = "v"
	}
	ok := AskRequest{WorkspaceID: "w", Question: "q"}
	with := func(f func(*AskRequest)) AskRequest { r := ok; f(&r); return r }
	return []askCase{
		{"workspace_id", with(func(r *AskRequest) { r.WorkspaceID = "" })},
		{"question", with(func(r *AskRequest) { r.Question = "" })},
		{"question", with(func(r *AskRequest) { r.Question = strings.Repeat("x", 8001) })},
		{"model", with(func(r *AskRequest) { r.Model = "turbo" })},
		{"metadata", with(func(r *AskRequest) { r.Metadata = meta17 })},
		{"metadata", with(func(r *AskRequest) { r.Metadata = map[string]string{strings.Repeat("k", 65): "v"} })},
		{"metadata", with(func(r *AskRequest) { r.Metadata = map[string]string{"k": strings.Repeat("v", 513)} })},
		{"knowledge.document_ids", with(func(r *AskRequest) { r.DocumentID = "d1,d2" })},
		{"max_output_tokens", with(func(r *AskRequest) { r.MaxOutputTokens = -1 })},
		{"history", with(func(r *AskRequest) { r.History = []HistoryMessage{{"assistant", "a"}, {"user", "q"}} })},
		{"history", with(func(r *AskRequest) { r.History = []HistoryMessage{{"user", "q"}} })},
		{"history", with(func(r *AskRequest) { r.History = []HistoryMessage{{"user", "q"}, {"assistant", " "}} })},
	}
}

// Checks before sending: no request goes out, and the error names the field.
func TestAskValidationNamesFieldAndSendsNothing(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) { n.Add(1) })
	for _, tc := range askValidationCases() {
		var ve *ValidationError
		_, err := c.Ask(t.Context(), tc.req)
		if !errors.As(err, &ve) || ve.Field != tc.field {
			t.Errorf("%s: %v", tc.field, err)
		}
		if _, err := c.AskText(t.Context(), tc.req); !errors.As(err, &ve) {
			t.Errorf("AskText %s: %v", tc.field, err)
		}
		if s := c.AskStream(t.Context(), tc.req); s.Next() || !errors.As(s.Err(), &ve) {
			t.Errorf("AskStream %s: %v", tc.field, s.Err())
		}
	}
	if n.Load() != 0 {
		t.Fatalf("%d requests went out", n.Load())
	}
}

// Spec §8 "question length 1 to 8,000 characters": characters, not bytes.
func TestQuestionCountsCharactersNotBytes(t *testing.T) {
	q := strings.Repeat("é", 8000) // 16,000 bytes
	if err := (AskRequest{WorkspaceID: "w", Question: q}).Validate(); err != nil {
		t.Fatal(err)
	}
	if err := (AskRequest{WorkspaceID: "w", Question: q + "é"}).Validate(); err == nil {
		t.Fatal("8,001 characters accepted")
	}
	meta := map[string]string{strings.Repeat("ü", 64): strings.Repeat("ß", 512)}
	if err := (AskRequest{WorkspaceID: "w", Question: "q", Metadata: meta}).Validate(); err != nil {
		t.Fatal(err)
	}
}
