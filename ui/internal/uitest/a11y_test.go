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

// group is a custom widget holding inner, saying label with role.
type group struct {
	widget.BaseWidget
	role  fyne.AccessibleRole
	inner fyne.CanvasObject
}

func newGroup(role fyne.AccessibleRole, inner fyne.CanvasObject) *group {
	g := &group{role: role, inner: inner}
	g.ExtendBaseWidget(g)
	return g
}

func (g *group) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(g.inner) }

func (g *group) AccessibilityLabel() string { return "a card, " + string(g.role) }

func (g *group) AccessibilityRole() fyne.AccessibleRole { return g.role }

// A custom widget with the container role is reported where Fyne's reader would reach it (it
// skips its label and does not go in), and not inside a custom widget read as a whole.
func TestAccessibilityWalkFindsAWidgetReadAsNothing(t *testing.T) {
	test.NewTempApp(t)
	outer := newGroup(fyne.AccessibleRoleContainer, widget.NewButton("Save", nil))
	whole := newGroup(fyne.AccessibleRoleText, newGroup(fyne.AccessibleRoleContainer, widget.NewButton("Open", nil)))
	got := Unlabelled(container.NewVBox(outer, whole))
	if len(got) != 1 || !strings.HasPrefix(got[0], "fyne.Container > uitest.group: a custom widget with the container role") {
		t.Errorf("the walk reported:\n%s", strings.Join(got, "\n"))
	}
}
