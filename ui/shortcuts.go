package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
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
func (u *UI) showShortcuts() {
	form := container.New(layout.NewFormLayout())
	for _, r := range u.shortcutRows() {
		keys, what := widget.NewLabelWithStyle(r[0], fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}), widget.NewLabel(r[1])
		what.Wrapping = fyne.TextWrapWord
		form.Add(keys)
		form.Add(what)
	}
	d := dialog.NewCustom("Keyboard shortcuts", "Close", container.NewVScroll(form), u.win)
	d.Show()
	d.Resize(fyne.NewSize(620, 520))
}
