package ask

import (
	"context"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/workspaces"
	"lectern/client"
)

// workspaceAnswerer answers workspace conversations: POST /workspace, the answer streamed as
// answer.* events (or in one JSON response with opts.NoStream). The request is built and validated
// once, before anything is saved or sent, and kept for answer.
type workspaceAnswerer struct {
	c    *Questions
	opts conversations.AskOptions
	cl   *client.Client
	key  string // the connection's cache key, where the conversation is saved
	conv records.Conversation
	req  client.AskRequest
	// parent is the turn the question follows on its branch (0: the first question).
	parent int64
	// from is the workspace asked when it is not the conversation's ("": the conversation's).
	from string
}

func (w *workspaceAnswerer) Send(ctx context.Context, conv records.Conversation, m conversations.Message) (records.Turn, error) {
	if len(m.Images) > 0 {
		return records.Turn{}, explain.Checkf("A workspace question cannot carry images; send them to a model instead.")
	}
	before, err := w.c.conv.BranchOf(ctx, conv, m)
	if err != nil {
		return records.Turn{}, err
	}
	w.from = m.Workspace
	if err := w.prepare(ctx, conv, m.Text, before); err != nil {
		return records.Turn{}, err
	}
	return w.save(ctx, m.Text)
}

// Resend asks an edited question of the workspace old was asked of.
func (w *workspaceAnswerer) Resend(ctx context.Context, conv records.Conversation, old records.Turn, before []records.Turn, text string) (records.Turn, error) {
	w.from = old.WorkspaceID
	if err := w.prepare(ctx, conv, text, before); err != nil {
		return records.Turn{}, err
	}
	return w.save(ctx, text)
}

// prepare builds and validates the request that asks question in conv (of w.from when set) after
// the turns before (the history turns of its branch).
func (w *workspaceAnswerer) prepare(ctx context.Context, conv records.Conversation, question string, before []records.Turn) error {
	cl, key, err := w.c.conn.Current()
	if err != nil {
		return err
	}
	if w.from == conv.WorkspaceID {
		w.from = ""
	}
	asked := conv
	if w.from != "" {
		asked.WorkspaceID = w.from
	}
	w.cl, w.key, w.conv, w.req = cl, key, conv, w.c.Request(asked, question, before, w.opts)
	w.parent = conversations.Tip(before)
	return w.req.Validate()
}

// save saves the question as a new pending turn after w.parent, and the conversation with it when
// it is new.
func (w *workspaceAnswerer) save(ctx context.Context, question string) (records.Turn, error) {
	c := w.c
	conv, err := c.conv.Saved(ctx, w.key, w.conv, question)
	if err != nil {
		return records.Turn{}, err
	}
	w.conv = conv
	turn, err := c.store.AddTurn(ctx, records.Turn{ConversationID: conv.ID, ParentID: w.parent, Question: question,
		Tier: string(w.req.Model), Thinking: w.req.Thinking, WorkspaceID: w.from})
	if err != nil {
		return records.Turn{}, err
	}
	c.bus.Emit(events.ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return turn, nil
}

// retry asks turn's question again, with the tier it was asked with unless opts name one, of the
// workspace that answered it, as a new turn beside it after the turns before it.
func (w *workspaceAnswerer) Retry(ctx context.Context, conv records.Conversation, turn records.Turn, before []records.Turn) (records.Turn, error) {
	w.from = turn.WorkspaceID
	if w.opts.Tier == "" && turn.Tier != "" {
		w.opts.Tier = turn.Tier
	}
	if err := w.prepare(ctx, conv, turn.Question, before); err != nil {
		return records.Turn{}, err
	}
	return w.save(ctx, turn.Question)
}

// answer asks for the answer of the saved pending turn (streamed, or in one JSON response with
// opts.NoStream) and saves how it ended.
func (w *workspaceAnswerer) Answer(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error {
	var out outcome
	if w.opts.NoStream {
		out.answer, out.err = w.cl.Ask(ctx, w.req)
	} else {
		stream := w.cl.AskStream(ctx, w.req)
		defer stream.Close()
		w.c.conv.Follow(ctx, &askProgress{s: stream}, *turn, notify)
		out = outcome{answer: stream.Final().Answer, text: stream.Text(), err: stream.Err()}
	}
	asked := w.conv
	asked.WorkspaceID = w.req.WorkspaceID // a workspace gone is forgotten: the one asked
	return w.c.finish(ctx, w.c.conn.CacheKey(), asked, turn, out)
}

// outcome is how a request for an answer ended: the final answer object, or the text received
// before err.
type outcome struct {
	answer *client.Answer
	text   string
	err    error
}

// askProgress is a workspace answer stream without its final events (they are not progress, and
// run announces the end itself), with the last stage the server named.
type askProgress struct {
	s     *client.Stream[client.StreamEvent]
	stage string
}

// Next moves to the next event that is not answer.completed or answer.failed.
func (p *askProgress) Next() bool {
	for p.s.Next() {
		switch ev := p.s.Current(); ev.Type {
		case client.EventCompleted, client.EventFailed:
		case client.EventStatus:
			p.stage = ev.Stage
			return true
		default:
			return true
		}
	}
	return false
}

// Text is the answer's preview so far.
func (p *askProgress) Text() string { return p.s.Text() }

// Stage is the last stage of answer.status (retrieving, computing, reading, writing).
func (p *askProgress) Stage() string { return p.stage }

// Err is the stream's error so far: set before any event when the request was refused.
func (p *askProgress) Err() error { return p.s.Err() }

// finish saves how the answer ended and returns nil for a complete answer. An answered turn
// carries the answer object in Final.
func (c *Questions) finish(ctx context.Context, key string, conv records.Conversation, turn *records.Turn, out outcome) error {
	err := out.err
	save := context.WithoutCancel(ctx)
	if a := out.answer; err == nil && a != nil {
		applyAnswer(turn, a)
		return c.store.SaveTurn(save, turn)
	}
	err = c.conv.Failed(ctx, turn, out.text, err)
	if workspaces.IsWorkspaceGone(err) {
		c.sync.Forget(save, key, conv.WorkspaceID)
	}
	return conversations.JoinSave(err, c.store.SaveTurn(save, turn))
}

// applyAnswer copies a final answer object into a turn, and keeps it whole in Final.
func applyAnswer(t *records.Turn, a *client.Answer) {
	t.Final = a
	t.Answer, t.Model, t.Notice, t.RequestID, t.AnswerID, t.Usage = a.Answer, a.Model, a.Notice, a.RequestID, a.ID, a.Usage
	found := a.Found
	t.Found, t.Sources, t.Coverage, t.Warnings = &found, a.Sources, a.Coverage, a.Warnings
	t.Error, t.ErrorCode = "", ""
	switch a.Status {
	case "", string(records.TurnCompleted):
		t.Status = records.TurnCompleted
	default:
		t.Status = records.TurnStatus(a.Status) // incomplete, or a newer token kept as text
	}
}

// Answerer returns the answerer of one workspace question sent with opts.
func (c *Questions) Answerer(_ *records.Turn, opts conversations.AskOptions) conversations.Answerer {
	return &workspaceAnswerer{c: c, opts: opts}
}
