package ui

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"lectern/app"
	"lectern/internal/notify"
	"lectern/internal/words"
	"lectern/ui/internal/work"
	ltheme "lectern/ui/theme"
	"lectern/ui/uploads"
)

// The tray entry (the menu bar's on macOS, the notification area's on Windows, a
// StatusNotifierItem on Linux: Fyne's desktop.App system tray): Show Lectern, Quick ask…, New
// model chat, the work running (uploads with their percent, OCR jobs, answers streaming), Pause
// uploads, Quit. Its menu is made again when the work changes, at most every trayEvery: each
// making is sent whole to the system (over D-Bus on Linux).

// trayEvery is the least time between two makings of the tray's menu.
const trayEvery = 500 * time.Millisecond

// trayLine is the most characters a line of work takes in the menu (a long question is cut).
const trayLine = 70

// tray is the tray entry, on the UI goroutine.
type tray struct {
	u       *UI
	app     desktop.App
	queued  bool     // a making is queued
	labels  []string // the labels of the menu shown, to leave an unchanged one alone
	shownAt time.Time
}

// startTray shows the tray entry, when the app has one (desktop.App: not in tests' test app) and
// the system can show it: on Linux and the BSDs, only over a session bus (a tray host may start
// after Lectern, as a panel can at login; without a bus none ever can, and the tray's hidden
// window and GL context would cost 9 MB for nothing). It must run before Fyne's loop starts, which
// starts the tray once: set later, no tray shows. The icon is handed over as the PNG it is (the
// system decodes it), which costs the start nothing.
func (u *UI) startTray() {
	da, ok := u.fa.(desktop.App)
	if !ok || (runtime.GOOS != "windows" && runtime.GOOS != "darwin" && !notify.BusUp("")) {
		return
	}
	u.tray = &tray{u: u, app: da}
	da.SetSystemTrayIcon(ltheme.IconPNG)
	u.tray.show()
}

// trayChanged makes the tray's menu again soon: the work running changed.
func (u *UI) trayChanged() {
	t := u.tray
	if t == nil || t.queued {
		return
	}
	t.queued = true
	wait := max(0, trayEvery-time.Since(t.shownAt))
	time.AfterFunc(wait, func() {
		fyne.Do(func() {
			t.queued = false
			t.show()
		})
	})
}

// show gives the system the menu as it is now, when it changed.
func (t *tray) show() {
	m := t.u.trayMenu()
	labels := make([]string, 0, len(m.Items))
	for _, it := range m.Items {
		labels = append(labels, fmt.Sprint(it.Label, it.Disabled))
	}
	if slices.Equal(labels, t.labels) {
		return
	}
	t.labels, t.shownAt = labels, time.Now()
	t.app.SetSystemTrayMenu(m)
}

// trayMenu is the tray's menu now.
func (u *UI) trayMenu() *fyne.Menu {
	items := []*fyne.MenuItem{
		fyne.NewMenuItem("Show Lectern", u.bringForward),
		fyne.NewMenuItem("Quick ask…", u.ShowQuick),
		fyne.NewMenuItem("New model chat", func() {
			u.bringForward()
			if u.main != nil {
				u.main.convs.NewModelChat()
			}
		}),
		fyne.NewMenuItemSeparator(),
	}
	lines := u.workLines()
	if len(lines) == 0 {
		lines = []string{"Nothing running"}
	}
	for _, l := range lines {
		item := fyne.NewMenuItem(words.Cut(l, trayLine), nil)
		item.Disabled = true
		items = append(items, item)
	}
	pause := fyne.NewMenuItem("Pause uploads", func() { u.pauseUploads(true) })
	if u.b.Uploads().Paused() {
		pause = fyne.NewMenuItem("Resume uploads", func() { u.pauseUploads(false) })
	}
	quit := fyne.NewMenuItem("Quit", func() { u.bringForward(); u.Quit() }) // Quit may ask first: in sight
	quit.IsQuit = true
	items = append(items, pause, fyne.NewMenuItemSeparator(), quit)
	return fyne.NewMenu("Lectern", items...)
}

// workLines are the tray's lines for the work running: each upload on its way, oldest first, then
// the answers and OCR jobs in the order they started.
func (u *UI) workLines() []string {
	var lines []string
	if u.main != nil {
		paused := u.b.Uploads().Paused()
		items := slices.Clone(u.main.uploads.Items())
		slices.SortFunc(items, func(a, b uploads.Item) int { return cmp.Compare(a.Entry.ID, b.Entry.ID) })
		for _, it := range items {
			if it.Running() {
				lines = append(lines, uploadLine(it, paused))
			}
		}
	}
	for _, it := range u.work.Items() {
		lines = append(lines, it.Label)
	}
	return lines
}

// uploadLine is an upload's line in the tray: its name, and the percent sent or what it waits for.
func uploadLine(it uploads.Item, paused bool) string {
	e := it.Entry
	name := app.OneLine(e.Name)
	switch {
	case e.State == app.UploadProcessing:
		return "Reading " + name + " (on the server)"
	case paused:
		return "Paused: " + name
	case e.State == app.UploadSending && e.Size > 0:
		return fmt.Sprintf("Uploading %s: %d%%", name, 100*e.Sent/e.Size)
	case e.State == app.UploadSending:
		return "Uploading " + name
	}
	return "Waiting to upload " + name
}

// pauseUploads pauses sending files, or resumes it (the tray's Pause uploads).
func (u *UI) pauseUploads(on bool) {
	u.b.Uploads().SetPaused(on)
	u.trayChanged()
}

// newWork makes the board of the work running: a change shows in the tray, and a piece that ends
// out of sight is told through the OS.
func (u *UI) newWork() *work.Board {
	b := work.New(func() time.Time { return u.lf.Now() })
	b.OnChange = u.trayChanged
	b.OnEnded = u.workEnded
	return b
}
