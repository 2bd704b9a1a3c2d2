package ui

import (
	"fmt"

	"fyne.io/fyne/v2/dialog"

	"lectern/app"
	"lectern/ui/dialogs"
)

// Quitting: the window size and splits are saved, and running uploads are confirmed first.

// Quit asks first when uploads are running (they resume at the next start), then saves the
// window size and closes the app, as closing its main window does.
func (u *UI) Quit() { u.confirmQuit(u.quitNow) }

func (u *UI) quitNow() {
	u.saveWindow()
	if u.main != nil {
		u.main.chat.KeepDraft() // before Close ends the views' context
	}
	u.Close()
	if u.settings != nil {
		u.settings.Win().Close()
	}
	if u.quick != nil {
		u.quick.Win().Close()
	}
	u.win.Close()
	u.fa.Quit()
	u.quitting() // run's exit guard: the process ends even when Fyne's loop fails to stop
}

// saveWindow keeps the window size (at the person's scale 1) and the split positions for the next start (the sort order and
// the workspace are saved when they change).
func (u *UI) saveWindow() {
	size, scale := u.win.Canvas().Size(), userScale(u.fa) // at scale 1: savedSize
	_ = u.b.UpdateSettings(func(s *app.Settings) {
		s.WindowWidth, s.WindowHeight = size.Width*scale, size.Height*scale
		if u.main != nil {
			u.main.saveLayout(s)
		}
	})
}

// confirmQuit asks before quitting while uploads run (they resume at the next start), then quits.
func (u *UI) confirmQuit(quit func()) {
	n := 0
	if u.main != nil {
		n = u.main.uploads.RunningCount()
	}
	if n == 0 {
		quit()
		return
	}
	msg := fmt.Sprintf("%d uploads are still running. Quit anyway? They resume where they left off when Lectern starts again; nothing is sent twice.", n)
	if n == 1 {
		msg = "1 upload is still running. Quit anyway? It resumes where it left off when Lectern starts again; nothing is sent twice."
	}
	dialogs.Show(dialog.NewConfirm("Uploads are running", msg, func(ok bool) {
		if ok {
			quit()
		}
	}, u.win), u.win)
}
