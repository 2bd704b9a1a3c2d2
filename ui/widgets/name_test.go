package widgets

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// A long name takes one line and no more width than it is given; resting the pointer on it shows
// the whole name in the window's tips, moving on it keeps the tip (a pop-up took the pointer from
// the label and hid itself at the next move), and leaving hides it. A name that fits shows no tip.
func TestNameLabelCutsAndShowsTheWholeNameOnHover(t *testing.T) {
	test.NewTempApp(t)
	name := strings.Repeat("Quarterly-report-", 118)
	l := NewNameLabel(name)
	other := widget.NewLabel("elsewhere")
	tips := NewTips(container.NewVBox(l, other))
	w := test.NewWindow(tips.Root())
	t.Cleanup(w.Close)
	w.Resize(fyne.NewSize(300, 200))
	if min := l.MinSize(); min.Width > 100 || min.Height > 2*NewNameLabel("x").MinSize().Height {
		t.Fatalf("a 2,000-character name needs %v", min)
	}
	if !l.Cut() {
		t.Fatal("the name is not reported as cut")
	}
	c := w.Canvas()
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(l)
	test.MoveMouse(c, at.AddXY(10, 5))
	if tips.Shown() != name {
		t.Fatal("resting on the name shows no tip with the whole name")
	}
	if s := tips.size; s.Width > 300 || s.Height > 200 || tips.at.X+s.Width > 300 {
		t.Fatalf("the tip is %v at %v, beyond the window", s, tips.at)
	}
	test.MoveMouse(c, at.AddXY(30, 8))
	if tips.Shown() != name {
		t.Fatal("the tip went away while the pointer moved on the name")
	}
	test.MoveMouse(c, fyne.CurrentApp().Driver().AbsolutePositionForObject(other).AddXY(5, 5))
	if tips.Shown() != "" {
		t.Fatal("the tip stayed after the pointer left")
	}
	short := NewNameLabel("Short")
	tips = NewTips(container.NewVBox(short))
	w.SetContent(tips.Root())
	test.MoveMouse(c, fyne.CurrentApp().Driver().AbsolutePositionForObject(short).AddXY(5, 5))
	if tips.Shown() != "" {
		t.Fatal("a name that fits showed a tip")
	}
}

// labelTexts joins the texts of the labels under o.
func labelTexts(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Label:
		return x.Text
	case *fyne.Container:
		var b strings.Builder
		for _, c := range x.Objects {
			b.WriteString(labelTexts(c))
		}
		return b.String()
	case fyne.Widget:
		var b strings.Builder
		for _, c := range test.WidgetRenderer(x).Objects() {
			b.WriteString(labelTexts(c))
		}
		return b.String()
	}
	return ""
}
