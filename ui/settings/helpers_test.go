package settings

import (
	"context"
	"image/png"
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/client/emulator"
	"lectern/ui/internal/parts"
	"lectern/ui/internal/uitest"
	ltheme "lectern/ui/theme"
)

var uiQueue = uitest.NewQueue()

func TestMain(m *testing.M) { uitest.Main(m) }

func until(t *testing.T, what string, cond func() bool) { t.Helper(); uiQueue.Until(t, what, cond) }

func drain() { uiQueue.Drain() }

// fixture is Settings over a real core on a fresh home, next to a demo emulator; the main
// window's side of the hooks is counted.
type fixture struct {
	t    *testing.T
	emu  *emulator.Emulator
	info emulator.DemoInfo
	home string
	app  *app.App
	fa   fyne.App
	w    *Window
	// command is Core.Command of the window open makes (empty: this program); homeShown its
	// Core.HomeShown (empty: the app's data folder).
	command, homeShown string

	themes, signedOut, keyChanged, switched int
	closed                                  bool
}

// newFixture starts a demo emulator and opens a core on a fresh home, not connected.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	emu, info := emulator.NewDemo(uitest.FastConfig())
	emu.Serve()
	t.Cleanup(emu.Close)
	f := &fixture{t: t, emu: emu, info: info, home: t.TempDir()}
	f.app = uitest.OpenCore(t, f.home)
	f.fa = test.NewTempApp(t)
	return f
}

// connect saves the emulator as the server and syncs, as the first-run page and the browser would.
func (f *fixture) connect() {
	f.t.Helper()
	if err := f.app.SignIn().Connect(context.Background(), f.emu.URL(), f.info.Key); err != nil {
		f.t.Fatal(err)
	}
	if err := f.app.Workspaces().Refresh(context.Background()); err != nil {
		f.t.Fatal(err)
	}
}

// restartedWithoutKey connects without a keychain, syncs, and opens the core again on the same
// home, as after a restart: the key kept for the session is gone.
func (f *fixture) restartedWithoutKey() {
	f.t.Helper()
	f.connect()
	_ = f.app.Close()
	f.app = uitest.OpenCore(f.t, f.home)
	_ = f.app.Workspaces().Refresh(context.Background()) // refused: no key
}

// open shows Settings and waits for the key line.
func (f *fixture) open() *Window {
	f.t.Helper()
	hooks := Hooks{ApplyTheme: func() { f.themes++; f.fa.Settings().SetTheme(ltheme.For(f.app.Settings().Theme)) },
		SignedOut: func() { f.signedOut++ }, KeyChanged: func() { f.keyChanged++ }, Switched: func() { f.switched++ }}
	lf := uiQueue.Life(f.t)
	lf.Frame = func(func() bool) {} // Settings' frames watch its focus ring only: in every frame, the queue would never go quiet
	f.w = New(f.fa, lf, Core{App: parts.Of(f.app), Keys: parts.Of(f.app), Servers: parts.Of(f.app), Connect: parts.Of(f.app),
		Keeping: f.app.Conversations(), Trash: f.app.Conversations(), MCP: f.app.Models().MCPServers(),
		Command: f.command, HomeShown: f.homeShown, Sync: f.app.Conversations().Sync()}, hooks)
	f.w.Win().SetOnClosed(func() { f.closed = true })
	f.w.Win().Show()
	f.t.Cleanup(drain)
	until(f.t, "the key", func() bool { return f.w.key.Text != "" })
	return f.w
}

// capture writes the Settings window, resized to size, as a PNG to the file that the environment
// variable env names (a picture to look at); nothing when it is not set.
func capture(t *testing.T, w *Window, env string, size fyne.Size) {
	t.Helper()
	out := os.Getenv(env)
	if out == "" {
		return
	}
	w.Win().Resize(size)
	file, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	if err := png.Encode(file, w.Win().Canvas().Capture()); err != nil {
		t.Fatal(err)
	}
}
