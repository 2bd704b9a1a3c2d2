package ui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"lectern/app"
	"lectern/client"
	"lectern/internal/words"
)

// The intake: files dropped anywhere on the window (Window.SetOnDropped, window-wide; the drop
// position is not used, Fyne reports it wrong on Windows), or chosen with Add files and
// Ctrl/Cmd+O, go to the workspace shown. A workspace that cannot take files says why in the
// uploads panel, and which can; the rest is checked by the core (AddFiles) and listed there.

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
	u.main.addPaths(paths)
}

// pickFiles opens the file picker (Add files, Ctrl/Cmd+O) for the workspace shown.
func (u *UI) pickFiles() {
	if u.main != nil {
		u.main.pickFiles()
	}
}

func (m *mainView) pickFiles() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		_ = r.Close()
		m.addPaths([]string{r.URI().Path()})
	}, m.win)
	d.SetFilter(storage.NewExtensionFileFilter(pickerExtensions()))
	d.Show()
	d.Resize(fyne.NewSize(760, 520)) // after Show: a file dialog not shown yet has no size to change
}

// pickerExtensions are the file types that can be added (client.AllowedExtensions), in lower
// case and in upper case, for the file picker's filter.
func pickerExtensions() []string {
	out := slices.Clone(client.AllowedExtensions)
	for _, e := range client.AllowedExtensions {
		out = append(out, strings.ToUpper(e))
	}
	return out
}

// addPaths sends paths to the workspace shown: refused ones are listed with their reasons, the
// others are queued; the panel opens to show them.
func (m *mainView) addPaths(paths []string) {
	ws := m.docs.Workspace()
	m.uploads.SetOpen(true)
	if len(paths) == 0 {
		return
	}
	if ws.WorkspaceID == "" {
		m.uploads.SetNotice("Choose one of your own personal workspaces on the left first, then add the files again.")
		return
	}
	go func() {
		if ok, why := m.b.CanAddFiles(m.lf.Ctx, ws.WorkspaceID); !ok {
			m.lf.Do(func() {
				m.uploads.SetNotice(fmt.Sprintf("%d %s not added. %s", len(paths), words.Plural(len(paths), "file"), why))
			})
			return
		}
		res, err := m.b.AddFiles(m.lf.Ctx, ws.WorkspaceID, paths...)
		m.lf.Do(func() {
			m.uploads.SetNotice(alreadyThere(res, ws.Workspace.Name))
			if err != nil {
				m.uploads.SetNotice(words.Sentence(m.b.Explain(err).String()))
			}
			m.uploads.AddResults(res)
		})
	}()
}

// alreadyThere says which files of res were already queued or added to the workspace named ws
// (the same name and content: the queue keeps one), "" when none: adding them again changes
// nothing, and saying nothing would look like a drop that was lost.
func alreadyThere(res []app.EnqueueResult, ws string) string {
	var names []string
	for _, r := range res {
		if r.Existing {
			names = append(names, app.OneLine(r.Name))
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%s is already in %s.", names[0], app.OneLine(ws))
	}
	return fmt.Sprintf("%s are already in %s.", strings.Join(names, ", "), app.OneLine(ws))
}
