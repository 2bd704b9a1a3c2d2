package widgets

import (
	"context"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// FocusRing draws a ring around the control that has the keyboard, over a window's content, and
// tells OnFocus when the keyboard moves, so that the view holding the control can bring it into
// sight. Fyne shows focus by tinting a control with the focus colour, which a primary button
// (already that colour) and a selectable text or a list (not tinted at all) do not show: Tab
// reached them and nothing on the screen moved. A text box draws its own border and gets no ring.
//
// Fyne tells nothing when the keyboard moves (Tab and clicks are handled inside its driver, and
// no widget says when it gains the focus), so Watch looks in each of the window's frames, after the
// frame's input: a move shows in the frame of the Tab or click that made it, and no timer of its
// own wakes the app (the window's loop ticks 60 times a second anyway). While the keyboard is in a
// text box, or on no control, a frame's look costs a comparison.
type FocusRing struct {
	root   *fyne.Container
	ring   *canvas.Rectangle
	canvas fyne.Canvas
	shown  fyne.Focusable // the control the keyboard was on at the last look
	at     fyne.Position  // the ring's place in the layer
	size   fyne.Size
	frames int  // frames looked at since the ring was last placed (Watch)
	moved  bool // the layer was laid out again: the control may have moved (Layout)

	// OnFocus, when set, is called on the UI goroutine with the control the keyboard moved to
	// (not a text box), before the ring is placed around it.
	OnFocus func(f fyne.Focusable)

	scrolls []*container.Scroll // brought to a control they hold that the keyboard moved to (KeepInView)
}

// placeEvery is how many frames apart Watch places the ring again around the same control: a
// scroll or a change of layout moves it, and Fyne tells neither. Placing it walks the window's
// objects (4 to 30 µs); every fourth frame, a control that stays focused in an idle window costs
// at most 30 ms of CPU a minute, and the ring trails a scroll by at most 4 frames.
const placeEvery = 4

// ringGap is the room between a control and its ring; ringWidth the ring's thickness.
const (
	ringGap   = 2
	ringWidth = 2
)

// NewFocusRing lays a layer for the ring over content, the content of the window c shows.
func NewFocusRing(c fyne.Canvas, content fyne.CanvasObject) *FocusRing {
	r := &FocusRing{canvas: c, ring: canvas.NewRectangle(color.Transparent)}
	r.ring.StrokeWidth = ringWidth
	r.ring.CornerRadius = theme.InputRadiusSize() + ringGap
	r.ring.Hide()
	r.root = container.New(r, content, r.ring)
	return r
}

// Root is the layer, to be (or to hold) the window's content.
func (r *FocusRing) Root() fyne.CanvasObject { return r.root }

// SetContent lays the layer over content instead (the window shows another view).
func (r *FocusRing) SetContent(content fyne.CanvasObject) {
	r.root.Objects[0] = content
	r.shown = nil
	r.hide()
	r.root.Refresh()
}

// Watch follows the keyboard in each of frame's frames (a life.Life's Frame: on the UI goroutine,
// after the frame's input) until ctx ends: the ring moves with the control that has the keyboard
// in the frame it got it, and is placed again every placeEvery frames while it stays there, or at
// once when the layer is laid out again (the window resized, or showing another view).
func (r *FocusRing) Watch(ctx context.Context, frame func(fn func() bool)) {
	frame(func() bool {
		if ctx.Err() != nil {
			return false
		}
		r.frames++
		f := r.canvas.Focused()
		moved := f != r.shown
		if !moved && (f == nil || drawsOwnFocus(f)) {
			return true // no ring to place
		}
		if moved || r.moved || r.frames >= placeEvery {
			r.Follow()
		}
		return true
	})
}

// Follow looks at the control that has the keyboard and draws the ring around it, or hides the
// ring; a control newly focused is first handed to OnFocus (UI goroutine).
func (r *FocusRing) Follow() {
	r.frames, r.moved = 0, false
	f := r.canvas.Focused()
	o, ok := f.(fyne.CanvasObject)
	// A dialog or a pop-up lies over the content, and would hide a ring drawn under it: its
	// controls keep Fyne's tint.
	if !ok || drawsOwnFocus(f) || !o.Visible() || r.canvas.Overlays().Top() != nil {
		r.shown = f
		r.hide()
		return
	}
	if f != r.shown {
		r.shown = f
		r.bringIntoView(o)
		if r.OnFocus != nil {
			r.OnFocus(f)
		}
	}
	d := fyne.CurrentApp().Driver()
	// On whole units, so that the line falls on whole pixels at scale 1 rather than blurred over three.
	at := d.AbsolutePositionForObject(o).Subtract(d.AbsolutePositionForObject(r.root)).
		SubtractXY(ringGap+ringWidth, ringGap+ringWidth)
	at = fyne.NewPos(float32(math.Floor(float64(at.X))), float32(math.Floor(float64(at.Y))))
	size := o.Size().AddWidthHeight(2*(ringGap+ringWidth), 2*(ringGap+ringWidth))
	size = fyne.NewSize(float32(math.Ceil(float64(size.Width))), float32(math.Ceil(float64(size.Height))))
	if r.ring.Visible() && at == r.at && size == r.size {
		return
	}
	r.at, r.size = at, size
	r.ring.StrokeColor = opaque(theme.Color(theme.ColorNameFocus))
	r.ring.Move(at)
	r.ring.Resize(size)
	r.ring.Show()
	r.ring.Refresh() // the ring alone: refreshing the layer would redraw the whole window
}

// KeepInView has the ring scroll s to a control it holds when the keyboard moves there: Fyne's
// scroll does not follow the keyboard, and Tab reached controls scrolled out of sight.
func (r *FocusRing) KeepInView(s *container.Scroll) { r.scrolls = append(r.scrolls, s) }

// bringIntoView scrolls the first of the scrolls that holds o so that o is in sight.
func (r *FocusRing) bringIntoView(o fyne.CanvasObject) {
	for _, s := range r.scrolls {
		v := Scrolling{Area: s, Offset: func() float32 { return s.Offset.Y },
			ScrollTo: func(y float32) { s.ScrollToOffset(fyne.NewPos(s.Offset.X, y)) }}
		if s.Visible() && v.Holds(o) {
			v.BringIntoView(o)
			return
		}
	}
}

// Scrolling is a vertical scroll as the keyboard's ring uses it: a container.Scroll, or a
// widget.List (the conversation's turns), by its area and offset.
type Scrolling struct {
	Area     fyne.CanvasObject // what shows the part in sight
	Offset   func() float32    // how far it is scrolled
	ScrollTo func(y float32)   // scrolls it to y (the scroll keeps y within its content)
}

// Holds says whether o moves when the area scrolls, that is whether the area holds it: it is
// scrolled by one unit and back in one go on the UI goroutine (nothing is drawn between). Fyne
// tells no object's parent, and a control scrolled out of sight lies where others do. An area
// with nothing to scroll shows all it holds.
func (s Scrolling) Holds(o fyne.CanvasObject) bool {
	d := fyne.CurrentApp().Driver()
	at, before := s.Offset(), d.AbsolutePositionForObject(o)
	probe := at - 1
	if at < 1 {
		probe = at + 1
	}
	s.ScrollTo(probe)
	moved := s.Offset() != at && d.AbsolutePositionForObject(o) != before
	s.ScrollTo(at)
	return moved
}

// BringIntoView scrolls the area so that o, which it holds, is in sight (its top, when it is
// taller than the area).
func (s Scrolling) BringIntoView(o fyne.CanvasObject) {
	d := fyne.CurrentApp().Driver()
	at, height, pad := s.Offset(), s.Area.Size().Height, theme.Padding()
	top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(s.Area).Y + at
	bottom := top + o.Size().Height
	switch {
	case bottom-top > height || top < at:
		s.ScrollTo(max(0, top-pad))
	case bottom > at+height:
		s.ScrollTo(bottom - height + pad)
	}
}

// Ring is where the ring is drawn on the canvas, and whether it shows (tests and the harness).
func (r *FocusRing) Ring() (fyne.Position, fyne.Size, bool) {
	layer := fyne.CurrentApp().Driver().AbsolutePositionForObject(r.root) // under the window's menu bar
	return r.at.Add(layer), r.size, r.ring.Visible()
}

func (r *FocusRing) hide() {
	if r.ring.Visible() {
		r.ring.Hide()
	}
}

// drawsOwnFocus says whether f shows the keyboard itself: a text box's border turns the focus
// colour and its caret blinks.
func drawsOwnFocus(f fyne.Focusable) bool {
	_, entry := f.(interface{ CursorTextOffset() int })
	return entry
}

// opaque is c without its transparency: the focus colour is a tint, the ring a line.
func opaque(c color.Color) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = 0xff
	return n
}

// Layout fills the layer with the content and keeps the ring where Follow put it.
func (r *FocusRing) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	objects[0].Resize(size)
	objects[0].Move(fyne.Position{})
	r.ring.Move(r.at)
	r.ring.Resize(r.size)
	r.moved = true
}

// MinSize is the content's: the ring never makes the window larger.
func (r *FocusRing) MinSize(objects []fyne.CanvasObject) fyne.Size { return objects[0].MinSize() }
