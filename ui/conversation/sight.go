package conversation

// answerSight is the part of turn v's answer in sight, in the answer's own coordinates, while
// the list is where the pane last scrolled it to its end (a streaming answer followed, or a
// conversation just opened): the newest turn then ends where the list's content ends. Otherwise
// ok is false and the whole answer is listed, as before: widget.List tells neither its rows'
// places nor when it scrolls. The answer asks at each frame (markdown.View.SetSight), so a
// scroll up shows every block at once. A view's height is kept as a margin on either side, for
// rows measured again between the pane's scroll and the frame.
func (c *Pane) answerSight(v *turnView) (top, bottom float32, ok bool) {
	n := len(c.turns)
	offset := c.list.GetScrollOffset()
	if n == 0 || c.turns[n-1].ID != v.turn.ID || c.views[v.turn.ID] != v || offset <= 0 || offset < c.autoAt-1 || offset > c.autoAt+1 {
		return 0, 0, false
	}
	height := c.list.Size().Height
	rowTop := c.autoEnd - v.row.Size().Height // in the list's content
	answerTop := rowTop + v.root.Position().Y + v.answer.Position().Y - offset
	return -answerTop - height, height - answerTop + height, true
}
