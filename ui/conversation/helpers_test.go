package conversation

import (
	"context"
	"net/http"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/client/emulator"
	"lectern/ui/internal/parts"
	"lectern/ui/internal/uitest"
)

var uiQueue = uitest.NewQueue()

func TestMain(m *testing.M) { uitest.Main(m) }

func until(t *testing.T, what string, cond func() bool) { t.Helper(); uiQueue.Until(t, what, cond) }

func drain() { uiQueue.Drain() }

func fastConfig() emulator.Config { return uitest.FastConfig() }

// fixture is a real core on a fresh home, next to a demo emulator, connected and synced.
type fixture struct {
	t    *testing.T
	emu  *emulator.Emulator
	info emulator.DemoInfo
	app  *app.App
	home string
	fa   fyne.App
}

// newFixture starts a demo emulator (with cfg), opens a core on a fresh home, connects and syncs.
func newFixture(t *testing.T, cfg emulator.Config) *fixture {
	t.Helper()
	emu, info := emulator.NewDemo(cfg)
	emu.Serve()
	t.Cleanup(emu.Close)
	f := &fixture{t: t, emu: emu, info: info, home: t.TempDir(), fa: test.NewTempApp(t)}
	f.app = f.open()
	f.connect()
	return f
}

func (f *fixture) open() *app.App { return f.openWith(nil) }

// openWith opens a core on the fixture's home whose requests go through rt (nil: the default).
func (f *fixture) openWith(rt http.RoundTripper) *app.App {
	return uitest.OpenCoreWith(f.t, f.home, rt)
}

// connect saves the emulator as the server and syncs.
func (f *fixture) connect() {
	f.t.Helper()
	if err := f.app.SignIn().Connect(context.Background(), f.emu.URL(), f.info.Key); err != nil {
		f.t.Fatal(err)
	}
	if err := f.app.Workspaces().Refresh(context.Background()); err != nil {
		f.t.Fatal(err)
	}
}

// pane shows a conversation pane over the fixture's core in a window of 900×600, as the window
// holds it under the documents.
func (f *fixture) pane() *Pane {
	f.t.Helper()
	win := test.NewTempWindow(f.t, nil)
	c := New(uiQueue.Life(f.t), parts.Of(f.app), StoreOf(f.app), win)
	win.SetContent(c.Root())
	win.Resize(fyne.NewSize(900, 600))
	f.t.Cleanup(drain)
	return c
}

// chatIn shows a pane asking workspace name, with its documents offered as scopes, as the window
// does when the workspace is chosen.
func chatIn(t *testing.T, f *fixture, name string) *Pane {
	t.Helper()
	c := f.pane()
	ws := uitest.Workspace(t, f.app, name)
	c.SetWorkspace(ws)
	docs, _, err := f.app.Workspaces().CachedWorkspaceContent(context.Background(), ws.WorkspaceID)
	if err != nil {
		t.Fatal(err)
	}
	c.SetDocuments(ws, docs)
	until(t, "the chat pane on "+name, func() bool { return c.ws.Workspace.Name == name && !c.input.Disabled() })
	return c
}
