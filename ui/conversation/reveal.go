package conversation

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Reveal scrolls the turns so that f, a control of a turn (its Retry, a source chip, a card's
// button), is in sight: the keyboard moved there with Tab, and a control of a turn scrolled out of
// view was reached with nothing on the screen following it (issue 35). Other controls are left
// where they are.
func (c *Pane) Reveal(f fyne.Focusable) {
	o, ok := f.(fyne.CanvasObject)
	if !ok || !c.InTurns(o) {
		return
	}
	d := fyne.CurrentApp().Driver()
	at, height, pad := c.list.GetScrollOffset(), c.list.Size().Height, theme.Padding()
	top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(c.list).Y + at
	bottom := top + o.Size().Height
	switch {
	case bottom-top > height || top < at:
		c.list.ScrollToOffset(max(0, top-pad))
	case bottom > at+height:
		c.list.ScrollToOffset(bottom - height + pad)
	}
}

// InTurns says whether o is in the list of turns: whether it moves when the list scrolls. Fyne
// tells no object's parent, and a turn's control scrolled out of view lies where the pickers
// above the list do, so the list is scrolled by one unit and back, in one go on the UI goroutine
// (nothing is drawn between), to see. A list too short to scroll shows every turn whole.
func (c *Pane) InTurns(o fyne.CanvasObject) bool {
	if !c.list.Visible() || len(c.turns) == 0 {
		return false
	}
	d := fyne.CurrentApp().Driver()
	at := c.list.GetScrollOffset()
	before := d.AbsolutePositionForObject(o)
	probe := at - 1
	if at < 1 {
		probe = at + 1
	}
	c.list.ScrollToOffset(probe)
	moved := c.list.GetScrollOffset() != at && d.AbsolutePositionForObject(o) != before
	c.list.ScrollToOffset(at)
	return moved
}
