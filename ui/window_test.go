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
	if got := savedSize(f.app.Settings()); got != fyne.NewSize(900, 640) {
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
