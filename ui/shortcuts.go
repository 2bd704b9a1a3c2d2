package ui

import "lectern/ui/dialogs"

// shortcutRows are the keyboard shortcut list (Help → Keyboard shortcuts): each action that has
// keys, with them, then the keys of the question box and the lists.
func (u *UI) shortcutRows() [][2]string {
	var rows [][2]string
	for _, a := range u.actions() {
		if keys := shortcutText(a.shortcut); keys != "" {
			rows = append(rows, [2]string{keys, a.label})
		}
	}
	return append(rows, typingKeys...)
}

// showShortcuts shows the keyboard shortcut list in a dialog over the main window.
func (u *UI) showShortcuts() { dialogs.ShowShortcuts(u.win, u.shortcutRows()) }
