package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"

	"lectern/app/uploads"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/dialogs"
)

// The intake: files dropped anywhere on the window (Window.SetOnDropped, window-wide; the drop
// position is not used, Fyne reports it wrong on Windows), or chosen with Add files and
// Ctrl/Cmd+O, go to the workspace shown. A workspace that cannot take files says why in the
// uploads panel, and which can; the rest is checked by the core (AddFiles) and listed there.
// While a model chat is shown, a drop is for its next message instead: images, and PDFs as text;
// while the assistant is shown, its files.

// dropped handles a drop on the window.
func (u *UI) dropped(_ fyne.Position, uris []fyne.URI) {
	if u.main == nil {
		return
	}
	var paths []string
	for _, uri := range uris {
		if uri.Scheme() == "file" {
			paths = append(paths, uri.Path())
		}
	}
	if !u.main.chat.TakeFiles(paths) { // a model chat or the assistant takes them for its next message
		u.main.addPaths(paths)
	}
}

// pickFiles opens the file picker (Add files, Ctrl/Cmd+O) for the workspace shown.
func (u *UI) pickFiles() {
	if u.main != nil {
		u.main.pickFiles()
	}
}

func (m *mainView) pickFiles() {
	home, err := os.UserHomeDir()
	if err != nil {
		home = string(filepath.Separator)
	}
	dialogs.ShowFilePicker(m.win, home, m.addPaths)
}

// addPaths sends paths to the workspace shown: refused ones are listed with their reasons (the
// uploads popover opens for them), the others are queued (the uploads strip shows them).
func (m *mainView) addPaths(paths []string) {
	ws := m.docs.Workspace()
	if len(paths) == 0 {
		return
	}
	if ws.WorkspaceID == "" {
		m.uploads.SetNotice("Choose one of your own personal workspaces on the left first, then add the files again.")
		return
	}
	go func() {
		if ok, why := m.b.Uploads().CanAddFiles(m.lf.Ctx, ws.WorkspaceID); !ok {
			m.lf.Do(func() {
				m.uploads.SetNotice(fmt.Sprintf("%d %s not added. %s", len(paths), words.Plural(len(paths), "file"), why))
			})
			return
		}
		res, err := m.b.Uploads().AddFiles(m.lf.Ctx, ws.WorkspaceID, paths...)
		m.lf.Do(func() {
			m.uploads.SetNotice(alreadyThere(res, ws.Workspace.Name))
			if err != nil {
				m.uploads.SetNotice(words.Sentence(m.b.Explain(err).String()))
			}
			m.uploads.AddResults(ws.WorkspaceID, res)
		})
	}()
}

// alreadyThere says which files of res were already queued or added to the workspace named ws
// (the same name and content: the queue keeps one), "" when none: adding them again changes
// nothing, and saying nothing would look like a drop that was lost.
func alreadyThere(res []uploads.EnqueueResult, ws string) string {
	var names []string
	for _, r := range res {
		if r.Existing {
			names = append(names, safetext.OneLine(r.Name))
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%s is already in %s.", names[0], safetext.OneLine(ws))
	}
	return fmt.Sprintf("%s are already in %s.", strings.Join(names, ", "), safetext.OneLine(ws))
}
