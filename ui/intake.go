package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/internal/words"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
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
			m.uploads.AddResults(ws.WorkspaceID, res)
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

// Open with Lectern (issue 33): files a start was asked to open (a file manager's Open with, or
// `lectern FILE...`) are not sent anywhere before the person says where: added to one of their
// workspaces (the intake: CanAddFiles, then AddFiles's checks, refusals listed in the uploads
// panel), or asked about in a new model chat or assistant conversation (which read them as a drop
// does).

// openTitle is the title of the question asked of files opened with Lectern.
const openTitle = "Open with Lectern"

// askOpen asks what to do with paths, over the main window brought forward; on the first-run page
// the question waits for the workspace browser.
func (u *UI) askOpen(paths []string) {
	if u.main == nil {
		u.pendingOpen = append(u.pendingOpen, paths...)
		return
	}
	m := u.main
	go func() {
		list, err := m.b.CachedWorkspaces(m.lf.Ctx)
		m.lf.Do(func() {
			if u.main != m {
				return
			}
			var own []app.CachedWorkspace
			if err == nil {
				for _, ws := range list {
					if ws.TakesFiles() {
						own = append(own, ws)
					}
				}
			}
			u.openForm = m.showOpenForm(paths, own)
		})
	}()
}

// openForm is the question asked of files opened with Lectern.
type openForm struct {
	dialog    dialog.Dialog
	question  *widget.Label
	workspace *widgets.Select
	ids       map[string]string // workspace name shown -> id
	add       *widget.Button
	model     *widget.Button // ask about it in a model chat
}

// showOpenForm asks what to do with paths: add them to one of own (the workspaces that take
// files), or ask about them in a model chat or the assistant.
func (m *mainView) showOpenForm(paths []string, own []app.CachedWorkspace) *openForm {
	f := &openForm{ids: map[string]string{}}
	names := make([]string, 0, len(own))
	shown := ""
	for _, ws := range own {
		name := app.OneLine(ws.Workspace.Name)
		f.ids[name] = ws.WorkspaceID
		names = append(names, name)
		if ws.WorkspaceID == m.docs.Workspace().WorkspaceID {
			shown = name
		}
	}
	f.workspace = widgets.NewSelect("Workspace", names, nil)
	f.workspace.PlaceHolder = "Choose a workspace"
	if shown == "" && len(names) > 0 {
		shown = names[0]
	}
	f.workspace.SetSelected(shown)
	done := func(fn func()) func() { return func() { f.dialog.Hide(); fn() } }
	f.add = widget.NewButtonWithIcon("Add to the workspace", theme.UploadIcon(), done(func() {
		if id := f.ids[f.workspace.Selected]; id != "" {
			m.addTo(id, paths)
		}
	}))
	f.add.Importance = widget.HighImportance
	addRow := container.NewBorder(nil, nil, nil, f.add, f.workspace)
	if len(names) == 0 {
		f.add.Disable()
		f.workspace.Disable()
	}
	f.model = widget.NewButtonWithIcon("Ask about it in a model chat", theme.MailComposeIcon(), done(func() {
		m.takeNext = paths
		m.convs.NewModelChat()
	}))
	assist := widget.NewButtonWithIcon("Ask the assistant about it", theme.HelpIcon(), done(func() {
		m.takeNext = paths
		m.convs.NewAssistant()
	}))
	cancel := widget.NewButton("Cancel", func() { f.dialog.Hide() })
	f.question = widget.NewLabel(openQuestion(paths, len(names) == 0))
	f.question.Wrapping = fyne.TextWrapWord
	content := container.NewVBox(f.question, addRow, widget.NewSeparator(), f.model, assist, container.NewHBox(layout.NewSpacer(), cancel))
	f.dialog = dialog.NewCustomWithoutButtons(openTitle, content, m.win)
	f.dialog.Resize(fyne.NewSize(520, 0))
	dialogs.Show(f.dialog, m.win)
	return f
}

// openQuestion asks what to do with paths; noTarget says that none of the person's workspaces
// takes files.
func openQuestion(paths []string, noTarget bool) string {
	what := "“" + app.OneLine(filepath.Base(paths[0])) + "”"
	if len(paths) > 1 {
		what = fmt.Sprintf("these %d files (%s, …)", len(paths), what)
	}
	q := "What should Lectern do with " + what + "? Add it to one of your workspaces, where every conversation can ask about it, or ask about it now in a conversation of its own."
	if len(paths) > 1 {
		q = "What should Lectern do with " + what + "? Add them to one of your workspaces, where every conversation can ask about them, or ask about them now in a conversation of their own."
	}
	if noTarget {
		q += " None of your workspaces takes files (only your own personal ones do), so they can only be asked about."
	}
	return q
}

// addTo selects workspace id and adds paths to it, as a drop on it does.
func (m *mainView) addTo(id string, paths []string) {
	if m.docs.Workspace().WorkspaceID != id {
		m.list.Select(id)
	}
	m.addPaths(paths)
}

// asked is the question shown over win, "" once it was answered or dismissed.
func (f *openForm) asked(win fyne.Window) string {
	if f == nil || !dialogs.IsOpen(win.Canvas(), f.dialog) {
		return ""
	}
	return f.question.Text
}
