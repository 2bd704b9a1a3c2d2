package app

import (
	"context"
	"testing"
	"time"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
)

func TestAskNoStreamSavesTheTurnTheSameWay(t *testing.T) {
	f, rec := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	conv, _ := cs.New(ctx, f.org, "", "")
	var savedBefore []records.Turn
	rec.check = func() { savedBefore, _ = cs.Turns(context.Background(), conv.ID) }
	var updates []events.TurnChanged
	turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "How far ahead must travel be booked?"}, conversations.AskOptions{NoStream: true,
		Metadata: map[string]string{"ticket": "T-7"}, OnUpdate: func(e events.TurnChanged) { updates = append(updates, e) }})
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.last()["stream"]; got == true {
		t.Fatalf("NoStream sent stream %v", got)
	}
	if len(savedBefore) != 1 || savedBefore[0].Status != records.TurnPending || savedBefore[0].Question != "How far ahead must travel be booked?" {
		t.Fatalf("when the request went out the database held %+v", savedBefore)
	}
	if turn.Status != records.TurnCompleted || turn.Answer == "" || turn.Found == nil || turn.RequestID == "" || turn.AnswerID == "" {
		t.Fatalf("turn = %+v", turn)
	}
	assertFinal(t, turn, "T-7")
	saved, _ := cs.Turn(ctx, turn.ID)
	if saved.Answer != turn.Answer || saved.Status != records.TurnCompleted || saved.AnswerID != turn.AnswerID ||
		len(saved.Sources) != len(turn.Sources) || saved.Final != nil {
		t.Fatalf("database turn = %+v", saved)
	}
	if len(updates) != 2 || updates[0].Status != records.TurnPending || updates[1].Status != records.TurnCompleted || updates[1].Text != turn.Answer {
		t.Fatalf("updates = %+v, want pending then completed", updates)
	}
	// A follow-up, streamed this time, sends the saved turn as history and has its answer object too.
	next, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "Which transport is preferred?"}, conversations.AskOptions{Metadata: map[string]string{"ticket": "T-8"}})
	if err != nil {
		t.Fatal(err)
	}
	if hist, _ := rec.last()["history"].([]any); len(hist) != 2 || rec.last()["stream"] != true {
		t.Fatalf("follow-up sent %v", rec.last())
	}
	assertFinal(t, next, "T-8")
}

// assertFinal checks that turn carries the server's answer object, with its metadata and time.
func assertFinal(t *testing.T, turn records.Turn, ticket string) {
	t.Helper()
	a := turn.Final
	if a == nil {
		t.Fatal("no answer object on the turn")
	}
	if a.ID != turn.AnswerID || a.Answer != turn.Answer || a.RequestID != turn.RequestID || a.Object != "workspace.answer" ||
		a.Metadata["ticket"] != ticket || a.Created == 0 || time.Since(time.Unix(a.Created, 0)) > time.Minute {
		t.Fatalf("answer object = %+v", a)
	}
}

func TestAskNoStreamFailedAndStopped(t *testing.T) {
	f, rec := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	bad, _ := cs.New(ctx, "ws_does_not_exist", "", "")
	turn, err := cs.Send(ctx, bad.ID, conversations.Message{Text: "Anything?"}, conversations.AskOptions{NoStream: true})
	if err == nil || turn.Status != records.TurnFailed || turn.ErrorCode == "" || turn.Final != nil {
		t.Fatalf("failed ask: %+v, %v", turn, err)
	}
	assertSaved(t, f.app, turn)

	// The request is held until the answer is stopped.
	release := make(chan struct{})
	rec.check = func() { <-release }
	conv, _ := cs.New(ctx, f.org, "", "")
	started, done := make(chan int64, 1), make(chan records.Turn, 1)
	go func() {
		turn, _ := cs.Send(ctx, conv.ID, conversations.Message{Text: "How far ahead must travel be booked?"}, conversations.AskOptions{NoStream: true,
			OnUpdate: func(e events.TurnChanged) {
				if e.Status == records.TurnPending {
					started <- e.TurnID
				}
			}})
		done <- turn
	}()
	if !cs.Stop(<-started) {
		t.Fatal("Stop found no answer in progress")
	}
	close(release)
	stopped := <-done
	if stopped.Status != records.TurnInterrupted || stopped.Final != nil {
		t.Fatalf("stopped turn = %+v", stopped)
	}
	assertSaved(t, f.app, stopped)
}
