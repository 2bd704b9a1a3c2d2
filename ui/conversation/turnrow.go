package conversation

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
)

// newTurnRow makes a row of the list of turns: a stack of a tapSink (calling tapped) and the mark
// of a turn opened from a search (mark.go; transparent otherwise) under the turn's view, which
// updateRow puts in.
func newTurnRow(tapped func()) fyne.CanvasObject {
	return container.NewStack(&tapSink{tapped: tapped}, canvas.NewRectangle(color.Transparent))
}

// tapSink lies under a turn in its row and takes the clicks and the pointer's hovering that land
// on nothing of the turn that answers them. Left to the list, a click selected the row, painting
// the whole turn in the selection's colour for good, and the pointer shaded it (issue 36): a turn
// is read, not chosen. Fyne gives a click to the topmost object that takes it, so the buttons,
// links, chips and selectable text of the turn, drawn above, get theirs as before. It draws
// nothing, and is no widget: a screen reader goes into the turn as before.
type tapSink struct {
	canvas.Rectangle
	tapped func() // the pane gives the keyboard back to the question box
}

var (
	_ fyne.Tappable     = (*tapSink)(nil)
	_ desktop.Hoverable = (*tapSink)(nil)
)

// Tapped does not let the list select the turn; it calls tapped.
func (s *tapSink) Tapped(*fyne.PointEvent) { s.tapped() }

// MouseIn does nothing: the list does not shade the turn.
func (*tapSink) MouseIn(*desktop.MouseEvent) {}

// MouseMoved does nothing.
func (*tapSink) MouseMoved(*desktop.MouseEvent) {}

// MouseOut does nothing.
func (*tapSink) MouseOut() {}
