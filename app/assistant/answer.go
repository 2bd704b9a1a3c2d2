package assistant

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/client"
)

// assistantAnswerer answers assistant conversations: POST /chat, one JSON reply (no stream). The
// request is built and checked once (files found, of a type /chat takes, within its sizes),
// before anything is saved or sent, and kept for answer.
//
// How a conversation goes on: the spec names no field for it ("the same message input as the
// web app"; only workspace_id with workspace_pin on the first message). The server keeps the
// conversation itself, in the key owner's history, so earlier turns are never sent again: that
// would save them twice. When a reply carries a conversation_id (the emulator's does), it is
// kept and sent back with every later message (client.ToolChatRequest.ConversationID, sent only
// when set). Without one, each message is a conversation of its own on the server, and the turn
// says so. The pinned workspace's id goes with every message, its pin only with the first.
//
// Branches: the server's conversation holds every message sent in it, in the order sent, and
// none can be taken back. So an assistant conversation goes on only from its newest turn: a
// message follows it, and Retry or an edit makes a turn beside it (sent in the same server
// conversation, after the one it replaces, which the server keeps). Older branches are kept and
// can be shown, but a message from one of them is refused in words (branchRefused).
type assistantAnswerer struct {
	c    *Assistant
	cl   *client.Client
	key  string
	conv records.Conversation
	req  client.ToolChatRequest
	// alone is set when earlier answers exist but the server gave no conversation id: the
	// message goes without them.
	alone bool
	// parent is the turn the message follows on its branch (0: the first message).
	parent int64
}

// branchRefused says why a message cannot go on from an older branch of an assistant conversation.
const branchRefused = "The assistant keeps this conversation on the server, which holds its newest messages only: " +
	"switch to the newest version to go on, or start a new assistant conversation."

// NoConversationID tells a person that a message went without the conversation before it.
const NoConversationID = "The server gave no conversation id, so this message started a new conversation in its " +
	"history, without the earlier messages."

func (a *assistantAnswerer) Send(ctx context.Context, conv records.Conversation, m conversations.Message) (records.Turn, error) {
	if len(m.Images) > 0 {
		return records.Turn{}, explain.Checkf("The assistant takes images only inside files (PDF, Office); attach the file instead.")
	}
	files, err := assistantFiles(m.Files)
	if err != nil {
		return records.Turn{}, err
	}
	before, err := a.c.conv.BranchOf(ctx, conv, m)
	if err != nil {
		return records.Turn{}, err
	}
	if err := a.newest(ctx, conv.ID, conversations.Tip(before)); err != nil {
		return records.Turn{}, err
	}
	if err := a.prepare(ctx, conv, m.Text, files, before); err != nil {
		return records.Turn{}, err
	}
	return a.save(ctx, m.Text, files)
}

// newest refuses a message that goes on from turnID when it is not the newest turn of conversation
// convID (the one the server's conversation ends with).
func (a *assistantAnswerer) newest(ctx context.Context, convID, turnID int64) error {
	newest, err := a.c.store.NewestTurn(ctx, convID)
	if err == nil && newest != turnID {
		err = explain.Checkf("%s", branchRefused)
	}
	return err
}

// assistantFiles names the files at paths, as they will be attached, by their absolute paths so
// that a Retry from another folder finds them.
func assistantFiles(paths []string) ([]records.Attachment, error) {
	out := make([]records.Attachment, 0, len(paths))
	for _, p := range paths {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		f, err := tools.Attachment(p)
		if err == nil {
			err = client.CheckChatAttachments("", []client.Attachment{f})
		}
		if err != nil {
			return nil, err
		}
		out = append(out, records.Attachment{Name: f.Name, Size: f.Size, Path: p})
	}
	return out, nil
}

// prepare builds and checks the request that sends text with files in conv, after the turns
// before (of its branch).
func (a *assistantAnswerer) prepare(ctx context.Context, conv records.Conversation, text string, files []records.Attachment, before []records.Turn) error {
	if err := conversations.CheckMessage(text); err != nil {
		return err
	}
	cl, key, err := a.c.conn.Current()
	if err != nil {
		return err
	}
	atts := make([]client.Attachment, len(files))
	for i, f := range files {
		if atts[i], err = tools.Attachment(f.Path); err != nil {
			return err
		}
	}
	if err := client.CheckChatAttachments(text, atts); err != nil {
		return err
	}
	a.cl, a.key, a.conv = cl, key, conv
	a.req = client.ToolChatRequest{Message: text, Attachments: atts, WorkspaceID: conv.WorkspaceID,
		WorkspacePin: conv.WorkspaceID != "" && conv.RemoteID == "", ConversationID: conv.RemoteID}
	a.parent = conversations.Tip(before)
	a.alone = conv.RemoteID == "" && slices.ContainsFunc(before, func(t records.Turn) bool { return t.Status.Answered() })
	return nil
}

// save saves text with its files as a new pending turn (saving the conversation first when it is
// not saved yet).
func (a *assistantAnswerer) save(ctx context.Context, text string, files []records.Attachment) (records.Turn, error) {
	conv, err := a.c.conv.Saved(ctx, a.key, a.conv, text)
	if err != nil {
		return records.Turn{}, err
	}
	a.conv = conv
	turn, err := a.c.store.AddTurn(ctx, records.Turn{ConversationID: conv.ID, ParentID: a.parent, Question: text, Attachments: files})
	if err != nil {
		return records.Turn{}, err
	}
	a.c.bus.Emit(events.ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return turn, nil
}

// retry sends turn's message again with its files, read again from where they were, as a new
// turn beside it; only the newest turn can be asked again (branchRefused).
func (a *assistantAnswerer) Retry(ctx context.Context, conv records.Conversation, turn records.Turn, before []records.Turn) (records.Turn, error) {
	return a.Resend(ctx, conv, turn, before, turn.Question)
}

// resend sends text with old's files as a new turn beside old; only the newest turn can be
// edited (branchRefused). The server keeps the old message in its history: the edited one is
// sent after it, in the same conversation.
func (a *assistantAnswerer) Resend(ctx context.Context, conv records.Conversation, old records.Turn, before []records.Turn, text string) (records.Turn, error) {
	if err := a.newest(ctx, conv.ID, old.ID); err != nil {
		return records.Turn{}, err
	}
	if err := a.prepare(ctx, conv, text, old.Attachments, before); err != nil {
		return records.Turn{}, err
	}
	return a.save(ctx, text, old.Attachments)
}

// answer sends the saved pending turn and saves the reply: its text (Markdown) as the answer, the
// whole reply kept, and the server's conversation id for the next message.
func (a *assistantAnswerer) Answer(ctx context.Context, turn *records.Turn, _ func(events.TurnChanged)) error {
	res, err := a.cl.ToolChat(ctx, a.req)
	save := context.WithoutCancel(ctx)
	if err != nil {
		err = a.c.conv.Failed(ctx, turn, "", err)
		return conversations.JoinSave(err, a.c.store.SaveTurn(save, turn))
	}
	turn.Answer, turn.Reply, turn.Status, turn.Error, turn.ErrorCode = res.Text, res.Raw, records.TurnCompleted, "", ""
	switch {
	case strings.TrimSpace(res.Text) == "":
		turn.Notice = "The assistant's reply carried no text."
	case a.alone && res.ConversationID == "":
		turn.Notice = NoConversationID
	}
	if res.ConversationID != "" && res.ConversationID != a.conv.RemoteID {
		if err := a.c.store.SetRemoteID(save, a.conv.ID, res.ConversationID); err != nil {
			return err
		}
	}
	return a.c.store.SaveTurn(save, turn)
}

// Answerer returns the answerer of one message to the assistant.
func (c *Assistant) Answerer(*records.Turn, conversations.AskOptions) conversations.Answerer {
	return &assistantAnswerer{c: c}
}
