package conversation

import (
	"fyne.io/fyne/v2"

	"lectern/app/explain"
)

// switchBranch shows the version step places from turn turnID (the pager's ‹ and ›, Alt+Left and
// Alt+Right), with the turns that followed it; the keyboard stays on the pager of that question.
// Not while an answer streams: the turns shown are the ones it goes after.
func (c *Pane) switchBranch(turnID int64, step int) {
	if c.streaming != nil {
		c.errs.SetError(explain.Checkf("Wait for the answer to end, or stop it, to see another version."))
		return
	}
	convID, at := c.conv.ID, c.index(turnID)
	focused := c.turnFocused() >= 0
	go func() {
		turns, err := c.store.Versions.SwitchBranch(c.lf.Ctx, turnID, step)
		c.lf.Do(func() {
			if c.conv.ID != convID || c.streaming != nil {
				return
			}
			c.errs.SetError(err)
			if err != nil {
				return
			}
			c.cancelEdit()
			c.showTurns(turns)
			if at < 0 || at >= len(turns) {
				return
			}
			c.follow = false
			c.list.ScrollTo(at)
			if focused {
				c.win.Canvas().Focus(c.view(at).pager.toward(step))
			}
		})
	}()
}

// SwitchVersion shows the version step places (-1, 1) from a question's: the question of the turn
// the keyboard is in (one of its buttons), else, from the question box or anywhere else, the
// newest question shown that has other versions. It does nothing when there is none.
func (c *Pane) SwitchVersion(step int) {
	i := c.turnFocused()
	if i < 0 {
		for j := len(c.turns) - 1; j >= 0; j-- {
			if c.turns[j].Branch.Branched() {
				i = j
				break
			}
		}
	}
	if i >= 0 {
		c.switchBranch(c.turns[i].ID, step)
	}
}

// turnFocused is the index of the turn whose control has the keyboard, -1 when none has: the turn
// whose row, on screen, holds the focused object.
func (c *Pane) turnFocused() int {
	f, ok := c.win.Canvas().Focused().(fyne.CanvasObject)
	if !ok || f == nil || !c.InTurns(f) {
		return -1
	}
	d := fyne.CurrentApp().Driver()
	at := d.AbsolutePositionForObject(f)
	for i, t := range c.turns {
		v, ok := c.views[t.ID]
		if !ok || !v.row.Visible() {
			continue
		}
		top, size := d.AbsolutePositionForObject(v.row), v.row.Size()
		if at.Y >= top.Y && at.Y < top.Y+size.Height && at.X >= top.X && at.X < top.X+size.Width {
			return i
		}
	}
	return -1
}
