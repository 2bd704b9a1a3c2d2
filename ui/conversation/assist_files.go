package conversation

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// attachTray holds the files to send with the next assistant message: a chip each above the
// question box (its name and size) with a remove button. Each file was checked when taken
// (app.AssistantFile); the message's files together are checked when it is sent.
type attachTray struct {
	c     *Pane
	files []records.Attachment
	box   *fyne.Container
}

func newAttachTray(c *Pane) *attachTray {
	return &attachTray{c: c, box: container.New(layout.NewRowWrapLayout())}
}

// take adds files to the message; a file already attached (the same path) is not added twice.
func (t *attachTray) take(files []records.Attachment) {
	for _, f := range files {
		if !t.has(f.Path) {
			t.files = append(t.files, f)
		}
	}
	t.redraw()
}

func (t *attachTray) has(path string) bool {
	for _, f := range t.files {
		if f.Path == path {
			return true
		}
	}
	return false
}

// remove drops file i from the message.
func (t *attachTray) remove(i int) {
	if i < len(t.files) {
		t.files = append(t.files[:i:i], t.files[i+1:]...)
		t.redraw()
	}
}

// takeAll empties the tray, returning its files (they go with the message).
func (t *attachTray) takeAll() []records.Attachment {
	files := t.files
	t.clear()
	return files
}

// giveBack puts the files of a message refused before it was sent back in the tray.
func (t *attachTray) giveBack(files []records.Attachment) {
	if len(files) > 0 && len(t.files) == 0 {
		t.files = files
		t.redraw()
	}
}

// clear empties the tray.
func (t *attachTray) clear() {
	t.files = nil
	t.redraw()
}

// redraw shows a chip with a remove button for each file.
func (t *attachTray) redraw() {
	t.box.RemoveAll()
	for i, f := range t.files {
		rm := widgets.NewIconButton("Remove "+f.Name, theme.CancelIcon(), func() { t.remove(i) })
		rm.Importance = widget.LowImportance
		t.box.Add(container.NewHBox(fileChip(f), rm))
	}
	widgets.ShowIf(t.box, len(t.files) > 0)
}

// maxFileChars is how much of a file's name its chip shows.
const maxFileChars = 40

// fileChip names an attached file: an icon, its name (cut) and its size.
func fileChip(f records.Attachment) fyne.CanvasObject {
	name := widget.NewLabel(words.Cut(safetext.OneLine(f.Name), maxFileChars) + " · " + words.Bytes(f.Size))
	return container.NewHBox(widget.NewIcon(theme.FileIcon()), name)
}

// fileChips are the chips of the files a turn's message sent, nil when it sent none.
func fileChips(files []records.Attachment) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, f := range files {
		out = append(out, fileChip(f))
	}
	return out
}

// giveBack puts the files of a message refused before it was saved back in the tray, and the
// workspace picker back when no message went yet.
func (a *assistBar) giveBack(files []records.Attachment, begun bool) {
	if a.c.conv.Kind != records.KindAssistant {
		return
	}
	a.files.giveBack(files)
	a.setBegun(begun)
}

// paths are where the files are.
func paths(files []records.Attachment) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}

// sendToAssistant sends text, with the files attached, in the assistant conversation shown
// (saved by New assistant conversation): the workspace picked is pinned with the first message;
// the last message being edited is sent again in its place, with its files. Sending, Stop and
// Retry are the pane's own, the same for every kind.
func (c *Pane) sendToAssistant(text string) {
	a := c.assist
	c.errs.SetError(nil)
	c.input.SetText("")
	conv, editing := c.conv, c.editing
	var files []records.Attachment // an edited message goes with its own files; those attached wait
	if editing == 0 {
		files = a.files.takeAll()
	}
	pin, first := a.chosen(), !a.begun()
	if first {
		c.conv.WorkspaceID = pin
		a.setBegun(true)
	}
	c.cancelEdit()
	s := sending{text: text, replaces: editing, convID: conv.ID, msg: conversations.Message{Text: text, Files: paths(files)}}
	if first && pin != conv.WorkspaceID {
		s.pin = &pin
	}
	c.run(s, conversations.AskOptions{})
	c.streaming.files = files
}
