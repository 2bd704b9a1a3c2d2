package ui

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"lectern/app"
	ltheme "lectern/ui/theme"
	"lectern/ui/widgets"
)

func openSettings(t *testing.T, f *fixture) *settingsWindow {
	t.Helper()
	f.u.ShowSettings()
	s := f.u.settings
	if s == nil {
		t.Fatal("no Settings window")
	}
	until(t, "the key", func() bool { return s.key.Text != "" })
	return s
}

func TestSettingsShowKeyPrefixOnly(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	s := openSettings(t, f)
	if !strings.HasPrefix(s.key.Text, app.KeyPrefix(f.info.Key)+"…") || strings.Contains(s.key.Text, f.info.Key) {
		t.Errorf("key shown as %q", s.key.Text)
	}
	if s.server.Text != f.app.Server() {
		t.Errorf("server %q, want %q", s.server.Text, f.app.Server())
	}
	if s.home.Text != f.app.Home() {
		t.Errorf("data folder %q", s.home.Text)
	}
	if f.app.KeychainAvailable() == s.keychain.Visible() {
		t.Errorf("keychain notice visible %v with keychain available %v", s.keychain.Visible(), f.app.KeychainAvailable())
	}
}

func TestSettingsThemeAppliesLiveAndChoicesAreSaved(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	s := openSettings(t, f)
	s.theme.SetSelected("Dark")
	if got := f.app.Settings().Theme; got != ltheme.Dark {
		t.Fatalf("saved theme %q", got)
	}
	bg := f.fa.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantLight)
	if bg != theme.DefaultTheme().Color(theme.ColorNameBackground, theme.VariantDark) {
		t.Error("the dark theme is not applied at once")
	}
	s.theme.SetSelected("Light")
	bg = f.fa.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark)
	if bg != theme.DefaultTheme().Color(theme.ColorNameBackground, theme.VariantLight) {
		t.Error("the light theme is not applied at once")
	}
	s.tier.SetSelected("Smart")
	s.thinking.SetChecked(true)
	if st := f.app.Settings(); st.DefaultTier != "smart" || !st.Thinking {
		t.Errorf("saved tier %q thinking %v", st.DefaultTier, st.Thinking)
	}
	// Escape closes the window; Ctrl+, opens it again.
	s.win.Canvas().(interface{ OnTypedKey() func(*fyne.KeyEvent) }).OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if f.u.settings != nil {
		t.Error("Escape did not close Settings")
	}
}

func TestSettingsSignOutReturnsToFirstRun(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	s := openSettings(t, f)
	s.doSignOut()
	until(t, "the first-run page", func() bool { _, ok := f.u.active.(*firstRun); return ok })
	if f.app.Settings().Server != "" {
		t.Error("the server is still saved")
	}
	if key, _, _ := f.app.APIKey(f.emu.URL()); key != "" {
		t.Error("the key is still stored")
	}
}

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
