package conversation

import (
	"fyne.io/fyne/v2"
)

// Moving conversations by drag and drop: a conversation row is fyne.Draggable; at the end of a
// drag the list finds the folder row under the pointer and moves the row's conversation there
// (the marked ones, when it is one of them). A drag that ends elsewhere moves nothing.

// rowDragger is what a conversation row hands its drags to: the list.
type rowDragger interface {
	rowDragged(id int64, ev *fyne.DragEvent)
	rowDropped(id int64)
}

// rowDrag is a drag under way: the conversation dragged and where the pointer is, on the canvas.
type rowDrag struct {
	id  int64
	pos fyne.Position
}

var _ fyne.Draggable = (*conversationRow)(nil)

// Dragged hands the drag to the list.
func (r *conversationRow) Dragged(ev *fyne.DragEvent) {
	if r.drag != nil && r.id != 0 {
		r.drag.rowDragged(r.id, ev)
	}
}

// DragEnd hands the drop to the list.
func (r *conversationRow) DragEnd() {
	if r.drag != nil && r.id != 0 {
		r.drag.rowDropped(r.id)
	}
}

// rowDragged follows a drag of conversation id.
func (c *List) rowDragged(id int64, ev *fyne.DragEvent) {
	if c.drag == nil || c.drag.id != id {
		c.drag = &rowDrag{id: id}
	}
	c.drag.pos = ev.AbsolutePosition
}

// rowDropped ends a drag of conversation id: over a folder, its conversations (the marked ones
// when it is one of them) move into that project.
func (c *List) rowDropped(id int64) {
	d := c.drag
	c.drag = nil
	if d == nil || d.id != id {
		return
	}
	if project, ok := c.folderAt(d.pos); ok {
		c.moveTo(c.movedWith(id), project)
	}
}

// folderAt returns the project of the folder row drawn at pos on the canvas: of the folder rows
// the list made, one shown inside the list's own bounds (the list keeps rows it does not show).
func (c *List) folderAt(pos fyne.Position) (int64, bool) {
	drv := fyne.CurrentApp().Driver()
	inside := func(o fyne.CanvasObject) bool {
		at, size := drv.AbsolutePositionForObject(o), o.Size()
		return pos.X >= at.X && pos.Y >= at.Y && pos.X < at.X+size.Width && pos.Y < at.Y+size.Height
	}
	if !inside(c.list) {
		return 0, false
	}
	for _, f := range c.folderRows {
		if f.Visible() && f.id != 0 && !drv.AbsolutePositionForObject(f).IsZero() && inside(f) {
			return f.id, true
		}
	}
	return 0, false
}
