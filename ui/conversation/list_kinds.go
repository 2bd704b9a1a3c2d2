package conversation

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"lectern/app"
)

// The list shows conversations of every kind: those of the workspace chosen (as before), of every
// workspace, or the model chats, by a filter over the rows. Pinned conversations come first, and a
// row's caption names its kind: its workspace, or the tier of a model chat.

// The list's filters, in the order the filter offers them.
const (
	scopeThisWorkspace = "This workspace"
	scopeAll           = "All conversations"
	scopeWorkspaces    = "Workspace conversations"
	scopeModelChats    = "Model chats"
	scopeAssistant     = "Assistant conversations"
)

var listScopes = []string{scopeThisWorkspace, scopeAll, scopeWorkspaces, scopeModelChats, scopeAssistant}

// listFilter is what the scope chosen reads from the store, for the workspace shown.
func listFilter(scope, workspaceID string) app.ListFilter {
	switch scope {
	case scopeAll:
		return app.ListFilter{}
	case scopeWorkspaces:
		return app.ListFilter{Kind: app.KindWorkspace}
	case scopeModelChats:
		return app.ListFilter{Kind: app.KindModel}
	case scopeAssistant:
		return app.ListFilter{Kind: app.KindAssistant}
	}
	return app.ListFilter{Kind: app.KindWorkspace, WorkspaceID: workspaceID}
}

// needsWorkspace says whether the scope lists nothing until a workspace is chosen.
func needsWorkspace(scope string) bool { return scope == scopeThisWorkspace || scope == "" }

// SetScope shows the conversations scope chooses (one of the filter's entries) and loads them.
func (c *List) SetScope(scope string) {
	if c.kindFilter.Selected != scope {
		c.kindFilter.SetSelected(scope) // calls back here
		return
	}
	c.all, c.loaded = nil, false
	c.refreshRows()
	c.load()
}

// Scope is the filter chosen: one of the filter's entries ("This workspace", "Model chats", …).
func (c *List) Scope() string { return c.kindFilter.Selected }

// scopeFor is the filter that lists a conversation of kind: the one chosen when it does, else
// the kind's own (a model chat is not among "This workspace").
func scopeFor(chosen string, kind app.ConversationKind) string {
	if f := listFilter(chosen, ""); f.Kind == "" || f.Kind == kind {
		return chosen
	}
	switch kind {
	case app.KindModel:
		return scopeModelChats
	case app.KindAssistant:
		return scopeAssistant
	}
	return scopeThisWorkspace
}

// Reveal highlights conv as SelectConversation does, first switching the filter to conv's kind
// when the one chosen would not list it: the conversation shown is always in the list.
func (c *List) Reveal(conv app.Conversation) {
	if !c.showKindOf(conv) {
		c.SelectConversation(conv.ID)
	}
}

// showKindOf switches the filter to one that lists conv when the one chosen does not, and reports
// whether it did: the load that follows highlights conv.
func (c *List) showKindOf(conv app.Conversation) bool {
	scope := scopeFor(c.kindFilter.Selected, conv.Kind)
	if scope == c.kindFilter.Selected {
		return false
	}
	c.selected = conv.ID
	c.SetScope(scope)
	return true
}

// listed reads the conversations the scope shows, with the names of the workspaces they belong to.
func (c *List) listed(ctx context.Context, scope, workspaceID string) ([]app.Conversation, map[string]string, error) {
	convs, err := c.store.Lists.ListAll(ctx, listFilter(scope, workspaceID))
	if err != nil {
		return nil, nil, err
	}
	names := map[string]string{}
	if wss, err := c.b.CachedWorkspaces(ctx); err == nil {
		for _, ws := range wss {
			names[ws.WorkspaceID] = ws.Name
		}
	}
	return convs, names, nil
}

// kindText names a row's kind for its caption (KindText).
func (c *List) kindText(conv app.Conversation) string { return KindText(conv, c.wsNames) }

// KindText says where a conversation is, for a row of the list or of the command palette: its
// workspace's name (names maps ids to names), the tier of a model chat, or the assistant (and the
// workspace it is pinned to).
func KindText(conv app.Conversation, names map[string]string) string {
	switch {
	case conv.Kind == app.KindModel:
		return "Model chat · " + app.OneLine(conv.KindLabel())
	case conv.Kind == app.KindAssistant && names[conv.WorkspaceID] != "":
		return "Assistant · " + app.OneLine(names[conv.WorkspaceID])
	case conv.Kind == app.KindAssistant:
		return conv.KindLabel()
	}
	if name := names[conv.WorkspaceID]; name != "" {
		return app.OneLine(name)
	}
	return conv.KindLabel()
}

// togglePin pins conv, or takes its pin away; the list reloads on the change the store announces.
func (c *List) togglePin(conv app.Conversation) {
	go func() {
		pin := c.store.Lists.Pin
		if conv.IsPinned() {
			pin = c.store.Lists.Unpin
		}
		err := pin(c.lf.Ctx, conv.ID)
		c.lf.Do(func() {
			if err != nil {
				c.setError(err) // a reload would clear the error: the rows shown stay as they were
				return
			}
			c.load()
		})
	}()
}

// pinItem is the row menu's Pin or Unpin.
func (c *List) pinItem(conv app.Conversation) *fyne.MenuItem {
	label := "Pin to top"
	if conv.IsPinned() {
		label = "Unpin"
	}
	return fyne.NewMenuItemWithIcon(label, theme.UploadIcon(), func() { c.togglePin(conv) })
}

// NewModelChat starts a model chat with the default tier (from Settings), or takes the one of that
// tier nothing was done with yet, and opens it: through OnNewModelChat when set (the model pane),
// else as a selected conversation.
func (c *List) NewModelChat() {
	c.openNew(func(ctx context.Context) (app.Conversation, error) {
		tier := c.store.Models.DefaultTier()
		return c.untouchedOr(ctx, app.KindModel, tier, func() (app.Conversation, error) {
			return c.store.Models.NewChat(ctx, tier, "", "", "")
		})
	}, c.OnNewModelChat)
}

// NewAssistant starts an assistant conversation, its workspace to be chosen before its first
// message, and opens it as NewModelChat does.
func (c *List) NewAssistant() {
	c.openNew(func(ctx context.Context) (app.Conversation, error) {
		return c.untouchedOr(ctx, app.KindAssistant, "", func() (app.Conversation, error) {
			return c.store.Assistants.NewAssistant(ctx, "", "")
		})
	}, nil)
}

// untouchedOr returns the conversation of kind and tier nothing was done with yet, when there is
// one (New pressed twice opens one empty conversation, not two), else what create makes.
func (c *List) untouchedOr(ctx context.Context, kind app.ConversationKind, tier string, create func() (app.Conversation, error)) (app.Conversation, error) {
	if conv, ok, err := c.store.Lists.Untouched(ctx, kind, tier); ok && err == nil {
		return conv, nil
	}
	return create()
}

// openNew saves a new conversation with create, off the UI goroutine, then selects and opens it:
// through open when set, else as a selected conversation; then OnCreated.
func (c *List) openNew(create func(context.Context) (app.Conversation, error), open func(app.Conversation)) {
	go func() {
		conv, err := create(c.lf.Ctx)
		c.lf.Do(func() {
			c.setError(err)
			if err != nil {
				return
			}
			if !c.showKindOf(conv) { // else the filter's change loads the rows
				c.selected = conv.ID
				c.load()
			}
			if open != nil {
				open(conv)
			} else if c.OnSelected != nil {
				c.OnSelected(conv)
			}
			if c.OnCreated != nil {
				c.OnCreated()
			}
		})
	}()
}
