package documents

import (
	"testing"

	"fyne.io/fyne/v2"
)

// In a narrow panel (280), the count under the table is shown whole after a
// filter changes its words, and the line ends inside the panel; when a long count leaves no room
// for Ask this document's label, the button shows its icon alone rather than being cut (issue
// 20: the line's widths were those of the words before the filter).
func TestCountLineFitsItsWords(t *testing.T) {
	f := newFixture(t, nil)
	f.show("Operations")
	f.win.Resize(fyne.NewSize(280, 600))
	uiQueue.Drain()
	v := f.v
	for _, q := range []string{"", "returns", "help", ""} {
		v.SetFilter(q)
		uiQueue.Drain()
		end := fyne.CurrentApp().Driver().AbsolutePositionForObject(v.actions).X + v.actions.Size().Width
		t.Logf("filter %q: %q is %.0f wide (%.0f shows it whole); Ask labelled: %v", q, v.shown.Text, v.shown.Size().Width,
			v.shownWidth(), v.askDoc.Labelled())
		if v.shown.Size().Width < v.shownWidth()-0.5 {
			t.Errorf("filter %q: %q is given %.0f, %.0f shows it whole", q, v.shown.Text, v.shown.Size().Width, v.shownWidth())
		}
		if end > 280 {
			t.Errorf("filter %q: the line under the table ends at %.0f of 280", q, end)
		}
	}
}

// The table moves up into the room of a limits bar that went with the workspace that had one:
// the header kept that room, blank, when the next workspace had no bar (issue 20's screenshot 03).
func TestHeaderGivesBackTheLimitsBarsRoom(t *testing.T) {
	f := newFixture(t, nil)
	f.show("My documents")
	uiQueue.Until(t, "the limits bar", f.v.LimitsShown)
	uiQueue.Drain()
	withBar := f.v.body.Position().Y
	f.show("Leadership team")
	uiQueue.Drain()
	if f.v.LimitsShown() {
		t.Fatal("limits shown for a shared workspace")
	}
	without := f.v.body.Position().Y
	t.Logf("the table starts at %.0f under a limits bar, at %.0f without", withBar, without)
	if bar := f.v.limits.root.MinSize().Height; without > withBar-bar+1 {
		t.Errorf("without the limits bar (%.0f high) the table starts at %.0f, under it at %.0f", bar, without, withBar)
	}
}
