// Package modelchat is the answerer of model chats (/v1): tiers and their limits, the
// conversation trimmed to the tier's context window, images, answer formats checked against
// their schema, presets, files, Generate; and a chat's tools: their settings, the sources a
// message offers, and the rounds sent back (app/tools runs the loop).
package modelchat

import (
	"cmp"
	"context"
	"strings"

	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/mcp"
	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/tools"
	"lectern/app/workspaces"
	"lectern/client"
)

// ModelMessage is a message to a model as a front-end passes it: a new model conversation (tier,
// system prompt, API family), or with Continue the last one.
type ModelMessage struct {
	Tier   string           // Instant, Fast, Smart or Genius, in any case; "" = the settings' default tier, else Fast
	System string           // the system prompt of a new conversation ("" = none)
	API    records.ModelAPI // the API family of a new conversation ("" = APIResponses)
	Text   string
	Images []records.Image // from LoadImage or NewImage
	// Continue sends the message in the last model conversation (of Tier, when given), which
	// keeps its own system prompt and API family.
	Continue bool
}

// Chat sends m and blocks until the answer ends, as Conversations.Send does for a model
// conversation.
func (c *Models) Chat(ctx context.Context, m ModelMessage, opts conversations.ChatOptions) (records.Turn, error) {
	conv, err := c.chatToContinue(ctx, m, opts.OnNotice)
	if err != nil {
		return records.Turn{}, err
	}
	if opts.Tools, err = c.resolveTools(ctx, opts.Tools); err != nil {
		return records.Turn{}, err
	}
	return c.conv.SendIn(ctx, conv, conversations.Message{Text: m.Text, Images: m.Images}, conversations.AskOptions{OnUpdate: opts.OnUpdate, OnNotice: opts.OnNotice,
		Functions: opts.Functions, Consent: opts.Consent, Tools: opts.Tools})
}

// NewChat starts a model conversation with tier (as in ModelMessage), a system prompt and an API
// family ("" = APIResponses). An empty title is replaced by the first message when it is sent.
func (c *Models) NewChat(ctx context.Context, tier, system string, api records.ModelAPI, title string) (records.Conversation, error) {
	key := c.conn.CacheKey()
	if key == "" {
		return records.Conversation{}, connection.ErrNotConnected
	}
	conv, err := c.freshChat(ModelMessage{Tier: tier, System: system, API: api})
	if err != nil {
		return conv, err
	}
	conv.Title = strings.TrimSpace(title)
	conv, err = c.store.CreateConversation(ctx, key, conv)
	if err == nil {
		c.bus.Emit(events.ConversationsChanged{})
	}
	return conv, err
}

// chatToContinue returns the conversation m goes to: with Continue the last model conversation
// (of m.Tier when given), else a new one, not saved until its first message is.
func (c *Models) chatToContinue(ctx context.Context, m ModelMessage, notice func(string)) (records.Conversation, error) {
	if !m.Continue {
		return c.freshChat(m)
	}
	if m.System != "" || m.API != "" {
		return records.Conversation{}, explain.Checkf("A continued conversation keeps its own system prompt and API; start a new conversation to change them.")
	}
	tier := ""
	if m.Tier != "" {
		tier = tierName(m.Tier)
	}
	conv, ok, err := c.store.LastModelConversation(ctx, c.conn.CacheKey(), tier)
	if err != nil {
		return records.Conversation{}, err
	}
	if ok {
		return conv, nil
	}
	with := ""
	if tier != "" {
		with = " with " + tier
	}
	conversations.Tell(notice, "There is no earlier model conversation"+with+"; starting a new one.")
	return c.freshChat(m)
}

// freshChat is a new model conversation for m, not saved yet.
func (c *Models) freshChat(m ModelMessage) (records.Conversation, error) {
	api := cmp.Or(m.API, records.APIResponses)
	if api != records.APIResponses && api != records.APIChat {
		return records.Conversation{}, explain.Checkf("%q is not a model API: use responses or chat.", string(m.API))
	}
	tier := cmp.Or(m.Tier, c.DefaultTier())
	return records.Conversation{Kind: records.KindModel, Model: tierName(tier), System: strings.TrimSpace(m.System), API: api}, nil
}

// tierName spells a tier as the model endpoints do (smart -> Smart); other names stay as typed,
// for the server's list to refuse in words.
func tierName(s string) string {
	s = strings.TrimSpace(s)
	for _, t := range []string{client.ModelInstant, client.ModelFast, client.ModelSmart, client.ModelGenius} {
		if strings.EqualFold(s, t) {
			return t
		}
	}
	return s
}

// Models answers model conversations (/v1): tiers, new chats and their setup, presets and
// schemas, the context meter, files, the tools of a chat; Chat sends a message.
type Models struct {
	conv  *conversations.Conversations
	tools *tools.Tools // the tool loop and the app's own tools
	store *store.DB
	conn  *connection.Manager
	sync  *workspaces.Sync
	bus   *events.Bus
	// modelTier is the settings' default tier of model conversations ("" for none).
	modelTier func() string
	models    *modelCatalog
	mcp       *mcp.Servers // the MCP servers, a second source of tools (tools_mcp.go)
}

// New returns the answerer of model chats over conv, the tools (their loop runs a chat's tool
// calls), the store, the connection, the cache and the
// bus; modelTier gives the settings' default tier of model chats, service (nil: the client's /v1
// endpoints) answers the requests, and mcp (the MCP servers) gives the tools a chat may offer
// beside the built-in ones.
func New(conv *conversations.Conversations, loop *tools.Tools, st *store.DB, conn *connection.Manager,
	sync *workspaces.Sync, bus *events.Bus, modelTier func() string, service ModelService, mcp *mcp.Servers) *Models {
	return &Models{conv: conv, tools: loop, store: st, conn: conn, sync: sync, bus: bus, modelTier: modelTier,
		models: newModelCatalog(conn, service), mcp: mcp}
}
