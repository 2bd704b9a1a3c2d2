package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/zalando/go-keyring"

	"lectern/app"
	"lectern/client/emulator"
)

// noKeychain makes go-keyring fail as on Linux without a Secret Service, until the test ends.
func noKeychain(t *testing.T) {
	t.Helper()
	keyring.MockInitWithError(errors.New("org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided"))
	t.Cleanup(keyring.MockInit)
}

// restartedWithoutKey connects without a keychain, syncs, and opens the app again on the same
// home, as after a restart: the key kept for the session is gone. It shows the browser.
func restartedWithoutKey(t *testing.T, f *fixture) *mainView {
	t.Helper()
	f.connect()
	if err := f.app.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.app.Close()
	f.app = f.open()
	u := f.show(nil)
	until(t, "the key-needed banner", func() bool {
		return u.main != nil && !u.main.busy && u.main.banner.root.Visible() && u.main.banner.keyBox.Visible()
	})
	drain()
	return u.main
}

// visibleTexts returns the text of every visible label under o.
func visibleTexts(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *widget.Check:
			b.WriteString(w.Text + "\n")
		case *widget.Button:
			b.WriteString(w.Text + "\n")
		case *widget.Card:
			b.WriteString(w.Title + "\n" + w.Subtitle + "\n")
			walk(w.Content)
		case *widget.Form:
			for _, it := range w.Items {
				b.WriteString(it.Text + "\n")
				walk(it.Widget)
			}
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(w.Content)
		}
	}
	walk(o)
	return b.String()
}

func TestKeyNeededIsNotOffline(t *testing.T) {
	noKeychain(t)
	f := newFixture(t, fastConfig())
	m := restartedWithoutKey(t, f)
	b := m.banner
	if c := f.app.Connection(); c.State != app.ConnKeyNeeded {
		t.Fatalf("state %v, want key needed", c.State)
	}
	if b.text.Text != "API key needed" || strings.Contains(b.text.Text, "Offline") || m.status.state.Text != "API key needed" {
		t.Errorf("banner %q, status %q", b.text.Text, m.status.state.Text)
	}
	if !strings.Contains(b.why.Text, "No keychain is available") || strings.Contains(b.why.Text, "LECTERN_API_KEY") {
		t.Errorf("why %q", b.why.Text)
	}
	if b.retry.Visible() || !b.key.Password || !b.key.Visible() || !b.connect.Visible() {
		t.Errorf("retry %v, masked %v, key %v, connect %v", b.retry.Visible(), b.key.Password, b.key.Visible(), b.connect.Visible())
	}
	if !b.keyFile.Visible() || b.keyFile.Checked || !strings.Contains(b.keyFileNote.Text, "anyone who can read your files") {
		t.Errorf("key-file choice visible %v checked %v note %q", b.keyFile.Visible(), b.keyFile.Checked, b.keyFileNote.Text)
	}
	if m.listErr.box.Visible() {
		t.Errorf("the list shows an error as well: %q", m.listErr.Message())
	}
	if len(m.list.all) != 5 {
		t.Errorf("cached list has %d workspaces", len(m.list.all))
	}
}

func TestKeyNeededBannerTakesAPastedKey(t *testing.T) {
	noKeychain(t)
	f := newFixture(t, fastConfig())
	m := restartedWithoutKey(t, f)
	b := m.banner
	// A wrong key is refused and not kept.
	b.key.SetText("lk_wrong_key_000000000000")
	test.Tap(b.connect)
	until(t, "the refusal", func() bool { return !b.inFlight })
	if msg := b.errs.Message(); !strings.Contains(msg, "refused this key") || !b.root.Visible() {
		t.Fatalf("wrong key: %q (banner visible %v)", msg, b.root.Visible())
	}
	// The right one, pasted, with the key file chosen.
	b.key.SetText("")
	f.fa.Clipboard().SetContent(f.info.Key)
	b.key.TypedShortcut(&fyne.ShortcutPaste{Clipboard: f.fa.Clipboard()})
	if b.key.Text != f.info.Key {
		t.Fatalf("paste into the key field gave %d characters", len(b.key.Text))
	}
	b.keyFile.SetChecked(true)
	test.Tap(b.connect)
	until(t, "online again", func() bool {
		return !b.inFlight && !m.busy && f.app.Connection().State == app.ConnOnline
	})
	drain()
	if b.root.Visible() || b.key.Text != "" || m.status.state.Text != "Online" {
		t.Errorf("banner visible %v, field %d characters, status %q", b.root.Visible(), len(b.key.Text), m.status.state.Text)
	}
	if k, src, _ := f.app.APIKey(f.emu.URL()); k != f.info.Key || src != app.KeyFromFile {
		t.Errorf("key kept in %v", src)
	}
	fi, err := os.Stat(f.app.KeyFile(f.emu.URL()))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", fi, err)
	}
	if data, _ := os.ReadFile(filepath.Join(f.home, "settings.json")); strings.Contains(string(data), f.info.Key) {
		t.Error("settings.json holds the key")
	}
}

func TestSettingsChangeKeyAndKeyFileWithoutKeychain(t *testing.T) {
	noKeychain(t)
	f := newFixture(t, fastConfig())
	restartedWithoutKey(t, f)
	s := openSettings(t, f)
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
	until(t, "the key saved", func() bool { return !s.keys.inFlight && strings.HasPrefix(s.key.Text, app.KeyPrefix(f.info.Key)) })
	until(t, "online", func() bool { return !f.u.main.busy && f.app.Connection().State == app.ConnOnline })
	// Keep it in a file: the notice says so, the sign-out dialog names the file, sign-out removes it.
	s.keys.keyFile.SetChecked(true)
	path := f.app.KeyFile(f.emu.URL())
	until(t, "the key file", func() bool {
		_, err := os.Stat(path)
		return err == nil && strings.Contains(s.keychain.Text, "in a file")
	})
	drain()
	if _, text := signOutText(f.app.Server(), s.demo, s.chain, s.src, path); !strings.Contains(text, path) || strings.Contains(text, "keychain") {
		t.Errorf("sign-out text %q", text)
	}
	s.doSignOut()
	until(t, "the first-run page", func() bool { _, ok := f.u.active.(*firstRun); return ok })
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the key file is still there: %v", err)
	}
}

func TestSettingsChangeKeyWithKeychain(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	s := openSettings(t, f)
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
		return !s.keys.inFlight && strings.HasPrefix(s.key.Text, app.KeyPrefix(f.info.ReadOnlyKey))
	})
	if k, src, _ := f.app.APIKey(f.emu.URL()); k != f.info.ReadOnlyKey || src != app.KeyFromKeychain {
		t.Errorf("key from %v", src)
	}
	if names, _ := filepath.Glob(filepath.Join(f.home, "api-key-*")); len(names) != 0 {
		t.Errorf("key files with a keychain: %v", names)
	}
}

func TestDemoSettingsConnectToAnotherServer(t *testing.T) {
	noKeychain(t)
	f := newFixture(t, fastConfig())
	p := firstRunPage(t, f)
	test.Tap(p.demo)
	until(t, "the demo browser", f.u.Settled)
	s := openSettings(t, f)
	until(t, "the demo key text", func() bool { return strings.Contains(s.key.Text, "demo") })
	drain()
	texts := visibleTexts(s.win.Content())
	if !strings.Contains(texts, "Connect to another server") || !strings.Contains(texts, "The demo's own key") {
		t.Fatalf("demo Settings:\n%s", texts)
	}
	for _, bad := range []string{"keychain", "LECTERN_API_KEY", "Change key", "a file that only you"} {
		if strings.Contains(texts, bad) {
			t.Errorf("demo Settings speak of %q:\n%s", bad, texts)
		}
	}
	if title, text := signOutText(f.app.Server(), true, false, app.KeyFromSession, ""); strings.Contains(text, "keychain") ||
		strings.Contains(text, "LECTERN_API_KEY") || title != "Leave the demo?" {
		t.Errorf("demo sign-out: %q %q", title, text)
	}
	test.Tap(s.another)
	c := s.connectOther
	if c == nil || !c.keyFile.Visible() {
		t.Fatal("no connect form, or no key-file choice without a keychain")
	}
	c.server.SetText(f.emu.URL())
	c.key.SetText(f.info.Key)
	test.Tap(c.connect)
	until(t, "the other server's browser", func() bool {
		return !c.inFlight && f.u.main != nil && f.app.Server() == f.emu.URL() && f.u.Settled()
	})
	if f.app.DemoMode() || f.app.Settings().DemoMode || f.app.Settings().Server != f.emu.URL() {
		t.Errorf("demo %v/%v, saved server %q", f.app.DemoMode(), f.app.Settings().DemoMode, f.app.Settings().Server)
	}
	if !strings.Contains(s.server.Text, f.emu.URL()) {
		t.Errorf("Settings show the server %q", s.server.Text)
	}
}

func TestSignOutSaysWhatIsRemovedHere(t *testing.T) {
	const server = "https://qa.example.com"
	cases := []struct {
		chain     bool
		src       app.KeySource
		want, not string
	}{
		{true, app.KeyFromKeychain, "from the system keychain", "memory"},
		{false, app.KeyFromSession, "kept in memory for this session only", "keychain"},
		{true, app.KeyFromSession, "any copy in the system keychain", "file"},
		{false, app.KeyFromFile, "/home/x/api-key-1", "keychain"},
		{false, app.KeyFromEnv, "LECTERN_API_KEY, which stays set", "keychain"},
		{false, app.KeyNone, "no API key stored", "keychain"},
	}
	for _, c := range cases {
		_, text := signOutText(server, false, c.chain, c.src, "/home/x/api-key-1")
		if !strings.Contains(text, c.want) || strings.Contains(text, c.not) || !strings.Contains(text, server) {
			t.Errorf("chain %v, key %v: %q", c.chain, c.src, text)
		}
	}
}

// Asking while the server needs a key sends nothing, keeps the question and points at the banner
// (not at the command line's LECTERN_API_KEY).
func TestAskWhileKeyNeededPointsAtTheBanner(t *testing.T) {
	noKeychain(t)
	f := newFixture(t, fastConfig())
	m := restartedWithoutKey(t, f)
	m.selectNamed(t, "My documents")
	c := m.chat
	until(t, "the chat pane", func() bool { return c.ws.Workspace.Name == "My documents" })
	c.input.SetText("What is the leave policy?")
	c.input.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	drain()
	msg := c.errs.Message()
	if !strings.Contains(msg, "banner at the top of the window") || strings.Contains(msg, "LECTERN_API_KEY") {
		t.Errorf("message %q", msg)
	}
	if c.input.Text != "What is the leave policy?" || c.streaming != nil || len(c.turns) != 0 {
		t.Errorf("input %q, streaming %v, %d turns", c.input.Text, c.streaming != nil, len(c.turns))
	}
	if convs, _ := f.app.Conversations().List(context.Background(), ""); len(convs) != 0 {
		t.Errorf("%d conversations saved", len(convs))
	}
}

// Settings list the other servers this computer knows: each takes a new key (tried first) and
// can be used again without typing its address.
func TestSettingsOtherServersChangeKeyAndUse(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	second, info := emulator.NewDemo(fastConfig())
	second.Serve()
	t.Cleanup(second.Close)
	if err := f.app.Connect(context.Background(), second.URL(), info.Key); err != nil {
		t.Fatal(err)
	}
	if err := f.app.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := openSettings(t, f)
	until(t, "the other servers", func() bool { return s.servers.root.Visible() })
	if texts := visibleTexts(s.servers.root); !strings.Contains(texts, f.emu.URL()) || strings.Contains(texts, second.URL()) {
		t.Fatalf("other servers:\n%s", texts)
	}

	row := s.servers.rows.Objects[0].(*fyne.Container)
	buttons := row.Objects[1].(*fyne.Container).Objects[0].(*fyne.Container) // in its Center
	test.Tap(buttons.Objects[0].(*widget.Button))                            // Change key
	k := s.servers.keyForm
	k.entry.SetText("lk_wrong_key_000000000000")
	test.Tap(k.save)
	until(t, "the refusal", func() bool { return !k.busy && k.errs.box.Visible() })
	if msg := k.errs.Message(); !strings.Contains(msg, "refused this key") {
		t.Fatalf("wrong key: %q", msg)
	}
	k.entry.SetText(f.info.ReadOnlyKey)
	test.Tap(k.save)
	until(t, "the new key kept", func() bool { return !k.busy && !k.errs.box.Visible() })
	if key, _, _ := f.app.APIKey(f.emu.URL()); key != f.info.ReadOnlyKey || f.app.Server() != second.URL() {
		t.Fatalf("key %q, server in use %q", app.KeyPrefix(key), f.app.Server())
	}

	test.Tap(buttons.Objects[1].(*widget.Button)) // Use
	until(t, "the first server's browser", func() bool {
		return f.app.Server() == f.emu.URL() && f.u.main != nil && f.u.Settled() && s.server.Text == f.emu.URL()
	})
	until(t, "the list without the server in use", func() bool {
		texts := visibleTexts(s.servers.root)
		return strings.Contains(texts, second.URL()) && !strings.Contains(texts, f.emu.URL())
	})
}
