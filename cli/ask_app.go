package cli

import (
	"errors"
	"fmt"
	"slices"

	"lectern/app"
)

// askInApp asks o through the app's conversations, shared with the desktop app: the question is
// saved before it is sent and the answer when it ends. It prints the answer as o says; --json
// prints the answer object exactly as the server sent it.
func (e *env) askInApp(a *app.App, o *askOptions) error {
	conv, err := e.conversation(a, o)
	if err != nil {
		return err
	}
	p := newAnswerPrinter(e, !o.asJSON && !o.noStream && e.isTerminal())
	opts := app.AskOptions{Tier: string(o.req.Model), Thinking: o.req.Thinking, NoStream: o.noStream, OnUpdate: p.follow}
	turn, err := a.Conversations().Ask(e.ctx, conv.ID, o.req.Question, opts)
	defer e.cacheWorkspace(a, o.req.WorkspaceID)
	if err != nil {
		p.abort()
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

// cacheWorkspace adds workspace id to the app's cache when it is not there yet, so that the
// history shows its name. It is best effort: the answer is already printed and kept.
func (e *env) cacheWorkspace(a *app.App, id string) {
	if e.ctx.Err() != nil {
		return
	}
	if list, err := a.Workspaces(e.ctx); err == nil && slices.ContainsFunc(list, func(w app.CachedWorkspace) bool {
		return w.WorkspaceID == id
	}) {
		return
	}
	_ = a.SyncService().CacheWorkspace(e.ctx, id)
}

// follow shows the progress of a turn from the app's updates: the stage, then the text so far.
func (p *answerPrinter) follow(ev app.TurnChanged) {
	if ev.Status != app.TurnPending {
		return
	}
	p.stage(ev.Stage)
	if ev.Text != "" || p.text != "" {
		p.update(ev.Text)
	}
}

// conversation returns the conversation to ask in: the last one of the workspace for
// --continue (when it asked the same document), else a new one.
func (e *env) conversation(a *app.App, o *askOptions) (app.Conversation, error) {
	convs := a.Conversations()
	if o.cont {
		last, ok, err := convs.Last(e.ctx, o.req.WorkspaceID)
		switch {
		case err != nil:
			return app.Conversation{}, localf("cannot read the earlier turns: %v", err)
		case !ok:
			fmt.Fprintln(e.stderr, "lectern: no earlier conversation in this workspace; asking without history.")
		case o.req.DocumentID != "" && o.req.DocumentID != last.DocumentID:
			fmt.Fprintln(e.stderr, "lectern: the last conversation asked about something else than --doc; starting a new one.")
		default:
			return last, nil
		}
	}
	conv, err := convs.New(e.ctx, o.req.WorkspaceID, o.req.DocumentID, "")
	if err != nil {
		return conv, localf("cannot start a conversation: %v", err)
	}
	return conv, nil
}
