package conversations

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/client"
)

// The answer of a conversation comes from the answerer of its kind; Conversations offers the same
// operations for every kind (Send, Retry, Resend, Stop, Answering), so a front-end does not need
// to know which service answers. A kind is added by an Answerer and its registration with Answer.

// Message is what a person sends in a conversation of any kind: text, images (model
// conversations only, from LoadImage or NewImage) and files (assistant conversations only: their
// paths, read as they are sent).
type Message struct {
	Text      string
	Images    []records.Image
	Files     []string
	FileTexts []records.FileText // model conversations: the texts of files (PDF, OCR), sent before Text
	// After, when not nil, are the turns the message goes after (its parent is the last of them,
	// none: a first message); nil sends it after the branch the conversation shows. Compare sends
	// several messages after the same turns.
	After []records.Turn
	// Workspace, for a workspace question, asks another workspace than the conversation's (Compare
	// across workspaces); the turn records it (Turn.WorkspaceID). "": the conversation's.
	Workspace string
}

// BranchOf returns the turns a message m in conv goes after: m.After, else the branch conv shows
// (none when conv is not saved yet).
func (c *Conversations) BranchOf(ctx context.Context, conv records.Conversation, m Message) ([]records.Turn, error) {
	if m.After != nil || conv.ID == 0 {
		return m.After, nil
	}
	return c.store.Turns(ctx, conv.ID)
}

// Answerer answers one kind of conversation; a value answers one message. send, retry and
// resend check everything before they save anything, save the message as a pending turn and keep
// the request that answers it; answer then streams that answer into the turn (progress through
// notify) and saves how it ended. Around answer, Conversations does what is the same for every
// kind (run): Stop, the start and end of progress on one channel, the connection state.
type Answerer interface {
	// send saves m as a new pending turn of conv; a conversation not saved yet (ID 0) is saved
	// with it.
	Send(ctx context.Context, conv records.Conversation, m Message) (records.Turn, error)
	// retry saves turn's message again as a new pending turn beside it (the same parent, the
	// head of the branch shown), to be sent after before: the turns of its branch before it.
	Retry(ctx context.Context, conv records.Conversation, turn records.Turn, before []records.Turn) (records.Turn, error)
	// resend saves text as a new pending turn beside old (the same parent, the head of the branch
	// shown), to be sent after before: the turns of old's branch before it. Nothing is saved
	// when text fails its checks.
	Resend(ctx context.Context, conv records.Conversation, old records.Turn, before []records.Turn, text string) (records.Turn, error)
	// answer streams the answer of turn, saved pending by the call before, into turn and saves
	// how it ended; nil when the service answered.
	Answer(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error
}

// A Kind makes the answerers of one kind of conversation; the wiring registers one for each kind
// (Conversations.Answer).
type Kind interface {
	// Answerer returns the answerer of one message sent with opts; asked is the turn asked again
	// (Retry, Resend), nil for a new message.
	Answerer(asked *records.Turn, opts AskOptions) Answerer
}

// Answer makes k answer the conversations of kind.
func (c *Conversations) Answer(kind records.ConversationKind, k Kind) { c.kinds[kind] = k }

// answererFor returns an answerer of conv's kind for one message sent with opts.
func (c *Conversations) answererFor(conv records.Conversation, opts AskOptions) (Answerer, error) {
	return c.answererOf(conv, nil, opts)
}

// answererOf returns the answerer of conv's kind for asked, a turn asked again (nil: a new
// message), sent with opts.
func (c *Conversations) answererOf(conv records.Conversation, asked *records.Turn, opts AskOptions) (Answerer, error) {
	k, ok := c.kinds[conv.Kind]
	if !ok {
		return nil, fmt.Errorf("conversation %d is a %s conversation, which this version cannot continue", conv.ID, conv.Kind)
	}
	return k.Answerer(asked, opts), nil
}

// sendIn sends m in conv with the answerer of its kind and blocks until the answer ends.
func (c *Conversations) SendIn(ctx context.Context, conv records.Conversation, m Message, opts AskOptions) (records.Turn, error) {
	if len(m.Files) > 0 && conv.Kind != records.KindAssistant {
		return records.Turn{}, explain.Checkf("Only the assistant takes attached files; start an assistant conversation to send them.")
	}
	a, err := c.answererFor(conv, opts)
	if err != nil {
		return records.Turn{}, err
	}
	turn, err := a.Send(ctx, conv, m)
	if err != nil {
		return turn, err
	}
	conv.ID = turn.ConversationID // saved with its first turn when it was new
	return c.Run(ctx, a, conv, turn, opts.OnUpdate)
}

// Send sends m in conversation conversationID and blocks until the answer ends, whatever the
// conversation's kind: a workspace question (POST /workspace) or a message to a model (/v1, the
// whole conversation sent again, trimmed to the tier's context window). The message is saved (a
// pending turn) before the request goes out; the answer streams through opts.OnUpdate; the answer,
// or the text so far marked interrupted or failed with the reason, is saved when it ends. The
// returned turn is the saved one; the error is nil when the service answered. Stop(turn.ID) stops
// it from any goroutine.
func (c *Conversations) Send(ctx context.Context, conversationID int64, m Message, opts AskOptions) (records.Turn, error) {
	conv, err := c.Get(ctx, conversationID)
	if err != nil {
		return records.Turn{}, err
	}
	return c.SendIn(ctx, conv, m, opts)
}

// Retry asks a turn's message again, whatever the conversation's kind and however its answer
// ended: a new turn beside the old one (the same parent; the old one and the turns after it stay,
// a branch to switch back to), sent with the turns of its branch before it (a model conversation's
// message with its images), and shown.
func (c *Conversations) Retry(ctx context.Context, turnID int64, opts AskOptions) (records.Turn, error) {
	return c.askAgain(ctx, turnID, opts, func(a Answerer, conv records.Conversation, old records.Turn, before []records.Turn) (records.Turn, error) {
		return a.Retry(ctx, conv, old, before)
	})
}

// Resend asks text in place of any question of its conversation, whatever the conversation's
// kind: a new turn beside the old one (the same parent; the old one and the turns after it stay,
// a branch to switch back to), sent with the turns of its branch before it, and shown; nothing is
// saved when text fails its checks. A model conversation's edited message keeps the old one's
// images and files.
func (c *Conversations) Resend(ctx context.Context, turnID int64, text string, opts AskOptions) (records.Turn, error) {
	return c.askAgain(ctx, turnID, opts, func(a Answerer, conv records.Conversation, old records.Turn, before []records.Turn) (records.Turn, error) {
		return a.Resend(ctx, conv, old, before, text)
	})
}

// askAgain saves a new turn beside turnID with save (given the answerer of its kind, the turn and
// the turns of its branch before it) and answers it.
func (c *Conversations) askAgain(ctx context.Context, turnID int64, opts AskOptions,
	save func(Answerer, records.Conversation, records.Turn, []records.Turn) (records.Turn, error)) (records.Turn, error) {
	old, err := c.store.Turn(ctx, turnID)
	if err != nil {
		return records.Turn{}, err
	}
	if c.Answering(turnID) {
		return records.Turn{}, explain.Checkf("This answer is still coming; stop it first, or wait for it to end.")
	}
	conv, err := c.Get(ctx, old.ConversationID)
	if err != nil {
		return records.Turn{}, err
	}
	before, err := c.store.Path(ctx, conv.ID, old.ParentID)
	if err != nil {
		return records.Turn{}, err
	}
	a, err := c.answererOf(conv, &old, opts)
	if err != nil {
		return records.Turn{}, err
	}
	turn, err := save(a, conv, old, before)
	if err != nil {
		return turn, err
	}
	return c.Run(ctx, a, conv, turn, opts.OnUpdate)
}

// Tip is the id of the last of turns (0 when there is none): the parent of a turn sent after them.
func Tip(turns []records.Turn) int64 {
	if len(turns) == 0 {
		return 0
	}
	return turns[len(turns)-1].ID
}

// PartialSaveEvery is how often the text of a streaming answer is saved, so a crash keeps it.
const PartialSaveEvery = 2 * time.Second

// saved returns conv saved, titled by its first question when it has no title yet.
func (c *Conversations) Saved(ctx context.Context, key string, conv records.Conversation, question string) (records.Conversation, error) {
	switch {
	case conv.ID == 0:
		conv.Kind, conv.Title = cmp.Or(conv.Kind, records.KindWorkspace), cmp.Or(conv.Title, titleFrom(question))
		return c.store.CreateConversation(ctx, key, conv)
	case conv.Title == "":
		conv.Title = titleFrom(question)
		return conv, c.store.RenameConversation(ctx, key, conv.ID, conv.Title)
	}
	return conv, nil
}

// run answers a saved pending turn with a: it registers the answer so that Stop works, announces
// the turn pending, then its end (to onUpdate, the one channel of progress), and updates the
// connection state from the outcome. Every kind answers through it.
func (c *Conversations) Run(ctx context.Context, a Answerer, conv records.Conversation, turn records.Turn, onUpdate func(events.TurnChanged)) (records.Turn, error) {
	key := c.conn.CacheKey()
	ctx, done := c.track(ctx, turn.ID)
	defer done()
	notify := func(events.TurnChanged) {}
	if onUpdate != nil {
		notify = onUpdate
	}
	sent := c.store.Now()
	notify = sentAt(sent, notify)
	notify(events.TurnChanged{ConversationID: conv.ID, TurnID: turn.ID, Status: records.TurnPending, Stage: records.StageWaiting})
	ctx = client.WithRetryNotice(ctx, func(wait time.Duration, err error) { // a wait the server asked for is said
		var ae *client.APIError
		if errors.As(err, &ae) && ae.RetryAfter > 0 {
			notify(events.TurnChanged{ConversationID: conv.ID, TurnID: turn.ID, Status: records.TurnPending, Stage: records.StageRetryWait,
				RetryAt: c.store.Now().Add(wait)})
		}
	})
	err := a.Answer(ctx, &turn, notify)
	c.conn.Observe(key, err)
	notify(events.TurnChanged{ConversationID: conv.ID, TurnID: turn.ID, Status: turn.Status, Text: turn.Answer})
	c.bus.Emit(events.ConversationsChanged{WorkspaceID: conv.WorkspaceID})
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

// textStream is what follow reads: a stream of events with the answer's text so far. A stream
// that also says what the server is doing has a Stage method.
type textStream interface {
	Next() bool
	Text() string
}

// sentAt stamps the pending events notify sends with the time the question was sent.
func sentAt(sent time.Time, notify func(events.TurnChanged)) func(events.TurnChanged) {
	return func(ev events.TurnChanged) {
		if ev.Status == records.TurnPending {
			ev.Sent = sent
		}
		notify(ev)
	}
}

// follow reads s to its end, sending one TurnChanged per event batch with the text so far and
// saving that text every few seconds, so that a crash keeps it. It is called once the server
// answered (the stream's headers came), which it announces first.
func (c *Conversations) Follow(ctx context.Context, s textStream, turn records.Turn, notify func(events.TurnChanged)) {
	staged, _ := s.(interface{ Stage() string })
	pending := events.TurnChanged{ConversationID: turn.ConversationID, TurnID: turn.ID, Status: records.TurnPending, Stage: records.StageStarted}
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
			ev.Stage = records.StageWriting
		} else if ev.Stage == "" {
			ev.Stage = records.StageStarted
		}
		notify(ev)
		if time.Since(lastSave) >= PartialSaveEvery {
			_ = c.store.SavePartial(ctx, turn.ID, s.Text())
			lastSave = time.Now()
		}
	}
}

// JoinSave adds to err the failure to save the turn that err ended, when saving failed.
func JoinSave(err, saveErr error) error {
	if saveErr != nil {
		return errors.Join(err, saveErr)
	}
	return err
}

// failed marks turn as an answer that ended with err (nil: without a result), keeping the text
// received: interrupted when stopped or cut, failed otherwise, with the reason in words and the
// server's code and request id. It returns the error to report.
func (c *Conversations) Failed(ctx context.Context, turn *records.Turn, text string, err error) error {
	if err == nil {
		err = errors.New("the answer ended without a result")
	}
	turn.Answer = text
	var ie *client.InterruptedError
	if errors.As(err, &ie) && ie.Text != "" {
		turn.Answer = ie.Text
	}
	turn.Status, turn.Error = records.TurnFailed, c.conn.Describe(err)
	var ae *client.APIError
	if errors.As(err, &ae) {
		turn.ErrorCode, turn.RequestID = ae.Code, ae.RequestID
	}
	switch {
	case errors.Is(context.Cause(ctx), errStopped) && turn.Answer == "":
		turn.Status, turn.Error = records.TurnInterrupted, "Stopped before any text arrived. Retry asks again."
	case errors.Is(context.Cause(ctx), errStopped):
		turn.Status, turn.Error = records.TurnInterrupted, "Stopped. The text so far is kept; Retry asks again."
	case ctx.Err() != nil || errors.Is(err, client.ErrInterrupted):
		turn.Status = records.TurnInterrupted
	}
	return err
}

// Consent is the person's answer to "run this call?".
type Consent int

// The answers to a consent request. The zero value refuses.
const (
	ConsentRefuse Consent = iota // do not run it; the model is told it was refused
	ConsentOnce                  // run this call
	// ConsentAlways runs this call and every later call of the same tool in this conversation
	// without asking (kept in ToolSettings.Allowed).
	ConsentAlways
)

// ConsentRequest is a tool call waiting for the person's consent.
type ConsentRequest struct {
	ConversationID int64
	TurnID         int64
	Tool           records.ToolKind
	CallID         string
	Arguments      string // the call's arguments as the model sent them (checked against the schema)
	// Summary says what the call would do, in words: `Search the web for "tides"`.
	Summary string
}

// ConsentFunc asks the person whether a tool call may run and blocks until they answer or ctx is
// done (the answer was stopped: return ConsentRefuse). It is called on the goroutine that sends
// the message, after a TurnChanged shows the call ToolWaitingConsent, so a desktop can put the
// question on the call's card and wait for its buttons. A nil ConsentFunc refuses every call
// that is not always allowed.
type ConsentFunc func(ctx context.Context, req ConsentRequest) Consent

// Tell passes msg to notice, when there is one.
func Tell(notice func(string), msg string) {
	if notice != nil {
		notice(msg)
	}
}

// CheckMessage refuses an empty message.
func CheckMessage(text string) error {
	if strings.TrimSpace(text) == "" {
		return explain.Checkf("The message is empty: type a message to send.")
	}
	return nil
}
