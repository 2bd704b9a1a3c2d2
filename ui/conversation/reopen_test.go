package conversation

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
)

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
		if bad := c.Misdrawn(); len(bad) > 0 {
			t.Errorf("at %.0f wide: %q", width, bad)
		}
		if !c.AtEnd() {
			t.Errorf("at %.0f wide the conversation did not open at its end (offset %.0f)", width, c.list.GetScrollOffset())
		}
		// The context meter's line comes once the draft rests, and the list gets shorter: it
		// stays at its end.
		win.Resize(fyne.NewSize(width, 440))
		drain()
		if !c.AtEnd() {
			t.Errorf("at %.0f wide, made shorter, the conversation left its end (offset %.0f)", width, c.list.GetScrollOffset())
		}
	}
}
