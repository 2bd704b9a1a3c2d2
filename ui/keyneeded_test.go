package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/ui/internal/uitest"
)

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
	u := f.show(core{})
	until(t, "the key-needed banner", func() bool {
		return u.main != nil && !u.main.busy && u.main.banner.root.Visible() && u.main.banner.keyBox.Visible()
	})
	drain()
	return u.main
}

func TestKeyNeededIsNotOffline(t *testing.T) {
	uitest.NoKeychain(t)
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
	if m.listErr.Box.Visible() {
		t.Errorf("the list shows an error as well: %q", m.listErr.Message())
	}
	if len(m.list.All()) != 5 {
		t.Errorf("cached list has %d workspaces", len(m.list.All()))
	}
}

func TestKeyNeededBannerTakesAPastedKey(t *testing.T) {
	uitest.NoKeychain(t)
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

// Asking while the server needs a key sends nothing, keeps the question and points at the banner
// (not at the command line's LECTERN_API_KEY).
func TestAskWhileKeyNeededPointsAtTheBanner(t *testing.T) {
	uitest.NoKeychain(t)
	f := newFixture(t, fastConfig())
	m := restartedWithoutKey(t, f)
	m.selectNamed(t, "My documents")
	c := m.chat
	c.Ask("What is the leave policy?")
	drain()
	msg := c.Error()
	if !strings.Contains(msg, "banner at the top of the window") || strings.Contains(msg, "LECTERN_API_KEY") {
		t.Errorf("message %q", msg)
	}
	if _, streaming := c.Answer(); c.Question() != "What is the leave policy?" || streaming || len(c.Turns()) != 0 {
		t.Errorf("input %q, streaming %v, %d turns", c.Question(), streaming, len(c.Turns()))
	}
	if convs, _ := f.app.Conversations().List(context.Background(), ""); len(convs) != 0 {
		t.Errorf("%d conversations saved", len(convs))
	}
}
