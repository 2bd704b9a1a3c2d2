package connection

import (
	"context"

	"lectern/client"
	"lectern/client/emulator"
)

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

// Published is the id of the demo user's published workspace, which refuses files as a real
// server's published workspace does.
func (d *DemoServer) Published() string { return d.published }
