package app

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/store"
)

// TestEveryKindAnswersThroughTheSameCalls: a workspace conversation and a model conversation,
// both against the emulator, go through the same Conversations calls (Send, Stop while
// Answering, Retry, Resend), each answered by the answerer of its kind: the workspace question
// by POST /workspace, the model message by /v1 with the conversation sent again.
func TestEveryKindAnswersThroughTheSameCalls(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.DeltaDelay = 40 * time.Millisecond
	f, _ := newAskFixture(t, cfg)
	ctx := ctxT(t)
	ws, err := f.app.Conversations().New(ctx, f.org, "", "")
	if err != nil {
		t.Fatal(err)
	}
	model, err := f.app.Models().NewChat(ctx, "Smart", "Answer briefly.", "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, conv := range []records.Conversation{ws, model} {
		t.Run(string(conv.Kind), func(t *testing.T) { sameCalls(t, f, conv) })
	}
}

// sameCalls sends, stops, retries and edits in conv, checking what each call saved.
func sameCalls(t *testing.T, f *fixture, conv records.Conversation) {
	cs := chatsOf(f.app)
	ctx := ctxT(t)
	id, done := askInBackground(t, f, conv.ID, "How far ahead must travel be booked?")
	if !cs.Answering(id) || !cs.Stop(id) {
		t.Fatal("Stop found no answer in progress")
	}
	r := <-done
	if r.err == nil || r.turn.Status != records.TurnInterrupted || r.turn.Answer == "" || r.turn.ConversationID != conv.ID {
		t.Fatalf("stopped turn = %+v, %v", r.turn, r.err)
	}
	var updates []events.TurnChanged
	turn, err := cs.Retry(ctx, id, conversations.AskOptions{OnUpdate: func(ev events.TurnChanged) { updates = append(updates, ev) }})
	if err != nil || turn.ID == id || turn.ParentID != r.turn.ParentID || turn.Status != records.TurnCompleted || turn.Answer == "" {
		t.Fatalf("retry = %+v, %v; want a new turn beside %d", turn, err, id)
	}
	if len(updates) < 2 || updates[0].Status != records.TurnPending || updates[len(updates)-1].Status != records.TurnCompleted {
		t.Fatalf("retry progress: %+v", updates)
	}
	edited, err := cs.Resend(ctx, id, "Which transport is preferred?", conversations.AskOptions{})
	if err != nil || edited.Status != records.TurnCompleted || edited.Question != "Which transport is preferred?" {
		t.Fatalf("resend = %+v, %v", edited, err)
	}
	next, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "And the rule for hotels?"}, conversations.AskOptions{})
	if err != nil || next.Status != records.TurnCompleted {
		t.Fatalf("send = %+v, %v", next, err)
	}
	turns, _ := cs.Turns(ctx, conv.ID)
	if len(turns) != 2 || turns[0].ID != edited.ID || turns[1].ID != next.ID || turns[0].Branch != (records.BranchPlace{Index: 3, Count: 3}) {
		t.Fatalf("shown turns %+v; want the edit (version 3 of 3: stopped, retried, edited) and the next", turns)
	}
	// The answerer of the kind answered: a model turn names its tier and carries the /v1 object.
	switch conv.Kind {
	case records.KindModel:
		if next.Tier != "Smart" || (next.Response == nil && next.Completion == nil) || next.Usage == nil {
			t.Fatalf("model turn %+v", next)
		}
	case records.KindWorkspace:
		if next.Final == nil || next.AnswerID == "" || next.Response != nil || strings.HasPrefix(next.Tier, "Smart") {
			t.Fatalf("workspace turn %+v", next)
		}
	}
}

// TestWorkspaceQuestionRefusesImages: the images of a message go to a model; a workspace question
// with one is refused before anything is saved.
func TestWorkspaceQuestionRefusesImages(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	conv, _ := f.app.Conversations().New(ctx, f.org, "", "")
	_, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "What is this?", Images: []records.Image{mustImage(t, "a.png", pngImage)}}, conversations.AskOptions{})
	if !errors.As(err, new(*explain.CheckError)) {
		t.Fatalf("err = %v", err)
	}
	if turns, _ := f.app.Conversations().Turns(ctx, conv.ID); len(turns) != 0 {
		t.Fatalf("saved %+v", turns)
	}
}

// echoAnswerer is a kind of conversation made for the test: it saves a turn, then "answers" with
// one event and waits to be stopped, keeping its text. It shows that a kind is one type.
type echoAnswerer struct {
	st      *store.DB
	started chan struct{}
}

func (e *echoAnswerer) Send(ctx context.Context, conv records.Conversation, m conversations.Message) (records.Turn, error) {
	return e.st.AddTurn(ctx, records.Turn{ConversationID: conv.ID, Question: m.Text})
}

func (e *echoAnswerer) Retry(_ context.Context, _ records.Conversation, turn records.Turn, _ []records.Turn) (records.Turn, error) {
	return turn, nil
}

func (e *echoAnswerer) Resend(_ context.Context, _ records.Conversation, old records.Turn, _ []records.Turn, _ string) (records.Turn, error) {
	return old, nil
}

func (e *echoAnswerer) Answer(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error {
	notify(events.TurnChanged{ConversationID: turn.ConversationID, TurnID: turn.ID, Status: records.TurnPending, Text: "echo"})
	close(e.started)
	<-ctx.Done()
	turn.Answer, turn.Status = "echo", records.TurnInterrupted
	return errors.Join(context.Cause(ctx), e.st.SaveTurn(context.WithoutCancel(ctx), turn))
}

// TestAnotherKindAnswersThroughRun: any type implementing Answerer answers through
// Conversations.run: Answering and Stop reach it, its progress arrives on OnUpdate between the
// pending and the final event, and the turn it saved is the one returned.
func TestAnotherKindAnswersThroughRun(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	cs, ctx := f.app.Conversations(), ctxT(t)
	conv, err := cs.New(ctx, f.org, "", "")
	if err != nil {
		t.Fatal(err)
	}
	a := &echoAnswerer{st: f.app.store, started: make(chan struct{})}
	turn, err := a.Send(ctx, conv, conversations.Message{Text: "Say it back"})
	if err != nil {
		t.Fatal(err)
	}
	var updates []events.TurnChanged
	type result struct {
		turn records.Turn
		err  error
	}
	done := make(chan result, 1)
	go func() {
		got, err := cs.Run(ctx, a, conv, turn, func(ev events.TurnChanged) { updates = append(updates, ev) })
		done <- result{got, err}
	}()
	<-a.started
	if !cs.Answering(turn.ID) || !cs.Stop(turn.ID) {
		t.Fatal("Stop did not reach the answer of another kind")
	}
	r := <-done
	if !errors.Is(r.err, connection.ErrStopped) || r.turn.Status != records.TurnInterrupted || r.turn.Answer != "echo" || cs.Answering(turn.ID) {
		t.Fatalf("run = %+v, %v", r.turn, r.err)
	}
	if len(updates) != 3 || updates[0].Status != records.TurnPending || updates[1].Text != "echo" || updates[2].Status != records.TurnInterrupted {
		t.Fatalf("progress %+v", updates)
	}
	saved, err := cs.Turns(ctx, conv.ID)
	if err != nil || len(saved) != 1 || saved[0].Answer != "echo" || saved[0].Status != records.TurnInterrupted {
		t.Fatalf("saved %+v, %v", saved, err)
	}
}
