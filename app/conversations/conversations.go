// Package conversations keeps the conversations of every kind: list, turns, rename, pin, trash,
// search, export, drafts; Send, Retry, Resend and Stop through the answerer registered for each
// kind (Answer), and what every answer shares (Run, Follow, Failed, Saved). It imports no
// answerer: the wiring registers them.
package conversations

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/projectdb"
	"lectern/app/store/search"
	convsync "lectern/app/sync"
	"lectern/client"
)

// Conversations keeps workspace conversations: asking (the question is saved before the request
// goes out, the answer streams to the caller's OnUpdate and is saved when it ends), retrying,
// stopping, renaming, deleting, searching and exporting. Every method works on the current
// server's conversations.
type Conversations struct {
	store    *store.DB
	projects projectdb.Projects // the projects' rows in store
	conn     *connection.Manager
	bus      *events.Bus
	kinds    map[records.ConversationKind]Kind // the answerer of each kind (Answer)
	sync     *convsync.Service                 // the rounds of sync (UseSync)

	mu     sync.Mutex
	active map[int64]context.CancelCauseFunc // turn id -> stop
	wg     sync.WaitGroup
}

// ChatOptions follow one message's answer in a chat: a model conversation (Models.Chat) or the
// assistant (Assistant.Assist).
type ChatOptions struct {
	// OnUpdate, when set, is called on the sending goroutine for every change of the turn, with
	// the same values as the TurnChanged events.
	OnUpdate func(events.TurnChanged)
	// OnNotice, when set, gets notes that are not errors, such as that there was no conversation
	// to continue.
	OnNotice func(string)
	// Functions are offered to the model (tiers with tools only); the calls it makes are kept as
	// the answer's parts (Turn.Parts).
	Functions []client.FunctionTool
	// Consent and Tools are AskOptions' (the app's tools: web search, workspaces, files); Chat
	// takes Tools' workspaces as ids or names, as a person types them.
	Consent ConsentFunc
	Tools   *records.ToolSettings
}

// AskOptions tune one question. Zero values use the settings' default tier and thinking.
type AskOptions struct {
	Tier     string // fast, smart or genius; "" = the default tier of the settings (else the server's)
	Thinking *bool  // nil = the settings' choice (when off, the tier's own default)
	// NoStream asks for the whole answer in one JSON response instead of a stream: no text
	// arrives before the end (OnUpdate sees the pending turn, then the final one).
	NoStream bool
	// Metadata is sent with the question; the server echoes it in the answer object (Turn.Final).
	Metadata map[string]string
	// OnUpdate, when set, is called on the asking goroutine for every change of the turn: the one
	// channel of an answer's progress, for the command line and the desktop alike.
	OnUpdate func(events.TurnChanged)
	// OnNotice, when set, gets notes for the person asking that are not errors, such as that
	// there was no earlier conversation to continue (App.Ask).
	OnNotice func(string)
	// Functions are offered to the model in a model conversation (tiers with tools only); the
	// calls it makes are kept as the answer's parts (Turn.Parts).
	Functions []client.FunctionTool
	// Consent asks the person before a tool call of the model runs (model conversations; nil
	// refuses every call not always allowed in the conversation).
	Consent ConsentFunc
	// Tools, when set, replace the conversation's tool settings from this message on (saved with
	// it); nil uses the ones saved (Conversations.SetToolSettings).
	Tools *records.ToolSettings
}

// errStopped is the cause of an answer stopped with Stop (the connection's, so that it is not
// taken for a broken link).
var errStopped = connection.ErrStopped

func New(st *store.DB, conn *connection.Manager, bus *events.Bus) *Conversations {
	return &Conversations{store: st, projects: projectdb.Of(st), conn: conn, bus: bus, active: map[int64]context.CancelCauseFunc{},
		kinds: map[records.ConversationKind]Kind{}}
}

// New starts a conversation with workspace workspaceID, scoped to documentID ("" = the whole
// workspace). An empty title is replaced by the first question when it is asked.
func (c *Conversations) New(ctx context.Context, workspaceID, documentID, title string) (records.Conversation, error) {
	key := c.conn.CacheKey()
	if key == "" {
		return records.Conversation{}, connection.ErrNotConnected
	}
	if strings.TrimSpace(workspaceID) == "" {
		return records.Conversation{}, errors.New("no workspace chosen: pick a workspace to ask")
	}
	conv, err := c.store.CreateConversation(ctx, key, records.Conversation{Kind: records.KindWorkspace, WorkspaceID: workspaceID,
		DocumentID: documentID, Title: strings.TrimSpace(title)})
	if err == nil {
		c.bus.Emit(events.ConversationsChanged{WorkspaceID: workspaceID})
	}
	return conv, err
}

// List returns the conversations of a workspace, most recently used first; "" lists every
// conversation of the current server.
func (c *Conversations) List(ctx context.Context, workspaceID string) ([]records.Conversation, error) {
	return c.store.Conversations(ctx, c.conn.CacheKey(), workspaceID)
}

// Untouched returns the newest conversation of kind (of tier, for a model chat; "" otherwise)
// that nothing was done with since it was made: no message, title, system prompt, answer format,
// workspace or pin. A front-end's New takes it rather than making one more empty conversation
// (pressed twice, New listed "New conversation" twice); its time becomes now, so that it lists
// first. ok is false when there is none.
func (c *Conversations) Untouched(ctx context.Context, kind records.ConversationKind, tier string) (records.Conversation, bool, error) {
	conv, ok, err := c.store.UntouchedConversation(ctx, c.conn.CacheKey(), kind, tier)
	if ok {
		c.bus.Emit(events.ConversationsChanged{})
	}
	return conv, ok, err
}

// Get returns one conversation.
func (c *Conversations) Get(ctx context.Context, id int64) (records.Conversation, error) {
	return c.store.Conversation(ctx, c.conn.CacheKey(), id)
}

// Last returns the most recently used conversation of a workspace ("" = of any workspace);
// ok is false when there is none. The command line's ask --continue uses it.
func (c *Conversations) Last(ctx context.Context, workspaceID string) (conv records.Conversation, ok bool, err error) {
	all, err := c.List(ctx, workspaceID)
	if err != nil || len(all) == 0 {
		return records.Conversation{}, false, err
	}
	return all[0], true, nil
}

// Turns returns the turns of the branch a conversation shows, from its first question to its head
// (what is shown, and what its next message is sent after), each with its place among its
// siblings.
func (c *Conversations) Turns(ctx context.Context, conversationID int64) ([]records.Turn, error) {
	if _, err := c.Get(ctx, conversationID); err != nil {
		return nil, err
	}
	return c.store.Turns(ctx, conversationID)
}

// Turn returns one saved turn.
func (c *Conversations) Turn(ctx context.Context, id int64) (records.Turn, error) {
	return c.store.Turn(ctx, id)
}

// Rename changes a conversation's title.
func (c *Conversations) Rename(ctx context.Context, id int64, title string) error {
	title = strings.TrimSpace(title)
	if title == "" {
		return errors.New("the title is empty: type a name for the conversation")
	}
	conv, err := c.Get(ctx, id)
	if err != nil {
		return err
	}
	if err := c.store.RenameConversation(ctx, c.conn.CacheKey(), id, title); err != nil {
		return err
	}
	c.bus.Emit(events.ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return nil
}

// Delete moves a conversation with its turns to the trash (kept 30 days, see Restore), stopping
// an answer in progress in it.
func (c *Conversations) Delete(ctx context.Context, id int64) error {
	conv, err := c.Get(ctx, id)
	if err != nil {
		return err
	}
	turns, _ := c.store.AllTurns(ctx, id)
	for _, t := range turns {
		c.Stop(t.ID)
	}
	if err := c.store.TrashConversation(ctx, c.conn.CacheKey(), id); err != nil {
		return err
	}
	c.bus.Emit(events.ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return nil
}

// Search finds the turns of the current server's conversations that contain every word of text
// (the last word may be the start of a word), best match first, at most 100.
func (c *Conversations) Search(ctx context.Context, text string) ([]records.SearchHit, error) {
	return search.Find(ctx, c.store, c.conn.CacheKey(), text, 100)
}

// ShowTurn makes the conversation show the branch that holds turnID when it shows another (a
// search hit on a branch out of sight, opened): that branch to its end answered last (ShowBranch).
func (c *Conversations) ShowTurn(ctx context.Context, conversationID, turnID int64) error {
	shown, err := c.Turns(ctx, conversationID)
	if err != nil || slices.ContainsFunc(shown, func(t records.Turn) bool { return t.ID == turnID }) {
		return err
	}
	if turn, err := c.store.Turn(ctx, turnID); err != nil || turn.ConversationID != conversationID {
		return cmp.Or(err, records.ErrNotFound)
	}
	_, err = c.ShowBranch(ctx, turnID)
	return err
}

// Stop stops the answer of turnID if it is streaming: the text so far is kept and the turn is
// marked interrupted. It reports whether an answer was stopped.
func (c *Conversations) Stop(turnID int64) bool {
	c.mu.Lock()
	cancel, ok := c.active[turnID]
	c.mu.Unlock()
	if ok {
		cancel(errStopped)
	}
	return ok
}

// Answering reports whether the answer of turnID is streaming now.
func (c *Conversations) Answering(turnID int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.active[turnID]
	return ok
}

// stopAll stops every answer in progress and waits for them to be saved.
func (c *Conversations) StopAll() {
	c.mu.Lock()
	for _, cancel := range c.active {
		cancel(errStopped)
	}
	c.mu.Unlock()
	c.wg.Wait()
}

// titleFrom makes a conversation title from its first question.
func titleFrom(q string) string {
	q = strings.Join(strings.Fields(q), " ")
	if utf8.RuneCountInString(q) <= 60 {
		return q
	}
	r := []rune(q)[:59]
	return strings.TrimSpace(string(r)) + "…"
}

// TurnImages returns the images a turn sent, with their bytes.
func (c *Conversations) TurnImages(ctx context.Context, turnID int64) ([]records.Image, error) {
	byTurn, err := c.store.Images(ctx, "id=?", turnID, true)
	return byTurn[turnID], err
}
