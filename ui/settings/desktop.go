package settings

import (
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/widgets"
)

// The Desktop section (issue 33): Keep running in the tray when the window closes, and which OS
// notifications are sent while Lectern is not in front.

// KeepInTray reports whether closing the main window hides it in the tray rather than quitting:
// the person's choice, else on for macOS and Windows, whose menu bar and notification area always
// show the entry, and off on Linux, where not every desktop shows a tray (GNOME shows none without
// an extension) and a window hidden there could be found again only by starting Lectern again.
func KeepInTray(s app.Settings) bool {
	if s.KeepInTray != nil {
		return *s.KeepInTray
	}
	return runtime.GOOS != "linux"
}

// desktopSettings are the section's controls.
type desktopSettings struct {
	tray                  *widgets.Check
	answers, uploads, ocr *widgets.Check
	trayNote              *widget.Label
	root                  fyne.CanvasObject
}

// on is a *bool setting that nil means on.
func on(p *bool) bool { return p == nil || *p }

// ptr is a *bool of v, to save.
func ptr(v bool) *bool { return &v }

func newDesktopSettings(s *Window) *desktopSettings {
	d := &desktopSettings{}
	d.tray = widgets.NewCheck("Keep running in the tray when the window closes", func(v bool) {
		s.save(func(st *app.Settings) { st.KeepInTray = ptr(v) })
	})
	d.trayNote = widget.NewLabel(trayNote())
	d.trayNote.Wrapping = fyne.TextWrapWord
	d.answers = widgets.NewCheck("An answer that took longer than 10 seconds is ready", func(v bool) {
		s.save(func(st *app.Settings) { st.NotifyAnswers = ptr(v) })
	})
	d.uploads = widgets.NewCheck("Uploads finished or failed", func(v bool) {
		s.save(func(st *app.Settings) { st.Notifications = ptr(v) })
	})
	d.ocr = widgets.NewCheck("An OCR job ended", func(v bool) {
		s.save(func(st *app.Settings) { st.NotifyOCR = ptr(v) })
	})
	notes := widget.NewLabel("Notifications are sent while no Lectern window is in front.")
	notes.Wrapping = fyne.TextWrapWord
	d.root = container.NewVBox(d.tray, d.trayNote, notes, d.answers, d.uploads, d.ocr)
	return d
}

// trayNote says what the tray setting does on this system, and why it starts off on Linux.
func trayNote() string {
	if runtime.GOOS == "linux" {
		return "Off unless you turn it on: not every Linux desktop shows a tray (GNOME needs an extension for it). " +
			"While the window is hidden, uploads, OCR jobs and answers go on; starting Lectern again brings the window back."
	}
	return "Uploads, OCR jobs and answers go on while the window is hidden; the tray's menu (Show Lectern) or starting Lectern again brings it back."
}

// show shows the saved settings st.
func (d *desktopSettings) show(st app.Settings) {
	d.tray.SetChecked(KeepInTray(st))
	d.answers.SetChecked(on(st.NotifyAnswers))
	d.uploads.SetChecked(on(st.Notifications))
	d.ocr.SetChecked(on(st.NotifyOCR))
}
