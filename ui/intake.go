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

// AddFiles adds files as a drop would (the harness and tests).
func (u *UI) AddFiles(paths ...string) {
	if u.main != nil {
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
	ws := m.docs.ws
	m.intake.setOpen(true)
	if len(paths) == 0 {
		return
	}
	if ws.WorkspaceID == "" {
		m.intake.setNotice("Choose one of your own personal workspaces on the left first, then add the files again.")
		return
	}
	go func() {
		if ok, why := m.b.CanAddFiles(m.ctx, ws.WorkspaceID); !ok {
			uiDo(func() {
				m.intake.setNotice(fmt.Sprintf("%d %s not added. %s", len(paths), words.Plural(len(paths), "file"), why))
			})
			return
		}
		res, err := m.b.AddFiles(m.ctx, ws.WorkspaceID, paths...)
		uiDo(func() {
			m.intake.setNotice("")
			if err != nil {
				m.intake.setNotice(words.Sentence(m.b.Explain(err).String()))
			}
			m.intake.addResults(res)
		})
	}()
}

// notifyFinished tells the person, through the OS, that an upload ended while the window was not
// in front.
func (m *mainView) notifyFinished(ev app.UploadFinished) {
	if windowFocused() {
		return
	}
	title, body := "Ready: "+ev.Name, "“"+ev.Name+"” can now be asked in Lectern."
	if ev.Status != string(app.UploadReady) {
		title, body = "Not added: "+ev.Name, ev.Reason
	}
	sendNotification(fyne.NewNotification(title, body))
}

// focused is whether the app is in the foreground, from Fyne's lifecycle hooks.
var focused = true

// windowFocused reports whether the window is in front; tests replace it.
var windowFocused = func() bool { return focused }

// sendNotification shows an OS notification; tests replace it.
var sendNotification = func(n *fyne.Notification) { fyne.CurrentApp().SendNotification(n) }

// watchFocus follows the app's focus through its lifecycle hooks.
func (u *UI) watchFocus() {
	lc := u.fa.Lifecycle()
	lc.SetOnEnteredForeground(func() { focused = true })
	lc.SetOnExitedForeground(func() { focused = false })
}

// confirmQuit asks before quitting while uploads run (they resume at the next start), then quits.
func (u *UI) confirmQuit(quit func()) {
	if u.main == nil {
		quit()
		return
	}
	n := u.main.intake.runningCount()
	if n == 0 {
		quit()
		return
	}
	msg := fmt.Sprintf("%d uploads are still running. Quit anyway? They resume where they left off when Lectern starts again; nothing is sent twice.", n)
	if n == 1 {
		msg = "1 upload is still running. Quit anyway? It resumes where it left off when Lectern starts again; nothing is sent twice."
	}
	dialog.ShowConfirm("Uploads are running", msg, func(ok bool) {
		if ok {
			quit()
		}
	}, u.win)
}
