package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// Issue 35, item 2: Ctrl+Q did nothing, and File → Quit showed no shortcut. Ctrl+Q (Cmd+Q on
// macOS: fyne.KeyModifierShortcutDefault) quits as File → Quit does, and the menu shows it.
// make realwindow presses it in the real window.
func TestCtrlQQuits(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	quit := f.fileMenuItem("Quit")
	want := &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}
	if got, ok := quit.Shortcut.(*desktop.CustomShortcut); !ok || *got != *want {
		t.Errorf("File → Quit shows the shortcut %v, want Ctrl+Q", quit.Shortcut)
	}
	if !quit.IsQuit {
		t.Error("File → Quit is not marked as the app's quit item (macOS puts it in the app menu)")
	}
	f.u.win.Resize(fyne.NewSize(900, 640))
	f.typeShortcut(want)
	for _, w := range f.fa.Driver().AllWindows() {
		if w == f.u.win {
			t.Fatal("the main window is still open after Ctrl+Q")
		}
	}
	if st := f.app.Settings(); st.WindowWidth != 900 || st.WindowHeight != 640 {
		t.Errorf("the window's size was not saved on quitting: %vx%v", st.WindowWidth, st.WindowHeight)
	}
}
