package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"lectern/ui/settings"
)

// Issue 20: Ctrl/Cmd+W closed only Settings, while the README says it closes. In the main window it
// quits as the window's close button does: the window is closed and its size saved. make realwindow
// presses it in the real window.
func TestCtrlWClosesTheMainWindow(t *testing.T) { shortcutQuits(t, settings.ShortcutClose) }

// Ctrl/Cmd+W in Settings closes Settings alone; typed in the main window after it, it quits
// (make realwindow's ctrl-w-closes-after-settings presses both in the real window).
func TestCtrlWAfterSettingsClosesTheMainWindow(t *testing.T) {
	f, _ := settledBrowser(t)
	f.u.ShowSettings()
	typeShortcutIn(f.u.SettingsWindow().Canvas(), settings.ShortcutClose)
	drain()
	if f.u.SettingsWindow() != nil {
		t.Fatal("Ctrl+W in Settings left it open")
	}
	if !isOpen(f, f.u.win) {
		t.Fatal("Ctrl+W in Settings closed the main window too")
	}
	f.typeShortcut(settings.ShortcutClose)
	if isOpen(f, f.u.win) {
		t.Error("the main window is still open after Ctrl+W, Settings closed before")
	}
}

// isOpen says whether w is among the app's windows.
func isOpen(f *fixture, w fyne.Window) bool {
	for _, open := range f.fa.Driver().AllWindows() {
		if open == w {
			return true
		}
	}
	return false
}

// shortcutQuits fails t unless typing s in the main window closes it and saves its size.
func shortcutQuits(t *testing.T, s fyne.Shortcut) {
	t.Helper()
	f := newFixture(t, fastConfig())
	f.browser()
	f.u.win.Resize(fyne.NewSize(880, 620))
	f.typeShortcut(s)
	if isOpen(f, f.u.win) {
		t.Fatalf("the main window is still open after %s", shortcutText(s))
	}
	if st := f.app.Settings(); st.WindowWidth != 880 || st.WindowHeight != 620 {
		t.Errorf("the window's size was not saved on closing: %vx%v", st.WindowWidth, st.WindowHeight)
	}
}
