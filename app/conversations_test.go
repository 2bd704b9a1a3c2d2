package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/app/ask"
	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/settings"
	"lectern/client"
	"lectern/client/emulator"
)

// askRecorder is a transport that records the body of every ask request and, before it goes
// out, runs check (the test looks at the database then).
type askRecorder struct {
	mu     sync.Mutex
	bodies []map[string]any
	check  func()
}

func (r *askRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodPost && strings.HasSuffix(req.URL.Path, "/workspace") && req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(b))
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		r.mu.Lock()
		r.bodies = append(r.bodies, m)
		check := r.check
		r.mu.Unlock()
		if check != nil {
			check()
		}
	}
	return http.DefaultTransport.RoundTrip(req)
}

func (r *askRecorder) last() map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.bodies) == 0 {
		return nil
	}
	return r.bodies[len(r.bodies)-1]
}

// newAskFixture is a fixture whose app records its ask requests.
func newAskFixture(t *testing.T, cfg emulator.Config, extra ...client.Option) (*fixture, *askRecorder) {
	rec := &askRecorder{}
	return newFixtureWith(t, cfg, rec, extra...), rec
}

// newFixtureWith is a refreshed fixture whose app sends its requests through rt.
func newFixtureWith(t *testing.T, cfg emulator.Config, rt http.RoundTripper, extra ...client.Option) *fixture {
	f := newFixture(t, cfg)
	f.app.Close()
	f.rt, f.extra = rt, extra
	f.app = f.open()
	if err := f.app.Workspaces().Refresh(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestAskSavesQuestionFirstStreamsAndSavesAnswer(t *testing.T) {
	f, rec := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	conv, err := f.app.Conversations().New(ctx, f.org, "", "")
	if err != nil {
		t.Fatal(err)
	}
	var savedBefore []records.Turn
	rec.check = func() { savedBefore, _ = f.app.Conversations().Turns(context.Background(), conv.ID) }
	ev := record(t, f.app)
	var updates []events.TurnChanged
	turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "How far ahead must travel be booked?"},
		conversations.AskOptions{Tier: "smart", OnUpdate: func(e events.TurnChanged) { updates = append(updates, e) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(savedBefore) != 1 || savedBefore[0].Status != records.TurnPending || savedBefore[0].Question != "How far ahead must travel be booked?" {
		t.Fatalf("when the request went out the database held %+v", savedBefore)
	}
	if turn.Status != records.TurnCompleted || turn.Answer == "" || turn.Found == nil || !*turn.Found || turn.Model == "" ||
		turn.RequestID == "" || turn.Coverage == nil || turn.Tier != "smart" || !strings.HasPrefix(turn.AnswerID, "wsa_") {
		t.Fatalf("saved turn = %+v", turn)
	}
	saved, _ := f.app.Conversations().Turn(ctx, turn.ID)
	if saved.Answer != turn.Answer || saved.Status != records.TurnCompleted || len(saved.Sources) != len(turn.Sources) ||
		saved.AnswerID != turn.AnswerID || (turn.Usage != nil && (saved.Usage == nil || *saved.Usage != *turn.Usage)) {
		t.Fatalf("database turn = %+v", saved)
	}
	if len(updates) < 3 || updates[len(updates)-1].Status != records.TurnCompleted || updates[len(updates)-1].Text != turn.Answer {
		t.Fatalf("%d updates, last %+v", len(updates), updates[len(updates)-1])
	}
	if len(updates) > len(turn.Answer) {
		t.Fatalf("%d updates for %d bytes: one per byte is too many", len(updates), len(turn.Answer))
	}
	// The bus says the conversation list changed (its order, its title); the answer's progress
	// went to OnUpdate only, the one channel.
	ev.waitFor(t, timeoutShort, func(e events.Event) bool { _, ok := e.(events.ConversationsChanged); return ok })
	if c, _ := f.app.Conversations().Get(ctx, conv.ID); c.Title != "How far ahead must travel be booked?" {
		t.Fatalf("title = %q", c.Title)
	}
	// A follow-up sends the saved turn as history.
	if _, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "Which transport is preferred?"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	hist, _ := rec.last()["history"].([]any)
	if len(hist) != 2 || hist[0].(map[string]any)["content"] != "How far ahead must travel be booked?" {
		t.Fatalf("history sent = %v", rec.last()["history"])
	}
	if last, ok, _ := f.app.Conversations().Last(ctx, f.org); !ok || last.ID != conv.ID {
		t.Fatalf("Last = %+v, %v", last, ok)
	}
}

func TestAskOneDocumentAndDefaults(t *testing.T) {
	f, rec := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	docs, _, _ := f.app.Workspaces().CachedWorkspaceContent(ctx, f.ws)
	f.app.UpdateSettings(func(s *settings.Settings) { s.DefaultTier, s.Thinking = "genius", true })
	conv, _ := f.app.Conversations().New(ctx, f.ws, docs[0].DocumentID, "Holidays")
	turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "When is the office closed?"}, conversations.AskOptions{})
	if err != nil {
		t.Fatal(err)
	}
	body := rec.last()
	ids := body["knowledge"].(map[string]any)["document_ids"].([]any)
	if len(ids) != 1 || ids[0] != docs[0].DocumentID || body["model"] != "genius" || body["thinking"] != true {
		t.Fatalf("request = %v", body)
	}
	if turn.Tier != "genius" || turn.Thinking == nil || !*turn.Thinking {
		t.Fatalf("turn = %+v", turn)
	}
	if c, _ := f.app.Conversations().Get(ctx, conv.ID); c.Title != "Holidays" {
		t.Fatalf("a given title was replaced: %q", c.Title)
	}
	if _, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: ""}, conversations.AskOptions{}); err == nil {
		t.Fatal("an empty question was accepted")
	}
	if turns, _ := f.app.Conversations().Turns(ctx, conv.ID); len(turns) != 1 {
		t.Fatalf("a refused question was saved: %d turns", len(turns))
	}
}

// askInBackground starts Ask and returns the turn id once the first text arrived.
func askInBackground(t *testing.T, f *fixture, convID int64, q string) (turnID int64, done chan askResult) {
	t.Helper()
	started := make(chan int64, 1)
	done = make(chan askResult, 1)
	go func() {
		var once sync.Once
		turn, err := f.app.Conversations().Send(context.Background(), convID, conversations.Message{Text: q}, conversations.AskOptions{OnUpdate: func(e events.TurnChanged) {
			if e.Text != "" {
				once.Do(func() { started <- e.TurnID })
			}
		}})
		done <- askResult{turn, err}
	}()
	select {
	case id := <-started:
		return id, done
	case r := <-done:
		t.Fatalf("the answer ended before any text: %+v %v", r.turn, r.err)
	case <-time.After(20 * time.Second):
		t.Fatal("no text streamed")
	}
	return 0, nil
}

type askResult struct {
	turn records.Turn
	err  error
}

func TestStopKeepsPartialTextAndRetryCompletes(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.DeltaDelay = 40 * time.Millisecond
	f, _ := newAskFixture(t, cfg)
	conv, _ := f.app.Conversations().New(context.Background(), f.org, "", "")
	id, done := askInBackground(t, f, conv.ID, "How far ahead must travel be booked?")
	if !f.app.Conversations().Answering(id) || !f.app.Conversations().Stop(id) {
		t.Fatal("Stop found no answer in progress")
	}
	r := <-done
	if r.err == nil || r.turn.Status != records.TurnInterrupted || r.turn.Answer == "" || !strings.Contains(r.turn.Error, "Stopped") {
		t.Fatalf("stopped turn = %+v, %v", r.turn, r.err)
	}
	saved, _ := f.app.Conversations().Turn(context.Background(), id)
	if saved.Status != records.TurnInterrupted || saved.Answer != r.turn.Answer {
		t.Fatalf("saved stopped turn = %+v", saved)
	}
	turn, err := f.app.Conversations().Retry(context.Background(), id, conversations.AskOptions{})
	if err != nil || turn.Status != records.TurnCompleted || turn.ID == id {
		t.Fatalf("retry = %+v, %v; want a new turn beside %d", turn, err, id)
	}
	if kept, _ := f.app.Conversations().Turn(context.Background(), id); kept.Status != records.TurnInterrupted || kept.Answer != r.turn.Answer {
		t.Fatalf("the stopped turn was not kept as it was: %+v", kept)
	}
}

func TestStreamCutKeepsTextMarkedInterrupted(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	f.emu.SetFaults(emulator.Faults{CutStreamAfter: 6})
	conv, _ := f.app.Conversations().New(ctx, f.org, "", "")
	turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "How far ahead must travel be booked?"}, conversations.AskOptions{})
	if !errors.Is(err, client.ErrInterrupted) || turn.Status != records.TurnInterrupted || turn.Answer == "" || turn.Error == "" {
		t.Fatalf("cut stream: %+v, %v", turn, err)
	}
	assertSaved(t, f.app, turn)
	f.emu.SetFaults(emulator.Faults{})
	again, err := f.app.Conversations().Retry(ctx, turn.ID, conversations.AskOptions{})
	if err != nil || again.Status != records.TurnCompleted || !strings.HasPrefix(again.Answer, turn.Answer[:1]) {
		t.Fatalf("retry after cut = %+v, %v", again, err)
	}
}

func assertSaved(t *testing.T, a *App, want records.Turn) {
	t.Helper()
	got, err := a.Conversations().Turn(context.Background(), want.ID)
	if err != nil || got.Status != want.Status || got.Answer != want.Answer || got.Question != want.Question || got.Error != want.Error {
		t.Fatalf("saved %+v, %v; want %+v", got, err, want)
	}
}

func TestStallLongerThanIdleLimitIsInterrupted(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig(), client.WithTimeouts(client.Timeouts{StreamIdle: 300 * time.Millisecond}))
	ctx := ctxT(t)
	conv, _ := f.app.Conversations().New(ctx, f.org, "", "")
	// A short stall is waited out.
	f.emu.SetFaults(emulator.Faults{StallAfter: 4, StallFor: 100 * time.Millisecond})
	if turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "How far ahead must travel be booked?"}, conversations.AskOptions{}); err != nil || turn.Status != records.TurnCompleted {
		t.Fatalf("short stall: %+v, %v", turn, err)
	}
	// A long one ends the answer as interrupted, with its text kept.
	f.emu.SetFaults(emulator.Faults{StallAfter: 6, StallFor: 3 * time.Second})
	turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "Which transport is preferred?"}, conversations.AskOptions{})
	if !errors.Is(err, client.ErrIdleTimeout) || turn.Status != records.TurnInterrupted || turn.Answer == "" {
		t.Fatalf("long stall: %+v, %v", turn, err)
	}
	assertSaved(t, f.app, turn)
	f.emu.SetFaults(emulator.Faults{})
	if again, err := f.app.Conversations().Retry(ctx, turn.ID, conversations.AskOptions{}); err != nil || again.Status != records.TurnCompleted {
		t.Fatalf("retry after stall = %+v, %v", again, err)
	}
}

func TestAsk503RetriedOrSavedAsFailed(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	conv, _ := f.app.Conversations().New(ctx, f.org, "", "")
	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, Count: 1, Route: emulator.RouteAsk}})
	if turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "How far ahead must travel be booked?"}, conversations.AskOptions{}); err != nil || turn.Status != records.TurnCompleted {
		t.Fatalf("one 503: %+v, %v", turn, err)
	}
	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, Route: emulator.RouteAsk}})
	turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "Which transport is preferred?"}, conversations.AskOptions{})
	if err == nil || turn.Status != records.TurnFailed || turn.Error == "" || turn.Question != "Which transport is preferred?" {
		t.Fatalf("outage: %+v, %v", turn, err)
	}
	assertSaved(t, f.app, turn)
	f.emu.SetFaults(emulator.Faults{})
	if again, err := f.app.Conversations().Retry(ctx, turn.ID, conversations.AskOptions{}); err != nil || again.Status != records.TurnCompleted {
		t.Fatalf("retry after outage = %+v, %v", again, err)
	}
	if c := f.app.SignIn().Connection(); c.State != connection.ConnOnline {
		t.Fatalf("connection after a successful ask = %v", c.State)
	}
	turns, _ := f.app.Conversations().Turns(ctx, conv.ID)
	if len(turns) != 2 {
		t.Fatalf("%d turns; want 2 (a retry reuses its turn)", len(turns))
	}
}

func TestAccessLostMidAnswerFailsTurnAndDropsWorkspace(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	ev := record(t, f.app)
	conv, _ := f.app.Conversations().New(ctx, f.org, "", "")
	f.emu.SetFaults(emulator.Faults{AccessLostAfter: 5})
	turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "How far ahead must travel be booked?"}, conversations.AskOptions{})
	if !client.IsCode(err, "workspace_access_lost") || turn.Status != records.TurnFailed || turn.ErrorCode != "workspace_access_lost" {
		t.Fatalf("access lost: %+v, %v", turn, err)
	}
	assertSaved(t, f.app, turn)
	ev.waitFor(t, timeoutShort, func(e events.Event) bool { _, ok := e.(events.WorkspacesChanged); return ok })
	for _, id := range workspaceIDs(t, f.app) {
		if id == f.org {
			t.Fatal("the lost workspace is still cached")
		}
	}
	if turns, _ := f.app.Conversations().Turns(ctx, conv.ID); len(turns) != 1 {
		t.Fatal("the conversation was lost with the workspace")
	}
}

func TestRenameDeleteSearchExport(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	a, _ := cs.New(ctx, f.org, "", "")
	b, _ := cs.New(ctx, f.ws, "", "")
	if _, err := cs.Send(ctx, a.ID, conversations.Message{Text: "How far ahead must travel be booked?"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.Send(ctx, b.ID, conversations.Message{Text: "When is the office closed?"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := cs.Rename(ctx, a.ID, "Travel rules"); err != nil {
		t.Fatal(err)
	}
	if err := cs.Rename(ctx, a.ID, "  "); err == nil {
		t.Fatal("an empty title was accepted")
	}
	hits, err := cs.Search(ctx, "travel book")
	if err != nil || len(hits) != 1 || hits[0].Conversation.ID != a.ID || hits[0].Conversation.Title != "Travel rules" ||
		!strings.Contains(hits[0].AnswerSnippet+hits[0].QuestionSnippet, "[") {
		t.Fatalf("search = %+v, %v", hits, err)
	}
	if hits, _ := cs.Search(ctx, `"office (*`); len(hits) != 1 || hits[0].Conversation.ID != b.ID {
		t.Fatalf("search with FTS syntax characters = %+v", hits)
	}
	if all, _ := cs.List(ctx, ""); len(all) != 2 {
		t.Fatalf("List all = %d", len(all))
	}
	path := filepath.Join(t.TempDir(), "travel.md")
	if err := cs.Export(ctx, a.ID, path); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(path)
	turns, _ := cs.Turns(ctx, a.ID)
	for _, want := range []string{"# Travel rules", "How far ahead must travel be booked?", turns[0].Answer,
		"Sources", "travel.txt", "Model: " + turns[0].Model, turns[0].Created.UTC().Format("2006-01-02")} {
		if !strings.Contains(string(md), want) {
			t.Errorf("export lacks %q:\n%s", want, md)
		}
	}
	if err := cs.Delete(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if hits, _ := cs.Search(ctx, "travel"); len(hits) != 0 {
		t.Fatalf("deleted conversation still found: %+v", hits)
	}
	if _, err := cs.Get(ctx, a.ID); !errors.Is(err, records.ErrNotFound) {
		t.Fatalf("Get deleted = %v", err)
	}
	if err := cs.Delete(ctx, a.ID); !errors.Is(err, records.ErrNotFound) {
		t.Fatalf("Delete twice = %v", err)
	}
}

func TestPendingTurnsFromACrashShowAsInterrupted(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	conv, _ := f.app.Conversations().New(ctx, f.org, "", "")
	turn, _ := f.app.store.AddTurn(ctx, records.Turn{ConversationID: conv.ID, Question: "Left pending?"})
	f.app.store.SavePartial(ctx, turn.ID, "half an ans")
	live, _ := f.app.store.AddTurn(ctx, records.Turn{ConversationID: conv.ID, Question: "Another process is answering"})
	f.app.store.SQL().Exec("UPDATE turns SET updated_at = updated_at - 180000 WHERE id = ?", turn.ID)
	f.app.Close()
	a := f.open()
	got, err := a.Conversations().Turn(ctx, turn.ID)
	if err != nil || got.Status != records.TurnInterrupted || got.Answer != "half an ans" || got.Error == "" {
		t.Fatalf("after restart: %+v, %v", got, err)
	}
	if got, _ := a.Conversations().Turn(ctx, live.ID); got.Status != records.TurnPending {
		t.Fatalf("a recently written pending turn (another process) was abandoned: %+v", got)
	}
}

// An export is titled by the whole first question (the list's title is cut at 60 characters), says
// warnings in words, and carries no escape sequence from the server.
func TestExportWholeTitleWarningsInWords(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	q := "How many days of holiday do we get at Christmas, and is the office closed on 25 December every year?"
	turn, err := f.app.Questions().Ask(ctx, ask.Question{Workspace: f.ws, Text: q}, conversations.AskOptions{NoStream: true})
	if err != nil {
		t.Fatal(err)
	}
	turn.Warnings, turn.Answer = []string{"documents_not_ready", "brand_new_token"}, "an\x1b[2Jswer"
	if err := f.app.store.SaveTurn(ctx, &turn); err != nil {
		t.Fatal(err)
	}
	md, err := f.app.Conversations().Markdown(ctx, turn.ConversationID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(md, "# "+q+"\n") {
		t.Errorf("title: %q", strings.SplitN(md, "\n", 2)[0])
	}
	if !strings.Contains(md, "Warning: Some documents are still being prepared") || !strings.Contains(md, "Warning: brand_new_token") {
		t.Errorf("warnings not in words:\n%s", md)
	}
	if strings.Contains(md, "\x1b") {
		t.Errorf("an escape sequence reached the export")
	}
}
