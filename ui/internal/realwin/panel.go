package realwin

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/ui/widgets"
)

// The documents panel as the probe finds it in the window: issue 20's check that the open panel
// fits the width it is given, with no edge cut, at each window size.

// findPanel returns the documents panel's content (the container laid out by
// widgets.TableFirstLayout) in the tree under o, nil when it is not there. It walks containers,
// splits and scrolls, which hold the window's panes.
func findPanel(o fyne.CanvasObject) *fyne.Container {
	switch x := o.(type) {
	case *fyne.Container:
		if _, ok := x.Layout.(*widgets.TableFirstLayout); ok {
			return x
		}
		for _, child := range x.Objects {
			if p := findPanel(child); p != nil {
				return p
			}
		}
	case *container.Split:
		if p := findPanel(x.Leading); p != nil {
			return p
		}
		return findPanel(x.Trailing)
	case *container.Scroll:
		return findPanel(x.Content)
	}
	return nil
}

// visibleOnCanvas reports whether o and every container above it in root are shown.
func visibleOnCanvas(root, o fyne.CanvasObject) bool {
	if root == o {
		return o.Visible()
	}
	if !root.Visible() {
		return false
	}
	var children []fyne.CanvasObject
	switch x := root.(type) {
	case *fyne.Container:
		children = x.Objects
	case *container.Split:
		children = []fyne.CanvasObject{x.Leading, x.Trailing}
	case *container.Scroll:
		children = []fyne.CanvasObject{x.Content}
	}
	for _, child := range children {
		if visibleOnCanvas(child, o) {
			return true
		}
	}
	return false
}

// readPanel fills in st the documents panel's place and least width, when it is shown, and
// whether the conversation's turns are shown; call it on the UI goroutine.
func readPanel(st *State, content fyne.CanvasObject, turns *widget.List) {
	p := findPanel(content)
	if p == nil || !visibleOnCanvas(content, p) {
		return
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(p)
	st.Documents = Rect{pos.X, pos.Y, p.Size().Width, p.Size().Height}
	st.DocumentsMin = p.MinSize().Width
	st.ConversationShown = turns != nil && visibleOnCanvas(content, turns)
}
