package ui

import (
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"lectern/app/connection"
	"lectern/ui/internal/uitest"
	"lectern/ui/widgets"
)

// switchable is a transport that can be cut, as a network that goes away and comes back.
type switchable struct{ down atomic.Bool }

func (s *switchable) RoundTrip(r *http.Request) (*http.Response, error) {
	if s.down.Load() {
		return nil, errors.New("network is unreachable")
	}
	return http.DefaultTransport.RoundTrip(r)
}

// After the connection comes back (a request got through while the window showed Offline), the
// window catches up with the server, and "Updated" moves with it.
func TestReconnectingMovesLastSynced(t *testing.T) {
	f := newFixture(t, fastConfig())
	net := &switchable{}
	_ = f.app.Close()
	f.app = f.openWith(net)
	// The window's clock is a day after the sync: "Updated" then has its date, whatever the
	// hour the test runs at.
	tomorrow := func() time.Time { return time.Now().Add(24 * time.Hour) }
	f.now = tomorrow
	m := f.browser()
	net.down.Store(true)
	f.u.Refresh()
	until(t, "offline", func() bool { return !m.busy && m.status.shown == connection.ConnOffline })
	before := f.app.SignIn().Connection().LastSynced
	net.down.Store(false)
	uitest.SeedConversation(t, f.app, f.info.Personal, 1) // a question gets through: online again
	until(t, "a sync after reconnecting", func() bool {
		return !m.busy && f.app.SignIn().Connection().LastSynced.After(before) && m.status.shown == connection.ConnOnline
	})
	synced := f.app.SignIn().Connection().LastSynced.Local()
	if got, want := m.status.synced.Text, "Updated "+synced.Format(widgets.DateTimeLayout); got != want {
		t.Errorf("status bar %q; want %q", got, want)
	}
}
