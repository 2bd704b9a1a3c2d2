package conversation

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// markFor is how long a turn opened from a search stays marked.
const markFor = 2 * time.Second

// markTurn marks turn id, just opened from a search, for markFor: the eye finds the turn the
// words were in. The mark is a rectangle under the turn in its row (newTurnRow), painted in the
// selection's colour (paintMark).
func (c *Pane) markTurn(id int64) {
	c.marked = id
	if i := c.index(id); i >= 0 {
		c.list.RefreshItem(i)
	}
	time.AfterFunc(markFor, func() {
		c.lf.Do(func() {
			if c.marked != id {
				return // another turn was marked since
			}
			c.marked = 0
			if i := c.index(id); i >= 0 {
				c.list.RefreshItem(i)
			}
		})
	})
}

// paintMark paints the rectangle under turn id while that turn is marked, nothing otherwise.
func (c *Pane) paintMark(s *canvas.Rectangle, id int64) {
	var want color.Color = color.Transparent
	if id != 0 && id == c.marked {
		want = theme.Color(theme.ColorNameSelection)
	}
	if s.FillColor != want {
		s.FillColor = want
		s.Refresh()
	}
}

// MarkedTurn is the turn marked now (opened from a search a moment ago), 0 for none.
func (c *Pane) MarkedTurn() int64 { return c.marked }

// TurnInSight says whether turn id is drawn, at least in part, in the visible part of the list
// of turns (a test's question: is the conversation shown at that turn).
func (c *Pane) TurnInSight(id int64) bool {
	v, ok := c.views[id]
	if !ok || !c.list.Visible() {
		return false
	}
	d := fyne.CurrentApp().Driver()
	at := d.AbsolutePositionForObject(v.row)
	if at == (fyne.Position{}) { // not on the canvas: its row was given to another turn
		return false
	}
	top := at.Y - d.AbsolutePositionForObject(c.list).Y
	return top < c.list.Size().Height && top+v.row.Size().Height > 0
}
