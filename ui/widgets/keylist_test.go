package widgets

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func TestKeyListArrowsMoveEnterOpens(t *testing.T) {
	test.NewTempApp(t)
	var opened []widget.ListItemID
	l := NewKeyList(func() int { return 5 }, func() fyne.CanvasObject { return widget.NewLabel("row") },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(fmt.Sprint("row ", id)) },
		func(id widget.ListItemID) { opened = append(opened, id) })
	before := widget.NewButton("before", nil)
	w := test.NewWindow(container.NewBorder(before, nil, nil, nil, l))
	defer w.Close()
	w.Resize(fyne.NewSize(200, 400))
	l.Select(2)
	opened = nil
	c := w.Canvas()
	c.Focus(before)
	c.FocusNext()
	if c.Focused() != l || !l.HasFocusFrame() {
		t.Fatalf("Tab after the button focused %T (frame shown: %v), want the list", c.Focused(), l.HasFocusFrame())
	}
	l.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	l.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if len(opened) != 0 {
		t.Fatalf("the arrows opened rows %v", opened)
	}
	l.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	l.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	l.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if fmt.Sprint(opened) != "[4 3]" {
		t.Errorf("Down, Down from row 2, Enter, Up, Space opened %v, want [4 3]", opened)
	}
	c.FocusPrevious()
	if l.HasFocusFrame() {
		t.Error("the focus frame stayed after the list lost the keyboard")
	}
}

func TestForwardKeyHandsF6ToTheWindow(t *testing.T) {
	test.NewTempApp(t)
	box, filter := NewComposer(), NewFilterEntry("filter", nil)
	w := test.NewWindow(container.NewVBox(filter, box))
	defer w.Close()
	var got []fyne.KeyName
	w.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) { got = append(got, k.Name) })
	box.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF6})
	filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF6})
	test.Type(box, "x")
	if fmt.Sprint(got) != "[F6 F6]" || box.Text != "x" {
		t.Errorf("the window saw %v, the box holds %q", got, box.Text)
	}
}
