package conversation

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// A finished answer with a table (the demo's Finance question) gets a row of the height its turn
// needs: no gap below it, and its action buttons inside the row (issue 20: a Finance turn was
// drawn with a gap and no action buttons). Checked at the pane's width and again after the window
// narrows, when the table wraps differently.
func TestFinishedTableTurnFitsItsRow(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "Finance")
	turn := ask(t, c, "What is the total revenue by region?")
	v := c.views[turn.ID]
	if v == nil {
		t.Fatal("the finished turn has no view")
	}
	checkRowFits(t, c, v, "at 900 px")
	c.Root().Resize(fyne.NewSize(560, 600))
	drain()
	checkRowFits(t, c, v, "at 560 px")
}

// checkRowFits checks that turn view v's row is as tall as the turn needs and that its actions
// are shown within it.
func checkRowFits(t *testing.T, c *Pane, v *turnView, where string) {
	t.Helper()
	drain()
	c.list.Refresh()
	drain()
	pad := 2 * theme.Padding()
	row, need := v.row.Size().Height, v.root.MinSize().Height+pad
	if row != need {
		t.Errorf("%s: the row is %.0f px high, the turn needs %.0f px", where, row, need)
	}
	if !v.actions.Visible() || len(v.actions.Objects) == 0 {
		t.Fatalf("%s: the action buttons are hidden", where)
	}
	bottom := v.actions.Position().Y + v.actions.Size().Height
	if v.actions.Size().Height < v.actions.MinSize().Height || bottom > v.root.Size().Height || v.root.Size().Height+pad > row {
		t.Errorf("%s: the actions end at %.0f px in a turn of %.0f px, in a row of %.0f px", where, bottom,
			v.root.Size().Height, row)
	}
}

// A question that fits one line at the pane's width and wraps to two once the pane narrows (the
// documents panel opening) gets a row as tall as its two lines, without the list being refreshed
// (issue 25: the question was drawn in one line's height, cut in half).
func TestQuestionRowFitsWhenThePaneNarrows(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "Finance")
	c.Root().Resize(fyne.NewSize(900, 600))
	drain()
	turn := ask(t, c, "How many days of annual leave do employees get in their first year?")
	v := c.views[turn.ID]
	if v == nil {
		t.Fatal("the finished turn has no view")
	}
	oneLine := v.question.MinSize().Height
	c.Root().Resize(fyne.NewSize(300, 600))
	drain()
	q := v.question
	if q.MinSize().Height <= oneLine {
		t.Fatalf("the question does not wrap at 300 px: %.0f px high, one line is %.0f px", q.MinSize().Height, oneLine)
	}
	if q.Size().Height < q.MinSize().Height {
		t.Errorf("the question is given %.0f px high, it needs %.0f px", q.Size().Height, q.MinSize().Height)
	}
	pad := 2 * theme.Padding()
	if row, need := v.row.Size().Height, v.root.MinSize().Height+pad; row != need {
		t.Errorf("the row is %.0f px high, the turn needs %.0f px", row, need)
	}
}
