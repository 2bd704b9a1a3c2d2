package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
)

// SidePadded pads o on its left and right only: the window's top and bottom bars stay as short as
// their buttons and labels, which leaves the rows of a small window to the documents.
func SidePadded(o fyne.CanvasObject) fyne.CanvasObject {
	p := theme.Padding()
	return container.New(layout.NewCustomPaddedLayout(0, 0, p, p), o)
}

// Border is container.NewBorder with its objects in reading order (top, left, the middle, right,
// bottom): Tab follows the order of a container's objects, and container.NewBorder puts the
// middle first, so Tab went to a list before the filter above it.
func Border(top, bottom, left, right fyne.CanvasObject, middle ...fyne.CanvasObject) *fyne.Container {
	var objs []fyne.CanvasObject
	for _, o := range [][]fyne.CanvasObject{{top, left}, middle, {right, bottom}} {
		for _, x := range o {
			if x != nil {
				objs = append(objs, x)
			}
		}
	}
	return container.New(layout.NewBorderLayout(top, bottom, left, right), objs...)
}

// VisibleHalves lays out its visible objects side by side in equal widths: the counts take the
// whole line when the filter is folded away.
type VisibleHalves struct{}

// Layout sets the visible objects side by side, each as wide, with padding between.
func (VisibleHalves) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	shown := visibleOnly(objs)
	if len(shown) == 0 {
		return
	}
	pad := theme.Padding()
	w := (size.Width - pad*float32(len(shown)-1)) / float32(len(shown))
	for i, o := range shown {
		o.Resize(fyne.NewSize(w, size.Height))
		o.Move(fyne.NewPos(float32(i)*(w+pad), 0))
	}
}

// MinSize is the widest and tallest visible object, times the number shown, with padding between.
func (VisibleHalves) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	shown := visibleOnly(objs)
	for _, o := range shown {
		m := o.MinSize()
		s = fyne.NewSize(max(s.Width, m.Width), max(s.Height, m.Height))
	}
	if n := float32(len(shown)); n > 1 {
		s.Width = s.Width*n + theme.Padding()*(n-1)
	}
	return s
}

func visibleOnly(objs []fyne.CanvasObject) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, o := range objs {
		if o.Visible() {
			out = append(out, o)
		}
	}
	return out
}

// TableFirstLayout stacks the header (a vertical scroll), the table and the details panel. When
// the pane is short, the header gives way first: it shrinks, down to its first row (keep), and
// scrolls, so that the table keeps its header row and a row of documents in sight.
type TableFirstLayout struct{ Keep fyne.CanvasObject }

// Layout gives the table its room first, then the header down to Keep, then the details below.
func (l *TableFirstLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	header, table, details := objs[0], objs[1], objs[2]
	full := header.(*container.Scroll).Content.MinSize().Height
	// The details take a new width first: the height of their wrapped text depends on it.
	if details.Size().Width != size.Width {
		details.Resize(fyne.NewSize(size.Width, details.Size().Height))
	}
	detailsH := visibleHeight(details)
	headerH := full
	if table.Visible() {
		room := size.Height - detailsH - table.MinSize().Height
		headerH = max(min(full, room), l.Keep.MinSize().Height)
	}
	header.Resize(fyne.NewSize(size.Width, headerH))
	header.Move(fyne.NewPos(0, 0))
	tableH := max(size.Height-headerH-detailsH, 0)
	if !table.Visible() {
		// Folded, the table keeps its header's and a row's height rather than none: Fyne's Table
		// takes a table without room for rows as showing all of them and makes a row divider for
		// each, which for a large workspace's model (set while folded, as at start-up) was 10,000
		// separators, about 4 MB kept.
		tableH = table.MinSize().Height
	}
	table.Resize(fyne.NewSize(size.Width, tableH))
	table.Move(fyne.NewPos(0, headerH))
	details.Resize(fyne.NewSize(size.Width, detailsH))
	details.Move(fyne.NewPos(0, size.Height-detailsH))
}

// MinSize is Keep, the table and the details one above the other (the whole header when folded).
func (l *TableFirstLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	header, table, details := objs[0], objs[1], objs[2]
	w := max(header.MinSize().Width, table.MinSize().Width, details.MinSize().Width)
	h := l.Keep.MinSize().Height + visibleHeight(table) + visibleHeight(details)
	if !table.Visible() { // folded: the header whole
		h = header.(*container.Scroll).Content.MinSize().Height + visibleHeight(details)
	}
	return fyne.NewSize(w, h)
}

// visibleHeight is o's minimum height, 0 when it is hidden.
func visibleHeight(o fyne.CanvasObject) float32 {
	if !o.Visible() {
		return 0
	}
	return o.MinSize().Height
}

// WidthLayout stacks its objects and reports the width it lays them out at (to fit the name column).
type WidthLayout struct {
	last  float32
	lastH float32
	// OnResize is called with the new width before the objects are laid out at it.
	OnResize func(width float32)
	// OnHeight, when set, is called after the height changed (the details panel came or went).
	OnHeight func()
}

// Layout gives every object the whole size, after reporting a new width.
func (l *WidthLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if size.Width != l.last {
		l.last = size.Width
		l.OnResize(size.Width)
	}
	if size.Height != l.lastH {
		l.lastH = size.Height
		if l.OnHeight != nil {
			defer l.OnHeight()
		}
	}
	for _, o := range objs {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
	}
}

// MinSize is the largest minimum size of the objects, and at least the table's header and one row
// high: a Table's own minimum leaves out its header, which then overlapped what follows when the
// limits bar took the room.
func (l *WidthLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	row := theme.TextSize() + 2*theme.InnerPadding()
	s := fyne.NewSize(0, 2*row)
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// UpToWidth lays out one object as wide as the space allows up to width, never under its minimum:
// it reads well in a wide window and still fits a small one (the minimum is the object's own).
// Centred, it also centres the object, at its minimum height, in the space.
type UpToWidth struct {
	Width   float32
	Centred bool
}

// Layout gives each object the width the space allows up to Width, never under its minimum.
func (u *UpToWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		least := o.MinSize()
		w := max(least.Width, min(size.Width, u.Width))
		if !u.Centred {
			o.Resize(fyne.NewSize(w, size.Height))
			continue
		}
		o.Resize(fyne.NewSize(w, least.Height))
		o.Move(fyne.NewPos(max((size.Width-w)/2, 0), max((size.Height-least.Height)/2, 0)))
	}
}

// MinSize is the largest minimum size of the objects.
func (u *UpToWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := fyne.NewSize(0, 0)
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}
