package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"lectern/client/emulator"
)

// firstRunPage shows the UI on a fresh home and returns its first-run page.
func firstRunPage(t *testing.T, f *fixture) *firstRun {
	t.Helper()
	u := f.show(core{})
	p, ok := u.active.(*firstRun)
	if !ok {
		t.Fatalf("with no server saved the window shows %T, want the first-run page", u.active)
	}
	return p
}

func testConnection(t *testing.T, p *firstRun, server, key string) {
	t.Helper()
	p.Server.SetText(server)
	p.Key.SetText(key)
	test.Tap(p.TestButton)
	until(t, "the connection test", func() bool { return !p.Busy() })
}

func TestFirstRunTestConnectionListsWorkspaces(t *testing.T) {
	f := newFixture(t, fastConfig())
	p := firstRunPage(t, f)
	testConnection(t, p, f.emu.URL(), f.info.Key)
	if !p.Result.Visible() || !strings.Contains(p.Result.Text, "opens 5 workspaces") || !strings.Contains(p.Result.Text, "My documents") {
		t.Fatalf("result = %q (visible %v), error %q", p.Result.Text, p.Result.Visible(), p.Errs.Message())
	}
	if f.app.Settings().Server != "" {
		t.Fatal("Test connection saved the server")
	}
	until(t, "the keychain note", func() bool { return p.connectCard.Subtitle == keychainNote(f.app.SignIn().KeychainAvailable()) })
}

func TestFirstRunSaysPlainlyWhatWentWrong(t *testing.T) {
	f := newFixture(t, emulator.Config{WrongKeyLimit: 3, WrongKeyWindow: time.Minute})
	f.emu.AddKey(emulator.Key{Secret: "lk_no_owner_0123456789", Owner: ""})
	p := firstRunPage(t, f)

	testConnection(t, p, "http://127.0.0.1:1", f.info.Key)
	if msg := p.Errs.Message(); !strings.Contains(msg, "Cannot reach") {
		t.Errorf("unreachable: %q", msg)
	}
	testConnection(t, p, f.emu.URL(), "lk_no_owner_0123456789")
	if msg := p.Errs.Message(); !strings.Contains(msg, "no owner") {
		t.Errorf("key without owner: %q", msg)
	}
	testConnection(t, p, f.emu.URL(), "lk_wrong_key_000000000")
	if msg := p.Errs.Message(); !strings.Contains(msg, "missing or wrong") {
		t.Errorf("wrong key: %q", msg)
	}
	if p.Errs.RequestID() == "" {
		t.Errorf("the request id is not shown selectable: %q", p.Errs.RequestID())
	}
	for i := 0; i < 3; i++ {
		testConnection(t, p, f.emu.URL(), "lk_wrong_key_000000000")
	}
	if msg := p.Errs.Message(); !strings.Contains(msg, "wrong keys") || !strings.Contains(msg, "try again in") {
		t.Errorf("too many wrong keys: %q", msg)
	}
	testConnection(t, p, "http://example.com", f.info.Key)
	if msg := p.Errs.Message(); !strings.Contains(strings.ToLower(msg), "https") {
		t.Errorf("plain http to a remote host: %q", msg)
	}
	p.Server.SetText(f.emu.URL())
	p.Key.SetText("")
	test.Tap(p.TestButton)
	if msg := p.Errs.Message(); !strings.Contains(msg, "Enter the API key") {
		t.Errorf("empty key: %q", msg)
	}
}

func TestFirstRunConnectOpensTheBrowser(t *testing.T) {
	f := newFixture(t, fastConfig())
	p := firstRunPage(t, f)
	p.Server.SetText(f.emu.URL())
	p.Key.SetText(f.info.Key)
	test.Tap(p.ConnectButton)
	until(t, "the browser", driver{f.u}.settled)
	if got := f.app.Settings().Server; got != strings.TrimRight(f.emu.URL(), "/") && got != f.emu.URL() {
		t.Errorf("saved server = %q", got)
	}
	if got := f.u.main.list.All()[0].Scope; got != "personal" {
		t.Errorf("first workspace scope = %q, want personal first", got)
	}
	last := f.u.main.list.All()[len(f.u.main.list.All())-1].Scope
	if last != "organization" {
		t.Errorf("last workspace scope = %q, want organisation last", last)
	}
}

func TestDemoPath(t *testing.T) {
	f := newFixture(t, fastConfig())
	p := firstRunPage(t, f)
	test.Tap(p.demo)
	until(t, "the demo browser", driver{f.u}.settled)
	m := f.u.main
	var names []string
	for _, w := range m.list.All() {
		names = append(names, w.Workspace.Name)
	}
	got := strings.Join(names, ",")
	for _, want := range []string{"My documents", "Finance", "Operations"} {
		if !strings.Contains(got, want) {
			t.Errorf("demo workspaces %q lack %q", got, want)
		}
	}
	if !strings.Contains(m.status.server.Text, "Demo server") || m.status.state.Text != "Online" {
		t.Errorf("status bar: %q %q", m.status.state.Text, m.status.server.Text)
	}
	if !f.app.Settings().DemoMode {
		t.Error("demo mode not saved")
	}
}
