package conversation

import (
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/client"
)

// clock is a clock a test moves by hand, read from any goroutine.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) set(t time.Time) { c.mu.Lock(); c.now = t; c.mu.Unlock() }

// clockedChat is a pane asking "My documents" whose window tells time from a clock the test moves,
// set at 9:00 on a day of November 2026.
func clockedChat(t *testing.T) (*fixture, *Pane, *clock) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	clk := &clock{now: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	c.lf.Now = clk.Now
	return f, c, clk
}

// stopSpy is the pane's Answers, noting the answers Stop was asked for.
type stopSpy struct {
	Answers
	mu      sync.Mutex
	stopped []int64
}

func (s *stopSpy) Stop(turnID int64) bool {
	s.mu.Lock()
	s.stopped = append(s.stopped, turnID)
	s.mu.Unlock()
	return true
}

// Issue 36: "in 30 seconds" was still shown 35 s after a 429, and a hang was waited on forever
// (still "Waiting…" at 200 s). While the server's Retry-After is waited out the turn counts down
// to the question sent again, each second, from the window's clock; after 90 s with nothing new
// it says the answer is taking unusually long, with a Stop of its own.
func TestRetryWaitCountsDownAndSilenceOffersStop(t *testing.T) {
	_, c, clk := clockedChat(t)
	t0 := clk.Now()
	spy := &stopSpy{Answers: c.store.Answers}
	c.store.Answers = spy
	updated, release := make(chan struct{}), make(chan struct{})
	pending := app.TurnChanged{ConversationID: 99, TurnID: 1, Status: app.TurnPending, Sent: t0}
	c.run(func(o app.AskOptions) (app.Turn, error) {
		ev := pending
		ev.Stage = app.StageWaiting
		o.OnUpdate(ev)
		ev.Stage, ev.RetryAt = app.StageRetryWait, t0.Add(30*time.Second)
		o.OnUpdate(ev)
		close(updated)
		<-release
		return app.Turn{ID: 1, ConversationID: 99, Question: "q?", Answer: "Done.", Status: app.TurnCompleted}, nil
	}, app.AskOptions{}, "q?", 0)
	defer close(release)
	<-updated
	until(t, "the pending turn", func() bool { return c.index(1) >= 0 })
	v := c.view(c.index(1))
	for _, step := range []struct {
		after time.Duration
		want  string
		stop  bool
	}{
		{2 * time.Second, "in 28 s", false},
		{3 * time.Second, "in 27 s", false},
		{29*time.Second + 500*time.Millisecond, "in 1 s", false},
		{31 * time.Second, "Sent again; waiting for the server to answer… 1 s", false},
		{30*time.Second + 89*time.Second, "Sent again; waiting for the server to answer… 1 min 29 s", false},
		{30*time.Second + 90*time.Second, "unusually long", true},
	} {
		clk.set(t0.Add(step.after))
		c.redrawStage(c.streaming)
		if !strings.Contains(v.stageTxt.Text, step.want) || v.stageStop.Visible() != step.stop {
			t.Errorf("%v after the question: the stage says %q (Stop shown: %v); want %q (Stop: %v)", step.after,
				v.stageTxt.Text, v.stageStop.Visible(), step.want, step.stop)
		}
	}
	test.Tap(v.stageStop)
	spy.mu.Lock()
	defer spy.mu.Unlock()
	if len(spy.stopped) != 1 || spy.stopped[0] != 1 {
		t.Errorf("the stage's Stop asked to stop %v", spy.stopped)
	}
}

// A question waited on with no answer at all, or an answer whose text stops coming, is said to
// take unusually long after 90 s of nothing new; not before.
func TestStageLineSaysWhenNothingComes(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		w     progress
		after time.Duration
		slow  bool
	}{
		{progress{stage: app.StageWaiting, sent: t0, at: t0}, 89 * time.Second, false},
		{progress{stage: app.StageWaiting, sent: t0, at: t0}, 200 * time.Second, true},
		{progress{stage: app.StageWriting, sent: t0, at: t0.Add(time.Minute)}, 2 * time.Minute, false},
		{progress{stage: app.StageWriting, sent: t0, at: t0.Add(time.Minute)}, 2*time.Minute + 30*time.Second, true},
	} {
		label, slow := stageLine(tc.w, t0.Add(tc.after))
		if slow != tc.slow || slow != strings.Contains(label, "unusually long") {
			t.Errorf("%s, last news at %v, %v after the question: %q (slow %v)", tc.w.stage, tc.w.at.Sub(t0), tc.after, label, slow)
		}
	}
}

// A question the server refused for a while (429 with Retry-After: 30) said "You can try again in
// 30 seconds" for good. The failure counts down to the time it can be asked again, from the
// window's clock, then says that it can be now.
func TestRefusedForAWhileCountsDown(t *testing.T) {
	f, c, clk := clockedChat(t)
	t0 := clk.Now()
	refused := &client.APIError{StatusCode: 429, Code: "rate_limited", Message: "Too many requests", Retryable: true,
		RetryAfter: 30 * time.Second}
	said := f.app.Explain(refused).Sentence
	if !strings.Contains(said, "30 seconds") {
		t.Fatalf("the core says %q", said)
	}
	turn := app.Turn{ID: 1, ConversationID: 99, Question: "q?", Status: app.TurnFailed, Error: said}
	c.run(func(o app.AskOptions) (app.Turn, error) {
		o.OnUpdate(app.TurnChanged{ConversationID: 99, TurnID: 1, Status: app.TurnPending, Stage: app.StageWaiting, Sent: t0})
		return turn, refused
	}, app.AskOptions{}, "q?", 0)
	until(t, "the refused turn", func() bool { return c.streaming == nil && c.index(1) >= 0 })
	v := c.view(c.index(1))
	for _, step := range []struct {
		after time.Duration
		want  string
	}{
		{0, "You can try again in 30 s."},
		{5 * time.Second, "You can try again in 25 s."},
		{29*time.Second + 100*time.Millisecond, "You can try again in 1 s."},
		{35 * time.Second, "You can try again now."},
	} {
		clk.set(t0.Add(step.after))
		v.showRetryWait()
		if !strings.Contains(v.failure.Text, step.want) || strings.Contains(v.failure.Text, "30 seconds") {
			t.Errorf("%v after the refusal the turn says %q; want %q", step.after, v.failure.Text, step.want)
		}
	}
}
