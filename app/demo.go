package app

import (
	"context"
	"fmt"

	"lectern/client/emulator"
)

// demoCacheKey is the cache key of demo mode: the demo server's address changes every start.
const demoCacheKey = "demo"

// demoServer is demo mode's in-process emulator.
type demoServer struct {
	emu    *emulator.Emulator
	cancel context.CancelFunc
}

func (d *demoServer) close() { d.cancel() }

// StartDemo starts an in-process emulator holding demo workspaces and documents on
// 127.0.0.1 (a free port), connects to it with the demo key (kept in memory only), marks demo
// mode in the settings (the saved server address is kept for later) and refreshes the cache.
// Demo data is cached apart from every real server's.
func (a *App) StartDemo(ctx context.Context) error {
	a.conn.stopDemo()
	emu, info := emulator.NewDemo(emulator.Config{})
	sctx, cancel := context.WithCancel(context.Background())
	url, err := emu.ListenAndServe(sctx, "127.0.0.1:0")
	if err != nil {
		cancel()
		return fmt.Errorf("cannot start demo mode: %w", err)
	}
	a.secrets.SetSession(url, info.Key)
	if err := a.UpdateSettings(func(s *Settings) { s.DemoMode = true }); err != nil {
		cancel()
		return err
	}
	if err := a.switchTo(ctx, url, demoCacheKey, info.Key, KeyFromSession); err != nil {
		cancel()
		return err
	}
	a.conn.mu.Lock()
	a.conn.demo = &demoServer{emu: emu, cancel: cancel}
	a.conn.mu.Unlock()
	return a.Refresh(ctx)
}

// DemoMode reports whether the app is connected to demo mode's in-process server.
func (a *App) DemoMode() bool {
	a.conn.mu.Lock()
	defer a.conn.mu.Unlock()
	return a.conn.demo != nil
}
