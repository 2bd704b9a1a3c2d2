package cli

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"lectern/app"
	"lectern/client"
)

// appStore keeps conversations in the app's database, shared with the desktop app. The app asks
// (the question is saved before the request goes out) and the command line prints its updates.
type appStore struct{ a *app.App }

// Ask implements conversationStore.
func (s *appStore) Ask(e *env, _ *client.Client, ws client.Workspace, o *askOptions) error {
	conv, err := s.conversation(e, o)
	if err != nil {
		return err
	}
	p := newAnswerPrinter(e, !o.asJSON && !o.noStream && e.isTerminal())
	opts := app.AskOptions{Tier: string(o.req.Model), Thinking: o.req.Thinking, OnUpdate: func(ev app.TurnChanged) {
		if ev.Status != app.TurnPending {
			return
		}
		p.stage(ev.Stage)
		if ev.Text != "" || p.text != "" {
			p.update(ev.Text)
		}
	}}
	turn, err := s.a.Conversations().Ask(e.ctx, conv.ID, o.req.Question, opts)
	if err != nil {
		p.abort()
		return err
	}
	ans := answerFromTurn(turn, ws.WorkspaceID)
	if o.asJSON {
		return e.printJSON(ans)
	}
	p.finish(ans.Answer)
	e.printDetails(ans, e.isTerminal())
	return nil
}

// conversation returns the conversation to ask in: the last one of the workspace for
// --continue (when it asked the same document), else a new one.
func (s *appStore) conversation(e *env, o *askOptions) (app.Conversation, error) {
	convs := s.a.Conversations()
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

// answerFromTurn rebuilds the answer object from a saved turn (all but metadata, which the
// command line never sends, and created, which is the time the turn was saved).
func answerFromTurn(t app.Turn, workspaceID string) *client.Answer {
	a := &client.Answer{ID: t.AnswerID, Object: "workspace.answer", Created: t.Updated.Unix(),
		WorkspaceID: workspaceID, Model: t.Model, Status: string(t.Status), Answer: t.Answer, Sources: t.Sources,
		Coverage: t.Coverage, Warnings: t.Warnings, Usage: t.Usage, Notice: t.Notice, RequestID: t.RequestID}
	if t.Found != nil {
		a.Found = *t.Found
	}
	if t.Thinking != nil {
		a.Thinking = *t.Thinking
	}
	return a
}

// List implements conversationStore for the app's current server.
func (s *appStore) List(ctx context.Context, search string) ([]historyEntry, error) {
	convs := s.a.Conversations()
	names := s.workspaceNames(ctx)
	if search == "" {
		list, err := convs.List(ctx, "")
		if err != nil {
			return nil, err
		}
		out := make([]historyEntry, 0, len(list))
		for _, c := range list {
			out = append(out, s.entry(ctx, c, names))
		}
		return out, nil
	}
	hits, err := convs.Search(ctx, search)
	if err != nil {
		return nil, err
	}
	out := make([]historyEntry, 0, len(hits))
	for _, h := range hits {
		en := s.entry(ctx, h.Conversation, names)
		en.Question, en.Answer = h.Question, h.Snippet
		if t, err := convs.Turn(ctx, h.TurnID); err == nil {
			en.Status, en.Updated = string(t.Status), t.Updated
		}
		out = append(out, en)
	}
	return out, nil
}

// entry describes one conversation.
func (s *appStore) entry(ctx context.Context, c app.Conversation, names map[string]string) historyEntry {
	en := historyEntry{ConversationID: strconv.FormatInt(c.ID, 10), Server: s.a.Server(),
		WorkspaceID: c.WorkspaceID, Workspace: c.WorkspaceID, Title: c.Title, Updated: c.Updated}
	if n, ok := names[c.WorkspaceID]; ok {
		en.Workspace = n
	}
	if turns, err := s.a.Conversations().Turns(ctx, c.ID); err == nil {
		en.Turns = len(turns)
	}
	return en
}

// workspaceNames maps the cached workspace ids of the current server to their names.
func (s *appStore) workspaceNames(ctx context.Context) map[string]string {
	names := map[string]string{}
	list, err := s.a.Workspaces(ctx)
	if err != nil {
		return names
	}
	for _, w := range list {
		names[w.WorkspaceID] = w.Name
	}
	return names
}

// Export implements conversationStore.
func (s *appStore) Export(ctx context.Context, id, file string) (bool, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return false, nil
	}
	err = s.a.Conversations().Export(ctx, n, file)
	if errors.Is(err, app.ErrNotFound) {
		return false, nil
	}
	return true, err
}
