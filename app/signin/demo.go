package signin

import (
	"context"
	"fmt"

	"lectern/app/connection"
	"lectern/app/secrets"
	"lectern/app/settings"
)

// demoCacheKey is the cache key of demo mode: the demo server's address changes every start.
const demoCacheKey = "demo"

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
