package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A line of a picker and a ShrinkButton never ends past its width: the picker gets the width that
// shows its choice first, the button its label when there is room left, its icon alone otherwise,
// and the line's least width holds the icon alone.
func TestFitRowGivesThePickerItsChoiceFirst(t *testing.T) {
	test.NewTempApp(t)
	sel := widget.NewSelect([]string{"All documents"}, nil)
	sel.PlaceHolder = " "
	sel.SetSelected("All documents")
	want := float32(160)
	b := NewShrinkButton("Documents", theme.FileIcon(), nil)
	row := container.New(&FitRow{Want: func() float32 { return want }}, sel, b)
	least := row.MinSize().Width
	if full := sel.MinSize().Width + b.PreferredWidth() + theme.Padding(); least >= full {
		t.Errorf("the line's least width %.0f holds the button's label (%.0f): it cannot narrow", least, full)
	}
	for _, width := range []float32{least, want + b.MinSize().Width + theme.Padding(), want + b.PreferredWidth() + theme.Padding(), 600} {
		row.Resize(fyne.NewSize(width, 40))
		end := b.Position().X + b.Size().Width
		labelled := width >= want+b.PreferredWidth()+theme.Padding()
		t.Logf("%.0f wide: picker %.0f, button labelled %v, line ends at %.0f", width, sel.Size().Width, b.Labelled(), end)
		if end > width+0.5 {
			t.Errorf("%.0f wide: the line ends at %.0f", width, end)
		}
		if width > least && sel.Size().Width < min(want, width-b.MinSize().Width-theme.Padding()) {
			t.Errorf("%.0f wide: the picker is %.0f, less than the %.0f that show its choice", width, sel.Size().Width, want)
		}
		if b.Labelled() != labelled {
			t.Errorf("%.0f wide: the button labelled: %v, want %v", width, b.Labelled(), labelled)
		}
	}
}

// A YieldSplit hides its leading side when the width cannot hold both sides at their least
// widths, and shows it again when it can; its least width is the trailing side's.
func TestYieldSplitHidesTheLeadingSide(t *testing.T) {
	test.NewTempApp(t)
	lead, trail := widget.NewLabel("the workspaces' list"), widget.NewLabel("the conversation and its documents panel")
	s := container.NewHSplit(lead, trail)
	c := container.New(YieldSplit{Split: s}, s)
	if got, want := c.MinSize().Width, trail.MinSize().Width; got != want {
		t.Errorf("least width %.0f, want the trailing side's %.0f", got, want)
	}
	both := lead.MinSize().Width + trail.MinSize().Width + 10
	for _, tc := range []struct {
		width float32
		shown bool
	}{{both, true}, {trail.MinSize().Width + 5, false}, {both + 100, true}} {
		c.Resize(fyne.NewSize(tc.width, 100))
		if lead.Visible() != tc.shown {
			t.Errorf("%.0f wide: leading side shown %v, want %v", tc.width, lead.Visible(), tc.shown)
		}
		if !tc.shown && trail.Size().Width < tc.width-0.5 {
			t.Errorf("%.0f wide: the trailing side alone is %.0f wide", tc.width, trail.Size().Width)
		}
	}
}
