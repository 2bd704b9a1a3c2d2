package widgets

import (
	"context"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// Issue 35, item 5: Tab landed on Ask (a primary button, already the focus colour) and on a
// selectable text with nothing to show for it. The ring is drawn around whatever has the keyboard,
// but a text box (which draws its own border); OnFocus hears each move once.
func TestFocusRingShowsWhatHasTheKeyboard(t *testing.T) {
	test.NewTempApp(t)
	box := widget.NewEntry()
	ask := widget.NewButton("Ask", nil)
	ask.Importance = widget.HighImportance
	status := widget.NewLabel("Demo server (built in)")
	status.Selectable = true
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	var heard []fyne.Focusable
	ring := NewFocusRing(w.Canvas(), container.NewVBox(box, ask, status))
	ring.OnFocus = func(f fyne.Focusable) { heard = append(heard, f) }
	w.SetContent(ring.Root())
	w.Resize(fyne.NewSize(400, 300))

	c := w.Canvas()
	c.Focus(box)
	ring.Follow()
	if _, _, shown := ring.Ring(); shown {
		t.Error("a ring around a text box, which draws its own border")
	}
	c.FocusNext() // Tab: Ask
	ring.Follow()
	ring.Follow() // a second look at the same control is not a move
	at, size, shown := ring.Ring()
	d := fyne.CurrentApp().Driver()
	want := d.AbsolutePositionForObject(ask)
	if !shown || at.X > want.X || at.Y > want.Y || at.X+size.Width < want.X+ask.Size().Width ||
		at.Y+size.Height < want.Y+ask.Size().Height {
		t.Errorf("the ring (%v, %v, shown %v) is not around Ask at %v, %v", at, size, shown, want, ask.Size())
	}
	c.FocusNext() // Tab: the selectable text
	ring.Follow()
	if f := c.Focused(); f == nil {
		t.Fatal("Tab left the window")
	}
	if _, _, shown := ring.Ring(); !shown {
		t.Errorf("no ring around %T", c.Focused())
	}
	if len(heard) != 2 || heard[0] != ask {
		t.Errorf("OnFocus heard %d moves: %v", len(heard), heard)
	}
	c.Unfocus()
	ring.Follow()
	if _, _, shown := ring.Ring(); shown {
		t.Error("a ring with nothing focused")
	}
}

// scrolledButtons is 30 buttons in a vertical scroll.
func scrolledButtons() ([]fyne.CanvasObject, *container.Scroll) {
	var buttons []fyne.CanvasObject
	for i := range 30 {
		buttons = append(buttons, widget.NewButton(fmt.Sprint("Button ", i), nil))
	}
	return buttons, container.NewVScroll(container.NewVBox(buttons...))
}

// A control a scroll holds, reached with the keyboard while scrolled out of sight, is scrolled to
// (KeepInView); a control outside the scroll moves nothing.
func TestFocusRingBringsAControlIntoView(t *testing.T) {
	test.NewTempApp(t)
	buttons, scroll := scrolledButtons()
	below := widget.NewButton("Below", nil)
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	ring := NewFocusRing(w.Canvas(), container.NewBorder(nil, below, nil, nil, scroll))
	ring.KeepInView(scroll)
	w.SetContent(ring.Root())
	w.Resize(fyne.NewSize(300, 300))
	d := fyne.CurrentApp().Driver()
	inSight := func(o fyne.CanvasObject) bool {
		top, at := d.AbsolutePositionForObject(scroll).Y, d.AbsolutePositionForObject(o).Y
		return at >= top && at+o.Size().Height <= top+scroll.Size().Height
	}
	target := buttons[25].(*widget.Button)
	if inSight(target) {
		t.Fatal("the test's button is in sight before")
	}
	w.Canvas().Focus(target)
	ring.Follow()
	if !inSight(target) {
		t.Errorf("focused, the button is out of sight (offset %v)", scroll.Offset)
	}
	at := scroll.Offset
	w.Canvas().Focus(below)
	ring.Follow()
	if scroll.Offset != at {
		t.Errorf("a button outside the scroll moved it from %v to %v", at, scroll.Offset)
	}
}

// Watch follows the keyboard in the window's frames, with no timer of its own: a Tab shows the
// ring in the next frame; a control that keeps the keyboard while it moves (its scroll turned) has
// the ring around it again within placeEvery frames; the frames end with the watch's context.
func TestFocusRingFollowsInFrames(t *testing.T) {
	test.NewTempApp(t)
	buttons, scroll := scrolledButtons()
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	ring := NewFocusRing(w.Canvas(), scroll)
	w.SetContent(ring.Root())
	w.Resize(fyne.NewSize(300, 300))
	var frame func() bool
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	ring.Watch(ctx, func(fn func() bool) { frame = fn })
	if frame == nil {
		t.Fatal("Watch asked for no frames")
	}
	around := func(o fyne.CanvasObject) bool {
		at, size, shown := ring.Ring()
		want := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
		return shown && at.X <= want.X && at.Y <= want.Y && at.X+size.Width >= want.X+o.Size().Width &&
			at.Y+size.Height >= want.Y+o.Size().Height
	}
	w.Canvas().Focus(buttons[1].(fyne.Focusable))
	if !frame() || !around(buttons[1]) {
		t.Fatal("the frame after the keyboard moved to a button shows no ring around it")
	}
	scroll.ScrollToOffset(fyne.NewPos(0, 20)) // Fyne tells no one: the ring stays behind for a while
	for range placeEvery {
		frame()
	}
	if !around(buttons[1]) {
		t.Error("the button scrolled with the keyboard on it has no ring around it after a few frames")
	}
	w.Canvas().Unfocus()
	frame()
	if _, _, shown := ring.Ring(); shown {
		t.Error("the ring shows with nothing focused")
	}
	stop()
	if frame() {
		t.Error("the watch goes on after its context ended")
	}
}
