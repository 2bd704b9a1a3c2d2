package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"lectern/client"
	"lectern/client/emulator"
)

// askJSON runs ask with --json and decodes the answer.
func askJSON(t *testing.T, args ...string) *client.Answer {
	t.Helper()
	r := runCLI(t, append([]string{"ask", "--json"}, args...)...).want(t, 0)
	var ans client.Answer
	if err := json.Unmarshal([]byte(r.stdout), &ans); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	return &ans
}

func TestAskStreamedPiped(t *testing.T) {
	newFixture(t, fastConfig())
	r := runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	ans := askJSON(t, "Handbook", "How many days of paid holiday a year?")
	if ans.Object != "workspace.answer" || !ans.Found || !strings.Contains(ans.Answer, "27") {
		t.Fatalf("answer %+v", ans)
	}
	if strings.TrimSuffix(r.stdout, "\n") != strings.TrimSuffix(ans.Answer, "\n") {
		t.Errorf("piped stdout is not exactly the final answer:\n%q\nwant\n%q", r.stdout, ans.Answer)
	}
	contains(t, "stderr", r.stderr, "Sources:", "handbook.txt", "Request id:")
}

func TestAskTerminalShowsDetails(t *testing.T) {
	newFixture(t, fastConfig())
	r := runWith(t, t.Context(), yes(), "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	contains(t, "stdout", r.stdout, "27", "Sources:", "[1] handbook.txt", "Request id:")
}

func TestAskTerminalReset(t *testing.T) {
	cfg := fastConfig()
	cfg.ResetEvery = 1
	f := newFixture(t, cfg)
	r := runWith(t, t.Context(), yes(), "ask", f.handbook, "When are travel expenses refunded?").want(t, 0)
	contains(t, "stdout", r.stdout, "revised", "14 days", "Request id:")

	r = runCLI(t, "ask", f.handbook, "When are travel expenses refunded?").want(t, 0)
	if strings.Contains(r.stdout, "revised") || strings.Contains(r.stdout, "Request id") {
		t.Errorf("piped output has more than the answer:\n%s", r.stdout)
	}
}

func TestAskNoStream(t *testing.T) {
	f := newFixture(t, fastConfig())
	r := runCLI(t, "ask", "--no-stream", "Handbook", "How many days of paid holiday?").want(t, 0)
	contains(t, "stdout", r.stdout, "27")
	if got := f.lastAsk(t)["stream"]; got == true {
		t.Errorf("--no-stream sent stream %v", got)
	}
	f.metadata = map[string]string{"via": "test"}
	ans := askJSON(t, "--no-stream", "Handbook", "How many days of paid holiday?")
	if !ans.Found || ans.RequestID == "" || ans.Metadata["via"] != "test" || ans.Created == 0 {
		t.Errorf("answer %+v, want the server's object", ans)
	}
	if got := f.lastAsk(t)["stream"]; got == true {
		t.Errorf("--no-stream --json sent stream %v", got)
	}
	r = runCLI(t, "history", "--json").want(t, 0)
	var list []historyEntry
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) != 2 || list[0].Turns != 1 {
		t.Fatalf("history %+v (%v), want the two questions kept", list, err)
	}
}

func TestAskNotFound(t *testing.T) {
	newFixture(t, fastConfig())
	r := runWith(t, t.Context(), yes(), "ask", "Handbook", "What colour is the office cat?").want(t, 0)
	contains(t, "stdout", r.stdout, "Not found")
}

func TestAskOptionsReachTheServer(t *testing.T) {
	f := newFixture(t, fastConfig())
	r := runCLI(t, "documents", "Handbook", "--json").want(t, 0)
	var docs []client.Document
	if err := json.Unmarshal([]byte(r.stdout), &docs); err != nil {
		t.Fatal(err)
	}
	runCLI(t, "ask", "Handbook", "How", "many", "holiday", "days?", "--doc", docs[0].DocumentID, "--model", "smart", "--thinking").want(t, 0)
	body := f.lastAsk(t)
	if body["question"] != "How many holiday days?" || body["model"] != "smart" || body["thinking"] != true {
		t.Errorf("sent %v", body)
	}
	if k, _ := body["knowledge"].(map[string]any); k == nil {
		t.Errorf("--doc not sent: %v", body)
	}
}

func TestAskContinueAndHistory(t *testing.T) {
	f := newFixture(t, fastConfig())
	runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	r := runCLI(t, "ask", "Handbook", "Can unused days be carried over?", "--continue").want(t, 0)
	contains(t, "follow-up", r.stdout, "March")
	hist, _ := f.lastAsk(t)["history"].([]any)
	if len(hist) != 2 {
		t.Fatalf("history sent %v, want the first question and its answer", f.lastAsk(t)["history"])
	}
	if first, _ := hist[0].(map[string]any); first["role"] != "user" || first["content"] != "How many days of paid holiday a year?" {
		t.Errorf("history[0] = %v", hist[0])
	}

	r = runCLI(t, "history").want(t, 0)
	contains(t, "history", r.stdout, "Handbook", "How many days of paid holiday")
	r = runCLI(t, "history", "--search", "carried").want(t, 0)
	contains(t, "search", r.stdout, "Can unused days be carried over?")
	r = runCLI(t, "history", "--json").want(t, 0)
	var list []historyEntry
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) != 1 || list[0].Turns != 2 {
		t.Fatalf("history %v (%v), want one conversation of two turns", list, err)
	}

	// Without --continue a new conversation starts and no history is sent.
	runCLI(t, "ask", "Handbook", "When are expenses refunded?").want(t, 0)
	if h, _ := f.lastAsk(t)["history"].([]any); len(h) != 0 {
		t.Errorf("history sent without --continue: %v", h)
	}
}

func TestAskInterruptedAndFailed(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.emu.SetFaults(emulator.Faults{CutStreamAfter: 6})
	r := runWith(t, t.Context(), yes(), "ask", "Handbook", "How many days of paid holiday a year?").want(t, 1)
	contains(t, "stderr", r.stderr, "stopped before it was finished")

	f.emu.SetFaults(emulator.Faults{AccessLostAfter: 3})
	r = runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 1)
	contains(t, "stderr", r.stderr, "workspace_access_lost", "request id")
	if r.stdout != "" {
		t.Errorf("piped stdout of a failed answer: %q", r.stdout)
	}

	r = runCLI(t, "history", "--search", "holiday", "--json").want(t, 0)
	contains(t, "history", r.stdout, `"status": "interrupted"`, `"status": "failed"`)
}

// cancelOnWrite cancels a context at the first write: Ctrl-C while the answer streams.
type cancelOnWrite struct {
	strings.Builder
	cancel context.CancelFunc
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.cancel()
	return w.Builder.Write(p)
}

func TestAskCancelled(t *testing.T) {
	cfg := fastConfig()
	cfg.DeltaDelay = 20 * time.Millisecond
	newFixture(t, cfg)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	out := &cancelOnWrite{cancel: cancel}
	var errb strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: out, stderr: &errb, terminal: yes()}
	if code := run(ctx, e, []string{"ask", "Handbook", "How many days of paid holiday a year?"}); code != 130 {
		t.Fatalf("exit %d, want 130\n%s", code, errb.String())
	}
	contains(t, "stderr", errb.String(), "cancelled")
	r := runCLI(t, "history", "--search", "holiday", "--json").want(t, 0)
	contains(t, "history", r.stdout, `"status": "interrupted"`)
}

func TestAskQuestionFromStdin(t *testing.T) {
	f := newFixture(t, fastConfig())
	var out, errb strings.Builder
	e := &env{stdin: strings.NewReader("How many days of paid holiday a year?\n"), stdout: &out, stderr: &errb}
	if code := run(t.Context(), e, []string{"ask", "Handbook", "-"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if q := f.lastAsk(t)["question"]; q != "How many days of paid holiday a year?" {
		t.Errorf("question sent %q", q)
	}
}
