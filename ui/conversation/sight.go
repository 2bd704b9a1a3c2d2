package conversation

import "fyne.io/fyne/v2/theme"

// answerSight is the part of turn v's answer in sight, in the answer's own coordinates, worked out
// from the list's scroll offset and the heights the pane gave its rows, which widget.List lays out
// one under the other with a padding after each (it tells neither its rows' places nor when it
// scrolls). The answer asks at each frame (markdown.View.SetSight), so a scroll shows the blocks
// it brings into sight in the frame it is drawn; a long answer scrolled away from its end while it
// streams walks only its blocks in sight too. A view's height is kept as a margin on either
// side, for rows measured again between a scroll and the frame. ok is false (every block listed)
// when v is not one of the turns shown.
func (c *Pane) answerSight(v *turnView) (top, bottom float32, ok bool) {
	i := c.index(v.turn.ID)
	if i < 0 || c.views[v.turn.ID] != v {
		return 0, 0, false
	}
	height := c.list.Size().Height
	answerTop := c.rowTop(i) + v.root.Position().Y + v.answer.Position().Y - c.list.GetScrollOffset()
	return -answerTop - height, height - answerTop + height, true
}

// setRowHeight gives row i of the list the height h, and notes it for rowTop.
func (c *Pane) setRowHeight(i int, h float32) {
	c.rowHeights[i] = h
	c.list.SetItemHeight(i, h)
}

// rowTop is where row i starts in the list's content: the rows above it, each followed by the
// theme's padding, as widget.List places them (a row given no height has the template's, 0).
func (c *Pane) rowTop(i int) float32 {
	pad := c.list.Theme().Size(theme.SizeNamePadding)
	y := float32(0)
	for k := range i {
		y += c.rowHeights[k] + pad
	}
	return y
}

// scrolledAway says whether the reader moved the view up from the end where the pane last left it
// (scrollToEnd). A list that got shorter (rows measured smaller than estimated) also moves its
// offset up, but stays at its end: that is not the reader.
func (c *Pane) scrolledAway() bool {
	offset := c.list.GetScrollOffset()
	end := c.rowTop(c.list.Length()) - c.list.Theme().Size(theme.SizeNamePadding) - c.list.Size().Height
	return offset < c.autoAt-1 && offset < end-1
}
