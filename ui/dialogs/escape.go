package dialogs

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
)

// Fyne's dialogs take no key of their own: Tab reaches their buttons and Space presses one, but
// Esc did nothing. Every dialog of the app is shown through Show, and a window's Esc (its
// canvas's typed-key handler, which an entry hands Esc to: widgets.Entry) calls DismissTop, which
// closes the dialog on top as its Cancel or Close button would.

// open are the dialogs shown through Show and not closed yet, by canvas, the last on top; closing
// is the dialogs' OnClosed, set once while a dialog is open (registered), so that a dialog closed
// is forgotten (one shown again, as the search, chains one more small OnClosed each time). On
// the UI goroutine only.
var (
	open       = map[fyne.Canvas][]dialog.Dialog{}
	registered = map[dialog.Dialog]bool{}
)

// Show shows d over w, where Esc then dismisses it (DismissTop).
func Show(d dialog.Dialog, w fyne.Window) {
	c := w.Canvas()
	if !registered[d] {
		registered[d] = true
		d.SetOnClosed(func() { closed(c, d) })
	}
	open[c] = append(slices.DeleteFunc(open[c], func(o dialog.Dialog) bool { return o == d }), d)
	d.Show()
}

// closed forgets d, closed, over c.
func closed(c fyne.Canvas, d dialog.Dialog) {
	delete(registered, d)
	open[c] = slices.DeleteFunc(open[c], func(o dialog.Dialog) bool { return o == d })
	if len(open[c]) == 0 {
		delete(open, c)
	}
}

// DismissTop closes the dialog shown last over c and still open, as its Cancel or Close button
// would (its callback is told "no"); false when there is none.
func DismissTop(c fyne.Canvas) bool {
	shown := open[c]
	if len(shown) == 0 {
		return false
	}
	shown[len(shown)-1].Dismiss()
	return true
}

// IsOpen reports whether d, shown over c through Show, is still open.
func IsOpen(c fyne.Canvas, d dialog.Dialog) bool { return slices.Contains(open[c], d) }
