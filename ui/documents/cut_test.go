package documents

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/uitest"
	"lectern/ui/widgets"
)

// In a panel too narrow for the names, a name is shown cut with "…" to its column's width, never cut
// mid-letter at the column's edge (issue 25's rule: uitest.ClippedTexts counts a label narrower
// than its text as clipped), and read whole to a screen reader.
func TestNamesTooLongEndWithAnEllipsis(t *testing.T) {
	f := newFixture(t, nil)
	f.show("My documents")
	f.win.Resize(fyne.NewSize(f.v.root.MinSize().Width+2*theme.Padding(), 600)) // as narrow as the panel goes
	uiQueue.Drain()
	cut := 0
	for _, o := range uitest.Shown(f.v.table.table) {
		c, ok := o.(*docCell)
		if !ok || !c.label.Visible() || c.label.Text == c.text {
			continue
		}
		cut++
		shown := strings.TrimSuffix(c.label.Text, "…")
		if shown == c.label.Text || !strings.HasPrefix(c.text, shown) {
			t.Errorf("%q is shown as %q, not its start and an ellipsis", c.text, c.label.Text)
		}
		whole := widget.NewLabelWithStyle(c.label.Text, c.label.Alignment, c.label.TextStyle) // as the rule measures it
		if need, given := whole.MinSize().Width, c.label.Size().Width; need > given+0.5 {
			t.Errorf("%q is shown as %q, %.0f wide in %.0f", c.text, c.label.Text, need, given)
		}
		if !strings.HasPrefix(c.AccessibilityLabel(), c.text) {
			t.Errorf("%q is read as %q", c.text, c.AccessibilityLabel())
		}
	}
	t.Logf("%d cells cut, name column %.0f", cut, f.v.table.nameWidth)
	if cut == 0 {
		t.Fatal("no name is cut in the narrowest panel: the test shows nothing")
	}
}

// Resting the pointer on a name cut with "…" shows the whole name in the window's tips, moving to
// a cell that is not cut (a status) hides it, and a click on the cell under the tip still selects its row
// (issue 24: "the whole name on hover").
func TestCutNameShowsWholeOnHover(t *testing.T) {
	f := newFixture(t, nil)
	tips := widgets.NewTips(f.v.Root())
	f.win.SetContent(tips.Root())
	f.show("My documents")
	f.win.Resize(fyne.NewSize(f.v.root.MinSize().Width+2*theme.Padding(), 600))
	uiQueue.Drain()
	var cut, whole *docCell
	for _, o := range uitest.Shown(f.v.table.table) {
		c, ok := o.(*docCell)
		switch {
		case !ok:
		case c.label.Visible() && c.text != "" && c.label.Text != c.text:
			cut = c
		case !c.label.Visible() || c.label.Text == c.text: // a status, or a text that fits
			whole = c
		}
	}
	if cut == nil || whole == nil {
		t.Fatalf("the narrow panel shows no cut name (%v) or no whole one (%v)", cut != nil, whole != nil)
	}
	d, c := fyne.CurrentApp().Driver(), f.win.Canvas()
	middle := func(o fyne.CanvasObject) fyne.Position {
		return d.AbsolutePositionForObject(o).AddXY(10, o.Size().Height/2)
	}
	test.MoveMouse(c, middle(cut))
	if got := tips.Shown(); got != strings.TrimSpace(cut.text) {
		t.Fatalf("resting on %q shows the tip %q", cut.label.Text, got)
	}
	test.MoveMouse(c, middle(whole))
	if got := tips.Shown(); got != "" {
		t.Fatalf("the tip %q stayed on a text shown whole", got)
	}
	test.MoveMouse(c, middle(cut))
	test.TapCanvas(c, middle(cut))
	if !f.v.DetailsShown() {
		t.Fatal("a click on a cell with its tip shown did not select the row")
	}
}
