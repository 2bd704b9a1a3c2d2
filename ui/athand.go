package ui

import (
	"fyne.io/fyne/v2"

	"lectern/internal/instance"
	"lectern/ui/quick"
	"lectern/ui/settings"
)

// Lectern at hand (issue 33): one app per data folder, whose later starts (package instance) bring
// its window forward and pass on what they were asked; the Quick ask window; a tray entry with the
// work running (tray.go); closing the window into the tray.

// handleRequest does what a start asked: the Quick ask window, files to open, or (the zero
// request, a plain `lectern`) the main window brought forward.
func (u *UI) handleRequest(r instance.Request) {
	switch {
	case r.Quick:
		u.ShowQuick()
	case len(r.Files) > 0:
		u.bringForward()
		u.askOpen(r.Files)
	default:
		u.bringForward()
	}
}

// serveRequests hands the requests of later starts to the UI goroutine, until l is closed.
func (u *UI) serveRequests(l *instance.Listener) {
	l.Serve(func(r instance.Request) { fyne.Do(func() { u.handleRequest(r) }) })
}

// bringForward shows the main window (hidden in the tray, or behind others) and asks the window
// manager to give it the keyboard.
func (u *UI) bringForward() {
	u.win.Show()
	u.win.RequestFocus()
}

// ShowQuick opens the Quick ask window, or brings it forward when open; on the first-run page,
// where nothing can be asked yet, the main window comes forward instead.
func (u *UI) ShowQuick() {
	if u.main == nil {
		u.bringForward()
		return
	}
	if u.quick != nil {
		u.quick.Win().Show()
		u.quick.Win().RequestFocus()
		return
	}
	q := quick.New(u.fa, u.lf, u.b)
	q.Work = u.work
	q.OnOpen = u.continueConversation
	u.quick = q
	q.Win().SetOnClosed(func() {
		if u.quick == q {
			u.quick = nil
		}
	})
	q.Show(u.main.docs.Workspace().WorkspaceID)
}

// QuickWindow is the Quick ask window when open, else nil.
func (u *UI) QuickWindow() *quick.Window { return u.quick }

// continueConversation shows the saved conversation id in the main window, brought forward (Open in
// Lectern).
func (u *UI) continueConversation(id int64) {
	u.bringForward()
	if u.main == nil {
		return
	}
	m := u.main
	go func() {
		conv, err := u.b.Conversations().Get(u.lf.Ctx, id)
		if err != nil {
			return
		}
		u.lf.Do(func() {
			if u.main == m {
				m.openTurn(conv, 0)
				m.focusQuestion()
			}
		})
	}()
}

// closeWindow is the main window's close button and Close window (Ctrl/Cmd+W): the window hides in
// the tray, the work in flight going on, when the settings keep Lectern there; else Lectern quits.
func (u *UI) closeWindow() {
	if u.tray == nil || !settings.KeepInTray(u.b.Settings()) {
		u.Quit()
		return
	}
	u.saveWindow()
	u.win.Hide()
}
