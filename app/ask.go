package app

import (
	"cmp"
	"context"
	"errors"
	"time"

	"lectern/client"
)

// partialSaveEvery is how often the text of a streaming answer is saved, so a crash keeps it.
const partialSaveEvery = 2 * time.Second

// staleAnswer is how long a pending answer may go without a write before Open treats it as
// abandoned by a process that ended.
const staleAnswer = 2 * time.Minute

// Ask asks question in conversation conversationID and blocks until the answer ends. The
// question is saved (as a pending turn) before the request goes out; the answer streams through
// TurnChanged events (and opts.OnUpdate), or comes in one response with opts.NoStream; the final
// answer, or the text so far marked interrupted or failed with the reason, is saved when it ends.
// The returned turn is the saved one, with the server's answer object in Final; the error is nil
// when the server answered (completed, or incomplete at the length limit). Stop(turn.ID) stops it
// from any goroutine.
func (c *Conversations) Ask(ctx context.Context, conversationID int64, question string, opts AskOptions) (Turn, error) {
	conv, err := c.conversationFor(ctx, conversationID)
	if err != nil {
		return Turn{}, err
	}
	return c.askIn(ctx, conv, question, opts)
}

// askIn asks question in conv, as Ask does. The request is built and validated here, once, before
// anything is saved or sent; a conversation not saved yet (ID 0) is saved with its first turn.
func (c *Conversations) askIn(ctx context.Context, conv Conversation, question string, opts AskOptions) (Turn, error) {
	cl, key, err := c.conn.current()
	if err != nil {
		return Turn{}, err
	}
	var before []Turn
	if conv.ID != 0 {
		if before, err = c.store.turns(ctx, conv.ID); err != nil {
			return Turn{}, err
		}
	}
	req := c.request(conv, question, before, opts)
	if err := req.Validate(); err != nil {
		return Turn{}, err
	}
	if conv, err = c.saved(ctx, key, conv, question); err != nil {
		return Turn{}, err
	}
	turn, err := c.store.addTurn(ctx, Turn{ConversationID: conv.ID, Question: question, Tier: string(req.Model),
		Thinking: req.Thinking})
	if err != nil {
		return Turn{}, err
	}
	c.bus.Emit(ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return c.answer(ctx, cl, conv, turn, req, opts)
}

// saved returns conv saved, titled by its first question when it has no title yet.
func (c *Conversations) saved(ctx context.Context, key string, conv Conversation, question string) (Conversation, error) {
	switch {
	case conv.ID == 0:
		conv.Kind, conv.Title = KindWorkspace, cmp.Or(conv.Title, titleFrom(question))
		return c.store.createConversation(ctx, key, conv)
	case conv.Title == "":
		conv.Title = titleFrom(question)
		return conv, c.store.renameConversation(ctx, key, conv.ID, conv.Title)
	}
	return conv, nil
}

// Retry asks a failed or interrupted turn again, in place, with the history of the turns before it.
func (c *Conversations) Retry(ctx context.Context, turnID int64, opts AskOptions) (Turn, error) {
	turn, err := c.store.turn(ctx, turnID)
	if err != nil {
		return turn, err
	}
	if !turn.Status.Retryable() {
		return turn, errors.New("only a failed or interrupted answer can be retried")
	}
	conv, err := c.conversationFor(ctx, turn.ConversationID)
	if err != nil {
		return turn, err
	}
	cl, _, err := c.conn.current()
	if err != nil {
		return turn, err
	}
	all, err := c.store.turns(ctx, conv.ID)
	if err != nil {
		return turn, err
	}
	var before []Turn
	for _, t := range all {
		if t.ID < turn.ID {
			before = append(before, t)
		}
	}
	if opts.Tier == "" && turn.Tier != "" {
		opts.Tier = turn.Tier
	}
	req := c.request(conv, turn.Question, before, opts)
	turn = Turn{ID: turn.ID, ConversationID: turn.ConversationID, Question: turn.Question, Status: TurnPending,
		Tier: string(req.Model), Thinking: req.Thinking, Created: turn.Created}
	if err := c.store.saveTurn(ctx, &turn); err != nil {
		return turn, err
	}
	return c.answer(ctx, cl, conv, turn, req, opts)
}

// answer asks for the answer of a saved pending turn (streamed, or in one JSON response with
// opts.NoStream) and saves how it ended.
func (c *Conversations) answer(ctx context.Context, cl *client.Client, conv Conversation, turn Turn,
	req client.AskRequest, opts AskOptions) (Turn, error) {
	key := c.conn.cacheKey()
	ctx, done := c.track(ctx, turn.ID)
	defer done()
	notify := func(ev TurnChanged) {
		c.bus.Emit(ev)
		if opts.OnUpdate != nil {
			opts.OnUpdate(ev)
		}
	}
	notify(TurnChanged{ConversationID: conv.ID, TurnID: turn.ID, Status: TurnPending})
	var out outcome
	if opts.NoStream {
		out.answer, out.err = cl.Ask(ctx, req)
	} else {
		out = c.stream(ctx, cl, req, turn, notify)
	}
	err := c.finish(ctx, key, conv, &turn, out)
	c.conn.observe(key, err)
	notify(TurnChanged{ConversationID: conv.ID, TurnID: turn.ID, Status: turn.Status, Text: turn.Answer})
	c.bus.Emit(ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return turn, err
}

// track registers the answer of turnID as in progress, so that Stop can cancel it. done
// unregisters it; call it when the outcome is saved.
func (c *Conversations) track(ctx context.Context, turnID int64) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	c.mu.Lock()
	c.active[turnID] = cancel
	c.wg.Add(1)
	c.mu.Unlock()
	return ctx, func() {
		cancel(nil)
		c.mu.Lock()
		delete(c.active, turnID)
		c.mu.Unlock()
		c.wg.Done()
	}
}

// outcome is how a request for an answer ended: the final answer object, or the text received
// before err.
type outcome struct {
	answer *client.Answer
	text   string
	err    error
}

// stream reads the answer stream of req to its end, sending one TurnChanged per event batch and
// saving the text so far every few seconds.
func (c *Conversations) stream(ctx context.Context, cl *client.Client, req client.AskRequest, turn Turn,
	notify func(TurnChanged)) outcome {
	stream := cl.AskStream(ctx, req)
	defer stream.Close()
	lastSave := time.Now()
	for stream.Next() {
		switch stream.Current().Type {
		case client.EventCompleted, client.EventFailed:
			continue
		}
		notify(TurnChanged{ConversationID: turn.ConversationID, TurnID: turn.ID, Status: TurnPending,
			Stage: stream.Stage(), Text: stream.Text()})
		if time.Since(lastSave) >= partialSaveEvery {
			_ = c.store.savePartial(ctx, turn.ID, stream.Text())
			lastSave = time.Now()
		}
	}
	return outcome{answer: stream.Answer(), text: stream.Text(), err: stream.Err()}
}

// finish saves how the answer ended and returns nil for a complete answer. An answered turn
// carries the answer object in Final.
func (c *Conversations) finish(ctx context.Context, key string, conv Conversation, turn *Turn, out outcome) error {
	err := out.err
	save := context.WithoutCancel(ctx)
	if a := out.answer; err == nil && a != nil {
		applyAnswer(turn, a)
		return c.store.saveTurn(save, turn)
	}
	if err == nil {
		err = errors.New("the answer ended without a result")
	}
	turn.Answer = out.text
	var ie *client.InterruptedError
	if errors.As(err, &ie) && ie.Text != "" {
		turn.Answer = ie.Text
	}
	turn.Status, turn.Error = TurnFailed, c.conn.describe(err)
	var ae *client.APIError
	if errors.As(err, &ae) {
		turn.ErrorCode, turn.RequestID = ae.Code, ae.RequestID
	}
	switch {
	case errors.Is(context.Cause(ctx), errStopped):
		turn.Status, turn.Error = TurnInterrupted, "Stopped. The text so far is kept; Retry asks again."
	case ctx.Err() != nil || errors.Is(err, client.ErrInterrupted):
		turn.Status = TurnInterrupted
	}
	if isWorkspaceGone(err) {
		c.sync.forget(save, key, conv.WorkspaceID)
	}
	if serr := c.store.saveTurn(save, turn); serr != nil {
		return errors.Join(err, serr)
	}
	return err
}

// applyAnswer copies a final answer object into a turn, and keeps it whole in Final.
func applyAnswer(t *Turn, a *client.Answer) {
	t.Final = a
	t.Answer, t.Model, t.Notice, t.RequestID, t.AnswerID, t.Usage = a.Answer, a.Model, a.Notice, a.RequestID, a.ID, a.Usage
	found := a.Found
	t.Found, t.Sources, t.Coverage, t.Warnings = &found, a.Sources, a.Coverage, a.Warnings
	t.Error, t.ErrorCode = "", ""
	switch a.Status {
	case "", string(TurnCompleted):
		t.Status = TurnCompleted
	default:
		t.Status = TurnStatus(a.Status) // incomplete, or a newer token kept as text
	}
}
