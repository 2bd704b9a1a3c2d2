package ui

import (
	"reflect"
	"testing"

	"fyne.io/fyne/v2"

	"lectern/ui/settings"
)

// Issue 20: Ctrl/Cmd+W closed only Settings, while the README says it closes. In the main window it
// quits as the window's close button does: the window is closed and its size saved. make realwindow
// presses it in the real window.
func TestCtrlWClosesTheMainWindow(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	f.u.win.Resize(fyne.NewSize(880, 620))
	c := f.u.win.Canvas()
	// The test canvas wraps a software canvas, which holds the shortcuts.
	sh := reflect.ValueOf(c).Elem().FieldByName("WindowlessCanvas").Interface().(interface{ TypedShortcut(fyne.Shortcut) })
	sh.TypedShortcut(settings.ShortcutClose)
	for _, w := range f.fa.Driver().AllWindows() {
		if w == f.u.win {
			t.Fatal("the main window is still open after Ctrl+W")
		}
	}
	if st := f.app.Settings(); st.WindowWidth != 880 || st.WindowHeight != 620 {
		t.Errorf("the window's size was not saved on closing: %vx%v", st.WindowWidth, st.WindowHeight)
	}
}
