package conversation

import (
	"context"
	"testing"

	"lectern/app/records"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Issue 35: Edit takes the box from the draft being written; Esc gives it back, the caret at its
// end. A question sent empties the box and its draft.
func TestEditGivesTheDraftBackWhenCancelled(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	turn := ask(t, c, "How many days of annual leave do employees get?")
	test.Type(c.input, "And for part-time staff?")
	test.Tap(c.views[turn.ID].edit)
	if c.input.Text != turn.Question {
		t.Fatalf("Edit put %q in the box", c.input.Text)
	}
	c.input.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	until(t, "the draft back after Esc", func() bool { return c.input.Text == "And for part-time staff?" })
	if c.input.CursorTextOffset() != len("And for part-time staff?") {
		t.Errorf("the caret is at %d, not at the draft's end", c.input.CursorTextOffset())
	}

	c.input.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	until(t, "the second answer", func() bool { return c.streaming == nil && len(c.turns) == 2 })
	c.KeepDraft()
	if text, err := f.app.Conversations().Draft(context.Background(), records.DraftOf(c.conv)); err != nil || text != "" {
		t.Errorf("after sending, the conversation's draft is %q (%v)", text, err)
	}
}

// Issue 35: Retry took the keyboard from the question box (a tapped button takes it from every
// control), and asking an answered question again went through the box, putting the draft there
// in its place. Retry (another version of the turn, in its place) leaves the draft and gives the
// keyboard back to the box.
func TestRetryKeepsTheDraftAndTheKeyboard(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	turn := ask(t, c, "How many days of annual leave do employees get?")
	c.win.Canvas().Focus(c.input)
	test.Type(c.input, "And for part-time staff?")
	test.Tap(c.views[turn.ID].retry)
	until(t, "the question asked again", func() bool {
		return c.streaming == nil && len(c.turns) == 1 && c.turns[0].ID != turn.ID && c.turns[0].Branch.Index == 2
	})
	if c.input.Text != "And for part-time staff?" {
		t.Errorf("after Retry the box holds %q", c.input.Text)
	}
	if c.win.Canvas().Focused() != c.input {
		t.Errorf("after Retry the keyboard is on %T", c.win.Canvas().Focused())
	}
}
