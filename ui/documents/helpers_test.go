package documents

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/app/explain"
	"lectern/app/settings"
	"lectern/client"
	"lectern/ui/internal/parts"
	"lectern/ui/internal/uitest"
)

var uiQueue = uitest.NewQueue()

func TestMain(m *testing.M) { uitest.Main(m) }

// fixture is the documents pane over a real app.App connected to a demo emulator, in a test window.
type fixture struct {
	t   *testing.T
	app *app.App
	fa  fyne.App
	win fyne.Window
	v   *View
}

// newFixture shows the pane over b; nil is the fixture's app itself.
func newFixture(t *testing.T, b func(a *app.App) Backend) *fixture {
	t.Helper()
	a, _, _ := uitest.Core(t, uitest.FastConfig())
	f := &fixture{t: t, app: a, fa: test.NewTempApp(t)}
	var backend Backend = parts.Of(a)
	if b != nil {
		backend = b(a)
	}
	f.win = test.NewTempWindow(t, nil)
	f.v = New(uiQueue.Life(t), backend, f.win.Canvas().Focus)
	f.win.SetContent(f.v.Root())
	f.win.Resize(fyne.NewSize(800, 600))
	t.Cleanup(uiQueue.Drain)
	return f
}

// show shows the workspace called name and waits for its documents.
func (f *fixture) show(name string) {
	f.t.Helper()
	f.v.Show(uitest.Workspace(f.t, f.app, name))
	uiQueue.Until(f.t, "documents of "+name, func() bool { return f.v.Workspace().Workspace.Name == name && !f.v.Loading() })
}

// rowNames lists the names in the table, sources in brackets.
func (f *fixture) rowNames() []string {
	mod := f.v.table.model
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

// override is a Backend that answers from the real core (through this package's interface) except
// where a test replaces a method.
type override struct {
	Backend
	content func(id string) ([]client.Document, []client.Source, error)
	limits  *client.Limits
}

func (o override) CachedWorkspaceContent(ctx context.Context, id string) ([]client.Document, []client.Source, error) {
	if o.content != nil {
		return o.content(id)
	}
	return o.Backend.CachedWorkspaceContent(ctx, id)
}

func (o override) WorkspaceLimits(id string) (client.Limits, bool) {
	if o.limits != nil {
		return *o.limits, true
	}
	return o.Backend.WorkspaceLimits(id)
}

func (o override) UploadLimits(ctx context.Context, id string) (client.Limits, bool) {
	if o.limits != nil {
		return *o.limits, true
	}
	return o.Backend.UploadLimits(ctx, id)
}

// quarterUsed is a personal workspace's limits with a quarter of its space used.
var quarterUsed = client.Limits{WorkspaceBytesLimit: 100 << 20, WorkspaceBytesUsed: 25 << 20, DailyUploadsLimit: 200,
	DailyUploadsRemaining: 195, DailyOCRLimit: 20, DailyOCRRemaining: 18}

// explainOnly is a Backend for a pane that only words errors and reads the default settings (the
// rest is never called).
type explainOnly struct{ Backend }

func (explainOnly) Explain(err error) explain.Explanation {
	return explain.Explanation{Sentence: err.Error()}
}
func (explainOnly) Settings() settings.Settings { return settings.Settings{} }
