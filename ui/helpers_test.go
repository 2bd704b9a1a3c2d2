package ui

import (
	"context"
	"net/http"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/client/emulator"
	"lectern/ui/internal/life"
	"lectern/ui/internal/uitest"
)

// uiQueue is the tests' UI goroutine: the views' life.Life hands it their work, and the test
// goroutine runs it in until and drain.
var uiQueue = uitest.NewQueue()

func TestMain(m *testing.M) { uitest.Main(m) }

// newTestUI is New over c (its parts left nil are a's) whose views come back to the test's UI
// queue.
func newTestUI(fa fyne.App, a *app.App, c core) *UI {
	full := coreOf(a)
	if c.docs != nil {
		full.docs = c.docs
	}
	if c.sync != nil {
		full.sync = c.sync
	}
	u := newUI(fa, full)
	u.lf.Do = uiQueue.Do
	u.lf.Frame = life.Ticks(u.lf.Ctx, uiQueue.Do, uitest.FrameInterval)
	u.ringFrames = func(func() bool) {} // the tests call ring.Follow
	return u
}

// until runs queued UI work until cond holds, failing the test after 20 s.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	uiQueue.Until(t, what, cond)
}

// drain runs the UI work queued so far, and what it queues within a short while.
func drain() { uiQueue.Drain() }

// fixture is the UI over a real app.App in a fresh home, next to a demo emulator.
type fixture struct {
	t    *testing.T
	emu  *emulator.Emulator
	info emulator.DemoInfo
	app  *app.App
	home string
	fa   fyne.App
	u    *UI
	// now, when set before the UI is shown, is the clock the window tells times from.
	now func() time.Time
}

func fastConfig() emulator.Config { return uitest.FastConfig() }

// newFixture starts a demo emulator (with cfg) and opens an app on a fresh home; the UI is not
// shown yet.
func newFixture(t *testing.T, cfg emulator.Config) *fixture {
	t.Helper()
	emu, info := emulator.NewDemo(cfg)
	emu.Serve()
	t.Cleanup(emu.Close)
	f := &fixture{t: t, emu: emu, info: info, home: t.TempDir()}
	f.app = f.open()
	return f
}

func (f *fixture) open() *app.App { return f.openWith(nil) }

// openWith opens an app on the fixture's home whose requests go through rt (nil: the default).
func (f *fixture) openWith(rt http.RoundTripper) *app.App {
	return uitest.OpenCoreWith(f.t, f.home, rt)
}

// show opens the UI over the fixture's app, with the parts c sets replaced, in a test Fyne app.
func (f *fixture) show(c core) *UI {
	f.t.Helper()
	f.fa = test.NewTempApp(f.t)
	f.u = newTestUI(f.fa, f.app, c)
	if f.now != nil {
		f.u.lf.Now = f.now
	}
	f.u.Show()
	f.t.Cleanup(func() { f.u.Close(); drain() })
	return f.u
}

// connect saves the emulator as the server, as the first-run page would.
func (f *fixture) connect() {
	f.t.Helper()
	if err := f.app.SignIn().Connect(context.Background(), f.emu.URL(), f.info.Key); err != nil {
		f.t.Fatal(err)
	}
}

// browser shows the UI connected to the emulator and waits for the workspace list.
func (f *fixture) browser() *mainView {
	f.t.Helper()
	f.connect()
	u := f.show(core{})
	until(f.t, "the workspace browser", driver{u}.settled)
	return u.main
}

// selectNamed selects the workspace called name and waits for its documents.
func (m *mainView) selectNamed(t *testing.T, name string) {
	t.Helper()
	for _, w := range m.list.All() {
		if w.Workspace.Name == name {
			if !m.list.Select(w.WorkspaceID) {
				t.Fatalf("workspace %q not shown", name)
			}
			until(t, "documents of "+name, func() bool { return m.docs.Workspace().Workspace.Name == name && !m.docs.Loading() })
			return
		}
	}
	t.Fatalf("no workspace %q", name)
}

// openNamed selects the workspace called name and waits for its documents and for the look-up of
// its last conversation, which the window opens on.
func (m *mainView) openNamed(t *testing.T, name string) {
	t.Helper()
	m.selectNamed(t, name)
	until(t, "the last conversation looked up", func() bool { return m.lookups.Load() == 0 })
}

// rowNames lists the names in the documents table, pages indented, sources in brackets.
func (m *mainView) rowNames() []string {
	mod := m.docs.Model()
	out := make([]string, mod.Rows())
	for i := range out {
		r := mod.Row(i)
		if r.Kind == 1 {
			out[i] = "[" + mod.Source(r.Index).Name + "]"
			continue
		}
		out[i] = mod.Doc(r.Index).Name
	}
	return out
}

// fileMenuItem is the File menu's item labelled label; the test fails when it is missing or off.
func (f *fixture) fileMenuItem(label string) *fyne.MenuItem {
	f.t.Helper()
	for _, it := range f.u.menu().Items[0].Items {
		if it.Label == label {
			if it.Disabled {
				f.t.Fatalf("File > %s is disabled", label)
			}
			return it
		}
	}
	f.t.Fatalf("no item %q in the File menu", label)
	return nil
}
