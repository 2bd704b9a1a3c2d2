package uitest

import (
	"context"
	"net/http"
	"testing"
	"time"

	"lectern/app"
	"lectern/client"
	"lectern/client/emulator"
)

// FastConfig is a demo emulator without its delays: documents ready at once, answers in one go.
func FastConfig() emulator.Config {
	return emulator.Config{ProcessingDelay: -1, ReadyDelay: -1, ThinkDelay: -1, StageDelay: -1, DeltaDelay: -1, ResetEvery: -1}
}

// Core is an application core on a fresh home, connected to a demo emulator (served with cfg) and
// refreshed once: the real app.App a view's tests run over.
func Core(t testing.TB, cfg emulator.Config) (*app.App, *emulator.Emulator, emulator.DemoInfo) {
	t.Helper()
	emu, info := emulator.NewDemo(cfg)
	emu.Serve()
	t.Cleanup(emu.Close)
	a, err := app.Open(context.Background(), app.Options{Home: t.TempDir(), HTTPClient: &http.Client{},
		KeychainTimeout: time.Second, ClientOptions: []client.Option{client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 0})}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if err := a.Connect(context.Background(), emu.URL(), info.Key); err != nil {
		t.Fatal(err)
	}
	if err := a.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	return a, emu, info
}

// Workspace returns the cached workspace of a named name, failing the test when there is none.
func Workspace(t testing.TB, a *app.App, name string) app.CachedWorkspace {
	t.Helper()
	list, err := a.Workspaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range list {
		if w.Workspace.Name == name {
			return w
		}
	}
	t.Fatalf("no workspace %q", name)
	return app.CachedWorkspace{}
}
