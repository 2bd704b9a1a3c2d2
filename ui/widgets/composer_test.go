package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// pressTab presses Tab (Shift+Tab with shift) on c as the desktop driver does: a focused widget
// that accepts Tab gets the key, otherwise the focus moves.
func pressTab(c fyne.Canvas, shift bool) {
	if t, ok := c.Focused().(fyne.Tabbable); ok && t.AcceptsTab() {
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
		return
	}
	if shift {
		c.FocusPrevious()
		return
	}
	c.FocusNext()
}

func TestComposerTabMovesFocusOut(t *testing.T) {
	test.NewTempApp(t)
	before, after, box := widget.NewButton("before", nil), widget.NewButton("after", nil), NewComposer()
	w := test.NewWindow(container.NewVBox(before, box, after))
	defer w.Close()
	c := w.Canvas()
	c.Focus(box)
	test.Type(box, "who")
	pressTab(c, false)
	if c.Focused() != after {
		t.Errorf("Tab in the question box focused %T, want the next button", c.Focused())
	}
	c.Focus(box)
	pressTab(c, true)
	if c.Focused() != before {
		t.Errorf("Shift+Tab in the question box focused %T, want the previous button", c.Focused())
	}
	if box.Text != "who" {
		t.Errorf("Tab changed the question to %q", box.Text)
	}
}

func TestComposerEnterSendsShiftEnterBreaksLine(t *testing.T) {
	test.NewTempApp(t)
	box := NewComposer()
	w := test.NewWindow(box)
	defer w.Close()
	sent := 0
	box.OnSend = func() { sent++ }
	w.Canvas().Focus(box)
	test.Type(box, "a")
	box.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	box.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	box.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	test.Type(box, "b")
	if box.Text != "a\nb" || sent != 0 {
		t.Fatalf("after Shift+Enter: text %q, sent %d times", box.Text, sent)
	}
	box.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if sent != 1 || box.Text != "a\nb" {
		t.Errorf("Enter: sent %d times, text %q", sent, box.Text)
	}
}
