package signin

import (
	"context"
	"fmt"
	"net/url"

	"lectern/app/connection"
	"lectern/app/secrets"
	"lectern/app/settings"
	"lectern/client/emulator"
)

// demoCacheKey is the cache key of demo mode: the demo server's address changes every start.
const demoCacheKey = "demo"

// cacheKeyOf is the key under which the data of server, reached with key, is stored: its
// address, except for a demo server on this computer reached with a demo key (lectern demo, or
// another process's Try the demo), stored under demoCacheKey as demo mode's is: every demo server
// serves the same demo, so that its conversations are one history whichever of them served them
// (issue 35). An empty key is the one the server will be asked with (LECTERN_API_KEY first). The
// conversations kept under such a server's address before join the demo's. Only a server the
// command line is pointed at (UseServer), other than the saved one, is judged so: the saved server
// keeps its address as its key in both front-ends, whatever key is found for it at a start (none,
// while the keychain fails).
func (s *Session) cacheKeyOf(ctx context.Context, server, key string) string {
	u, err := url.Parse(server)
	if err != nil || !settings.IsLoopback(u.Hostname()) {
		return server
	}
	if key == "" {
		key, _, _ = s.secrets.Get(server)
	}
	if !emulator.IsDemoKey(key) {
		return server
	}
	_ = s.store.MoveConversations(ctx, server, demoCacheKey)
	return demoCacheKey
}

// StartDemo starts an in-process demo server (ServeDemo) on 127.0.0.1 (a free port), connects to
// it with the demo key (kept in memory only), marks demo mode in the settings (the saved server
// address is kept for later) and refreshes the cache. Demo data is cached apart from every real
// server's.
func (s *Session) StartDemo(ctx context.Context) error {
	s.conn.StopDemo()
	// The server outlives ctx, which covers only this start: it runs until demo mode stops.
	d, err := connection.ServeDemo(context.Background(), "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("cannot start demo mode: %w", err)
	}
	s.secrets.SetSession(d.URL, d.Key)
	if err := s.update(func(s *settings.Settings) { s.DemoMode = true }); err != nil {
		d.Close()
		return err
	}
	if err := s.switchTo(ctx, d.URL, demoCacheKey, d.Key, secrets.KeyFromSession); err != nil {
		d.Close()
		return err
	}
	s.conn.SetDemo(d)
	if err := s.sync.Refresh(ctx); err != nil {
		return err
	}
	// The demo's own server says which of its workspaces is published, as a real one says by its
	// first 403 workspace_read_only: it is not offered for files.
	return s.store.MarkReadOnly(ctx, demoCacheKey, d.Published())
}

// DemoMode reports whether the app is connected to demo mode's in-process server.
func (s *Session) DemoMode() bool {
	return s.conn.DemoMode()
}
