package app

import (
	"context"
	"errors"
	"fmt"

	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
)

// The answer of a conversation comes from the answerer of its kind; Conversations offers the same
// operations for every kind (Send, Retry, Resend, Stop, Answering), so a front-end does not need
// to know which service answers. A kind is added by an Answerer and a line in answererFor.

// Message is what a person sends in a conversation of any kind: text, images (model
// conversations only, from LoadImage or NewImage) and files (assistant conversations only: their
// paths, read as they are sent).
type Message struct {
	Text      string
	Images    []records.Image
	Files     []string
	FileTexts []records.FileText // model conversations: the texts of files (PDF, OCR), sent before Text
}

// Answerer answers one kind of conversation; a value answers one message. send, retry and
// resend check everything before they save anything, save the message as a pending turn and keep
// the request that answers it; answer then streams that answer into the turn (progress through
// notify) and saves how it ended. Around answer, Conversations does what is the same for every
// kind (run): Stop, the start and end of progress on one channel, the connection state.
type Answerer interface {
	// send saves m as a new pending turn of conv; a conversation not saved yet (ID 0) is saved
	// with it.
	send(ctx context.Context, conv records.Conversation, m Message) (records.Turn, error)
	// retry saves turn, failed or interrupted, as pending again in place, to be sent with the
	// turns before it.
	retry(ctx context.Context, conv records.Conversation, turn records.Turn) (records.Turn, error)
	// resend replaces old, the last turn of conv (before: the turns before it), by a pending turn
	// of text; old stays when text fails its checks.
	resend(ctx context.Context, conv records.Conversation, old records.Turn, before []records.Turn, text string) (records.Turn, error)
	// answer streams the answer of turn, saved pending by the call before, into turn and saves
	// how it ended; nil when the service answered.
	answer(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error
}

// answererFor returns an answerer of conv's kind for one message sent with opts.
func (c *Conversations) answererFor(conv records.Conversation, opts AskOptions) (Answerer, error) {
	switch conv.Kind {
	case records.KindWorkspace:
		return &workspaceAnswerer{c: c, opts: opts}, nil
	case records.KindModel:
		return &modelAnswerer{c: c, functions: opts.Functions, consent: opts.Consent, notice: opts.OnNotice,
			toolsOverride: opts.Tools}, nil
	case records.KindAssistant:
		return &assistantAnswerer{c: c}, nil
	}
	return nil, fmt.Errorf("conversation %d is a %s conversation, which this version cannot continue", conv.ID, conv.Kind)
}

// answererOf returns the answerer of a turn asked again: POST /generate's for a turn it
// answered, else the one of conv's kind.
func (c *Conversations) answererOf(conv records.Conversation, t records.Turn, opts AskOptions) (Answerer, error) {
	if generated, _ := t.Generated(); generated && conv.Kind == records.KindModel {
		return &generateAnswerer{c: c}, nil
	}
	return c.answererFor(conv, opts)
}

// sendIn sends m in conv with the answerer of its kind and blocks until the answer ends.
func (c *Conversations) sendIn(ctx context.Context, conv records.Conversation, m Message, opts AskOptions) (records.Turn, error) {
	if len(m.Files) > 0 && conv.Kind != records.KindAssistant {
		return records.Turn{}, explain.Checkf("Only the assistant takes attached files; start an assistant conversation to send them.")
	}
	a, err := c.answererFor(conv, opts)
	if err != nil {
		return records.Turn{}, err
	}
	turn, err := a.send(ctx, conv, m)
	if err != nil {
		return turn, err
	}
	conv.ID = turn.ConversationID // saved with its first turn when it was new
	return c.run(ctx, a, conv, turn, opts.OnUpdate)
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
	return c.sendIn(ctx, conv, m, opts)
}

// Retry sends a failed or interrupted turn again, in place, with the turns before it (a model
// conversation's turn with its images), whatever the conversation's kind.
func (c *Conversations) Retry(ctx context.Context, turnID int64, opts AskOptions) (records.Turn, error) {
	turn, err := c.store.Turn(ctx, turnID)
	if err != nil {
		return turn, err
	}
	if !turn.Status.Retryable() {
		return turn, errors.New("only a failed or interrupted answer can be retried")
	}
	conv, err := c.Get(ctx, turn.ConversationID)
	if err != nil {
		return turn, err
	}
	a, err := c.answererOf(conv, turn, opts)
	if err != nil {
		return turn, err
	}
	if turn, err = a.retry(ctx, conv, turn); err != nil {
		return turn, err
	}
	return c.run(ctx, a, conv, turn, opts.OnUpdate)
}

// Resend replaces the last turn of its conversation by text, whatever the conversation's kind:
// the edited message is sent with the turns before it, in place of the old turn (kept when the
// edited message fails its checks); a model conversation's edited message keeps the old one's
// images.
func (c *Conversations) Resend(ctx context.Context, turnID int64, text string, opts AskOptions) (records.Turn, error) {
	old, err := c.store.Turn(ctx, turnID)
	if err != nil {
		return records.Turn{}, err
	}
	conv, err := c.Get(ctx, old.ConversationID)
	if err != nil {
		return records.Turn{}, err
	}
	all, err := c.store.Turns(ctx, conv.ID)
	if err != nil {
		return records.Turn{}, err
	}
	if len(all) == 0 || all[len(all)-1].ID != turnID || c.Answering(turnID) {
		return records.Turn{}, errors.New("only the last question of a conversation can be edited, once its answer has ended")
	}
	a, err := c.answererOf(conv, old, opts)
	if err != nil {
		return records.Turn{}, err
	}
	turn, err := a.resend(ctx, conv, old, all[:len(all)-1], text)
	if err != nil {
		return turn, err
	}
	return c.run(ctx, a, conv, turn, opts.OnUpdate)
}
