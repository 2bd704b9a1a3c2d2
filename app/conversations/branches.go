package conversations

import (
	"context"

	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
)

// A conversation's turns form a tree: an edited question or a retried answer is a new turn beside
// the old one, and the conversation shows one branch, from its first question to its head
// (Turns). These switch the branch shown.

// SwitchBranch shows the sibling step places from turnID (-1: the one before, 1: the one after)
// with the turns after it on the branch answered last, and returns the turns now shown. A step
// past the first or last sibling is refused in words.
func (c *Conversations) SwitchBranch(ctx context.Context, turnID int64, step int) ([]records.Turn, error) {
	siblings, err := c.store.Siblings(ctx, turnID)
	if err != nil {
		return nil, err
	}
	at := 0
	for i, id := range siblings {
		if id == turnID {
			at = i
		}
	}
	to := at + step
	if to < 0 || to >= len(siblings) {
		return nil, explain.Checkf("There is no other version that way: this is version %d of %d.", at+1, len(siblings))
	}
	return c.ShowBranch(ctx, siblings[to])
}

// ShowBranch shows the branch through turnID, to its end answered last (a turn after it in that
// branch, or itself), keeps that choice with the conversation and returns the turns now shown.
func (c *Conversations) ShowBranch(ctx context.Context, turnID int64) ([]records.Turn, error) {
	turn, err := c.store.Turn(ctx, turnID)
	if err != nil {
		return nil, err
	}
	conv, err := c.Get(ctx, turn.ConversationID) // of the current server
	if err != nil {
		return nil, err
	}
	leaf, err := c.store.NewestLeaf(ctx, turnID)
	if err != nil {
		return nil, err
	}
	if err := c.store.SetHead(ctx, conv.ID, leaf); err != nil {
		return nil, err
	}
	c.bus.Emit(events.ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return c.store.Turns(ctx, conv.ID)
}

// AllTurns returns every turn of a conversation, of every branch, oldest first (a turn after the
// turn before it), each with its place among its siblings.
func (c *Conversations) AllTurns(ctx context.Context, conversationID int64) ([]records.Turn, error) {
	if _, err := c.Get(ctx, conversationID); err != nil {
		return nil, err
	}
	return c.store.AllTurns(ctx, conversationID)
}
