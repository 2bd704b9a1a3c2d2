package conversation

import (
	"fyne.io/fyne/v2"

	"lectern/ui/widgets"
)

// Reveal scrolls the turns so that f, a control of a turn (its Retry, a source chip, a card's
// button), is in sight: the keyboard moved there with Tab, and a control of a turn scrolled out of
// view was reached with nothing on the screen following it (issue 35). Other controls are left
// where they are.
func (c *Pane) Reveal(f fyne.Focusable) {
	if o, ok := f.(fyne.CanvasObject); ok && c.InTurns(o) {
		c.scrolling().BringIntoView(o)
	}
}

// InTurns says whether o is in the list of turns (widgets.Scrolling.Holds).
func (c *Pane) InTurns(o fyne.CanvasObject) bool {
	return c.list.Visible() && len(c.turns) > 0 && c.scrolling().Holds(o)
}

// scrolling is the list of turns as a scroll.
func (c *Pane) scrolling() widgets.Scrolling {
	return widgets.Scrolling{Area: c.list, Offset: c.list.GetScrollOffset, ScrollTo: c.list.ScrollToOffset}
}
