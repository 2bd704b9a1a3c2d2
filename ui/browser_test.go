package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/ui/internal/doclist"
)

func TestBrowserGroupsWebsiteImportUnderItsSource(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Operations")
	got := strings.Join(m.rowNames(), "|")
	want := "product-catalogue-2026.pdf|supplier-list-2026.csv|[help.northwindtrails.example]|Opening hours|Returns policy|Shipping|Warranty"
	if got != want {
		t.Fatalf("rows:\n got %s\nwant %s", got, want)
	}
	// Tapping the source's row folds its pages away.
	m.docs.table.table.Select(widget.TableCellID{Row: 2, Col: 0})
	if got := len(m.rowNames()); got != 3 {
		t.Fatalf("after folding the import, %d rows", got)
	}
}

func TestBrowserSelectionFilterAndSort(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Finance")
	if m.docs.title.Text != "Finance" || m.docs.scope.Text != "Organisation" || !strings.Contains(m.docs.counts.Text, "1 failed") {
		t.Fatalf("header: %q %q %q", m.docs.title.Text, m.docs.scope.Text, m.docs.counts.Text)
	}
	if got := f.app.Settings().LastWorkspace[f.app.Server()]; got == "" {
		until(t, "the last workspace saved", func() bool { return f.app.Settings().LastWorkspace[f.app.Server()] != "" })
	}
	test.Type(m.docs.filter, "INVOICE")
	if got := m.rowNames(); len(got) != 1 || got[0] != "scanned-invoice-0042.pdf" {
		t.Fatalf("filtered rows: %v", got)
	}
	if !strings.Contains(m.docs.shown.Text, "1 of 3 match") {
		t.Errorf("shown: %q", m.docs.shown.Text)
	}
	m.docs.filter.SetText("")
	// Sort by status through the header button: failed first; again: ready first.
	m.docs.table.sortBy(doclist.ColStatus)
	first := m.docs.table.model.Doc(m.docs.table.model.Row(0).Index)
	if first.Status != client.StatusFailed {
		t.Fatalf("sorted by status, first is %s (%s)", first.Name, first.Status)
	}
	m.docs.table.sortBy(doclist.ColStatus)
	first = m.docs.table.model.Doc(m.docs.table.model.Row(0).Index)
	if first.Status != client.StatusReady {
		t.Fatalf("sorted by status descending, first is %s (%s)", first.Name, first.Status)
	}
	// The sort order stays when another workspace is chosen.
	m.selectNamed(t, "My documents")
	if col, desc := m.docs.table.model.Sort(); col != doclist.ColStatus || !desc {
		t.Errorf("sort after switching: %v %v", col, desc)
	}
}

func TestBrowserWorkspaceFilterAndKeyboard(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	test.Type(m.list.filter, "fin")
	if len(m.list.shown) != 1 || m.list.all[m.list.shown[0]].Workspace.Name != "Finance" {
		t.Fatalf("filtered workspaces: %v", m.list.shown)
	}
	m.list.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	until(t, "Finance selected", func() bool { return m.docs.ws.Workspace.Name == "Finance" && !m.docs.loading.Visible() })
	if f.u.win.Canvas().Focused() != m.list.list {
		t.Errorf("Enter in the filter box should move the focus to the list, focused: %T", f.u.win.Canvas().Focused())
	}
	test.Type(m.list.filter, "zzz")
	if !m.list.empty.root.Visible() || !strings.Contains(m.list.empty.text.Text, "No workspace matches") {
		t.Errorf("no-match text: %q", m.list.empty.text.Text)
	}
	// Enter in the documents filter moves to the table, where arrows and space select.
	m.docs.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if f.u.win.Canvas().Focused() != m.docs.table.table {
		t.Errorf("focused after Enter in the documents filter: %T", f.u.win.Canvas().Focused())
	}
}

func TestBrowserOfflineBannerKeepsTheCachedList(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	count := len(m.list.all)
	f.emu.Close()
	f.u.Refresh()
	until(t, "the offline state", func() bool { return !m.busy && m.banner.root.Visible() })
	if !strings.HasPrefix(m.banner.text.Text, "Offline, last synced at ") {
		t.Errorf("banner: %q", m.banner.text.Text)
	}
	if !strings.Contains(m.banner.why.Text, "Cannot reach") {
		t.Errorf("banner reason: %q", m.banner.why.Text)
	}
	if m.status.state.Text != "Offline" {
		t.Errorf("status: %q", m.status.state.Text)
	}
	drain()
	if len(m.list.all) != count {
		t.Errorf("offline list has %d workspaces, want the %d cached", len(m.list.all), count)
	}
	m.selectNamed(t, "Operations")
	if len(m.rowNames()) == 0 {
		t.Error("cached documents are not shown offline")
	}
}

func TestBrowserRestartShowsCacheAtOnceThenRefreshes(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Operations")
	until(t, "settings saved", func() bool { return len(f.app.Settings().LastWorkspace) > 0 })
	f.u.Quit()
	drain()
	// A second window over the same home, as after a restart: the last workspace is selected again.
	b := &slowBackend{App: f.app, release: make(chan struct{})}
	u := New(test.NewTempApp(t), b)
	u.Show()
	defer u.Close()
	until(t, "the cached list", func() bool { return u.main != nil && len(u.main.list.all) > 0 })
	if !u.main.busy || !u.main.syncing.Visible() {
		t.Error("no refresh indicator while the background refresh runs")
	}
	until(t, "the last workspace", func() bool { return u.main.docs.ws.Workspace.Name == "Operations" })
	close(b.release)
	until(t, "the refresh", func() bool { return !u.main.busy })
	if u.main.syncing.Visible() {
		t.Error("the refresh indicator stays after the refresh")
	}
}

// slowBackend holds Refresh until release is closed.
type slowBackend struct {
	*app.App
	release chan struct{}
}

func (s *slowBackend) Refresh(ctx context.Context) error {
	<-s.release
	return s.App.Refresh(ctx)
}

func TestBrowserShowsErrorsWithRequestID(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.connect()
	b := &failingBackend{App: f.app, err: &client.APIError{StatusCode: 500, Code: "server_error", RequestID: "req_12345"}}
	u := f.show(b)
	until(t, "the browser", func() bool { return u.main.loads == 0 && len(u.main.list.all) > 0 && !u.main.busy })
	m := u.main
	m.list.Select(m.list.all[3].WorkspaceID)
	until(t, "the error", func() bool { return m.docs.errs.Message() != "" })
	if msg := m.docs.errs.Message(); !strings.Contains(msg, "The server had a problem") {
		t.Errorf("message: %q", msg)
	}
	if m.docs.errs.RequestID() != "req_12345" || !m.docs.errs.reqID.Selectable {
		t.Errorf("request id %q not shown selectable", m.docs.errs.RequestID())
	}
}

// failingBackend fails CachedWorkspaceContent with err.
type failingBackend struct {
	*app.App
	err error
}

func (b *failingBackend) CachedWorkspaceContent(context.Context, string) ([]client.Document, []client.Source, error) {
	return nil, nil, b.err
}

func TestLimitsBarForOwnersPersonalWorkspace(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.connect()
	u := f.show(&limitsBackend{App: f.app, lim: quarterUsed})
	until(t, "the browser", u.Settled)
	m := u.main
	m.selectNamed(t, "My documents")
	until(t, "the limits bar", func() bool { return m.docs.limits.root.Visible() })
	if got := m.docs.limits.bar.TextFormatter(); got != "25 MiB of 100 MiB used" {
		t.Errorf("bar text %q", got)
	}
	if !strings.Contains(m.docs.limits.daily.Text, "Uploads left today: 195 of 200") {
		t.Errorf("daily: %q", m.docs.limits.daily.Text)
	}
	m.selectNamed(t, "Finance")
	if m.docs.limits.root.Visible() {
		t.Error("limits shown for an organisation workspace")
	}
}

// quarterUsed is a personal workspace's limits with a quarter of its space used.
var quarterUsed = client.Limits{WorkspaceBytesLimit: 100 << 20, WorkspaceBytesUsed: 25 << 20, DailyUploadsLimit: 200,
	DailyUploadsRemaining: 195, DailyOCRLimit: 20, DailyOCRRemaining: 18}

type limitsBackend struct {
	*app.App
	lim client.Limits
}

func (b *limitsBackend) WorkspaceLimits(string) (client.Limits, bool) { return b.lim, true }

func (b *limitsBackend) UploadLimits(context.Context, string) (client.Limits, bool) {
	return b.lim, true
}

func TestLargeWorkspaceFilterKeepsUp(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.connect()
	u := f.show(&largeBackend{App: f.app, docs: manyDocs(10000)})
	until(t, "the browser", u.Settled)
	m := u.main
	m.selectNamed(t, "My documents")
	if m.docs.table.model.Len() != 10000 {
		t.Fatalf("%d documents", m.docs.table.model.Len())
	}
	test.Type(m.docs.filter, "report q3")
	if got := m.docs.table.model.Rows(); got != 2500 {
		t.Errorf("filter kept %d rows", got)
	}
	if first := m.rowNames()[0]; !strings.Contains(first, "report") || !strings.Contains(first, "Q3") {
		t.Errorf("first row %q", first)
	}
}

// largeBackend serves docs as the content of every workspace.
type largeBackend struct {
	*app.App
	docs []client.Document
}

func (b *largeBackend) CachedWorkspaceContent(context.Context, string) ([]client.Document, []client.Source, error) {
	return b.docs, nil, nil
}

func manyDocs(n int) []client.Document {
	docs := make([]client.Document, n)
	for i := range docs {
		docs[i] = client.Document{DocumentID: fmt.Sprintf("d%05d", i), SourceType: "file", Status: "ready",
			Name: fmt.Sprintf("Quarterly report %d Q%d.pdf", 2000+i/4, 1+i%4), UpdatedAt: "2026-10-20T10:00:00+05:30"}
	}
	return docs
}

func TestWorkspaceRowsRedrawWhenCountsChange(t *testing.T) {
	test.NewTempApp(t)
	l := newWorkspaceList(func(fyne.Focusable) {})
	w := test.NewWindow(l.root)
	defer w.Close()
	w.Resize(fyne.NewSize(340, 400))
	ws := []app.CachedWorkspace{
		{Workspace: client.Workspace{WorkspaceID: "org_1", Name: "Finance", Scope: "organization", Access: "member"}},
		{Workspace: client.Workspace{WorkspaceID: "ws_1", Name: "Mine", Scope: "personal", Access: "owner",
			Counts: client.Counts{Documents: 1, Ready: 1}}},
	}
	l.set(ws)
	if l.all[0].Workspace.Name != "Mine" {
		t.Fatalf("personal workspaces must come first: %v", l.all[0].Workspace.Name)
	}
	changed := append([]app.CachedWorkspace(nil), ws...)
	changed[1].Counts = client.Counts{Documents: 2, Ready: 1, NotReady: 1}
	l.set(changed)
	var texts []string
	for _, o := range test.LaidOutObjects(l.list) {
		if r, ok := o.(*workspaceRow); ok {
			texts = append(texts, r.counts.Text)
		}
	}
	if !strings.Contains(strings.Join(texts, "|"), "2 documents · 1 ready · 1 not ready · 0 failed") {
		t.Errorf("rows after the counts changed: %q", texts)
	}
}
