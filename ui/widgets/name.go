package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/bidi"
)

// NameLabel shows a name on one line, cut with "…" to the width it is given, so that a name of any
// length never makes the window wider or taller; while the pointer rests on a name that does not
// fit, the window's tips (TipsOf) show all of it under the label. Its text must already be safe to
// show (app.OneLine).
type NameLabel struct {
	widget.Label
	name string // the name as written (SetName), for a screen reader; Text is as drawn
}

// SetName shows name laid out as the bidirectional algorithm shows it (an Arabic name right to
// left, its numbers where they belong: bidi.Display), and gives a screen reader name as written.
func (l *NameLabel) SetName(name string) {
	l.name = name
	l.SetText(bidi.Display(name))
}

// AccessibilityLabel is the name as written when SetName gave it, else the text shown.
func (l *NameLabel) AccessibilityLabel() string {
	if l.name != "" && l.Text == bidi.Display(l.name) {
		return l.name
	}
	return l.Text
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

// MouseIn shows the whole name under the label when it is cut.
func (l *NameLabel) MouseIn(*desktop.MouseEvent) {
	tips := TipsOf(fyne.CurrentApp().Driver().CanvasForObject(l))
	if tips != nil && l.Text != "" && l.Cut() {
		tips.Show(l, l.Text, l.TextStyle)
	}
}

// MouseMoved does nothing: the tip stays while the pointer is on the label.
func (l *NameLabel) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the tip.
func (l *NameLabel) MouseOut() {
	if tips := TipsOf(fyne.CurrentApp().Driver().CanvasForObject(l)); tips != nil {
		tips.Hide(l)
	}
}
