package ui

import (
	"fyne.io/fyne/v2"
)

// installShortcuts adds the shortcut of every action to the window, for when no menu carries it
// (the menu bar's shortcuts are found first by the desktop driver).
func (u *UI) installShortcuts() {
	c := u.win.Canvas()
	c.SetOnTypedKey(u.typedKey)
	for _, a := range u.actions() {
		if a.shortcut != nil && a.run != nil {
			run := a.run
			c.AddShortcut(a.shortcut, func(fyne.Shortcut) { run() })
		}
	}
}

// inBrowser is an action's run: do on the main view, when the browser is shown.
func (u *UI) inBrowser(do func(m *mainView)) func() {
	return func() {
		if u.main != nil {
			do(u.main)
		}
	}
}

// newConversation empties the conversation pane for a new question, when the browser is shown.
func (u *UI) newConversation() {
	if u.main != nil {
		u.main.convs.NewConversation()
	}
}

// Refresh reloads the workspaces from the server, when the browser is shown.
func (u *UI) Refresh() {
	if u.main != nil {
		u.main.refresh()
	}
}

// cyclePanes moves the keyboard to the next pane (F6), or the previous one (Shift+F6).
func (u *UI) cyclePanes(back bool) {
	if u.main != nil {
		u.main.cyclePanes(back)
	}
}

// menu makes the menu bar from actions(), menu by menu.
func (u *UI) menu() *fyne.MainMenu {
	var menus []*fyne.Menu
	all := u.actions()
	for _, name := range menuNames {
		var items []*fyne.MenuItem
		for _, a := range all {
			if a.menu != name {
				continue
			}
			if a.newGroup && len(items) > 0 {
				items = append(items, fyne.NewMenuItemSeparator())
			}
			items = append(items, u.menuItem(a))
		}
		menus = append(menus, fyne.NewMenu(name, items...))
	}
	return fyne.NewMainMenu(menus...)
}

// menuItem is a's menu item with its shortcut; an item only the workspace browser can act on is
// disabled on the first-run page.
func (u *UI) menuItem(a action) *fyne.MenuItem {
	item := fyne.NewMenuItem(a.label, a.run)
	item.Shortcut = a.shortcut
	item.IsQuit = a.quit
	item.Disabled = a.browser && u.main == nil
	return item
}
