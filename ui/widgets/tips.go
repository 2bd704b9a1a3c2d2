package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Tips lays a tip, a box holding a text, over a window's content without taking the pointer:
// hovering, taps and the wheel still reach what is under the tip and the pointer. A pop-up could
// not do that: it is an overlay of the whole window, so the widget under the pointer loses it the
// moment the pop-up shows, hides it, and shows it again at the next move. The window's content is
// a Tips (the shell wraps it), so that any widget of the window finds it with TipsOf.
type Tips struct {
	root   *fyne.Container
	box    *canvas.Rectangle
	text   *widget.Label
	anchor fyne.CanvasObject // what the tip is shown for; nil while no tip shows
	at     fyne.Position     // the tip's place in the layer
	size   fyne.Size
}

// NewTips lays a layer for tips over content.
func NewTips(content fyne.CanvasObject) *Tips {
	t := &Tips{box: canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground)), text: widget.NewLabel("")}
	t.box.StrokeColor, t.box.StrokeWidth = theme.Color(theme.ColorNameShadow), 1
	t.box.CornerRadius = theme.InputRadiusSize()
	t.text.Wrapping = fyne.TextWrapBreak
	t.box.Hide()
	t.text.Hide()
	t.root = container.New(t, content, t.box, container.NewClip(t.text))
	return t
}

// Root is the layer, to be the window's content.
func (t *Tips) Root() fyne.CanvasObject { return t.root }

// TipsOf returns the tips of the window c shows, nil when its content has none.
func TipsOf(c fyne.Canvas) *Tips {
	if c == nil {
		return nil
	}
	root, ok := c.Content().(*fyne.Container)
	if !ok {
		return nil
	}
	if t, ok := root.Layout.(*Tips); ok {
		return t
	}
	if len(root.Objects) > 0 { // under the first-frame probe (ui's wrap)
		if inner, ok := root.Objects[0].(*fyne.Container); ok {
			if t, ok := inner.Layout.(*Tips); ok {
				return t
			}
		}
	}
	return nil
}

// Show shows text in style under anchor, an object inside the layer: wrapped to at most two thirds
// of the layer's width, at most half its height (the rest cut off), and kept inside the layer
// (above the anchor when there is no room under it).
func (t *Tips) Show(anchor fyne.CanvasObject, text string, style fyne.TextStyle) {
	d := fyne.CurrentApp().Driver()
	layer := t.root.Size()
	t.text.Text, t.text.TextStyle = text, style
	width := min(layer.Width*2/3, fyne.MeasureText(text, theme.TextSize(), style).Width+4*theme.InnerPadding())
	t.text.Resize(fyne.NewSize(width, 0))
	t.size = fyne.NewSize(width, min(t.text.MinSize().Height, layer.Height/2))
	pos := d.AbsolutePositionForObject(anchor).Subtract(d.AbsolutePositionForObject(t.root))
	t.at = fyne.NewPos(max(0, min(pos.X, layer.Width-t.size.Width)), pos.Y+anchor.Size().Height)
	if t.at.Y+t.size.Height > layer.Height {
		t.at.Y = max(0, pos.Y-t.size.Height)
	}
	t.anchor = anchor
	t.box.FillColor, t.box.StrokeColor = theme.Color(theme.ColorNameOverlayBackground), theme.Color(theme.ColorNameShadow)
	t.box.Show()
	t.text.Show()
	t.Layout(t.root.Objects, layer)
	t.box.Refresh() // the tip alone: refreshing the layer would refresh the whole window
	t.text.Refresh()
}

// Hide hides the tip shown for anchor; a tip shown since for another object stays.
func (t *Tips) Hide(anchor fyne.CanvasObject) {
	if t.anchor != anchor || anchor == nil {
		return
	}
	t.anchor = nil
	t.box.Hide()
	t.text.Hide()
}

// Shown is the text of the tip shown, "" when none is.
func (t *Tips) Shown() string {
	if t.anchor == nil {
		return ""
	}
	return t.text.Text
}

// Layout fills the layer with the content and places the tip.
func (t *Tips) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	objects[0].Resize(size)
	objects[0].Move(fyne.Position{})
	for _, o := range objects[1:] {
		o.Resize(t.size)
		o.Move(t.at)
	}
	t.text.Resize(t.size)
}

// MinSize is the content's: a tip never makes the window larger.
func (t *Tips) MinSize(objects []fyne.CanvasObject) fyne.Size { return objects[0].MinSize() }
