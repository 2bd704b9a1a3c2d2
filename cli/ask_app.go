package cli

import (
	"context"
	"errors"
	"fmt"

	"lectern/app/ask"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
)

// askInApp asks o through the app's conversations, shared with the desktop app: the question is
// saved before it is sent and the answer when it ends. It prints the answer as o says; --json
// prints the answer object exactly as the server sent it. An answer cut short prints the text
// received to stdout (on a terminal it is already there) and the reason to stderr: exit 1.
func (e *env) askInApp(q questioner, o *askOptions) error {
	p := newAnswerPrinter(e, !o.asJSON && !o.noStream && e.isTerminal())
	opts := conversations.AskOptions{Tier: o.tier, Thinking: o.thinking, NoStream: o.noStream, OnUpdate: p.follow,
		OnNotice: e.notice}
	turn, err := q.Ask(e.ctx, o.question, opts)
	if err != nil {
		p.failed(turn.Answer, o.asJSON)
		return err
	}
	ans := turn.Final
	if ans == nil {
		return errors.New("the answer was saved but its details were lost; \"lectern history\" shows it")
	}
	if o.asJSON {
		return e.printJSON(ans)
	}
	p.finish(ans.Answer)
	e.printDetails(ans, e.isTerminal())
	return nil
}

// questioner asks a question of a workspace and keeps it as a conversation (app/ask).
type questioner interface {
	Ask(ctx context.Context, q ask.Question, opts conversations.AskOptions) (records.Turn, error)
}

// notice prints a note from the app that is not an error on stderr.
func (e *env) notice(msg string) { fmt.Fprintln(e.stderr, "lectern: "+msg) }

// follow shows the progress of a turn from the app's updates: the stage, then the text so far.
func (p *answerPrinter) follow(ev events.TurnChanged) {
	if ev.Status != records.TurnPending {
		return
	}
	p.stage(ev.Stage)
	if ev.Text != "" || p.text != "" {
		p.update(ev.Text)
	}
}
