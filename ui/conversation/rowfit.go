package conversation

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/layout"
)

// widthWatch is a stack layout that calls changed when its width changes after the first layout
// (and heightChanged when its height does).
// A list resized lays out its visible rows again without updating them, so a turn measured at the
// old width kept its height: a question that wraps to two lines once the documents panel narrows
// the conversation was drawn in one line's height (issue 25).
type widthWatch struct {
	width, height float32
	changed       func()
	// heightChanged, when set, is told of a new height (the context meter's line came or went):
	// the view that followed the newest turn keeps it in view.
	heightChanged func()
}

// Layout stacks the objects over the whole size, then reports a new width, or a new height.
func (w *widthWatch) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	layout.NewStackLayout().Layout(objects, size)
	if size.Height != w.height {
		if w.height != 0 && w.heightChanged != nil {
			w.heightChanged()
		}
		w.height = size.Height
	}
	if size.Width == w.width {
		return
	}
	first := w.width == 0
	w.width = size.Width
	if !first && w.changed != nil {
		w.changed()
	}
}

// MinSize is the stack's: the largest of the objects' least sizes.
func (w *widthWatch) MinSize(objects []fyne.CanvasObject) fyne.Size {
	return layout.NewStackLayout().MinSize(objects)
}
