package app

import (
	"context"
	"errors"
	"fmt"
)

// The answer of a conversation comes from the answerer of its kind; Conversations offers the same
// operations for every kind (Send, Retry, Resend, Stop, Answering), so a front-end does not need
// to know which service answers. A kind is added by an Answerer and a line in answererFor.

// Message is what a person sends in a conversation of any kind: text, and images (model
// conversations only, from LoadImage or NewImage).
type Message struct {
	Text   string
	Images []Image
}

// Answerer gets the answers of one kind of conversation. Each method checks everything before it
// saves anything, saves the message as a pending turn before the request goes out, streams the
// answer (progress through opts.OnUpdate, the one channel) and saves how it ended.
type Answerer interface {
	// send sends m as a new turn of conv; a conversation not saved yet (ID 0) is saved with it.
	send(ctx context.Context, conv Conversation, m Message, opts AskOptions) (Turn, error)
	// retry sends turn, failed or interrupted, again in place, with the turns before it.
	retry(ctx context.Context, conv Conversation, turn Turn, opts AskOptions) (Turn, error)
	// resend replaces old, the last turn of conv (before: the turns before it), by text; old stays
	// when text fails its checks.
	resend(ctx context.Context, conv Conversation, old Turn, before []Turn, text string, opts AskOptions) (Turn, error)
}

// answererFor returns the answerer of conv's kind.
func (c *Conversations) answererFor(conv Conversation) (Answerer, error) {
	switch conv.Kind {
	case KindWorkspace:
		return workspaceAnswerer{c}, nil
	case KindModel:
		return modelAnswerer{c}, nil
	}
	return nil, fmt.Errorf("conversation %d is a %s conversation, which this version cannot continue", conv.ID, conv.Kind)
}

// Send sends m in conversation conversationID and blocks until the answer ends, whatever the
// conversation's kind: a workspace question (POST /workspace) or a message to a model (/v1, the
// whole conversation sent again, trimmed to the tier's context window). The message is saved (a
// pending turn) before the request goes out; the answer streams through opts.OnUpdate; the answer,
// or the text so far marked interrupted or failed with the reason, is saved when it ends. The
// returned turn is the saved one; the error is nil when the service answered. Stop(turn.ID) stops
// it from any goroutine.
func (c *Conversations) Send(ctx context.Context, conversationID int64, m Message, opts AskOptions) (Turn, error) {
	conv, err := c.Get(ctx, conversationID)
	if err != nil {
		return Turn{}, err
	}
	a, err := c.answererFor(conv)
	if err != nil {
		return Turn{}, err
	}
	return a.send(ctx, conv, m, opts)
}

// Retry sends a failed or interrupted turn again, in place, with the turns before it (a model
// conversation's turn with its images), whatever the conversation's kind.
func (c *Conversations) Retry(ctx context.Context, turnID int64, opts AskOptions) (Turn, error) {
	turn, err := c.store.turn(ctx, turnID)
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
	a, err := c.answererFor(conv)
	if err != nil {
		return turn, err
	}
	return a.retry(ctx, conv, turn, opts)
}

// Resend replaces the last turn of its conversation by text, whatever the conversation's kind:
// the edited message is sent with the turns before it, in place of the old turn (kept when the
// edited message fails its checks); a model conversation's edited message keeps the old one's
// images.
func (c *Conversations) Resend(ctx context.Context, turnID int64, text string, opts AskOptions) (Turn, error) {
	old, err := c.store.turn(ctx, turnID)
	if err != nil {
		return Turn{}, err
	}
	conv, err := c.Get(ctx, old.ConversationID)
	if err != nil {
		return Turn{}, err
	}
	all, err := c.store.turns(ctx, conv.ID)
	if err != nil {
		return Turn{}, err
	}
	if len(all) == 0 || all[len(all)-1].ID != turnID || c.Answering(turnID) {
		return Turn{}, errors.New("only the last question of a conversation can be edited, once its answer has ended")
	}
	a, err := c.answererFor(conv)
	if err != nil {
		return Turn{}, err
	}
	return a.resend(ctx, conv, old, all[:len(all)-1], text, opts)
}

// workspaceAnswerer answers workspace conversations: POST /workspace, the answer streamed as
// answer.* events.
type workspaceAnswerer struct{ c *Conversations }

func (w workspaceAnswerer) send(ctx context.Context, conv Conversation, m Message, opts AskOptions) (Turn, error) {
	if len(m.Images) > 0 {
		return Turn{}, checkf("A workspace question cannot carry images; send them to a model instead.")
	}
	return w.c.askIn(ctx, conv, m.Text, opts)
}

func (w workspaceAnswerer) retry(ctx context.Context, conv Conversation, turn Turn, opts AskOptions) (Turn, error) {
	return w.c.retryAsk(ctx, conv, turn, opts)
}

func (w workspaceAnswerer) resend(ctx context.Context, conv Conversation, old Turn, before []Turn, text string, opts AskOptions) (Turn, error) {
	if err := w.c.request(conv, text, before, opts).Validate(); err != nil {
		return Turn{}, err // the old turn stays when the edited question cannot be sent
	}
	if err := w.c.store.deleteTurn(ctx, old.ID); err != nil {
		return Turn{}, err
	}
	return w.c.askIn(ctx, conv, text, opts)
}

// modelAnswerer answers model conversations: POST /v1/responses or /v1/chat/completions, the
// conversation trimmed to the tier's context window, images included.
type modelAnswerer struct{ c *Conversations }

// chatOptions are the options of opts a model answer uses.
func chatOptions(opts AskOptions) ChatOptions {
	return ChatOptions{OnUpdate: opts.OnUpdate, OnNotice: opts.OnNotice}
}

func (m modelAnswerer) send(ctx context.Context, conv Conversation, msg Message, opts AskOptions) (Turn, error) {
	return m.c.chatIn(ctx, conv, msg.Text, msg.Images, chatOptions(opts))
}

func (m modelAnswerer) retry(ctx context.Context, conv Conversation, turn Turn, opts AskOptions) (Turn, error) {
	return m.c.retryChat(ctx, conv, turn, chatOptions(opts))
}

func (m modelAnswerer) resend(ctx context.Context, conv Conversation, old Turn, _ []Turn, text string, opts AskOptions) (Turn, error) {
	return m.c.resendChat(ctx, conv, old, text, chatOptions(opts))
}
