package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
)

// Issue 35, item 5: "Tab from the question box lands on Ask with no focus ring, then on a stop
// that shows nothing; later stops are buttons of turns scrolled out of view, and the view does
// not follow." Every stop of Tab and Shift+Tab from the question box, in a conversation longer
// than the window, shows the ring (but a text box, which draws its own border), and a turn's
// control is scrolled into sight. make realwindow presses Tab in the real window.
func TestEveryTabStopShowsItsFocusInSight(t *testing.T) {
	f, m := settledBrowser(t)
	m.openNamed(t, "My documents")
	for _, q := range []string{"How many days of annual leave do employees get?", "What is the remote work policy?",
		"How are expense claims submitted?", "What is the business travel policy?"} {
		m.chat.Ask(q)
		until(t, "the answer to "+q, func() bool { text, streaming := m.chat.Answer(); return text != "" && !streaming })
	}
	drain()
	c := f.u.win.Canvas()
	d := fyne.CurrentApp().Driver()
	inTurns := 0
	for _, back := range []bool{false, true} {
		m.focusQuestion()
		f.u.ring.Follow()
		for stop := 1; stop <= 40; stop++ {
			if back {
				c.FocusPrevious()
			} else {
				c.FocusNext()
			}
			f.u.ring.Follow()
			drain()
			f.u.ring.Follow()
			focused := c.Focused()
			o, ok := focused.(fyne.CanvasObject)
			if !ok {
				t.Fatalf("stop %d: the keyboard is on %T", stop, focused)
			}
			where := fmt.Sprintf("stop %d (back %v): %T", stop, back, focused)
			if _, _, shown := f.u.ring.Ring(); !shown && !drawsItsOwnFocus(focused) {
				t.Errorf("%s shows no focus", where)
			}
			if m.chat.InTurns(o) {
				inTurns++
				list := m.chat.TurnList()
				top, at := d.AbsolutePositionForObject(list).Y, d.AbsolutePositionForObject(o).Y
				if at < top || at+o.Size().Height > top+list.Size().Height {
					t.Errorf("%s at %.0f–%.0f is out of the turns' sight (%.0f–%.0f)", where, at, at+o.Size().Height, top,
						top+list.Size().Height)
				}
			}
		}
	}
	if inTurns < 5 {
		t.Errorf("only %d stops were controls of turns: the test reached too few", inTurns)
	}
}

// drawsItsOwnFocus says whether f is a text box, whose border shows the focus.
func drawsItsOwnFocus(f fyne.Focusable) bool {
	_, entry := f.(interface{ CursorTextOffset() int })
	return entry
}
