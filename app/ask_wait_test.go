package app

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/client"
)

// sseAsk answers an ask after holding its headers back for wait, with the given events.
func sseAsk(wait time.Duration, events ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // lets the server notice a client that hangs up
		select {
		case <-time.After(wait):
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for _, e := range events {
			if e == "HANG" {
				<-r.Context().Done()
				return
			}
			_, _ = w.Write([]byte(e))
			w.(http.Flusher).Flush()
		}
	}
}

func sseEvent(name, data string) string { return "event: " + name + "\ndata: " + data + "\n\n" }

// askOnScript refreshes the app on s, opens a conversation on its first workspace and asks,
// returning the turn, every update and the error.
func askOnScript(t *testing.T, a *App, s *scriptServer, during func(TurnChanged)) (Turn, []TurnChanged, error) {
	t.Helper()
	ctx := ctxT(t)
	if err := a.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	conv, err := a.Conversations().New(ctx, s.ids[0], "", "")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []TurnChanged
	turn, err := a.Conversations().Send(ctx, conv.ID, Message{Text: "What is new?"}, AskOptions{OnUpdate: func(ev TurnChanged) {
		mu.Lock()
		seen = append(seen, ev)
		mu.Unlock()
		if during != nil {
			during(ev)
		}
	}})
	mu.Lock()
	defer mu.Unlock()
	return turn, seen, err
}

// While the headers are awaited the app says so, with the time the question was sent; once text
// streams the stage is never the one before sending, also after answer.reset.
func TestAskWaitingForHeadersIsSaidAndResetKeepsWriting(t *testing.T) {
	s := newScriptServer(t, "wa")
	s.ask = sseAsk(150*time.Millisecond,
		sseEvent("answer.delta", `{"delta":"First try"}`),
		sseEvent("answer.reset", `{}`),
		sseEvent("answer.delta", `{"delta":"Second"}`),
		sseEvent("answer.completed", `{"id":"wsa_1","object":"workspace.answer","status":"completed","found":true,"answer":"Second","sources":[]}`))
	a := openOnScript(t, s)
	before := time.Now()
	turn, seen, err := askOnScript(t, a, s, nil)
	if err != nil || turn.Status != TurnCompleted {
		t.Fatalf("%v %+v", err, turn)
	}
	first := seen[0]
	if first.Stage != StageWaiting || first.Sent.Before(before) || time.Since(first.Sent) > time.Minute {
		t.Fatalf("first update %+v; want the wait for the server with the time sent", first)
	}
	for _, ev := range seen[1:] {
		if ev.Status != TurnPending {
			continue
		}
		if ev.Stage == "" || ev.Stage == StageWaiting || ev.Sent != first.Sent {
			t.Fatalf("after the server answered: %+v", ev)
		}
		if ev.Text != "" && ev.Stage != StageWriting {
			t.Fatalf("text streams with stage %q", ev.Stage)
		}
	}
}

// Stopped, or timed out, while the headers were awaited: the reason never says text was kept.
func TestAskStoppedWhileWaitingSaysNothingWasKept(t *testing.T) {
	s := newScriptServer(t, "wa")
	s.ask = sseAsk(time.Hour)
	a := openOnScript(t, s)
	var once sync.Once
	turn, _, _ := askOnScript(t, a, s, func(ev TurnChanged) {
		if ev.Stage == StageWaiting {
			once.Do(func() { go a.Conversations().Stop(ev.TurnID) })
		}
	})
	if turn.Status != TurnInterrupted || strings.Contains(turn.Error, "kept") || turn.Answer != "" {
		t.Fatalf("stopped while waiting: %+v", turn)
	}
}

func TestAskHeaderTimeoutSaysNothingWasKept(t *testing.T) {
	s := newScriptServer(t, "wa")
	s.ask = sseAsk(time.Hour)
	a, err := Open(context.Background(), Options{Home: t.TempDir(), ClientOptions: []client.Option{
		client.WithTimeouts(client.Timeouts{Headers: 100 * time.Millisecond})}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if err := a.Connect(context.Background(), s.srv.URL, testKey); err != nil {
		t.Fatal(err)
	}
	turn, _, err := askOnScript(t, a, s, nil)
	if !errors.Is(err, client.ErrHeaderTimeout) || turn.Status != TurnInterrupted {
		t.Fatalf("%v %+v", err, turn)
	}
	if strings.Contains(turn.Error, "kept") || !strings.Contains(turn.Error, "did not begin to answer") {
		t.Fatalf("reason %q", turn.Error)
	}
}

// Issue 36: a 429's wait was said as "in 30 seconds", and still was 35 s later. While the client
// waits out the server's Retry-After before asking again, the turn says so with the time it will
// ask (the desktop counts down to it), then goes on as any answer.
func TestAskWaitingOutRetryAfterSaysUntilWhen(t *testing.T) {
	s := newScriptServer(t, "wa")
	asked := 0
	answer := sseAsk(0, sseEvent("answer.delta", `{"delta":"Done"}`),
		sseEvent("answer.completed", `{"id":"wsa_1","object":"workspace.answer","status":"completed","found":true,"answer":"Done","sources":[]}`))
	s.ask = func(w http.ResponseWriter, r *http.Request) {
		if asked++; asked == 1 {
			w.Header().Set("Retry-After", "0.05")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"error":{"code":"rate_limited","message":"Too many requests","retryable":true}}`))
			return
		}
		answer(w, r)
	}
	a := openOnScript(t, s)
	before := time.Now()
	turn, seen, err := askOnScript(t, a, s, nil)
	if err != nil || turn.Status != TurnCompleted {
		t.Fatalf("%v %+v", err, turn)
	}
	var wait *TurnChanged
	for i, ev := range seen {
		if ev.Stage == StageRetryWait {
			wait = &seen[i]
			break
		}
	}
	if wait == nil {
		t.Fatalf("no update said the wait; updates: %+v", seen)
	}
	if d := wait.RetryAt.Sub(before); d < 50*time.Millisecond || d > time.Minute || wait.Status != TurnPending || wait.Sent.IsZero() {
		t.Fatalf("the wait said %+v: asks again %v after the question", *wait, d)
	}
}
