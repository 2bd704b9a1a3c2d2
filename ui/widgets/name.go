package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// NameLabel shows a name on one line, cut with "…" to the width it is given, so that a name of any
// length never makes the window wider or taller; while the pointer rests on a name that does not
// fit, a pop-up shows all of it. Its text must already be safe to show (app.OneLine).
type NameLabel struct {
	widget.Label
	popUp *widget.PopUp
}

// NewNameLabel returns a NameLabel showing text.
func NewNameLabel(text string) *NameLabel {
	l := &NameLabel{}
	l.Text, l.Truncation = text, fyne.TextTruncateEllipsis
	l.ExtendBaseWidget(l)
	return l
}

// Cut reports whether the name does not fit the label's width and is shown cut.
func (l *NameLabel) Cut() bool {
	size := l.SizeName
	if size == "" {
		size = theme.SizeNameText
	}
	inner := l.Size().Width - 2*theme.InnerPadding()
	return fyne.MeasureText(l.Text, theme.Size(size), l.TextStyle).Width > inner
}

// MouseIn shows the whole name under the label when it is cut: wrapped, at most two thirds of the
// window wide and half of it high (scrolling beyond).
func (l *NameLabel) MouseIn(*desktop.MouseEvent) {
	c := fyne.CurrentApp().Driver().CanvasForObject(l)
	if c == nil || l.Text == "" || !l.Cut() {
		return
	}
	full := widget.NewLabel(l.Text)
	full.Wrapping, full.TextStyle = fyne.TextWrapBreak, l.TextStyle
	width := min(c.Size().Width*2/3, fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width+4*theme.InnerPadding())
	full.Resize(fyne.NewSize(width, full.MinSize().Height))
	height := min(full.MinSize().Height, c.Size().Height/2)
	l.popUp = widget.NewPopUp(container.NewVScroll(full), c)
	l.popUp.Resize(fyne.NewSize(width, height))
	l.popUp.ShowAtPosition(fyne.CurrentApp().Driver().AbsolutePositionForObject(l).AddXY(0, l.Size().Height))
}

// MouseMoved does nothing: the pop-up stays while the pointer is on the label.
func (l *NameLabel) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the pop-up.
func (l *NameLabel) MouseOut() {
	if l.popUp != nil {
		l.popUp.Hide()
		l.popUp = nil
	}
}
