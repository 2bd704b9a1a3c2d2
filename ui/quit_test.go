package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
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
	shortcutQuits(t, want)
}

// Issue 35: Help had no About with the version. Help → About Lectern says the version line the
// program was started with (the command line's lectern --version).
func TestHelpAboutSaysTheVersion(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	f.u.version = "Lectern 1.2.3 (revision 0123456789ab)"
	menus := f.u.menu().Items
	help := menus[len(menus)-1]
	var about *fyne.MenuItem
	for _, it := range help.Items {
		if it.Label == "About Lectern" {
			about = it
		}
	}
	if about == nil {
		t.Fatal("Help has no About Lectern")
	}
	about.Action()
	top := f.u.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("About Lectern showed nothing")
	}
	found := false
	for _, o := range test.LaidOutObjects(top) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "Lectern 1.2.3 (revision 0123456789ab)") {
			found = true
		}
	}
	if !found {
		t.Error("About Lectern does not say the version")
	}
}
