package ui

import (
	"context"
	"net"
	"net/http"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"lectern/app"
	"lectern/client"
)

// unplugged fails to dial while down, as a server that went away does.
type unplugged struct{ down atomic.Bool }

func (u *unplugged) RoundTrip(r *http.Request) (*http.Response, error) {
	if u.down.Load() {
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	}
	return http.DefaultTransport.RoundTrip(r)
}

// The Offline banner leaves by itself once the server answers again: the core checks it while
// offline, and the window follows the connection.
func TestOfflineBannerLeavesByItself(t *testing.T) {
	f := newFixture(t, fastConfig())
	u := &unplugged{}
	a, err := app.Open(context.Background(), app.Options{Home: t.TempDir(), HTTPClient: &http.Client{Transport: u},
		KeychainTimeout: time.Second, ReconnectFirst: 50 * time.Millisecond, ReconnectMax: 100 * time.Millisecond,
		ClientOptions: []client.Option{client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 0})}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	f.app = a
	m := f.browser()
	u.down.Store(true)
	m.refresh()
	until(t, "the Offline banner", func() bool { return !m.busy && m.banner.Root().Visible() })
	u.down.Store(false)
	until(t, "the banner gone by itself", func() bool { return !m.banner.Root().Visible() })
}
