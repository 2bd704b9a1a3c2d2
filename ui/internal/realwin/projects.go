package realwin

import (
	"context"
	"fmt"

	"fyne.io/fyne/v2"

	"lectern/ui/internal/harness"
)

// The probe's side of the projects check (issue 31): a conversation row dragged with the mouse
// onto a project's folder in the conversation list goes into that project.

// ListRow is a row of the conversation list as drawn: the answer to "list-rows" is every row shown.
type ListRow struct {
	Text         string
	Folder, Note bool
	Rect         Rect
}

// projectCommand carries out "project-new NAME" (a project of that name, blue) and "list-rows".
func projectCommand(u *harness.Window, cmd, arg string) (any, error) {
	switch cmd {
	case "project-new":
		_, err := u.App.Conversations().NewProject(context.Background(), arg, "blue")
		return struct{}{}, err
	case "list-rows":
		var rows []ListRow
		fyne.DoAndWait(func() { rows = readRows(u) })
		return rows, nil
	}
	return nil, fmt.Errorf("unknown command %q", cmd)
}

// readRows reads the conversation list's rows shown; call it on the UI goroutine.
func readRows(u *harness.Window) []ListRow {
	l := u.ConversationList()
	if l == nil {
		return nil
	}
	var out []ListRow
	for _, r := range l.ShownRows() {
		out = append(out, ListRow{Text: r.Text, Folder: r.Folder, Note: r.Note, Rect: Rect{r.At.X, r.At.Y, r.Size.Width, r.Size.Height}})
	}
	return out
}
