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

// shortcutQuits fails t unless typing s in the main window closes it and saves its size.
func shortcutQuits(t *testing.T, s fyne.Shortcut) {
	t.Helper()
	f := newFixture(t, fastConfig())
	f.browser()
	f.u.win.Resize(fyne.NewSize(880, 620))
	f.typeShortcut(s)
	for _, w := range f.fa.Driver().AllWindows() {
		if w == f.u.win {
			t.Fatalf("the main window is still open after %s", shortcutText(s))
		}
	}
	if st := f.app.Settings(); st.WindowWidth != 880 || st.WindowHeight != 620 {
		t.Errorf("the window's size was not saved on closing: %vx%v", st.WindowWidth, st.WindowHeight)
	}
}
