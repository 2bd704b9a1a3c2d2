package conversation

import (
	"context"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
)

// overlaps says how the rows shown of the pane's list are drawn wrong: a part of a turn drawn
// over the next (its height less than it needs at its width), or a row taller than its turn.
func overlaps(c *Pane) []string {
	var out []string
	for _, t := range c.turns {
		v := c.views[t.ID]
		if v == nil || !v.root.Visible() || v.root.Size().Width == 0 {
			continue
		}
		if w := c.list.Size().Width; v.row.Size().Width != w {
			// Laid out again (when a part changes its size), the turn takes this width less its
			// padding: 0 wide, its text ran over the parts under it until the list was scrolled.
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
				out = append(out, fmt.Sprintf("turn %d: part %d (%T) is %.0f high and needs %.0f at %.0f wide", t.ID, i, o, o.Size().Height, need, o.Size().Width))
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

// atEnd says whether the list shows its end: scrolling to the bottom moves it no further.
func atEnd(c *Pane) bool {
	at := c.list.GetScrollOffset()
	c.list.ScrollToBottom()
	end := c.list.GetScrollOffset()
	c.list.ScrollToOffset(at)
	return end-at < 1
}

// Issue 35, item 3: a model chat reopened after a restart drew its last answer line over the
// Details fold, with an empty gap under Retry, until the person scrolled; and it did not open
// scrolled to the end. Opened in a pane of a new core (as after a restart), at the widths a window
// gives it, every turn shown fits its row and the list is at its end once the meter has come.
func TestReopenedModelChatFitsAndOpensAtItsEnd(t *testing.T) {
	f := newFixture(t, fastConfig())
	ctx := context.Background()
	conv, err := f.app.Conversations().NewChat(ctx, "Fast", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"What is a context window? Please explain in detail.",
		"And how large is yours? Tell me more about tiers.", "Summarise our conversation so far in a few lines."} {
		if _, err := f.app.Conversations().Send(ctx, conv.ID, app.Message{Text: m}, app.AskOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	conv, _ = f.app.Conversations().Get(ctx, conv.ID)
	for _, width := range []float32{480, 520, 640, 900} {
		core := f.open() // a new core on the same data: as after a restart
		win := test.NewTempWindow(t, nil)
		c := New(uiQueue.Life(t), core, StoreOf(core.Conversations()), win)
		win.SetContent(c.Root())
		win.Resize(fyne.NewSize(width, 500))
		c.NewConversation() // the window shows a workspace conversation first
		c.Open(conv, 0)
		until(t, "the turns and the meter", func() bool { return len(c.turns) == 3 && c.model.meter.tokens.Visible() })
		drain()
		for _, v := range c.views { // a part of a turn changed its size: the canvas lays its row out again
			row := v.row.(*fyne.Container)
			row.Layout.Layout(row.Objects, row.Size())
		}
		if bad := overlaps(c); len(bad) > 0 {
			t.Errorf("at %.0f wide: %q", width, bad)
		}
		if !atEnd(c) {
			t.Errorf("at %.0f wide the conversation did not open at its end (offset %.0f)", width, c.list.GetScrollOffset())
		}
		// The context meter's line comes once the draft rests, and the list gets shorter: it
		// stays at its end.
		win.Resize(fyne.NewSize(width, 440))
		drain()
		if !atEnd(c) {
			t.Errorf("at %.0f wide, made shorter, the conversation left its end (offset %.0f)", width, c.list.GetScrollOffset())
		}
	}
}
