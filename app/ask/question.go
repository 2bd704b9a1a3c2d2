// Package ask is the answerer of workspace conversations: a question asked of a workspace (POST
// /workspace), with the conversation's history, streamed into its turn; Ask starts or continues
// the conversation a front-end's question belongs to.
package ask

import (
	"context"

	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/workspaces"
	"lectern/client"
)

// Question is a question as a front-end passes it: the workspace as the person named it (an id, or
// a name in any case), optionally one document of it, and whether it follows up the last
// conversation there.
type Question struct {
	Workspace  string
	DocumentID string // "" asks the whole workspace
	Text       string
	Continue   bool // a follow-up in the workspace's last conversation, when it asked the same document
	// Host, when set, is the AI app (MCP host) that asked: the question is kept as a conversation
	// of its own (records.KindHost) under that name, and Continue is not used.
	Host string
}

// Ask asks q and blocks until the answer ends, as Conversations.Send does: the app builds and
// validates the request once, saves the question before it goes out and the answer when it ends,
// and caches the documents the answer names. The workspace is resolved without a request when the
// cache knows it (see withWorkspace); when the server answers workspace_not_found, what this call
// saved is removed again, so that a question to no workspace leaves nothing behind.
func (c *Questions) Ask(ctx context.Context, q Question, opts conversations.AskOptions) (records.Turn, error) {
	var turn records.Turn
	_, err := c.sync.WithWorkspace(ctx, q.Workspace, func(ref workspaces.WorkspaceRef) error {
		conv, err := c.conversationToAsk(ctx, ref, q, opts.OnNotice)
		if err != nil {
			return err
		}
		turn, err = c.conv.SendIn(ctx, conv, conversations.Message{Text: q.Text}, opts)
		if client.IsCode(err, "workspace_not_found") && turn.ID != 0 {
			c.unsave(ctx, conv.ID == 0, turn)
		}
		return err
	})
	if err == nil && turn.Final != nil {
		c.sync.CacheSources(ctx, turn.Final.WorkspaceID, turn.Final.Sources)
	}
	return turn, err
}

// conversationToAsk returns the conversation q is asked in: with Continue the workspace's last one
// when it asked the same document, else a new one, not saved until its first question is.
func (c *Questions) conversationToAsk(ctx context.Context, ref workspaces.WorkspaceRef, q Question, notice func(string)) (records.Conversation, error) {
	fresh := records.Conversation{Kind: records.KindWorkspace, WorkspaceID: ref.ID, DocumentID: q.DocumentID}
	if q.Host != "" {
		fresh.Kind, fresh.Host = records.KindHost, q.Host
		return fresh, nil
	}
	if !q.Continue {
		return fresh, nil
	}
	last, ok, err := c.conv.Last(ctx, ref.ID)
	switch {
	case err != nil:
		return fresh, err
	case !ok:
		conversations.Tell(notice, "There is no earlier conversation in this workspace; asking without history.")
	case last.DocumentID != q.DocumentID:
		conversations.Tell(notice, "The last conversation in this workspace asked about another document; starting a new one.")
	default:
		return last, nil
	}
	return fresh, nil
}

// unsave removes what an ask saved: its new conversation, or the turn it added to an old one.
func (c *Questions) unsave(ctx context.Context, newConversation bool, turn records.Turn) {
	ctx = context.WithoutCancel(ctx)
	if newConversation {
		_ = c.store.DeleteConversation(ctx, c.conn.CacheKey(), turn.ConversationID)
	} else {
		_ = c.store.DeleteTurn(ctx, turn.ID)
	}
	c.bus.Emit(events.ConversationsChanged{})
}

// Questions answers workspace conversations (POST /workspace) and asks new questions (Ask).
type Questions struct {
	conv  *conversations.Conversations
	store *store.DB
	conn  *connection.Manager
	sync  *workspaces.Sync
	bus   *events.Bus
	// defaults are the settings' default tier and thinking.
	defaults func() (tier string, thinking bool)
}

// New returns the answerer of workspace conversations over conv, the store, the
// connection, the cache and the bus; defaults gives the settings' default tier and thinking.
func New(conv *conversations.Conversations, st *store.DB, conn *connection.Manager, sync *workspaces.Sync,
	bus *events.Bus, defaults func() (tier string, thinking bool)) *Questions {
	return &Questions{conv: conv, store: st, conn: conn, sync: sync, bus: bus, defaults: defaults}
}

// request builds the ask request of conv for question, with history from the turns before it.
func (c *Questions) Request(conv records.Conversation, question string, before []records.Turn, opts conversations.AskOptions) client.AskRequest {
	tier, thinking := c.defaults()
	if opts.Tier != "" {
		tier = opts.Tier
	}
	req := client.AskRequest{WorkspaceID: conv.WorkspaceID, DocumentID: conv.DocumentID, Question: question,
		Model: client.Tier(tier), Thinking: opts.Thinking, Metadata: opts.Metadata}
	if req.Thinking == nil && thinking {
		t := true
		req.Thinking = &t
	}
	local := make([]client.Exchange, 0, len(before))
	for _, t := range before {
		local = append(local, client.Exchange{Question: t.Question, Answer: t.Answer, Failed: !t.Status.Answered()})
	}
	req.History = client.BuildHistory(local)
	return req
}
