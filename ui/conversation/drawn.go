package conversation

import (
	"fmt"

	"fyne.io/fyne/v2"
)

// Misdrawn says how the turns shown are drawn wrong, for tests and the real-window probe: a row
// not as wide as the list, a part of a turn less tall than it needs at its width (drawn over the
// part under it) or running over the next, a turn drawn taller than it needs (a gap under it);
// nil when every turn shown fits its row (issue 35: a reopened model chat drew its last answer
// line over the Details fold).
func (c *Pane) Misdrawn() []string {
	var out []string
	for _, t := range c.turns {
		v := c.views[t.ID]
		if v == nil || !v.root.Visible() || v.fitWidth != c.list.Size().Width {
			continue // not built, or not shown at this width (a row shows it once measured at it)
		}
		if w := c.list.Size().Width; v.row.Size().Width != w {
			out = append(out, fmt.Sprintf("turn %d: its row is %.0f wide in a list %.0f wide", t.ID, v.row.Size().Width, w))
		}
		var shown []fyne.CanvasObject
		for _, o := range v.root.Objects {
			if o.Visible() {
				shown = append(shown, o)
			}
		}
		for i, o := range shown {
			if need := o.MinSize().Height; o.Size().Height+0.5 < need {
				out = append(out, fmt.Sprintf("turn %d: part %d (%T) is %.0f high and needs %.0f at %.0f wide", t.ID, i, o,
					o.Size().Height, need, o.Size().Width))
			}
			if i+1 < len(shown) && o.Position().Y+o.Size().Height > shown[i+1].Position().Y+0.5 {
				out = append(out, fmt.Sprintf("turn %d: part %d (%T) runs over the next", t.ID, i, o))
			}
		}
		if need := v.root.MinSize().Height; v.root.Size().Height > need+0.5 {
			out = append(out, fmt.Sprintf("turn %d: drawn %.0f high, needs %.0f: a gap under it", t.ID, v.root.Size().Height, need))
		}
	}
	return out
}

// AtEnd says whether the list of turns shows its end: scrolled to its bottom, it moves no
// further (it is scrolled there and back, in one go on the UI goroutine).
func (c *Pane) AtEnd() bool {
	at := c.list.GetScrollOffset()
	c.list.ScrollToBottom()
	end := c.list.GetScrollOffset()
	c.list.ScrollToOffset(at)
	return end-at < 1
}
