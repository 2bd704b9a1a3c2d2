package ui

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/ui/internal/doclist"
)

func TestDocumentsEmptyFilterSaysSoWithClearFilterAndEsc(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Finance")
	if m.docs.filter.clear.Visible() || !m.docs.filter.icon.Visible() {
		t.Error("an empty filter shows the clear button")
	}
	test.Type(m.docs.filter, "zzz")
	if !m.docs.empty.root.Visible() || !m.docs.empty.clear.Visible() || !strings.Contains(m.docs.empty.text.Text, "No document matches “zzz”") {
		t.Fatalf("empty note %v %q", m.docs.empty.root.Visible(), m.docs.empty.text.Text)
	}
	if !m.docs.filter.clear.Visible() {
		t.Error("no clear button in a filter with text")
	}
	test.Tap(m.docs.empty.clear)
	if m.docs.filter.Text != "" || len(m.rowNames()) != 3 || m.docs.empty.root.Visible() {
		t.Fatalf("after Clear filter: %q, %d rows, note shown %v", m.docs.filter.Text, len(m.rowNames()), m.docs.empty.root.Visible())
	}
	test.Type(m.docs.filter, "zzz")
	m.docs.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if m.docs.filter.Text != "" || len(m.rowNames()) != 3 {
		t.Fatalf("after Esc: %q, %d rows", m.docs.filter.Text, len(m.rowNames()))
	}
	test.Type(m.docs.filter, "inv")
	test.Tap(m.docs.filter.clear)
	if m.docs.filter.Text != "" || m.docs.filter.clear.Visible() {
		t.Errorf("after the clear button: %q", m.docs.filter.Text)
	}
}

func TestWorkspaceFilterHidingTheShownWorkspaceSaysSo(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Finance")
	test.Type(m.list.filter, "zzz")
	if !m.list.hidden.Visible() || !strings.Contains(m.list.hidden.Text, "“Finance”, shown on the right, is hidden by the filter") {
		t.Fatalf("hidden note %v %q", m.list.hidden.Visible(), m.list.hidden.Text)
	}
	if !m.list.empty.clear.Visible() {
		t.Error("no Clear filter in the empty workspace list")
	}
	m.list.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if m.list.filter.Text != "" || m.list.hidden.Visible() || m.list.empty.root.Visible() {
		t.Errorf("after Esc: %q, hidden note %v", m.list.filter.Text, m.list.hidden.Visible())
	}
	if m.docs.ws.Workspace.Name != "Finance" || m.list.position(m.list.selected) < 0 {
		t.Error("the shown workspace is not selected in the list again")
	}
}

// selectedCells counts the cells of the table's visible rows that draw as selected, each cell
// updated as the table would.
func selectedCells(t *docTable) int {
	n := 0
	for row := range t.model.Rows() {
		for col := range doclist.Columns {
			c := newDocCell().(*docCell)
			t.updateCell(widget.TableCellID{Row: row, Col: col}, c)
			// the table draws its own selected cell; docCell draws the rest of the row
			if id := (widget.TableCellID{Row: row, Col: col}); c.bg.Visible() || id == t.selCell {
				n++
			}
		}
	}
	return n
}

func TestDocumentSelectionTakesTheRowAndShowsDetails(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	f.u.win.Resize(fyne.NewSize(1100, 700))
	m.selectNamed(t, "Finance")
	if m.docs.detail.shown() {
		t.Fatal("details shown before a selection")
	}
	m.docs.table.table.Select(widget.TableCellID{Row: 0, Col: int(doclist.ColStatus)})
	doc := m.docs.table.model.Doc(m.docs.table.model.Row(0).Index)
	if got := selectedCells(m.docs.table); got != doclist.Columns {
		t.Errorf("%d cells drawn selected, want the row's %d", got, doclist.Columns)
	}
	if m.docSplit.Offset < detailsOffset {
		t.Errorf("the documents take %.2f of the right side with the details shown", m.docSplit.Offset)
	}
	d := m.docs.detail
	if !d.shown() || d.name.Text != doc.Name || !strings.Contains(d.facts.Text, "Id "+doc.DocumentID) ||
		!strings.Contains(d.facts.Text, statusWords(doc.Status)) || !strings.Contains(d.facts.Text, "updated ") {
		t.Fatalf("details: %q / %q", d.name.Text, d.facts.Text)
	}
	test.Tap(d.copyID)
	if got := f.fa.Clipboard().Content(); got != doc.DocumentID {
		t.Errorf("clipboard %q, want %q", got, doc.DocumentID)
	}
	// The selection follows the document when the order changes.
	m.docs.table.sortBy(doclist.ColUpdated)
	m.docs.table.sortBy(doclist.ColUpdated)
	if row, ok := m.docs.table.rowOfShown(doc.DocumentID); !ok || selectedCells(m.docs.table) != doclist.Columns {
		t.Errorf("after sorting: row %d %v, %d cells selected", row, ok, selectedCells(m.docs.table))
	}
	// Another workspace forgets it.
	m.selectNamed(t, "Operations")
	if d.shown() || m.docs.table.selID != "" {
		t.Error("details stay after choosing another workspace")
	}
}

func TestDocumentDetailsSayWebAddressAndClientID(t *testing.T) {
	test.NewTempApp(t)
	d := newDocDetails()
	d.show(client.Document{DocumentID: "doc_1", Name: "a.pdf", SourceType: "file", Status: client.StatusNotReady,
		ClientDocumentID: "cli-7", URL: "https://example.com/a"}, time.Time{})
	for _, want := range []string{"Id doc_1", "Not ready: still being read", "File"} {
		if !strings.Contains(d.facts.Text, want) {
			t.Errorf("facts %q lack %q", d.facts.Text, want)
		}
	}
	if !strings.Contains(d.facts.Text, "web address https://example.com/a") || !strings.Contains(d.facts.Text, "client id cli-7") {
		t.Errorf("facts %q", d.facts.Text)
	}
}

// pollBackend serves every document as not ready until ready is set, and counts refreshes.
type pollBackend struct {
	*app.App
	ready     atomic.Bool
	refreshes atomic.Int32
}

func (b *pollBackend) CachedWorkspaceContent(ctx context.Context, id string) ([]client.Document, []client.Source, error) {
	docs, src, err := b.App.CachedWorkspaceContent(ctx, id)
	if !b.ready.Load() {
		docs = append([]client.Document(nil), docs...)
		for i := range docs {
			docs[i].Status = client.StatusNotReady
		}
	}
	return docs, src, err
}

func (b *pollBackend) RefreshWorkspace(ctx context.Context, id string) error {
	b.refreshes.Add(1)
	return b.App.RefreshWorkspace(ctx, id)
}

// pollingBrowser shows the browser over a backend that counts background refreshes, polling every
// 20 ms.
func pollingBrowser(t *testing.T) (*fixture, *pollBackend, *mainView) {
	t.Helper()
	old := pollEvery
	pollEvery = 20 * time.Millisecond
	t.Cleanup(func() { pollEvery = old })
	f := newFixture(t, fastConfig())
	f.connect()
	b := &pollBackend{App: f.app}
	u := f.show(b)
	until(t, "the browser", u.Settled)
	return f, b, u.main
}

func TestBackgroundRefreshWhileDocumentsAreNotReady(t *testing.T) {
	_, b, m := pollingBrowser(t)
	m.selectNamed(t, "Finance")
	m.docs.table.table.Select(widget.TableCellID{Row: 1, Col: 0})
	id := m.docs.table.selID
	until(t, "two background refreshes", func() bool { return b.refreshes.Load() >= 2 })
	drain()
	if m.docs.table.selID != id || !m.docs.detail.shown() {
		t.Errorf("the background refresh lost the selected document %q (now %q)", id, m.docs.table.selID)
	}
	if m.poll.wsID != m.docs.ws.WorkspaceID {
		t.Errorf("polling %q, shown %q", m.poll.wsID, m.docs.ws.WorkspaceID)
	}
	b.ready.Store(true)
	until(t, "the refresh to stop", func() bool { return m.poll.wsID == "" && m.poll.timer == nil && !m.poll.running })
	n := b.refreshes.Load()
	time.Sleep(150 * time.Millisecond)
	drain()
	if got := b.refreshes.Load(); got != n {
		t.Errorf("%d refreshes after every document was ready", got-n)
	}
}

func TestBackgroundRefreshWaitsWhileOffline(t *testing.T) {
	f, b, m := pollingBrowser(t)
	u := f.u
	f.emu.Close()
	u.Refresh()
	until(t, "offline", func() bool { return !m.busy && f.app.Connection().State == app.ConnOffline })
	m.selectNamed(t, "Finance")
	time.Sleep(150 * time.Millisecond)
	drain()
	if got := b.refreshes.Load(); got != 0 {
		t.Errorf("%d background refreshes while offline", got)
	}
	if m.poll.wsID == "" {
		t.Error("the background refresh gave up instead of waiting")
	}
}

func TestLayoutSortAndWorkspaceRestoredAfterRestart(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	f.u.win.Resize(fyne.NewSize(900, 650))
	m.selectNamed(t, "Operations")
	m.docs.table.sortBy(doclist.ColStatus)
	m.docs.table.sortBy(doclist.ColStatus)
	m.split.SetOffset(0.22)
	m.docSplit.SetOffset(0.5)
	until(t, "the sort saved", func() bool { s := f.app.Settings(); return s.DocSort == "status" && s.DocSortDesc })
	until(t, "the workspace saved", func() bool { return len(f.app.Settings().LastWorkspace) > 0 })
	f.u.Quit()
	drain()
	if s := f.app.Settings(); s.WindowWidth != 900 || s.WindowHeight != 650 || s.SplitOffset != 0.22 || s.DocSplitOffset != 0.5 {
		t.Errorf("saved %+v", s)
	}
	u := New(test.NewTempApp(t), f.app)
	u.Show()
	defer u.Close()
	until(t, "the last workspace", func() bool {
		return u.main != nil && u.main.docs.ws.Workspace.Name == "Operations" && u.main.docs.table.model.Len() > 0
	})
	if got := u.win.Canvas().Size(); got != fyne.NewSize(900, 650) {
		t.Errorf("window %v", got)
	}
	if u.main.split.Offset != 0.22 || u.main.docSize != 0.5 {
		t.Errorf("splits %v %v", u.main.split.Offset, u.main.docSize)
	}
	if col, desc := u.main.docs.table.model.Sort(); col != doclist.ColStatus || !desc {
		t.Errorf("sort %v %v", col, desc)
	}
}

func TestNarrowWorkspaceRowKeepsTheNameOverTheBadges(t *testing.T) {
	test.NewTempApp(t)
	l := newWorkspaceList(func(fyne.Focusable) {})
	w := test.NewWindow(l.root)
	defer w.Close()
	w.Resize(fyne.NewSize(230, 300))
	l.set([]app.CachedWorkspace{{Workspace: client.Workspace{WorkspaceID: "ws_1", Name: "Employee handbook",
		Scope: "personal", Access: "shared"}}})
	for _, o := range test.LaidOutObjects(l.list) {
		r, ok := o.(*workspaceRow)
		if !ok {
			continue
		}
		name := r.name.Size().Width
		full := fyne.MeasureText(r.name.Text, theme.TextSize(), r.name.TextStyle).Width
		box := test.WidgetRenderer(r).Objects()[0].(*fyne.Container)
		if name < full || box.Objects[0] != r.name {
			t.Errorf("name %.0f wide (needs %.0f), or not alone on the first line", name, full)
		}
		return
	}
	t.Fatal("no row laid out")
}

func TestNarrowTableKeepsNameAndStatus(t *testing.T) {
	test.NewTempApp(t)
	tb := newDocTable()
	if shownColumns[0] != doclist.ColName || shownColumns[1] != doclist.ColStatus {
		t.Fatalf("columns %v", shownColumns)
	}
	for _, width := range []float32{300, 440, 900} {
		tb.fitName(width)
		if tb.nameWidth < 120 || tb.nameWidth+columnWidths[1] > width {
			t.Errorf("at %.0f the name column is %.0f wide and Status ends at %.0f", width, tb.nameWidth, tb.nameWidth+columnWidths[1])
		}
	}
}

// The window's content fits 640×480, the small window the issue names, on the first-run page and
// in the browser at its widest state: a personal workspace with its limits bar, the conversation
// below. (A real window adds its menu bar: make screenshots shows the window at 640×480.)
func TestWindowFits640x480(t *testing.T) {
	small := fyne.NewSize(640, 480)
	fits := func(what string, got fyne.Size) {
		t.Helper()
		if got.Width > small.Width || got.Height > small.Height {
			t.Errorf("%s needs %.0f×%.0f, more than %v", what, got.Width, got.Height, small)
		}
	}
	first := newFixture(t, fastConfig())
	fits("the first-run page", first.show(nil).win.Content().MinSize())

	f := newFixture(t, fastConfig())
	f.connect()
	u := f.show(&limitsBackend{App: f.app, lim: quarterUsed})
	until(t, "the browser", u.Settled)
	u.main.selectNamed(t, "My documents")
	until(t, "the limits bar", func() bool { return u.main.docs.limits.root.Visible() })
	u.win.Resize(small) // labels wrap at this width: their height counts
	drain()
	t.Logf("content minimum at 640 wide: %v", u.win.Content().MinSize())
	fits("the workspace browser", u.win.Content().MinSize())
}

// A workspace opens on its last conversation with its documents folded; a large workspace's
// documents, set then, leave the hidden table a few row dividers: with no height, Fyne's Table took
// all 10,000 rows as shown and made a separator for each (about 4 MB kept).
// The conversation's intro, the only italic text (a text style's fonts cost Fyne about 8.5 MB on
// first use), is not shown while the last conversation is looked up and opened.
func TestOpeningOnTheLastConversationOfManyDocuments(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.connect()
	seedConversation(t, f.app, f.info.Personal, 2)
	u := f.show(&largeBackend{App: f.app, docs: manyDocs(10000)})
	until(t, "the browser", u.Settled)
	m, c := u.main, u.main.chat
	for _, w := range m.list.all {
		if w.WorkspaceID == f.info.Personal && !m.list.Select(w.WorkspaceID) {
			t.Fatal("the personal workspace is not shown")
		}
	}
	if c.intro.Visible() {
		t.Error("the intro is shown while the last conversation is looked up")
	}
	until(t, "the last conversation and the documents", func() bool {
		return len(c.turns) == 2 && m.docs.table.model != nil && m.docs.table.model.Len() == 10000
	})
	drain()
	if c.intro.Visible() || !m.docs.folded {
		t.Fatalf("intro shown %v, documents folded %v", c.intro.Visible(), m.docs.folded)
	}
	if n := separators(m.docs.table.table); n > 100 {
		t.Errorf("the folded table holds %d separators", n)
	}
	test.Tap(m.docs.foldB)
	drain()
	if n := separators(m.docs.table.table); n == 0 || n > 100 {
		t.Errorf("the unfolded table holds %d separators", n)
	}
}

// separators counts the separators in o's tree, hidden ones included.
func separators(o fyne.CanvasObject) int {
	switch o := o.(type) {
	case *widget.Separator:
		return 1
	case *fyne.Container:
		n := 0
		for _, c := range o.Objects {
			n += separators(c)
		}
		return n
	case fyne.Widget:
		n := 0
		for _, c := range test.WidgetRenderer(o).Objects() {
			n += separators(c)
		}
		return n
	}
	return 0
}

// Hide documents folds the table, the filter and the details away (the name, badges and counts
// stay, the counts then on the whole line); Show documents brings them back.
func TestFoldingDocumentsKeepsTheHeader(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Finance")
	until(t, "the last conversation looked up", func() bool { return m.lookups.Load() == 0 })
	v := m.docs
	test.Tap(v.foldB)
	drain()
	if v.body.Visible() || v.filter.Visible() || v.bottom.Visible() || !v.counts.Visible() || v.foldB.Text != "Show documents" {
		t.Fatalf("folded: table %v filter %v details %v counts %v, button %q", v.body.Visible(), v.filter.Visible(),
			v.bottom.Visible(), v.counts.Visible(), v.foldB.Text)
	}
	line := v.counts.Size().Width + v.foldB.Size().Width
	if folded := v.counts.Size().Width; folded < 0.6*line {
		t.Errorf("folded, the counts are %.0f wide of %.0f", folded, line)
	}
	test.Tap(v.foldB)
	drain()
	if !v.body.Visible() || !v.filter.Visible() || v.foldB.Text != "Hide documents" {
		t.Fatalf("unfolded: table %v filter %v, button %q", v.body.Visible(), v.filter.Visible(), v.foldB.Text)
	}
	if d := v.counts.Size().Width - v.filter.Size().Width; d > 1 || d < -1 {
		t.Errorf("counts %.0f and filter %.0f do not share the line", v.counts.Size().Width, v.filter.Size().Width)
	}
}
