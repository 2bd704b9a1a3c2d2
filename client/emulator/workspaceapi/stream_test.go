package workspaceapi

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// event is one parsed stream event.
type event struct {
	name string
	data map[string]any
}

// streamed is a whole stream as received.
type streamed struct {
	events []event
	pings  int
	err    error // read error (a cut connection)
	header http.Header
}

// names lists the event names.
func (s streamed) names() []string {
	var out []string
	for _, e := range s.events {
		out = append(out, e.name)
	}
	return out
}

// text joins the deltas, applying resets.
func (s streamed) text() string {
	var b strings.Builder
	for _, e := range s.events {
		switch e.name {
		case "answer.delta":
			b.WriteString(e.data["delta"].(string))
		case "answer.reset":
			b.Reset()
		}
	}
	return b.String()
}

// stream posts body with stream true and reads every event.
func (ev *env) stream(body map[string]any) streamed {
	ev.t.Helper()
	body["stream"] = true
	b, _ := json.Marshal(body)
	hr, _ := http.NewRequest("POST", ev.e.URL()+"/workspace", bytes.NewReader(b))
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("X-API-Key", keyAdd)
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		ev.t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		ev.t.Fatalf("status %d type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	return readEvents(ev.t, res)
}

// readEvents parses "event:" and "data:" lines and ": ping" comments.
func readEvents(t *testing.T, res *http.Response) streamed {
	out := streamed{header: res.Header}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	var name string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == ": ping":
			out.pings++
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			var d map[string]any
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &d); err != nil {
				t.Fatalf("bad data %q", line)
			}
			out.events = append(out.events, event{name, d})
		case line != "":
			t.Fatalf("unexpected line %q", line)
		}
	}
	out.err = sc.Err()
	return out
}

// checkSequence checks "Every data object carries the answer id and a sequence_number counting
// from 0" (spec §6).
func checkSequence(t *testing.T, s streamed) {
	t.Helper()
	id := ""
	for i, e := range s.events {
		if n, _ := e.data["sequence_number"].(float64); int(n) != i {
			t.Fatalf("event %d %s has sequence_number %v", i, e.name, e.data["sequence_number"])
		}
		got, _ := e.data["id"].(string)
		if i == 0 {
			id = got
		}
		if got == "" || got != id || !strings.HasPrefix(got, "wsa_") {
			t.Fatalf("event %d %s answer id %q (first %q)", i, e.name, got, id)
		}
	}
}

// Spec §6: created first, status stages, sources before the text, many deltas, completed last
// with the full Answer object; no [DONE].
func TestStreamEventOrder(t *testing.T) {
	ev := newEnv(t, nil)
	s := ev.stream(with(map[string]any{"knowledge": map[string]any{"document_ids": []string{ev.docs["handbook.txt"]}}}))
	checkSequence(t, s)
	names := s.names()
	want := "answer.created answer.status answer.status answer.sources answer.status"
	if got := strings.Join(names[:5], " "); got != want {
		t.Fatalf("first events %q", got)
	}
	if names[len(names)-1] != "answer.completed" {
		t.Fatalf("last event %s", names[len(names)-1])
	}
	first := s.events[0].data
	if first["status"] != "in_progress" || first["object"] != "workspace.answer" || first["model"] != "fast" ||
		first["workspace_id"] != "ws_alice" {
		t.Errorf("created %v", first)
	}
	var stages []string
	for _, e := range s.events {
		if e.name == "answer.status" {
			stages = append(stages, e.data["stage"].(string))
		}
	}
	if strings.Join(stages, ",") != "retrieving,reading,writing" {
		t.Errorf("stages %v", stages)
	}
	final := s.events[len(s.events)-1].data
	if final["answer"] != s.text() || final["found"] != true || final["status"] != "completed" {
		t.Errorf("deltas %q vs final %v", s.text(), final["answer"])
	}
	if _, ok := final["usage"]; !ok {
		t.Error("completed without usage")
	}
}

// Spec §6: "answer.reset: Discard the text shown so far; corrected text follows as new deltas";
// Config.ResetEvery makes it deterministic.
func TestStreamReset(t *testing.T) {
	ev := newEnv(t, func(c *testConfig) { c.ResetEvery = 2 })
	for i := 1; i <= 4; i++ {
		s := ev.stream(base())
		checkSequence(t, s)
		resets := strings.Count(strings.Join(s.names(), " "), "answer.reset")
		if want := map[bool]int{true: 1, false: 0}[i%2 == 0]; resets != want {
			t.Errorf("answer %d: %d resets", i, resets)
		}
		final := s.events[len(s.events)-1].data["answer"]
		if s.text() != final {
			t.Errorf("answer %d: text after reset %q, final %q", i, s.text(), final)
		}
	}
}

// Spec §6: "a ': ping' line is sent after 20 seconds without events" (configurable here).
func TestStreamPing(t *testing.T) {
	ev := newEnv(t, func(c *testConfig) { c.PingAfter = 20 * time.Millisecond; c.ThinkDelay = 400 * time.Millisecond })
	s := ev.stream(base())
	if s.pings < 3 || s.pings > 20 {
		t.Errorf("%d pings in 400 ms of silence with PingAfter 20 ms", s.pings)
	}
	checkSequence(t, s)
}

// Compute answers go through the computing stage; include_sources false sends no answer.sources.
func TestStreamComputeNoSources(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.AddDocument("ws_alice", "sales.csv", []byte("region,amount\nnorth,10\nsouth,20\n"), "ready")
	s := ev.stream(with(map[string]any{"question": "total amount in sales", "include_sources": false}))
	joined := strings.Join(s.names(), " ")
	if strings.Contains(joined, "answer.sources") {
		t.Errorf("sources sent: %s", joined)
	}
	var stages []string
	for _, e := range s.events {
		if e.name == "answer.status" {
			stages = append(stages, e.data["stage"].(string))
		}
	}
	if strings.Join(stages, ",") != "retrieving,computing,writing" {
		t.Errorf("stages %v", stages)
	}
}
