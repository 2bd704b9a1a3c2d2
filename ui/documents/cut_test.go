package documents

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/uitest"
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
