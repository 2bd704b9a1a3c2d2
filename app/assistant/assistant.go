// Package assistant is the answerer of assistant conversations (POST /chat): a message with its
// files sent to the assistant, which picks its tools itself, continuing the conversation the
// server keeps; Assist starts or continues the one a front-end's message belongs to.
package assistant

import (
	"context"
	"slices"
	"strings"

	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/tools"
	"lectern/client"
)

// The assistant (POST /chat, model-api.md §1.5 and §4): a third kind of conversation, answered by
// a chat that picks tools by itself and reads attached files (audio, video, PDF, Office, text and
// email), optionally pinned to a workspace of GET /workspaces on its first message. Unlike every
// other endpoint, the server SAVES these conversations in the key owner's chat history; Lectern
// keeps its own copy, as for the other kinds.

// AssistantMessage is a message to the assistant as a front-end passes it: a new conversation
// (pinned to Workspace when given), or with Continue the last assistant conversation.
type AssistantMessage struct {
	Text  string
	Files []string // paths of the files to attach
	// Workspace is a workspace of ToolWorkspaces, by id or name in any case, pinned on the first
	// message; a continued conversation keeps the one it was started with.
	Workspace string
	Continue  bool
}

// Assist sends m to the assistant and blocks until the answer ends, as Conversations.Send does
// for an assistant conversation.
func (c *Assistant) Assist(ctx context.Context, m AssistantMessage, opts conversations.ChatOptions) (records.Turn, error) {
	conv, err := c.assistantToContinue(ctx, m, opts.OnNotice)
	if err != nil {
		return records.Turn{}, err
	}
	return c.conv.SendIn(ctx, conv, conversations.Message{Text: m.Text, Files: m.Files}, conversations.AskOptions{OnUpdate: opts.OnUpdate, OnNotice: opts.OnNotice})
}

// assistantToContinue returns the conversation m goes to: with Continue the last assistant
// conversation, else a new one pinned to m.Workspace, not saved until its first message is.
func (c *Assistant) assistantToContinue(ctx context.Context, m AssistantMessage, notice func(string)) (records.Conversation, error) {
	var ws client.ToolWorkspace
	if strings.TrimSpace(m.Workspace) != "" {
		var err error
		if ws, err = c.tools.ToolWorkspace(ctx, m.Workspace); err != nil {
			return records.Conversation{}, err
		}
	}
	fresh := records.Conversation{Kind: records.KindAssistant, WorkspaceID: ws.ID}
	if !m.Continue {
		return fresh, nil
	}
	conv, ok, err := c.store.LastConversation(ctx, c.conn.CacheKey(), records.KindAssistant, "")
	if err != nil {
		return records.Conversation{}, err
	}
	if !ok {
		conversations.Tell(notice, "There is no earlier assistant conversation; starting a new one.")
		return fresh, nil
	}
	if ws.ID != "" && ws.ID != conv.WorkspaceID {
		return records.Conversation{}, explain.Checkf("A workspace is pinned on the first message only; the conversation to continue " +
			"keeps its own. Start a new conversation (without --continue) to pin another.")
	}
	return conv, nil
}

// NewAssistant starts an assistant conversation, pinned to workspaceID (a workspace of
// ToolWorkspaces; "" for none) on its first message. An empty title is replaced by the first
// message when it is sent.
func (c *Assistant) NewAssistant(ctx context.Context, workspaceID, title string) (records.Conversation, error) {
	key := c.conn.CacheKey()
	if key == "" {
		return records.Conversation{}, connection.ErrNotConnected
	}
	conv, err := c.store.CreateConversation(ctx, key, records.Conversation{Kind: records.KindAssistant, WorkspaceID: workspaceID,
		Title: strings.TrimSpace(title)})
	if err == nil {
		c.bus.Emit(events.ConversationsChanged{})
	}
	return conv, err
}

// NewAssistantInProject starts an assistant conversation in a project, pinned on its first
// message to the project's workspace when the assistant takes it (one of ToolWorkspaces), else to
// none: the person may choose another before the first message.
func (c *Assistant) NewAssistantInProject(ctx context.Context, project int64, title string) (records.Conversation, error) {
	p, err := c.conv.Project(ctx, project)
	if err != nil {
		return records.Conversation{}, err
	}
	ws := ""
	if id := p.Defaults.WorkspaceID; id != "" {
		list, err := c.tools.ToolWorkspaces(ctx)
		if err != nil {
			return records.Conversation{}, err
		}
		if slices.ContainsFunc(list, func(w client.ToolWorkspace) bool { return w.ID == id }) {
			ws = id
		}
	}
	conv, err := c.NewAssistant(ctx, ws, title)
	if err != nil {
		return conv, err
	}
	conv.ProjectID = p.ID
	return conv, c.conv.MoveToProject(ctx, []int64{conv.ID}, p.ID)
}

// SetAssistantWorkspace changes the workspace an assistant conversation will be pinned to on its
// first message ("" for none). Once a message went, the pin stays: the server tied the
// conversation to it.
func (c *Assistant) SetAssistantWorkspace(ctx context.Context, id int64, workspaceID string) (records.Conversation, error) {
	conv, err := c.conv.Get(ctx, id)
	if err != nil {
		return conv, err
	}
	turns, err := c.store.Turns(ctx, id)
	if err != nil {
		return conv, err
	}
	if conv.Kind != records.KindAssistant || len(turns) > 0 {
		return conv, explain.Checkf("The workspace is pinned on the first message only; start a new assistant conversation to pin another.")
	}
	if err = c.store.SetWorkspace(ctx, id, workspaceID); err == nil {
		conv.WorkspaceID = workspaceID
		c.bus.Emit(events.ConversationsChanged{})
	}
	return conv, err
}

// AssistantFile checks the file at path as an attachment of an assistant message, on its own
// (its type, its size; a message's files together are checked when it is sent), and names it.
func AssistantFile(path string) (records.Attachment, error) {
	files, err := assistantFiles([]string{path})
	if err != nil {
		return records.Attachment{}, err
	}
	return files[0], nil
}

// Assistant answers assistant conversations (POST /chat); Assist sends a message.
type Assistant struct {
	conv  *conversations.Conversations
	store *store.DB
	conn  *connection.Manager
	bus   *events.Bus
	tools *tools.Tools
}

// New returns the answerer of assistant conversations over conv, the store, the
// connection, the bus and the tools (the assistant's workspaces, its files).
func New(conv *conversations.Conversations, st *store.DB, conn *connection.Manager, bus *events.Bus, t *tools.Tools) *Assistant {
	return &Assistant{conv: conv, store: st, conn: conn, bus: bus, tools: t}
}
