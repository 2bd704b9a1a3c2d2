package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app/connection"
)

// The status bar never makes the window wider than 640 px: in the real window, with three uploads,
// a date in "Updated" and the Refresh and Settings buttons, it asked 653 px (openbox then kept
// the window wider than the 640×480 the small-window checks ask for). "Updated" gives way first;
// the controls keep their words, and nothing lies on top of its neighbour.
func TestStatusBarGivesWayInANarrowWindow(t *testing.T) {
	test.NewTempApp(t)
	day := time.Date(2026, 3, 9, 10, 23, 0, 0, time.UTC)
	s := newStatusBar(func() time.Time { return day.Add(72 * time.Hour) })
	strip := widget.NewLabel("Uploading “quarterly report.pdf” 3 of 7") // as the uploads' strip, it shortens
	strip.Truncation = fyne.TextTruncateEllipsis
	s.setCenter(strip)
	s.addEnd(widget.NewButton("Uploads (3 running)", nil))
	s.addTail(widget.NewButton("Refresh", nil), widget.NewButton("Settings", nil))
	s.set(connection.Connection{State: connection.ConnOnline, LastSynced: day}, "https://qa.example.org", false)
	w := test.NewTempWindow(t, s.root)
	w.SetPadded(false)

	if min := s.root.MinSize().Width; min > 600 {
		t.Errorf("the status bar needs %.0f px, more than a 640 px window can give it", min)
	}
	for _, c := range []struct {
		width float32
		shown bool
	}{{1100, true}, {640, true}, {560, false}, {1100, true}} {
		w.Resize(fyne.NewSize(c.width, 40))
		if s.synced.Visible() != c.shown {
			t.Errorf("at %.0f px wide %q shown: %v", c.width, s.synced.Text, s.synced.Visible())
		}
		line := s.root.(*fyne.Container).Objects[1].(*fyne.Container)
		right := float32(0)
		for _, o := range line.Objects {
			if !o.Visible() {
				continue
			}
			if o.Position().X < right {
				t.Errorf("at %.0f px wide a %T starts at %.0f, inside its neighbour that ends at %.0f", c.width, o, o.Position().X, right)
			}
			right = o.Position().X + o.Size().Width
		}
		if right > c.width+0.5 {
			t.Errorf("at %.0f px wide the line ends at %.0f", c.width, right)
		}
	}
}
