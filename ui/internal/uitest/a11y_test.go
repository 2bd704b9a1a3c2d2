package uitest

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// silent is a custom widget (its type is Lectern's) that says nothing to a screen reader.
type silent struct{ widget.BaseWidget }

func (s *silent) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(widget.NewButtonWithIcon("", theme.DeleteIcon(), nil))
}

// The walk finds what a screen reader could not name, inside lists and custom widgets, and
// leaves labelled, hidden and holding objects alone.
func TestAccessibilityWalkFindsUnlabelledControls(t *testing.T) {
	test.NewTempApp(t)
	s := &silent{}
	s.ExtendBaseWidget(s)
	hidden := widget.NewButtonWithIcon("", theme.CancelIcon(), nil)
	hidden.Hide()
	list := widget.NewList(func() int { return 1 }, func() fyne.CanvasObject { return widget.NewCheck("", nil) },
		func(widget.ListItemID, fyne.CanvasObject) {})
	root := container.NewVBox(widget.NewButton("Send", nil), widget.NewLabel(""), hidden, s,
		widget.NewButtonWithIcon("", theme.SearchIcon(), nil), container.NewGridWrap(fyne.NewSize(100, 100), list))
	w := test.NewWindow(root)
	defer w.Close()
	w.Resize(fyne.NewSize(400, 600))
	got := strings.Join(Unlabelled(w.Content()), "\n")
	for _, want := range []string{
		"uitest.silent: not fyne.Accessible",
		"uitest.silent > widget.Button: an icon-only widget.Button",
		"fyne.Container > widget.Button: an icon-only widget.Button: a screen reader would say its icon's file name \"foreground_search.svg\"",
		"widget.List", "widget.Check: not fyne.Accessible",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the walk did not report %q; it reported:\n%s", want, got)
		}
	}
	if n := len(Unlabelled(w.Content())); n != 4 {
		t.Errorf("%d reports, want 4 (the silent widget, two icon-only buttons, the check):\n%s", n, got)
	}
}
