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

// workspaceAnswerer answers workspace conversations: POST /workspace, the answer streamed as
// answer.* events (or in one JSON response with opts.NoStream). The request is built and validated
// once, before anything is saved or sent, and kept for answer.
type workspaceAnswerer struct {
	c    *Conversations
	opts AskOptions
	cl   *client.Client
	key  string // the connection's cache key, where the conversation is saved
	conv Conversation
	req  client.AskRequest
}

func (w *workspaceAnswerer) send(ctx context.Context, conv Conversation, m Message) (Turn, error) {
	if len(m.Images) > 0 {
		return Turn{}, checkf("A workspace question cannot carry images; send them to a model instead.")
	}
	if err := w.prepare(ctx, conv, m.Text, nil); err != nil {
		return Turn{}, err
	}
	return w.save(ctx, m.Text)
}

func (w *workspaceAnswerer) resend(ctx context.Context, conv Conversation, old Turn, before []Turn, text string) (Turn, error) {
	if err := w.prepare(ctx, conv, text, before); err != nil {
		return Turn{}, err // the old turn stays when the edited question cannot be sent
	}
	if err := w.c.store.deleteTurn(ctx, old.ID); err != nil {
		return Turn{}, err
	}
	return w.save(ctx, text)
}

// prepare builds and validates the request that asks question in conv after the turns before
// (nil: all the turns of conv).
func (w *workspaceAnswerer) prepare(ctx context.Context, conv Conversation, question string, before []Turn) error {
	cl, key, err := w.c.conn.current()
	if err != nil {
		return err
	}
	if before == nil && conv.ID != 0 {
		if before, err = w.c.store.turns(ctx, conv.ID); err != nil {
			return err
		}
	}
	w.cl, w.key, w.conv, w.req = cl, key, conv, w.c.request(conv, question, before, w.opts)
	return w.req.Validate()
}

// save saves the question as a new pending turn, and the conversation with it when it is new.
func (w *workspaceAnswerer) save(ctx context.Context, question string) (Turn, error) {
	c := w.c
	conv, err := c.saved(ctx, w.key, w.conv, question)
	if err != nil {
		return Turn{}, err
	}
	w.conv = conv
	turn, err := c.store.addTurn(ctx, Turn{ConversationID: conv.ID, Question: question, Tier: string(w.req.Model),
		Thinking: w.req.Thinking})
	if err != nil {
		return Turn{}, err
	}
	c.bus.Emit(ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return turn, nil
}

// saved returns conv saved, titled by its first question when it has no title yet.
func (c *Conversations) saved(ctx context.Context, key string, conv Conversation, question string) (Conversation, error) {
	switch {
	case conv.ID == 0:
		conv.Kind, conv.Title = cmp.Or(conv.Kind, KindWorkspace), cmp.Or(conv.Title, titleFrom(question))
		return c.store.createConversation(ctx, key, conv)
	case conv.Title == "":
		conv.Title = titleFrom(question)
		return conv, c.store.renameConversation(ctx, key, conv.ID, conv.Title)
	}
	return conv, nil
}

// retry saves turn, a failed or interrupted turn, as pending again in place, to be asked with the
// history of the turns before it.
func (w *workspaceAnswerer) retry(ctx context.Context, conv Conversation, turn Turn) (Turn, error) {
	cl, _, err := w.c.conn.current()
	if err != nil {
		return turn, err
	}
	all, err := w.c.store.turns(ctx, conv.ID)
	if err != nil {
		return turn, err
	}
	var before []Turn
	for _, t := range all {
		if t.ID < turn.ID {
			before = append(before, t)
		}
	}
	if w.opts.Tier == "" && turn.Tier != "" {
		w.opts.Tier = turn.Tier
	}
	w.cl, w.conv, w.req = cl, conv, w.c.request(conv, turn.Question, before, w.opts)
	turn = Turn{ID: turn.ID, ConversationID: turn.ConversationID, Question: turn.Question, Status: TurnPending,
		Tier: string(w.req.Model), Thinking: w.req.Thinking, Created: turn.Created}
	return turn, w.c.store.saveTurn(ctx, &turn)
}

// answer asks for the answer of the saved pending turn (streamed, or in one JSON response with
// opts.NoStream) and saves how it ended.
func (w *workspaceAnswerer) answer(ctx context.Context, turn *Turn, notify func(TurnChanged)) error {
	var out outcome
	if w.opts.NoStream {
		out.answer, out.err = w.cl.Ask(ctx, w.req)
	} else {
		stream := w.cl.AskStream(ctx, w.req)
		defer stream.Close()
		w.c.follow(ctx, &askProgress{s: stream}, *turn, notify)
		out = outcome{answer: stream.Final().Answer, text: stream.Text(), err: stream.Err()}
	}
	return w.c.finish(ctx, w.c.conn.cacheKey(), w.conv, turn, out)
}

// run answers a saved pending turn with a: it registers the answer so that Stop works, announces
// the turn pending, then its end (to onUpdate, the one channel of progress), and updates the
// connection state from the outcome. Every kind answers through it.
func (c *Conversations) run(ctx context.Context, a Answerer, conv Conversation, turn Turn, onUpdate func(TurnChanged)) (Turn, error) {
	key := c.conn.cacheKey()
	ctx, done := c.track(ctx, turn.ID)
	defer done()
	notify := func(TurnChanged) {}
	if onUpdate != nil {
		notify = onUpdate
	}
	sent := c.store.now()
	notify = sentAt(sent, notify)
	notify(TurnChanged{ConversationID: conv.ID, TurnID: turn.ID, Status: TurnPending, Stage: StageWaiting})
	ctx = client.WithRetryNotice(ctx, func(wait time.Duration, err error) { // a wait the server asked for is said
		var ae *client.APIError
		if errors.As(err, &ae) && ae.RetryAfter > 0 {
			notify(TurnChanged{ConversationID: conv.ID, TurnID: turn.ID, Status: TurnPending, Stage: StageRetryWait,
				RetryAt: c.store.now().Add(wait)})
		}
	})
	err := a.answer(ctx, &turn, notify)
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

// textStream is what follow reads: a stream of events with the answer's text so far. A stream
// that also says what the server is doing has a Stage method.
type textStream interface {
	Next() bool
	Text() string
}

// sentAt stamps the pending events notify sends with the time the question was sent.
func sentAt(sent time.Time, notify func(TurnChanged)) func(TurnChanged) {
	return func(ev TurnChanged) {
		if ev.Status == TurnPending {
			ev.Sent = sent
		}
		notify(ev)
	}
}

// follow reads s to its end, sending one TurnChanged per event batch with the text so far and
// saving that text every few seconds, so that a crash keeps it. It is called once the server
// answered (the stream's headers came), which it announces first.
func (c *Conversations) follow(ctx context.Context, s textStream, turn Turn, notify func(TurnChanged)) {
	staged, _ := s.(interface{ Stage() string })
	pending := TurnChanged{ConversationID: turn.ConversationID, TurnID: turn.ID, Status: TurnPending, Stage: StageStarted}
	if failed, ok := s.(interface{ Err() error }); !ok || failed.Err() == nil {
		notify(pending)
	}
	lastSave, wrote := time.Now(), false
	for s.Next() {
		ev := pending
		ev.Text, ev.Stage = s.Text(), ""
		if staged != nil {
			ev.Stage = staged.Stage()
		}
		wrote = wrote || ev.Text != ""
		if ev.Stage == "" && wrote { // text streams (also after a reset) whatever stage was said
			ev.Stage = StageWriting
		} else if ev.Stage == "" {
			ev.Stage = StageStarted
		}
		notify(ev)
		if time.Since(lastSave) >= partialSaveEvery {
			_ = c.store.savePartial(ctx, turn.ID, s.Text())
			lastSave = time.Now()
		}
	}
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
func (c *Conversations) finish(ctx context.Context, key string, conv Conversation, turn *Turn, out outcome) error {
	err := out.err
	save := context.WithoutCancel(ctx)
	if a := out.answer; err == nil && a != nil {
		applyAnswer(turn, a)
		return c.store.saveTurn(save, turn)
	}
	err = c.failed(ctx, turn, out.text, err)
	if isWorkspaceGone(err) {
		c.sync.forget(save, key, conv.WorkspaceID)
	}
	return joinSave(err, c.store.saveTurn(save, turn))
}

// joinSave adds to err the failure to save the turn that err ended, when saving failed.
func joinSave(err, saveErr error) error {
	if saveErr != nil {
		return errors.Join(err, saveErr)
	}
	return err
}

// failed marks turn as an answer that ended with err (nil: without a result), keeping the text
// received: interrupted when stopped or cut, failed otherwise, with the reason in words and the
// server's code and request id. It returns the error to report.
func (c *Conversations) failed(ctx context.Context, turn *Turn, text string, err error) error {
	if err == nil {
		err = errors.New("the answer ended without a result")
	}
	turn.Answer = text
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
	case errors.Is(context.Cause(ctx), errStopped) && turn.Answer == "":
		turn.Status, turn.Error = TurnInterrupted, "Stopped before any text arrived. Retry asks again."
	case errors.Is(context.Cause(ctx), errStopped):
		turn.Status, turn.Error = TurnInterrupted, "Stopped. The text so far is kept; Retry asks again."
	case ctx.Err() != nil || errors.Is(err, client.ErrInterrupted):
		turn.Status = TurnInterrupted
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
