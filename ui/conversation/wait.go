package conversation

import (
	"errors"
	"strings"
	"time"

	"lectern/app"
	"lectern/client"
	"lectern/ui/widgets"
)

// slowAnswer is how long an answer may go without news (a stage, text, a tool's change) before its
// stage line says that it is taking unusually long, and offers Stop. A generous while: a server
// checks a long question before it answers, and a thinking model may say nothing for a minute.
const slowAnswer = 90 * time.Second

// progress is what the stage line of a streaming answer is told from.
type progress struct {
	stage   string
	sent    time.Time // when the question was sent: the wait for the server is shown from it
	retryAt time.Time // while stage is app.StageRetryWait: when the question is sent again
	at      time.Time // when the last news came
	text    int       // the length of the text so far, to tell news
}

// note takes one change of the turn, seen at now.
func (p *progress) note(ev app.TurnChanged, now time.Time) {
	if p.at.IsZero() || ev.Stage != p.stage || len(ev.Text) != p.text || !ev.RetryAt.Equal(p.retryAt) || ev.Parts != nil {
		p.at = now
	}
	p.stage, p.sent, p.retryAt, p.text = ev.Stage, ev.Sent, ev.RetryAt, len(ev.Text)
}

// stageLine is the stage line of an answer that is at w, at now: the stage in words with, while
// the server is waited for, how long it has been; while the server's Retry-After is waited out,
// the seconds left before the question is sent again; after slowAnswer without news, that the
// answer takes unusually long (slow: Stop is offered beside it).
func stageLine(w progress, now time.Time) (label string, slow bool) {
	since := w.at
	if w.stage == app.StageRetryWait {
		if left := w.retryAt.Sub(now); left > 0 {
			secs := (left + time.Second - 1) / time.Second
			return "The server is busy; the question is sent again in " + widgets.WaitWords(secs*time.Second) + ".", false
		}
		since = w.retryAt
	}
	quiet := now.Sub(since).Truncate(time.Second)
	switch {
	case quiet >= slowAnswer:
		return "This is taking unusually long: nothing new for " + widgets.WaitWords(quiet) +
			". You can stop it and ask again later, or keep waiting.", true
	case w.stage == app.StageRetryWait && quiet >= time.Second:
		return "Sent again; waiting for the server to answer… " + widgets.WaitWords(quiet), false
	case w.stage == app.StageRetryWait:
		return "Sent again; waiting for the server to answer…", false
	}
	return stageLabel(w.stage, w.sent, now), false
}

// tickStage redraws the stage line of the streaming answer s once a second until it ends, so that
// a wait counts and a silence is noticed.
func (c *Pane) tickStage(s *streamState) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-c.lf.Ctx.Done():
			return
		case <-s.ended:
			return
		case <-tick.C:
			c.lf.Do(func() { c.redrawStage(s) })
		}
	}
}

// redrawStage tells the stage line of the streaming answer s again from the clock (UI goroutine).
func (c *Pane) redrawStage(s *streamState) {
	if s == nil || c.streaming != s {
		return
	}
	s.mu.Lock()
	id, w := s.turnID, s.w
	s.mu.Unlock()
	if i := c.index(id); i >= 0 && w.stage != "" {
		label, slow := stageLine(w, c.lf.Now())
		if c.view(i).showStage(true, label, slow) {
			c.refit(i)
		}
	}
}

// retryWait is the wait a failed turn's words count down: the server refused the question for a
// while (429, or 503 with Retry-After), and the core's sentence says when to try again.
type retryWait struct {
	until time.Time
	said  string           // the core's words of the wait, in the turn's failure (" You can try again in 30 seconds.")
	now   func() time.Time // the window's clock
	gen   int              // counts the waits shown: a tick of an earlier one does nothing
}

// countRetry makes the failure of turn v, which ended with err, count down to the time it can be
// asked again, when the server said one: its words ("in 30 seconds") were true only when shown.
func (c *Pane) countRetry(v *turnView, err error) {
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.RetryAfter <= 0 || !v.turn.Status.Retryable() {
		return
	}
	plain := *ae
	plain.RetryAfter = 0
	said, base := c.b.Explain(err).Sentence, c.b.Explain(&plain).Sentence
	wait, ok := strings.CutPrefix(said, base)
	if !ok || wait == "" || !strings.Contains(v.failure.Text, wait) {
		return
	}
	v.refused.gen++
	v.refused.until, v.refused.said, v.refused.now = c.lf.Now().Add(ae.RetryAfter), wait, c.lf.Now
	v.tickRetry(v.refused.gen)
}

// tickRetry shows the time left of the wait numbered gen, and again each second until it is over.
func (v *turnView) tickRetry(gen int) {
	if v.refused.gen != gen || v.showRetryWait() <= 0 || v.do == nil {
		return
	}
	time.AfterFunc(time.Second, func() { v.do(func() { v.tickRetry(gen) }) })
}

// showRetryWait writes the failure with the time left before the question can be asked again, in
// place of the core's words, and returns it (0 once it can).
func (v *turnView) showRetryWait() time.Duration {
	left := max(v.refused.until.Sub(v.refused.now()), 0)
	live := " You can try again now."
	if left > 0 {
		secs := (left + time.Second - 1) / time.Second
		live = " You can try again in " + widgets.WaitWords(secs*time.Second) + "."
	}
	v.failure.SetText(strings.Replace(app.SafeText(failureText(v.turn)), v.refused.said, live, 1))
	return left
}
