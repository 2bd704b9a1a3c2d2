package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app/connection"
	"lectern/ui/internal/uitest"
	"lectern/ui/widgets"
)

// restartedWithoutKey connects without a keychain, syncs, and opens the app again on the same
// home, as after a restart: the key kept for the session is gone. It shows the browser.
func restartedWithoutKey(t *testing.T, f *fixture) *mainView {
	t.Helper()
	f.connect()
	if err := f.app.Workspaces().Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.app.Close()
	f.app = f.open()
	u := f.show(core{})
	until(t, "the key-needed banner", func() bool {
		return u.main != nil && !u.main.busy && u.main.banner.Root().Visible() &&
			strings.HasPrefix(u.main.banner.Text(), "API key needed")
	})
	drain()
	return u.main
}

// The shell shows the key-needed state (the banner's own parts are tested in ui/banner), not
// offline, and the cached list without an error of its own.
func TestKeyNeededIsNotOffline(t *testing.T) {
	uitest.NoKeychain(t)
	f := newFixture(t, fastConfig())
	m := restartedWithoutKey(t, f)
	if c := f.app.SignIn().Connection(); c.State != connection.ConnKeyNeeded {
		t.Fatalf("state %v, want key needed", c.State)
	}
	if said := m.banner.Text(); !strings.HasPrefix(said, "API key needed\n") || strings.Contains(said, "Offline") ||
		m.status.state.Text != "API key needed" {
		t.Errorf("banner %q, status %q", said, m.status.state.Text)
	}
	if m.listErr.Box.Visible() {
		t.Errorf("the list shows an error as well: %q", m.listErr.Message())
	}
	if len(m.list.All()) != 5 {
		t.Errorf("cached list has %d workspaces", len(m.list.All()))
	}
}

// A key entered in the banner refreshes the window: online, the banner gone.
func TestKeyEnteredInTheBannerBringsTheWindowOnline(t *testing.T) {
	uitest.NoKeychain(t)
	f := newFixture(t, fastConfig())
	m := restartedWithoutKey(t, f)
	key, connect := bannerKeyField(t, m.banner.Root())
	key.SetText(f.info.Key)
	test.Tap(connect)
	until(t, "online again", func() bool { return !m.busy && f.app.SignIn().Connection().State == connection.ConnOnline })
	drain()
	if m.banner.Root().Visible() || m.status.state.Text != "Online" {
		t.Errorf("banner visible %v, status %q", m.banner.Root().Visible(), m.status.state.Text)
	}
}

// bannerKeyField finds the banner's key field and its Connect button in its widget tree.
func bannerKeyField(t *testing.T, root fyne.CanvasObject) (key *widgets.Entry, connect *widget.Button) {
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *widgets.Entry:
			if o.Password {
				key = o
			}
		case *widget.Button:
			if o.Text == "Connect" {
				connect = o
			}
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		}
	}
	walk(root)
	if key == nil || connect == nil {
		t.Fatal("the banner has no key field and Connect")
	}
	return key, connect
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
