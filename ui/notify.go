package ui

import (
	"fyne.io/fyne/v2"

	"lectern/app/events"
	"lectern/app/records"
)

// The OS notifications: an upload that ends while the window is not in front says so through the
// OS.

// notifyFinished tells the person, through the OS, that an upload ended while the window was not
// in front.
func (m *mainView) notifyFinished(ev events.UploadFinished) {
	if windowFocused() {
		return
	}
	title, body := "Ready: "+ev.Name, "“"+ev.Name+"” can now be asked in Lectern."
	if ev.Status != string(records.UploadReady) {
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
