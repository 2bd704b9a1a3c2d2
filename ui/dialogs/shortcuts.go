package dialogs

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// ShowShortcuts shows the keyboard shortcut list over w: rows of keys and what they do.
func ShowShortcuts(w fyne.Window, rows [][2]string) {
	form := container.New(layout.NewFormLayout())
	for _, r := range rows {
		keys, what := widget.NewLabelWithStyle(r[0], fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}), widget.NewLabel(r[1])
		what.Wrapping = fyne.TextWrapWord
		form.Add(keys)
		form.Add(what)
	}
	d := dialog.NewCustom("Keyboard shortcuts", "Close", container.NewVScroll(form), w)
	Show(d, w)
	d.Resize(fyne.NewSize(620, 520))
}
