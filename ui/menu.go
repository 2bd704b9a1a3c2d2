package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"lectern/ui/settings"
)

// Keyboard shortcuts: Ctrl+R (Cmd+R) refreshes, Ctrl+, (Cmd+,) opens Settings, Ctrl+F (Cmd+F)
// goes to the documents filter, Ctrl+N (Cmd+N) starts a new conversation, Ctrl+W (Cmd+W) closes
// the window it is typed in (the main window quits, as its close button does), Ctrl+O (Cmd+O) adds files to the workspace shown, Ctrl+Shift+F (Cmd+Shift+F) searches every conversation, Ctrl+Shift+N (Cmd+Shift+N) starts a model chat. In the question box Enter sends, Shift+Enter starts a new line, Esc stops an answer.
var (
	shortcutNewConversation = &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutSearch          = &desktop.CustomShortcut{KeyName: fyne.KeyF,
		Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	shortcutRefresh      = &desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutSettings     = &desktop.CustomShortcut{KeyName: fyne.KeyComma, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutFilter       = &desktop.CustomShortcut{KeyName: fyne.KeyF, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutOpen         = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutNewModelChat = &desktop.CustomShortcut{KeyName: fyne.KeyN,
		Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
)

func (u *UI) installShortcuts() {
	c := u.win.Canvas()
	c.AddShortcut(shortcutRefresh, func(fyne.Shortcut) { u.Refresh() })
	c.AddShortcut(shortcutSettings, func(fyne.Shortcut) { u.ShowSettings() })
	c.AddShortcut(shortcutFilter, func(fyne.Shortcut) { u.focusDocFilter() })
	c.AddShortcut(shortcutNewConversation, func(fyne.Shortcut) { u.newConversation() })
	c.AddShortcut(shortcutSearch, func(fyne.Shortcut) { u.searchConversations() })
	c.AddShortcut(shortcutOpen, func(fyne.Shortcut) { u.pickFiles() })
	c.AddShortcut(settings.ShortcutClose, func(fyne.Shortcut) { u.Quit() })
	c.AddShortcut(shortcutNewModelChat, func(fyne.Shortcut) { u.newModelChat() })
}

// searchConversations opens the search over every conversation, when the browser is shown.
func (u *UI) searchConversations() {
	if u.main != nil {
		u.main.convs.ShowSearch()
	}
}

// newConversation empties the conversation pane for a new question, when the browser is shown.
func (u *UI) newConversation() {
	if u.main != nil {
		u.main.convs.NewConversation()
	}
}

// newModelChat starts a model chat with the default tier and opens it, when the browser is shown.
func (u *UI) newModelChat() {
	if u.main != nil {
		u.main.convs.NewModelChat()
	}
}

// Refresh reloads the workspaces from the server, when the browser is shown.
func (u *UI) Refresh() {
	if u.main != nil {
		u.main.refresh()
	}
}

// focusDocFilter puts the keyboard in the documents filter, when the browser is shown.
func (u *UI) focusDocFilter() {
	if u.main != nil {
		u.main.focusDocFilter()
	}
}

func (u *UI) menu() *fyne.MainMenu {
	settings := fyne.NewMenuItem("Settings…", u.ShowSettings)
	settings.Shortcut = shortcutSettings
	quit := fyne.NewMenuItem("Quit", u.Quit)
	quit.IsQuit = true
	file := fyne.NewMenu("File",
		u.browserItem("Add files…", u.pickFiles, shortcutOpen),
		u.browserItem("New conversation", u.newConversation, shortcutNewConversation),
		u.browserItem("New model chat", u.newModelChat, shortcutNewModelChat),
		u.browserItem("Search conversations…", u.searchConversations, shortcutSearch),
		u.browserItem("Refresh", u.Refresh, shortcutRefresh),
		u.browserItem("Filter documents", u.focusDocFilter, shortcutFilter),
		fyne.NewMenuItemSeparator(), settings, quit)
	return fyne.NewMainMenu(file)
}

// browserItem is a menu item with its shortcut that only the workspace browser can act on: it is
// disabled on the first-run page.
func (u *UI) browserItem(label string, action func(), shortcut fyne.Shortcut) *fyne.MenuItem {
	item := fyne.NewMenuItem(label, action)
	item.Shortcut = shortcut
	item.Disabled = u.main == nil
	return item
}
