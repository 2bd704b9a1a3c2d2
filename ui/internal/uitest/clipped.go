package uitest

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// ClippedTexts lists the texts of c's visible tree that are clipped, as "what: why", and counts
// the texts it checked. A text is clipped when the person cannot see that part of it is missing:
//
//   - its widget is given less than its minimum size (Fyne then cuts the text, or lets it run into
//     its neighbours);
//   - a label cut without an ellipsis (fyne.TextTruncateClip) is narrower than its text;
//   - it runs past the window's edge, or past a scroll's edge across the way it scrolls (a list
//     scrolled up and down that is narrower than its rows).
//
// A label that ends in an ellipsis (fyne.TextTruncateEllipsis) may be narrower than its text: the
// ellipsis says there is more (and a NameLabel shows the whole name on hover). Text beyond a
// scroll's edge the way it scrolls is not clipped: scrolling brings it.
func ClippedTexts(c fyne.Canvas) (clipped []string, checked int) {
	w := clipWalk{}
	w.walk(c.Content(), fyne.NewPos(0, 0), area{max: fyne.NewPos(c.Size().Width, c.Size().Height)})
	return w.found, w.checked
}

// area is the part of the window where text shows, in absolute positions; unbounded across the
// ways an enclosing scroll scrolls.
type area struct {
	min, max fyne.Position
	freeX    bool // within a scroll that scrolls sideways
	freeY    bool // within a scroll that scrolls up and down
}

// within narrows a to the scroll at pos, size: across the ways it scrolls, its content can be
// brought into view; the other way, what passes its edge is cut.
func (a area) within(s *container.Scroll, pos fyne.Position, size fyne.Size) area {
	if s.Direction == container.ScrollBoth || s.Direction == container.ScrollHorizontalOnly {
		a.freeX = true
	} else {
		a.min.X, a.max.X = max(a.min.X, pos.X), min(a.max.X, pos.X+size.Width)
	}
	if s.Direction == container.ScrollBoth || s.Direction == container.ScrollVerticalOnly {
		a.freeY = true
	} else {
		a.min.Y, a.max.Y = max(a.min.Y, pos.Y), min(a.max.Y, pos.Y+size.Height)
	}
	return a
}

// cuts reports whether the box at pos, size passes a's edges where nothing scrolls it into view.
func (a area) cuts(pos fyne.Position, size fyne.Size) bool {
	const slack = 0.5
	outX := pos.X+slack < a.min.X || pos.X+size.Width > a.max.X+slack
	outY := pos.Y+slack < a.min.Y || pos.Y+size.Height > a.max.Y+slack
	return (outX && !a.freeX) || (outY && !a.freeY)
}

// clipWalk walks a canvas's tree in absolute positions, collecting clipped texts.
type clipWalk struct {
	found   []string
	checked int
}

func (w *clipWalk) walk(o fyne.CanvasObject, parent fyne.Position, shown area) {
	if o == nil || !o.Visible() {
		return
	}
	pos := parent.Add(o.Position())
	if what, text := textOf(o); what != "" {
		w.check(o, what+" "+fmt.Sprintf("%q", text), pos, shown)
		return
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			w.walk(c, pos, shown)
		}
	case *container.Scroll:
		w.walk(x.Content, pos, shown.within(x, pos, x.Size())) // the content sits at minus the offset
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			w.walk(c, pos, shown)
		}
	}
}

// textOf names the text widgets and canvas texts whose size is checked; other objects are walked.
func textOf(o fyne.CanvasObject) (what, text string) {
	switch x := o.(type) {
	case *widget.Label:
		return "label", x.Text
	case *widget.Button:
		if x.Text != "" {
			return "button", x.Text
		}
	case *widget.Check:
		return "check", x.Text
	case *widget.Hyperlink:
		return "link", x.Text
	case *canvas.Text:
		return "text", x.Text
	}
	return "", ""
}

// check records o when it is clipped (ClippedTexts says when).
func (w *clipWalk) check(o fyne.CanvasObject, name string, pos fyne.Position, shown area) {
	const slack = 0.5 // rounding of float layouts
	w.checked++
	size, min := o.Size(), o.MinSize()
	switch {
	case size.Width+slack < min.Width || size.Height+slack < min.Height:
		w.found = append(w.found, fmt.Sprintf("%s: given %.0f×%.0f, needs %.0f×%.0f", name, size.Width, size.Height, min.Width, min.Height))
	case cutWithoutEllipsis(o):
		w.found = append(w.found, fmt.Sprintf("%s: cut without an ellipsis at %.0f wide", name, size.Width))
	case shown.cuts(pos, size):
		w.found = append(w.found, fmt.Sprintf("%s: %.0f×%.0f at %.0f,%.0f runs past the edge of what shows (%.0f,%.0f to %.0f,%.0f)",
			name, size.Width, size.Height, pos.X, pos.Y, shown.min.X, shown.min.Y, shown.max.X, shown.max.Y))
	}
}

// cutWithoutEllipsis reports whether o is a label cut short without an ellipsis: its text, on
// one line, is wider than the label.
func cutWithoutEllipsis(o fyne.CanvasObject) bool {
	l, ok := o.(*widget.Label)
	if !ok || l.Truncation != fyne.TextTruncateClip || l.Wrapping != fyne.TextWrapOff {
		return false
	}
	whole := widget.NewLabelWithStyle(l.Text, l.Alignment, l.TextStyle)
	whole.SizeName = l.SizeName
	return whole.MinSize().Width > l.Size().Width+0.5
}
