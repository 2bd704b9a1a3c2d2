package ui

import (
	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/ui/conversation"
	"lectern/ui/dialogs"
)

// The command palette (Ctrl/Cmd+K) is dialogs.Palette over every action of the menus with its
// keys, then every workspace and conversation to jump to, then the turns of every conversation
// that hold the words typed (the app's search); the shell makes its items.

// showPalette opens the command palette over the main window.
func (u *UI) showPalette() {
	if u.main == nil || (u.palette != nil && u.palette.Visible()) {
		return
	}
	items := append(u.paletteActions(), u.main.workspaceItems()...)
	u.palette = dialogs.ShowPalette(u.win.Canvas(), "Type an action, a workspace or words of a conversation", items)
	u.main.loadConversationItems(u.palette)
	u.palette.OnType = u.main.searchInto(u.palette)
}

// paletteActions are the palette's rows for every action with a menu, with their keys.
func (u *UI) paletteActions() []dialogs.PaletteItem {
	var out []dialogs.PaletteItem
	for _, a := range u.actions() {
		if a.run != nil && a.label != "Command palette…" {
			out = append(out, dialogs.PaletteItem{Label: a.label, Keys: shortcutText(a.shortcut), Run: a.run})
		}
	}
	return out
}

// workspaceItems are the palette's rows that select each listed workspace.
func (m *mainView) workspaceItems() []dialogs.PaletteItem {
	var out []dialogs.PaletteItem
	for _, ws := range m.list.All() {
		id := ws.WorkspaceID
		out = append(out, dialogs.PaletteItem{Label: "Workspace: " + safetext.OneLine(ws.Workspace.Name),
			Run: func() { m.list.Select(id) }})
	}
	return out
}

// loadConversationItems adds a row per saved conversation (of every workspace) to p, read off the
// UI goroutine, each saying where it is (its workspace, or the model chat's tier), as the list's
// rows do; a conversation opens in its own workspace.
func (m *mainView) loadConversationItems(p *dialogs.Palette) {
	names := map[string]string{}
	for _, ws := range m.list.All() {
		names[ws.WorkspaceID] = ws.Workspace.Name
	}
	go func() {
		convs, err := m.b.Conversations().ListAll(m.lf.Ctx, records.ListFilter{})
		if err != nil || len(convs) == 0 {
			return
		}
		items := make([]dialogs.PaletteItem, 0, len(convs))
		for _, conv := range convs {
			label := "Conversation: " + safetext.OneLine(conversation.Title(conv)) + " · " + conversation.KindText(conv, names)
			items = append(items, dialogs.PaletteItem{Label: label, Run: func() { m.openTurn(conv, 0) }})
		}
		m.lf.Do(func() { p.Add(items...) })
	}()
}

// searchInto is the palette's search: each text typed is searched off the UI goroutine, and
// the turns found become p's rows found, each saying its conversation, where it is and its
// words (conversation.HitPlace, HitExcerpt); a row opens its conversation at the turn. The
// conversations found by title are the rows of loadConversationItems already.
func (m *mainView) searchInto(p *dialogs.Palette) func(text string) {
	names := map[string]string{}
	for _, ws := range m.list.All() {
		names[ws.WorkspaceID] = ws.Workspace.Name
	}
	return func(text string) {
		go func() {
			hits, err := m.b.Conversations().Search(m.lf.Ctx, text)
			if err != nil {
				return // the search dialog (Ctrl/Cmd+Shift+F) says why; the palette's other rows stay
			}
			words := conversation.SearchWords(text)
			var items []dialogs.PaletteItem
			for _, h := range hits {
				if h.TurnID == 0 {
					continue
				}
				items = append(items, dialogs.PaletteItem{
					Label:   "Found in: " + conversation.Title(h.Conversation) + " · " + conversation.HitPlace(h, names),
					Excerpt: conversation.HitExcerpt(h, words),
					Run:     func() { m.convs.OpenHit(h) },
				})
			}
			m.lf.Do(func() { p.SetFound(text, items) })
		}()
	}
}
