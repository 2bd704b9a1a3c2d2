package ui

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"lectern/app"
	"lectern/ui/widgets"
)

func TestShortcutsRefreshAndSettings(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	c := f.u.win.Canvas()
	// The test canvas wraps a software canvas, which holds the shortcuts.
	sh := reflect.ValueOf(c).Elem().FieldByName("WindowlessCanvas").Interface().(interface{ TypedShortcut(fyne.Shortcut) })
	sh.TypedShortcut(shortcutRefresh)
	if !m.busy {
		t.Error("Ctrl+R did not start a refresh")
	}
	until(t, "the refresh", func() bool { return !m.busy })
	sh.TypedShortcut(shortcutSettings)
	if f.u.settings == nil {
		t.Error("Ctrl+, did not open Settings")
	}
	sh.TypedShortcut(shortcutFilter)
	if fe, ok := c.Focused().(*widgets.FilterEntry); !ok || fe.PlaceHolder != "Filter by name, type, status" {
		t.Error("Ctrl+F did not focus the documents filter")
	}
}

func TestWindowRemembersSize(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	f.u.win.Resize(fyne.NewSize(900, 640))
	f.u.Quit()
	if st := f.app.Settings(); st.WindowWidth != 900 || st.WindowHeight != 640 {
		t.Errorf("saved size %vx%v", st.WindowWidth, st.WindowHeight)
	}
	if got := savedSize(f.app.Settings(), 1); got != fyne.NewSize(900, 640) {
		t.Errorf("restored size %v", got)
	}
}

func TestOpenErrorIsShownInWords(t *testing.T) {
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "lectern.db"), []byte("not a database, not at all"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := app.Open(context.Background(), app.Options{Home: home})
	if err == nil {
		t.Fatal("a foreign database file opened")
	}
	if got := openErrorText(err); !strings.Contains(got, "lectern.db") || !strings.HasSuffix(got, ".") {
		t.Errorf("open error text %q", got)
	}
}

// Issue 35: the window's size was saved in scaled units: after FYNE_SCALE=1.5 a normal start
// opened at 1066×584, two thirds of the window on the screen. It is kept as its size at the
// person's scale 1, so that it is the same on the screen at a start at another scale.
func TestWindowSizeIsKeptOnTheScreenAcrossScales(t *testing.T) {
	t.Setenv("FYNE_SCALE", "1.5")
	f := newFixture(t, fastConfig())
	f.browser()
	f.u.win.Resize(fyne.NewSize(1066, 584)) // 1599×876 pixels at scale 1.5
	f.u.Quit()
	t.Setenv("FYNE_SCALE", "")
	if got := savedSize(f.app.Settings(), userScale(f.fa)); got != fyne.NewSize(1599, 876) {
		t.Errorf("started at scale 1, the window is %v units (pixels), want 1599×876", got)
	}
	t.Setenv("FYNE_SCALE", "2")
	if got := savedSize(f.app.Settings(), userScale(f.fa)); got != fyne.NewSize(799.5, 438) {
		t.Errorf("started at scale 2, the window is %v units, want 799.5×438", got)
	}
}
