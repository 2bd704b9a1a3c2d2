package ui

import (
	"fyne.io/fyne/v2/dialog"

	"lectern/ui/dialogs"
)

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

// showAbout says which Lectern this is (Help → About Lectern): its version and the build's
// revision, as lectern --version prints them, and where its data is kept.
func (u *UI) showAbout() {
	version := u.version
	if version == "" {
		version = "Lectern (this build does not say its version)"
	}
	text := version + "\n\nA desktop app and command line for the Workspace Question-Answering Service."
	if home := u.b.Home(); home != "" {
		text += "\nYour conversations and the cache are kept in " + home + "."
	}
	dialogs.Show(dialog.NewInformation("About Lectern", text, u.win), u.win)
}
