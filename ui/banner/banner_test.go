package banner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/app/connection"
	"lectern/app/explain"
	"lectern/app/secrets"
	"lectern/client/emulator"
	"lectern/ui/internal/parts"
	"lectern/ui/internal/uitest"
)

func TestMain(m *testing.M) { uitest.Main(m) }

// keyNeeded is a core without a keychain that connected and synced once, opened again on the same
// home as after a restart (the key kept for the session is gone), and the banner set to its state.
func keyNeeded(t *testing.T) (*Banner, *app.App, uitest.Queue, emulator.DemoInfo, string) {
	t.Helper()
	uitest.NoKeychain(t)
	emu, info := emulator.NewDemo(uitest.FastConfig())
	emu.Serve()
	t.Cleanup(emu.Close)
	home := t.TempDir()
	first := uitest.OpenCore(t, home)
	if err := first.SignIn().Connect(context.Background(), emu.URL(), info.Key); err != nil {
		t.Fatal(err)
	}
	if err := first.Workspaces().Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	_ = first.Close()
	a := uitest.OpenCore(t, home)
	_ = a.Workspaces().Refresh(context.Background()) // refused: no key
	if c := a.SignIn().Connection(); c.State != connection.ConnKeyNeeded {
		t.Fatalf("state %v, want key needed", c.State)
	}
	q := uitest.NewQueue()
	var b *Banner
	b = New(q.Life(t), parts.Of(a), func() {
		go func() {
			_ = a.Workspaces().Refresh(context.Background())
			q.Do(func() { b.Set(a.SignIn().Connection()) })
		}()
	})
	b.Set(a.SignIn().Connection())
	q.Until(t, "the keychain looked at", func() bool { return strings.Contains(b.why.Text, "No keychain") })
	return b, a, q, info, emu.URL()
}

func TestKeyNeededIsNotOffline(t *testing.T) {
	test.NewTempApp(t)
	b, _, _, _, _ := keyNeeded(t)
	if !b.root.Visible() || b.text.Text != "API key needed" || strings.Contains(b.Text(), "Offline") {
		t.Errorf("banner visible %v: %q", b.root.Visible(), b.Text())
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
}

func TestKeyNeededBannerTakesAPastedKey(t *testing.T) {
	fa := test.NewTempApp(t)
	b, a, q, info, server := keyNeeded(t)
	// A wrong key is refused and not kept.
	b.key.SetText("lk_wrong_key_000000000000")
	test.Tap(b.connect)
	q.Until(t, "the refusal", func() bool { return !b.inFlight })
	if msg := b.errs.Message(); !strings.Contains(msg, "refused this key") || !b.root.Visible() {
		t.Fatalf("wrong key: %q (banner visible %v)", msg, b.root.Visible())
	}
	// The right one, pasted, with the key file chosen.
	b.key.SetText("")
	fa.Clipboard().SetContent(info.Key)
	b.key.TypedShortcut(&fyne.ShortcutPaste{Clipboard: fa.Clipboard()})
	if b.key.Text != info.Key {
		t.Fatalf("paste into the key field gave %d characters", len(b.key.Text))
	}
	b.keyFile.SetChecked(true)
	test.Tap(b.connect)
	q.Until(t, "the banner gone", func() bool { return !b.inFlight && !b.root.Visible() })
	if b.key.Text != "" || a.SignIn().Connection().State != connection.ConnOnline {
		t.Errorf("field %d characters, state %v", len(b.key.Text), a.SignIn().Connection().State)
	}
	if k, src, _ := a.SignIn().APIKey(server); k != info.Key || src != secrets.KeyFromFile {
		t.Errorf("key kept in %v", src)
	}
	fi, err := os.Stat(a.SignIn().KeyFile(server))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", fi, err)
	}
	if data, _ := os.ReadFile(filepath.Join(a.Home(), "settings.json")); strings.Contains(string(data), info.Key) {
		t.Error("settings.json holds the key")
	}
}

// Offline, the banner says since when and why and offers Try again; online, it is hidden.
func TestOfflineBannerSaysWhyAndOffersTryAgain(t *testing.T) {
	test.NewTempApp(t)
	tries := 0
	b := New(uitest.NewQueue().Life(t), parts.Of(uitest.OpenCore(t, t.TempDir())), func() { tries++ })
	b.Set(connection.Connection{State: connection.ConnOffline, Why: explain.Explanation{Sentence: "Cannot reach the server."}})
	if !b.root.Visible() || b.Text() != "Offline, showing the cached list\nCannot reach the server." ||
		!b.retry.Visible() || b.keyBox.Visible() {
		t.Errorf("never synced: visible %v, %q, retry %v, key box %v", b.root.Visible(), b.Text(), b.retry.Visible(), b.keyBox.Visible())
	}
	b.Set(connection.Connection{State: connection.ConnOffline, LastSynced: time.Now()})
	if !strings.HasPrefix(b.Text(), "Offline, last updated at ") {
		t.Errorf("synced before: %q", b.Text())
	}
	test.Tap(b.retry)
	if tries != 1 {
		t.Errorf("Try again ran %d times", tries)
	}
	b.Set(connection.Connection{State: connection.ConnOnline})
	if b.root.Visible() {
		t.Error("the banner stays while online")
	}
}
