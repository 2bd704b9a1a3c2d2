package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/ui/internal/uitest"
)

// Issue 25: every dialog can be answered and closed from the keyboard. Fyne's dialogs take no key
// of their own: Tab reaches their buttons and Space presses one; Esc closes the dialog on top
// (dialogs.Show, dialogs.DismissTop), from the window or from a box of the dialog.

// typeKey types k where the keyboard is: the focused widget, else the window's key handler.
func typeKey(c fyne.Canvas, k fyne.KeyName) {
	if f := c.Focused(); f != nil {
		f.TypedKey(&fyne.KeyEvent{Name: k})
		return
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: k})
}

// pressByTab moves the keyboard with Tab until the button read as label has it and presses Space
// there; false when Tab never reaches it.
func pressByTab(c fyne.Canvas, label string) bool {
	for range 60 {
		c.FocusNext()
		if a, ok := c.Focused().(fyne.Accessible); ok && a.AccessibilityLabel() == label {
			typeKey(c, fyne.KeySpace)
			return true
		}
	}
	return false
}

// shellDialog is a dialog the shell opens: its name, how it opens, a label only it shows, and the
// button that closes it.
type shellDialog struct {
	name, label, button string
	open                func()
}

func (f *fixture) shellDialogs() []shellDialog {
	return []shellDialog{{"the keyboard shortcuts", "Previous pane", "Close", f.u.showShortcuts},
		{"the conversation search", "Search conversations", "Close", f.u.inBrowser(func(m *mainView) { m.convs.ShowSearch() })},
		{"the file picker", "Cancel", "Cancel", f.u.pickFiles}}
}

func TestDialogsAnswerAndCloseFromTheKeyboard(t *testing.T) {
	f, _ := settledBrowser(t)
	c := f.u.win.Canvas()
	for _, d := range f.shellDialogs() {
		d.open()
		drain()
		typeKey(c, fyne.KeyEscape)
		if c.Overlays().Top() != nil {
			t.Errorf("Esc left %s open", d.name)
			f.closeOverlays()
		}
		d.open()
		drain()
		if !pressByTab(c, d.button) || c.Overlays().Top() != nil {
			t.Errorf("Tab to %q and Space left %s open", d.button, d.name)
			f.closeOverlays()
		}
	}
}

// In Settings, Esc in a box of a dialog closes the dialog and leaves the window; Esc again, with
// no dialog, closes the window.
func TestSettingsDialogClosesOnEscFromItsBox(t *testing.T) {
	f, _ := settledBrowser(t)
	f.u.ShowSettings()
	w := f.u.SettingsWindow()
	another, ok := uitest.FindAccessible("Connect to another server", w.Content()).(fyne.Tappable)
	if !ok {
		t.Fatal("Settings has no “Connect to another server”")
	}
	test.Tap(another)
	drain()
	if w.Canvas().Overlays().Top() == nil || w.Canvas().Focused() == nil {
		t.Fatal("the connect dialog is not open with the keyboard in its box")
	}
	typeKey(w.Canvas(), fyne.KeyEscape)
	if w.Canvas().Overlays().Top() != nil || f.u.SettingsWindow() == nil {
		t.Fatalf("Esc in the dialog's box: dialog open %v, Settings open %v", w.Canvas().Overlays().Top() != nil, f.u.SettingsWindow() != nil)
	}
	typeKey(w.Canvas(), fyne.KeyEscape)
	if f.u.SettingsWindow() != nil {
		t.Error("Esc with no dialog left Settings open")
	}
}

// Tab moves through the main window in reading order: each control after the last is below it, or
// on its line to its right, or at the top of a column that starts right of where the last control
// ended (the next pane), never above it in the same column, until it comes round to the first.
// (container.NewBorder puts its middle first: Tab went to a list before the filter above it.)
func TestTabFollowsReadingOrder(t *testing.T) {
	f, _ := settledBrowser(t)
	c := f.u.win.Canvas()
	f.u.win.Resize(fyne.NewSize(1200, 800))
	f.u.main.setDocumentsOpen(!f.u.main.docsOpen)
	drain()
	c.Unfocus()
	c.FocusNext()
	first := c.Focused()
	prev := first
	for range 200 {
		c.FocusNext()
		now := c.Focused()
		if now == first {
			return
		}
		if at, from := absPos(now), absPos(prev); at.Y < from.Y-1 && at.X < from.X+prev.(fyne.CanvasObject).Size().Width {
			t.Errorf("Tab went from %T %q at %v up to %T %q at %v, in the same column", prev, label(prev), from, now, label(now), at)
		}
		prev = now
	}
	t.Error("Tab never came round to the first control")
}

// absPos is where o is in its window.
func absPos(o fyne.Focusable) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o.(fyne.CanvasObject))
}

// label is what a screen reader says of o, "" when it says nothing.
func label(o any) string {
	if a, ok := o.(fyne.Accessible); ok {
		return a.AccessibilityLabel()
	}
	return ""
}
