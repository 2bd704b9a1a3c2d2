package documents

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"lectern/ui/widgets"
)

// A cell follows the pointer for its table: Fyne gives the pointer to the topmost object that
// follows it, so a cell that does takes it from the table, and hands every move on (the table
// marks the cell under the pointer). While the pointer rests on a text cut with "…", the window's
// tips show all of it: a name of any length is one line in the table, and whole on hover.

var _ desktop.Hoverable = (*docCell)(nil)

// MouseIn hands the pointer on to the table and shows the cell's whole text when it is cut.
func (c *docCell) MouseIn(ev *desktop.MouseEvent) {
	if c.table != nil {
		c.table.MouseIn(c.onTable(ev))
	}
	if tips := c.tips(); tips != nil && c.label.Visible() && c.text != c.label.Text {
		tips.Show(c, strings.TrimSpace(c.text), c.label.TextStyle)
	}
}

// MouseMoved hands the move on to the table.
func (c *docCell) MouseMoved(ev *desktop.MouseEvent) {
	if c.table != nil {
		c.table.MouseMoved(c.onTable(ev))
	}
}

// MouseOut hides the cell's tip and tells the table the pointer left the cell.
func (c *docCell) MouseOut() {
	c.hideTip()
	if c.table != nil {
		c.table.MouseOut()
	}
}

// hideTip hides the tip of this cell, if it shows one (its text is about to change, or the
// pointer left).
func (c *docCell) hideTip() {
	if tips := c.tips(); tips != nil {
		tips.Hide(c)
	}
}

// tips are the tips of the window the cell is in; nil before it is shown.
func (c *docCell) tips() *widgets.Tips {
	return widgets.TipsOf(fyne.CurrentApp().Driver().CanvasForObject(c))
}

// onTable is ev with its position in the table's coordinates.
func (c *docCell) onTable(ev *desktop.MouseEvent) *desktop.MouseEvent {
	d := fyne.CurrentApp().Driver()
	out := *ev
	out.Position = ev.AbsolutePosition.Subtract(d.AbsolutePositionForObject(c.table))
	return &out
}

// cellMaker returns the table's CreateCell: cells that follow the pointer for table.
func cellMaker(table func() *widget.Table) func() fyne.CanvasObject {
	return func() fyne.CanvasObject {
		c := newDocCell().(*docCell)
		c.table = table()
		return c
	}
}
