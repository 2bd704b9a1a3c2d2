package markdown

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// CreateRenderer implements fyne.Widget.
func (v *View) CreateRenderer() fyne.WidgetRenderer {
	v.renderer = &viewRenderer{v: v}
	return v.renderer
}

// viewRenderer stacks the blocks' objects, a padding apart. A frame of a streaming answer
// changes one block, so each block's height is measured once per width and kept: asking every
// block's container tree for its minimum size cost more than half of an update at 64 KB.
// It never refreshes the blocks themselves (fyne.Container.Refresh would): a kept block has
// nothing new to draw.
type viewRenderer struct {
	v *View
}

func (r *viewRenderer) Destroy() {
	if r.v.renderer == r {
		r.v.renderer = nil
	}
}

// Layout places the blocks at width size.Width, measuring those not measured at that width.
func (r *viewRenderer) Layout(size fyne.Size) {
	pad := r.v.Theme().Size(theme.SizeNamePadding)
	y := float32(0)
	for i := range r.v.blocks {
		b := &r.v.blocks[i]
		if b.obj == nil {
			continue
		}
		if b.measured != size.Width {
			// Wrapped text is as tall as its width makes it: resize first, then measure.
			b.obj.Resize(fyne.NewSize(size.Width, b.min.Height))
			b.min, b.measured = b.obj.MinSize(), size.Width
		}
		b.obj.Move(fyne.NewPos(0, y))
		b.obj.Resize(fyne.NewSize(size.Width, b.min.Height))
		y += b.min.Height + pad
	}
	r.v.sightOK = false // the blocks moved
}

// MinSize is the blocks' heights added up, and the widest block's minimum width.
func (r *viewRenderer) MinSize() fyne.Size {
	pad := r.v.Theme().Size(theme.SizeNamePadding)
	var s fyne.Size
	for i := range r.v.blocks {
		b := &r.v.blocks[i]
		if b.obj == nil {
			continue
		}
		m := b.min
		if b.measured < 0 {
			m = b.obj.MinSize()
		}
		if s.Height > 0 {
			s.Height += pad
		}
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height
	}
	return s
}

func (r *viewRenderer) Objects() []fyne.CanvasObject { return r.v.objectsInSight() }

// Refresh measures every block again: the theme (text size, padding) may have changed.
func (r *viewRenderer) Refresh() {
	for i := range r.v.blocks {
		r.v.blocks[i].measured = -1
	}
	r.Layout(r.v.Size())
	canvas.Refresh(r.v)
}
