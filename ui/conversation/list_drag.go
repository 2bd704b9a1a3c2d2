package conversation

import (
	"cmp"
	"slices"

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

// folderAt returns the project of the folder row drawn at pos on the canvas.
func (c *List) folderAt(pos fyne.Position) (int64, bool) {
	for _, row := range c.ShownRows() {
		f, ok := row.Object.(*folderRow)
		if ok && pos.X >= row.At.X && pos.Y >= row.At.Y && pos.X < row.At.X+row.Size.Width && pos.Y < row.At.Y+row.Size.Height {
			return f.id, true
		}
	}
	return 0, false
}

// ShownRow is a row of the list as it is drawn: a folder, a conversation or a folder's note, its
// text (a project's name, a conversation's title, the note) and the place on the canvas of its
// part inside the list (a row at the list's edge is cut).
type ShownRow struct {
	Object fyne.CanvasObject // a folder's row, a conversation's or a note
	Folder bool
	Note   bool
	Text   string
	At     fyne.Position
	Size   fyne.Size
}

// ShownRows are the rows drawn inside the list's bounds, top first (the list keeps rows it does
// not show; a drop, and the real-window test, find rows by these).
func (c *List) ShownRows() []ShownRow {
	drv := fyne.CurrentApp().Driver()
	top, size := drv.AbsolutePositionForObject(c.list), c.list.Size()
	var out []ShownRow
	for _, it := range c.items {
		row := ShownRow{Object: it.conv, Text: it.conv.said}
		switch {
		case it.folder.Visible():
			row = ShownRow{Object: it.folder, Folder: true, Text: it.folder.said}
		case it.note.Visible():
			row = ShownRow{Object: it.note, Note: true, Text: it.note.Text}
		case !it.conv.Visible() || it.conv.id == 0:
			continue
		}
		row.At, row.Size = drv.AbsolutePositionForObject(row.Object), row.Object.Size()
		if !it.Visible() || row.At.IsZero() || row.At.Y+row.Size.Height <= top.Y || row.At.Y >= top.Y+size.Height {
			continue
		}
		// Only the part inside the list is drawn: a drop below the list's edge is not on its last row.
		bottom := min(row.At.Y+row.Size.Height, top.Y+size.Height)
		row.At.Y = max(row.At.Y, top.Y)
		row.Size.Height = bottom - row.At.Y
		out = append(out, row)
	}
	slices.SortFunc(out, func(a, b ShownRow) int { return cmp.Compare(a.At.Y, b.At.Y) })
	return out
}
