package settings

import (
	"context"
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/secrets"
	"lectern/client/emulator"
	"lectern/ui/internal/uitest"
	ltheme "lectern/ui/theme"
)

func TestSettingsShowKeyPrefixOnly(t *testing.T) {
	f := newFixture(t)
	f.connect()
	s := f.open()
	if !strings.HasPrefix(s.key.Text, secrets.KeyPrefix(f.info.Key)+"…") || strings.Contains(s.key.Text, f.info.Key) {
		t.Errorf("key shown as %q", s.key.Text)
	}
	if s.server.Text != f.app.SignIn().Server() {
		t.Errorf("server %q, want %q", s.server.Text, f.app.SignIn().Server())
	}
	if s.home.Text != f.app.Home() {
		t.Errorf("data folder %q", s.home.Text)
	}
	if f.app.SignIn().KeychainAvailable() == s.keychain.Visible() {
		t.Errorf("keychain notice visible %v with keychain available %v", s.keychain.Visible(), f.app.SignIn().KeychainAvailable())
	}
}

func TestSettingsThemeAppliesLiveAndChoicesAreSaved(t *testing.T) {
	f := newFixture(t)
	f.connect()
	s := f.open()
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
	s.theme.SetSelected("High contrast") // white on black in the dark variant, black on white in the light
	if got := f.app.Settings().Theme; got != ltheme.HighContrast {
		t.Fatalf("saved theme %q", got)
	}
	th := f.fa.Settings().Theme()
	for v, want := range map[fyne.ThemeVariant]color.Color{theme.VariantDark: color.White, theme.VariantLight: color.Black} {
		if r := ltheme.Contrast(th.Color(theme.ColorNameForeground, v), th.Color(theme.ColorNameBackground, v)); r < 20 ||
			ltheme.Contrast(th.Color(theme.ColorNameForeground, v), want) > 1.01 {
			t.Errorf("the high-contrast theme is not applied at once: variant %d, text at %.1f:1", v, r)
		}
	}
	s.tier.SetSelected("Smart")
	s.thinking.SetChecked(true)
	if st := f.app.Settings(); st.DefaultTier != "smart" || !st.Thinking {
		t.Errorf("saved tier %q thinking %v", st.DefaultTier, st.Thinking)
	}
	// Escape closes the window; Ctrl+, opens it again.
	s.win.Canvas().(interface{ OnTypedKey() func(*fyne.KeyEvent) }).OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if !f.closed {
		t.Error("Escape did not close Settings")
	}
}

func TestSignOutForgetsServerAndKey(t *testing.T) {
	f := newFixture(t)
	f.connect()
	s := f.open()
	s.doSignOut()
	until(t, "the first-run page", func() bool { return f.signedOut == 1 })
	if f.app.Settings().Server != "" {
		t.Error("the server is still saved")
	}
	if key, _, _ := f.app.SignIn().APIKey(f.emu.URL()); key != "" {
		t.Error("the key is still stored")
	}
}

func TestSettingsChangeKeyAndKeyFileWithoutKeychain(t *testing.T) {
	uitest.NoKeychain(t)
	f := newFixture(t)
	f.restartedWithoutKey()
	s := f.open()
	until(t, "the key settings", func() bool { return s.keys.change.Visible() })
	if s.key.Text != "No key" || !s.keychain.Visible() || !s.keys.keyFile.Visible() {
		t.Fatalf("key %q, notice %v, key-file choice %v", s.key.Text, s.keychain.Visible(), s.keys.keyFile.Visible())
	}
	test.Tap(s.keys.change)
	if !s.keys.edit.Visible() || !s.keys.entry.Password {
		t.Fatal("Change key shows no masked field")
	}
	s.keys.entry.SetText(f.info.Key)
	test.Tap(s.keys.save)
	until(t, "the key saved", func() bool { return !s.keys.inFlight && strings.HasPrefix(s.key.Text, secrets.KeyPrefix(f.info.Key)) })
	until(t, "the window told to refresh", func() bool { return f.keyChanged == 1 })
	// Keep it in a file: the notice says so, the sign-out dialog names the file, sign-out removes it.
	s.keys.keyFile.SetChecked(true)
	path := f.app.SignIn().KeyFile(f.emu.URL())
	until(t, "the key file", func() bool {
		_, err := os.Stat(path)
		return err == nil && strings.Contains(s.keychain.Text, "in a file")
	})
	drain()
	if _, text := signOutText(f.app.SignIn().Server(), s.demo, s.chain, s.src, path); !strings.Contains(text, path) || strings.Contains(text, "keychain") {
		t.Errorf("sign-out text %q", text)
	}
	s.doSignOut()
	until(t, "the first-run page", func() bool { return f.signedOut == 1 })
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the key file is still there: %v", err)
	}
}

func TestSettingsChangeKeyWithKeychain(t *testing.T) {
	f := newFixture(t)
	f.connect()
	s := f.open()
	until(t, "Change key", func() bool { return s.keys.change.Visible() })
	if s.keys.keyFile.Visible() || s.keychain.Visible() {
		t.Error("the key-file choice is offered although a keychain exists")
	}
	test.Tap(s.keys.change)
	s.keys.entry.SetText("lk_wrong_key_000000000000")
	test.Tap(s.keys.save)
	until(t, "the refusal", func() bool { return !s.keys.inFlight })
	if msg := s.errs.Message(); !strings.Contains(msg, "refused this key") {
		t.Fatalf("wrong key: %q", msg)
	}
	s.keys.entry.SetText(f.info.ReadOnlyKey)
	test.Tap(s.keys.save)
	until(t, "the new key", func() bool {
		return !s.keys.inFlight && strings.HasPrefix(s.key.Text, secrets.KeyPrefix(f.info.ReadOnlyKey))
	})
	if k, src, _ := f.app.SignIn().APIKey(f.emu.URL()); k != f.info.ReadOnlyKey || src != secrets.KeyFromKeychain {
		t.Errorf("key from %v", src)
	}
	if names, _ := filepath.Glob(filepath.Join(f.home, "api-key-*")); len(names) != 0 {
		t.Errorf("key files with a keychain: %v", names)
	}
}

func TestDemoSettingsConnectToAnotherServer(t *testing.T) {
	uitest.NoKeychain(t)
	f := newFixture(t)
	if err := f.app.SignIn().StartDemo(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := f.open()
	until(t, "the demo key text", func() bool { return strings.Contains(s.key.Text, "demo") })
	drain()
	texts := uitest.VisibleTexts(s.win.Content())
	if !strings.Contains(texts, "Connect to another server") || !strings.Contains(texts, "The demo's own key") {
		t.Fatalf("demo Settings:\n%s", texts)
	}
	for _, bad := range []string{"keychain", "LECTERN_API_KEY", "Change key", "a file that only you"} {
		if strings.Contains(texts, bad) {
			t.Errorf("demo Settings speak of %q:\n%s", bad, texts)
		}
	}
	if title, text := signOutText(f.app.SignIn().Server(), true, false, secrets.KeyFromSession, ""); strings.Contains(text, "keychain") ||
		strings.Contains(text, "LECTERN_API_KEY") || title != "Leave the demo?" {
		t.Errorf("demo sign-out: %q %q", title, text)
	}
	test.Tap(s.another)
	c := s.connectOther
	if c == nil || !c.keyFile.Visible() {
		t.Fatal("no connect form, or no key-file choice without a keychain")
	}
	c.Server.SetText(f.emu.URL())
	c.Key.SetText(f.info.Key)
	test.Tap(c.ConnectButton)
	until(t, "the other server in use", func() bool {
		return !c.inFlight && f.app.SignIn().Server() == f.emu.URL() && f.switched == 1
	})
	if f.app.SignIn().DemoMode() || f.app.Settings().DemoMode || f.app.Settings().Server != f.emu.URL() {
		t.Errorf("demo %v/%v, saved server %q", f.app.SignIn().DemoMode(), f.app.Settings().DemoMode, f.app.Settings().Server)
	}
	if !strings.Contains(s.server.Text, f.emu.URL()) {
		t.Errorf("Settings show the server %q", s.server.Text)
	}
}

// Without a keychain, the note says where the key is kept, and never asks to set LECTERN_API_KEY
// when the key in use already comes from it.
func TestKeychainNoteFollowsWhereTheKeyComesFrom(t *testing.T) {
	cases := []struct {
		chain, keyFile bool
		src            secrets.KeySource
		want, not      string
	}{
		{false, false, secrets.KeyFromSession, "set LECTERN_API_KEY", "file that only you"},
		{false, true, secrets.KeyFromFile, "/home/x/api-key-1", "set LECTERN_API_KEY"},
		{false, false, secrets.KeyFromEnv, "comes from LECTERN_API_KEY and is not stored", "set LECTERN_API_KEY"},
		{false, true, secrets.KeyFromEnv, "comes from LECTERN_API_KEY", "/home/x/api-key-1"},
	}
	for _, c := range cases {
		text := keychainText(c.chain, false, c.keyFile, c.src, "/home/x/api-key-1")
		if !strings.Contains(text, c.want) || strings.Contains(text, c.not) {
			t.Errorf("key file %v, key %v: %q", c.keyFile, c.src, text)
		}
	}
	if text := keychainText(true, false, false, secrets.KeyFromEnv, ""); text != "" {
		t.Errorf("with a keychain: %q", text)
	}
}

func TestSignOutSaysWhatIsRemovedHere(t *testing.T) {
	const server = "https://qa.example.com"
	cases := []struct {
		chain     bool
		src       secrets.KeySource
		want, not string
	}{
		{true, secrets.KeyFromKeychain, "from the system keychain", "memory"},
		{false, secrets.KeyFromSession, "kept in memory for this session only", "keychain"},
		{true, secrets.KeyFromSession, "any copy in the system keychain", "file"},
		{false, secrets.KeyFromFile, "/home/x/api-key-1", "keychain"},
		{false, secrets.KeyFromEnv, "LECTERN_API_KEY, which stays set", "keychain"},
		{false, secrets.KeyNone, "no API key stored", "keychain"},
	}
	for _, c := range cases {
		_, text := signOutText(server, false, c.chain, c.src, "/home/x/api-key-1")
		if !strings.Contains(text, c.want) || strings.Contains(text, c.not) || !strings.Contains(text, server) {
			t.Errorf("chain %v, key %v: %q", c.chain, c.src, text)
		}
	}
}

// Settings list the other servers this computer knows: each takes a new key (tried first) and
// can be used again without typing its address.
func TestSettingsOtherServersChangeKeyAndUse(t *testing.T) {
	f := newFixture(t)
	f.connect()
	second, info := emulator.NewDemo(uitest.FastConfig())
	second.Serve()
	t.Cleanup(second.Close)
	if err := f.app.SignIn().Connect(context.Background(), second.URL(), info.Key); err != nil {
		t.Fatal(err)
	}
	if err := f.app.Workspaces().Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := f.open()
	until(t, "the other servers", func() bool { return s.servers.root.Visible() })
	if texts := uitest.VisibleTexts(s.servers.root); !strings.Contains(texts, f.emu.URL()) || strings.Contains(texts, second.URL()) {
		t.Fatalf("other servers:\n%s", texts)
	}

	row := s.servers.rows.Objects[0].(*fyne.Container)
	buttons := row.Objects[1].(*fyne.Container).Objects[0].(*fyne.Container) // in its Center
	test.Tap(buttons.Objects[0].(*widget.Button))                            // Change key
	k := s.servers.keyForm
	k.entry.SetText("lk_wrong_key_000000000000")
	test.Tap(k.save)
	until(t, "the refusal", func() bool { return !k.busy && k.errs.Box.Visible() })
	if msg := k.errs.Message(); !strings.Contains(msg, "refused this key") {
		t.Fatalf("wrong key: %q", msg)
	}
	k.entry.SetText(f.info.ReadOnlyKey)
	test.Tap(k.save)
	until(t, "the new key kept", func() bool { return !k.busy && !k.errs.Box.Visible() })
	if key, _, _ := f.app.SignIn().APIKey(f.emu.URL()); key != f.info.ReadOnlyKey || f.app.SignIn().Server() != second.URL() {
		t.Fatalf("key %q, server in use %q", secrets.KeyPrefix(key), f.app.SignIn().Server())
	}

	test.Tap(buttons.Objects[1].(*widget.Button)) // Use
	until(t, "the first server in use", func() bool {
		return f.app.SignIn().Server() == f.emu.URL() && f.switched == 1 && s.server.Text == f.emu.URL()
	})
	until(t, "the list without the server in use", func() bool {
		texts := uitest.VisibleTexts(s.servers.root)
		return strings.Contains(texts, second.URL()) && !strings.Contains(texts, f.emu.URL())
	})
}
