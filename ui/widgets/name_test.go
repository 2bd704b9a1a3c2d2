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
// the whole name, and leaving hides it again. A name that fits shows no pop-up.
func TestNameLabelCutsAndShowsTheWholeNameOnHover(t *testing.T) {
	test.NewTempApp(t)
	name := strings.Repeat("Quarterly-report-", 118)
	l := NewNameLabel(name)
	w := test.NewWindow(container.NewVBox(l))
	t.Cleanup(w.Close)
	w.Resize(fyne.NewSize(300, 200))
	if min := l.MinSize(); min.Width > 100 || min.Height > 2*NewNameLabel("x").MinSize().Height {
		t.Fatalf("a 2,000-character name needs %v", min)
	}
	if !l.Cut() {
		t.Fatal("the name is not reported as cut")
	}
	l.MouseIn(nil)
	overlay := w.Canvas().Overlays().Top()
	if overlay == nil || !strings.Contains(labelTexts(overlay), name) {
		t.Fatal("resting on the name shows no pop-up with the whole name")
	}
	if s := overlay.Size(); s.Width > 300 || s.Height > 200 {
		t.Fatalf("the pop-up is %v, larger than the window", s)
	}
	l.MouseOut()
	if w.Canvas().Overlays().Top() != nil {
		t.Fatal("the pop-up stayed after the pointer left")
	}
	short := NewNameLabel("Short")
	w.SetContent(container.NewVBox(short))
	short.MouseIn(nil)
	if w.Canvas().Overlays().Top() != nil {
		t.Fatal("a name that fits showed a pop-up")
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
