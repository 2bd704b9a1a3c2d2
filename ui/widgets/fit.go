package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// What follows lets a line of controls, and a panel beside the conversation, fit the width a
// window gives them instead of making the window wider or being cut at its edge (issue 20).

// widthPreferrer is an object that shows more when given more than its least width, up to
// PreferredWidth: a ShrinkButton shows its label.
type widthPreferrer interface{ PreferredWidth() float32 }

// FitRow lays out a line of objects, the first (a picker, a label) taking what the others leave.
// The room above their least widths goes first to the first object, up to Want (the width that
// shows its choice whole), then to each control that shows more with more room (a ShrinkButton's
// label) when it has room for all of it, then to the first object again.
type FitRow struct {
	// Want, when set, is the width at which the first object shows its text whole.
	Want func() float32
}

// Layout sets the visible objects side by side, the picker first, each at least its least width.
func (l *FitRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	shown := visibleOnly(objs)
	if len(shown) == 0 {
		return
	}
	pad := theme.Padding()
	widths := make([]float32, len(shown))
	room := size.Width - pad*float32(len(shown)-1)
	for i, o := range shown {
		widths[i] = o.MinSize().Width
		room -= widths[i]
	}
	if shown[0] == objs[0] && l.Want != nil {
		more := max(min(room, l.Want()-widths[0]), 0)
		widths[0] += more
		room -= more
	}
	for i, o := range shown {
		if p, ok := o.(widthPreferrer); ok && p.PreferredWidth()-widths[i] <= room {
			room -= p.PreferredWidth() - widths[i]
			widths[i] = p.PreferredWidth()
		}
	}
	widths[0] += max(room, 0)
	x := float32(0)
	for i, o := range shown {
		h := min(o.MinSize().Height, size.Height)
		o.Resize(fyne.NewSize(widths[i], h))
		o.Move(fyne.NewPos(x, (size.Height-h)/2))
		x += widths[i] + pad
	}
}

// MinSize is the objects' least widths side by side with padding between, as tall as the tallest.
func (l *FitRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	shown := visibleOnly(objs)
	var s fyne.Size
	for _, o := range shown {
		m := o.MinSize()
		s = fyne.NewSize(s.Width+m.Width, max(s.Height, m.Height))
	}
	if n := len(shown); n > 1 {
		s.Width += theme.Padding() * float32(n-1)
	}
	return s
}

// ShrinkButton is a button with a label and an icon that shows only its icon when it is given
// less than the width of both: a line of controls keeps it at a narrow width (FitRow gives it
// its label when there is room).
type ShrinkButton struct {
	widget.BaseWidget
	full  *widget.Button
	short *Button // the icon alone, read as the label
	label string
	// OnTapped is called when the button is tapped, in either form.
	OnTapped func()
}

var _ fyne.Accessible = (*ShrinkButton)(nil)

// NewShrinkButton makes a ShrinkButton that calls tapped.
func NewShrinkButton(label string, icon fyne.Resource, tapped func()) *ShrinkButton {
	b := &ShrinkButton{label: label, OnTapped: tapped}
	tap := func() {
		if b.OnTapped != nil {
			b.OnTapped()
		}
	}
	b.full, b.short = widget.NewButtonWithIcon(label, icon, tap), NewIconButton(label, icon, tap)
	b.short.Hide() // until a layout finds the label does not fit
	b.ExtendBaseWidget(b)
	return b
}

// SetImportance sets the importance of both forms (High shows a panel's button pressed in).
func (b *ShrinkButton) SetImportance(i widget.Importance) {
	b.full.Importance, b.short.Importance = i, i
	b.full.Refresh()
	b.short.Refresh()
}

// Enable lets the button be tapped; Disable stops that, and Disabled reports it.
func (b *ShrinkButton) Enable() { b.full.Enable(); b.short.Enable() }

// Disable stops the button from being tapped, in either form.
func (b *ShrinkButton) Disable() { b.full.Disable(); b.short.Disable() }

// Disabled reports whether the button is disabled.
func (b *ShrinkButton) Disabled() bool { return b.full.Disabled() }

// Tapped taps the form shown, as a click does (for tests).
func (b *ShrinkButton) Tapped(e *fyne.PointEvent) {
	if b.full.Visible() {
		b.full.Tapped(e)
	} else {
		b.short.Tapped(e)
	}
}

// Importance is the button's importance.
func (b *ShrinkButton) Importance() widget.Importance { return b.full.Importance }

// Labelled reports whether the button shows its label at its present width.
func (b *ShrinkButton) Labelled() bool { return b.full.Visible() }

// PreferredWidth is the width that shows the label.
func (b *ShrinkButton) PreferredWidth() float32 { return b.full.MinSize().Width }

// AccessibilityLabel is the button's label, in either form.
func (b *ShrinkButton) AccessibilityLabel() string { return b.label }

// AccessibilityRole is a button's.
func (b *ShrinkButton) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleButton }

// CreateRenderer shows the labelled form when it fits, else the icon alone.
func (b *ShrinkButton) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.New(shrinkLayout{b}, b.full, b.short))
}

// shrinkLayout shows one of a ShrinkButton's two forms, the labelled one when it fits.
type shrinkLayout struct{ b *ShrinkButton }

func (l shrinkLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	labelled := size.Width >= l.b.full.MinSize().Width
	if l.b.full.Visible() != labelled {
		ShowIf(l.b.full, labelled)
		ShowIf(l.b.short, !labelled)
	}
	for _, o := range objs {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
	}
}

// MinSize is the icon alone's.
func (l shrinkLayout) MinSize([]fyne.CanvasObject) fyne.Size { return l.b.short.MinSize() }

// YieldSplit lays out a horizontal split (its one object) whose leading side gives way: when the
// width cannot hold both sides at their least widths, the trailing side takes the whole width
// and the leading one is hidden meanwhile. A window's side list yields to the conversation and an
// open documents panel: the window never grows wider to hold them all, nor is the panel cut.
type YieldSplit struct{ Split *container.Split }

// Layout shows the leading side when there is room for both, and gives the split the whole size.
func (l YieldSplit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if size.IsZero() {
		return // not laid out yet: nothing to give way to
	}
	s := l.Split
	divider := theme.Size(theme.SizeNameSplitThickness)
	if divider == 0 {
		divider = 5 // the split's own default
	}
	both := size.Width >= s.Leading.MinSize().Width+s.Trailing.MinSize().Width+divider
	if s.Leading.Visible() != both {
		ShowIf(s.Leading, both)
	}
	for _, o := range objs {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
	}
}

// MinSize is the trailing side's: the leading one gives way.
func (l YieldSplit) MinSize([]fyne.CanvasObject) fyne.Size {
	m := l.Split.Trailing.MinSize()
	return fyne.NewSize(m.Width, max(m.Height, l.Split.Leading.MinSize().Height))
}
