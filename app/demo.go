package app

import (
	"context"
	"fmt"
	"net/url"

	"lectern/client"
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
func (a *App) cacheKeyOf(ctx context.Context, server, key string) string {
	u, err := url.Parse(server)
	if err != nil || !isLoopback(u.Hostname()) {
		return server
	}
	if key == "" {
		key, _, _ = a.secrets.Get(server)
	}
	if !emulator.IsDemoKey(key) {
		return server
	}
	_, _ = a.store.db.ExecContext(ctx, "UPDATE conversations SET server=? WHERE server=?", demoCacheKey, server)
	return demoCacheKey
}

// DemoServer is a running demo service: an in-process emulator of the service holding demo
// workspaces and documents. Demo mode (App.StartDemo) and `lectern demo` both run one, so that
// neither front-end builds an emulator of its own.
type DemoServer struct {
	// URL is the server's base address, for example http://127.0.0.1:8765.
	URL string
	// Key is the demo key, valid only on this server.
	Key string
	// ModelsURL is the base URL of the /v1 model endpoints that standard client libraries need
	// (URL + "/v1"); the same key works there.
	ModelsURL string

	personal  string // the id of the demo user's personal workspace that accepts uploads
	published string // the id of the demo user's published workspace (it refuses uploads)
	emu       *emulator.Emulator
	cancel    context.CancelFunc
}

// ServeDemo serves the demo data on addr (127.0.0.1:0 picks a free port) until ctx is done or
// Close is called. The listen error is returned as it comes, for the caller to word.
func ServeDemo(ctx context.Context, addr string) (*DemoServer, error) {
	emu, info := emulator.NewDemo(emulator.Config{})
	sctx, cancel := context.WithCancel(ctx)
	url, err := emu.ListenAndServe(sctx, addr)
	if err != nil {
		cancel()
		return nil, err
	}
	return &DemoServer{URL: url, Key: info.Key, ModelsURL: url + "/v1", personal: info.Personal,
		published: info.Published, emu: emu, cancel: cancel}, nil
}

// Close stops the server at once (answers still streaming are cut). It may be called again.
func (d *DemoServer) Close() {
	d.cancel()
	d.emu.Close()
}

// ExampleWorkspaces names two demo workspaces to try commands on, as the server lists them: the
// demo user's personal workspace and the first organisation workspace with ready documents. A
// name is "" when the listing has no such workspace.
func (d *DemoServer) ExampleWorkspaces(ctx context.Context) (personal, organization string, err error) {
	c, err := client.NewClient(client.WithBaseURL(d.URL), client.WithAPIKey(d.Key))
	if err != nil {
		return "", "", err
	}
	for w, err := range c.AllWorkspaces(ctx, client.ListOptions{Include: "none"}) {
		if err != nil {
			return "", "", err
		}
		switch {
		case w.WorkspaceID == d.personal:
			personal = w.Name
		case organization == "" && w.Scope == "organization" && w.Counts.Ready > 0:
			organization = w.Name
		}
	}
	return personal, organization, nil
}

// demoServer is demo mode's server as the connection manager holds it (stopDemo closes it).
type demoServer struct{ *DemoServer }

func (d demoServer) close() { d.Close() }

// StartDemo starts an in-process demo server (ServeDemo) on 127.0.0.1 (a free port), connects to
// it with the demo key (kept in memory only), marks demo mode in the settings (the saved server
// address is kept for later) and refreshes the cache. Demo data is cached apart from every real
// server's.
func (a *App) StartDemo(ctx context.Context) error {
	a.conn.stopDemo()
	// The server outlives ctx, which covers only this start: it runs until demo mode stops.
	d, err := ServeDemo(context.Background(), "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("cannot start demo mode: %w", err)
	}
	a.secrets.SetSession(d.URL, d.Key)
	if err := a.UpdateSettings(func(s *Settings) { s.DemoMode = true }); err != nil {
		d.Close()
		return err
	}
	if err := a.switchTo(ctx, d.URL, demoCacheKey, d.Key, KeyFromSession); err != nil {
		d.Close()
		return err
	}
	a.conn.mu.Lock()
	a.conn.demo = &demoServer{d}
	a.conn.mu.Unlock()
	if err := a.Refresh(ctx); err != nil {
		return err
	}
	// The demo's own server says which of its workspaces is published, as a real one says by its
	// first 403 workspace_read_only: it is not offered for files.
	return a.store.markReadOnly(ctx, demoCacheKey, d.published)
}

// DemoMode reports whether the app is connected to demo mode's in-process server.
func (a *App) DemoMode() bool {
	a.conn.mu.Lock()
	defer a.conn.mu.Unlock()
	return a.conn.demo != nil
}
