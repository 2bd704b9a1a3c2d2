package documents

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/app/records"
	"lectern/client"
	"lectern/ui/internal/doclist"
	"lectern/ui/internal/parts"
	"lectern/ui/internal/uitest"
)

func TestGroupsWebsiteImportUnderItsSource(t *testing.T) {
	f := newFixture(t, nil)
	f.show("Operations")
	got := strings.Join(f.rowNames(), "|")
	want := "product-catalogue-2026.pdf|supplier-list-2026.csv|[help.northwindtrails.example]|Opening hours|Returns policy|Shipping|Warranty"
	if got != want {
		t.Fatalf("rows:\n got %s\nwant %s", got, want)
	}
	// Tapping the source's row folds its pages away.
	f.v.table.table.Select(widget.TableCellID{Row: 2, Col: 0})
	if got := len(f.rowNames()); got != 3 {
		t.Fatalf("after folding the import, %d rows", got)
	}
}

func TestHeaderFilterAndSort(t *testing.T) {
	f := newFixture(t, nil)
	f.show("Finance")
	v := f.v
	if v.title.Text != "Finance" || v.scope.Text != "Organisation" || !strings.Contains(v.counts.Text, "1 failed") {
		t.Fatalf("header: %q %q %q", v.title.Text, v.scope.Text, v.counts.Text)
	}
	test.Type(v.filter, "INVOICE")
	if got := f.rowNames(); len(got) != 1 || got[0] != "scanned-invoice-0042.pdf" {
		t.Fatalf("filtered rows: %v", got)
	}
	if !strings.Contains(v.shown.Text, "1 of 3 match") {
		t.Errorf("shown: %q", v.shown.Text)
	}
	v.filter.SetText("")
	// Sort by status through the header button: failed first; again: ready first.
	v.table.sortBy(doclist.ColStatus)
	first := v.table.model.Doc(v.table.model.Row(0).Index)
	if first.Status != client.StatusFailed {
		t.Fatalf("sorted by status, first is %s (%s)", first.Name, first.Status)
	}
	v.table.sortBy(doclist.ColStatus)
	first = v.table.model.Doc(v.table.model.Row(0).Index)
	if first.Status != client.StatusReady {
		t.Fatalf("sorted by status descending, first is %s (%s)", first.Name, first.Status)
	}
	// The sort order stays when another workspace is chosen, and is saved for the next start.
	f.show("My documents")
	if col, desc := v.table.model.Sort(); col != doclist.ColStatus || !desc {
		t.Errorf("sort after switching: %v %v", col, desc)
	}
	uiQueue.Until(t, "the sort saved", func() bool { s := f.app.Settings(); return s.DocSort == "status" && s.DocSortDesc })
}

// Enter in the documents filter moves to the table, where arrows and space select.
func TestEnterInTheFilterGoesToTheTable(t *testing.T) {
	f := newFixture(t, nil)
	f.show("Finance")
	f.v.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if f.win.Canvas().Focused() != f.v.table.table {
		t.Errorf("focused after Enter in the documents filter: %T", f.win.Canvas().Focused())
	}
}

func TestShowsErrorsWithRequestID(t *testing.T) {
	fail := &client.APIError{StatusCode: 500, Code: "server_error", RequestID: "req_12345"}
	f := newFixture(t, func(a *app.App) Backend {
		return override{Backend: parts.Of(a), content: func(string) ([]client.Document, []client.Source, error) { return nil, nil, fail }}
	})
	f.v.Show(records.CachedWorkspace{Workspace: client.Workspace{WorkspaceID: "ws_x", Name: "X"}})
	uiQueue.Until(t, "the error", func() bool { return f.v.errs.Message() != "" })
	if msg := f.v.errs.Message(); !strings.Contains(msg, "The server had a problem") {
		t.Errorf("message: %q", msg)
	}
	if f.v.errs.RequestID() != "req_12345" {
		t.Errorf("request id %q not shown", f.v.errs.RequestID())
	}
}

func TestLimitsBarForOwnersPersonalWorkspace(t *testing.T) {
	f := newFixture(t, func(a *app.App) Backend { return override{Backend: parts.Of(a), limits: &quarterUsed} })
	f.show("My documents")
	v := f.v
	uiQueue.Until(t, "the limits bar", v.LimitsShown)
	if got := v.limits.bar.Words(); got != "25 MiB of 100 MiB used" {
		t.Errorf("bar text %q", got)
	}
	if !strings.Contains(v.limits.daily.Text, "Uploads left today: 195 of 200") {
		t.Errorf("daily: %q", v.limits.daily.Text)
	}
	f.show("Finance")
	if v.LimitsShown() {
		t.Error("limits shown for an organisation workspace")
	}
}

func TestLargeWorkspaceFilterKeepsUp(t *testing.T) {
	docs := uitest.ManyDocs(10000)
	f := newFixture(t, func(a *app.App) Backend {
		return override{Backend: parts.Of(a), content: func(string) ([]client.Document, []client.Source, error) { return docs, nil, nil }}
	})
	f.show("My documents")
	if f.v.table.model.Len() != 10000 {
		t.Fatalf("%d documents", f.v.table.model.Len())
	}
	test.Type(f.v.filter, "report q3")
	if got := f.v.table.model.Rows(); got != 2500 {
		t.Errorf("filter kept %d rows", got)
	}
	if first := f.rowNames()[0]; !strings.Contains(first, "report") || !strings.Contains(first, "Q3") {
		t.Errorf("first row %q", first)
	}
}

func TestEmptyFilterSaysSoWithClearFilterAndEsc(t *testing.T) {
	f := newFixture(t, nil)
	f.show("Finance")
	v := f.v
	if v.filter.ClearButton.Visible() || !v.filter.Icon.Visible() {
		t.Error("an empty filter shows the clear button")
	}
	test.Type(v.filter, "zzz")
	if !v.empty.Root.Visible() || !v.empty.ClearButton.Visible() || !strings.Contains(v.empty.Text.Text, "No document matches “zzz”") {
		t.Fatalf("empty note %v %q", v.empty.Root.Visible(), v.empty.Text.Text)
	}
	if !v.filter.ClearButton.Visible() {
		t.Error("no clear button in a filter with text")
	}
	test.Tap(v.empty.ClearButton)
	if v.filter.Text != "" || len(f.rowNames()) != 3 || v.empty.Root.Visible() {
		t.Fatalf("after Clear filter: %q, %d rows, note shown %v", v.filter.Text, len(f.rowNames()), v.empty.Root.Visible())
	}
	test.Type(v.filter, "zzz")
	v.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if v.filter.Text != "" || len(f.rowNames()) != 3 {
		t.Fatalf("after Esc: %q, %d rows", v.filter.Text, len(f.rowNames()))
	}
	test.Type(v.filter, "inv")
	test.Tap(v.filter.ClearButton)
	if v.filter.Text != "" || v.filter.ClearButton.Visible() {
		t.Errorf("after the clear button: %q", v.filter.Text)
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

func TestSelectionTakesTheRowAndShowsDetails(t *testing.T) {
	f := newFixture(t, nil)
	f.win.Resize(fyne.NewSize(1100, 700))
	f.show("Finance")
	v := f.v
	details := 0
	v.OnDetail = func() { details++ }
	if v.DetailsShown() {
		t.Fatal("details shown before a selection")
	}
	v.table.table.Select(widget.TableCellID{Row: 0, Col: int(doclist.ColStatus)})
	doc := v.table.model.Doc(v.table.model.Row(0).Index)
	if got := selectedCells(v.table); got != doclist.Columns {
		t.Errorf("%d cells drawn selected, want the row's %d", got, doclist.Columns)
	}
	if details != 1 {
		t.Errorf("OnDetail called %d times, want once (the window makes room for the details)", details)
	}
	d := v.detail
	if !d.shown() || d.name.Text != doc.Name || !strings.Contains(d.facts.Text, "Id "+doc.DocumentID) ||
		!strings.Contains(d.facts.Text, statusWords(doc.Status)) || !strings.Contains(d.facts.Text, "updated ") {
		t.Fatalf("details: %q / %q", d.name.Text, d.facts.Text)
	}
	test.Tap(d.copyID)
	if got := f.fa.Clipboard().Content(); got != doc.DocumentID {
		t.Errorf("clipboard %q, want %q", got, doc.DocumentID)
	}
	// The selection follows the document when the order changes.
	v.table.sortBy(doclist.ColUpdated)
	v.table.sortBy(doclist.ColUpdated)
	if row, ok := v.table.rowOfShown(doc.DocumentID); !ok || selectedCells(v.table) != doclist.Columns {
		t.Errorf("after sorting: row %d %v, %d cells selected", row, ok, selectedCells(v.table))
	}
	// Another workspace forgets it.
	f.show("Operations")
	if d.shown() || v.table.selID != "" {
		t.Error("details stay after choosing another workspace")
	}
}

func TestDetailsSayWebAddressAndClientID(t *testing.T) {
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

// Hide folds the table, the filter and the details away (the name, badges and counts stay, the
// counts then on the whole line; the window closes the panel then); Show brings them back.
func TestFoldingDocumentsKeepsTheHeader(t *testing.T) {
	f := newFixture(t, nil)
	f.show("Finance")
	v := f.v
	var folds []bool
	v.OnFold = func(on bool) { folds = append(folds, on) }
	test.Tap(v.foldB)
	uiQueue.Drain()
	if v.body.Visible() || v.filter.Visible() || v.bottom.Visible() || !v.counts.Visible() || v.foldB.Text != "Show" {
		t.Fatalf("folded: table %v filter %v details %v counts %v, button %q", v.body.Visible(), v.filter.Visible(),
			v.bottom.Visible(), v.counts.Visible(), v.foldB.Text)
	}
	line := v.counts.Size().Width + v.foldB.Size().Width
	if folded := v.counts.Size().Width; folded < 0.6*line {
		t.Errorf("folded, the counts are %.0f wide of %.0f", folded, line)
	}
	test.Tap(v.foldB)
	uiQueue.Drain()
	if !v.body.Visible() || !v.filter.Visible() || v.foldB.Text != "Hide" {
		t.Fatalf("unfolded: table %v filter %v, button %q", v.body.Visible(), v.filter.Visible(), v.foldB.Text)
	}
	if d := v.counts.Size().Width - v.filter.Size().Width; d > 1 || d < -1 {
		t.Errorf("counts %.0f and filter %.0f do not share the line", v.counts.Size().Width, v.filter.Size().Width)
	}
	if len(folds) != 2 || !folds[0] || folds[1] {
		t.Errorf("OnFold calls %v", folds)
	}
}

// The limits come from one status call when the cache has none: shown for the owner's personal
// workspace, not for a shared one.
func TestLimitsBarFromStatusCall(t *testing.T) {
	f := newFixture(t, nil)
	f.show("My documents")
	uiQueue.Until(t, "the limits bar", f.v.LimitsShown)
	if !strings.Contains(f.v.limits.daily.Text, "Uploads left today: 200 of 200") {
		t.Errorf("daily: %q", f.v.limits.daily.Text)
	}
	f.show("Leadership team")
	uiQueue.Drain()
	if f.v.LimitsShown() {
		t.Error("limits shown for a shared workspace")
	}
}

// A large workspace's documents set while the pane is folded (as when the window opens on the last
// conversation) leave the hidden table a few row dividers: with no height, Fyne's Table took all
// 10,000 rows as shown and made a separator for each (about 4 MB kept).
func TestFoldedTableOfManyDocumentsKeepsFewSeparators(t *testing.T) {
	docs := uitest.ManyDocs(10000)
	f := newFixture(t, func(a *app.App) Backend {
		return override{Backend: parts.Of(a), content: func(string) ([]client.Document, []client.Source, error) { return docs, nil, nil }}
	})
	f.v.SetFolded(true)
	f.show("My documents")
	uiQueue.Drain()
	if n := separators(f.v.table.table); n > 100 {
		t.Errorf("the folded table holds %d separators", n)
	}
	test.Tap(f.v.foldB)
	uiQueue.Drain()
	if n := separators(f.v.table.table); n == 0 || n > 100 {
		t.Errorf("the unfolded table holds %d separators", n)
	}
}

// Documents read while the table is folded are counted (OnShown) and handed on (OnContent), but
// their model is built only when they are shown: opening the table shows them all at once, and
// a document can be selected straight away.
func TestFoldedDocumentsAreModelledWhenShown(t *testing.T) {
	docs := uitest.ManyDocs(10000)
	f := newFixture(t, func(a *app.App) Backend {
		return override{Backend: parts.Of(a), content: func(string) ([]client.Document, []client.Source, error) { return docs, nil, nil }}
	})
	var shown, handed int
	f.v.OnShown = func(n int) { shown = n }
	f.v.OnContent = func(_ records.CachedWorkspace, d []client.Document) { handed = len(d) }
	f.v.SetFolded(true)
	f.show("My documents")
	uiQueue.Drain()
	if shown != 10000 || handed != 10000 {
		t.Fatalf("folded: %d documents counted and %d handed on, want 10,000 each", shown, handed)
	}
	if n := f.v.table.model.Len(); n != 0 || f.v.unbuilt == nil {
		t.Fatalf("folded: the table's model holds %d documents, want none until shown", n)
	}
	f.v.SetFolded(false)
	if n := f.v.table.model.Len(); n != 10000 || f.v.unbuilt != nil {
		t.Fatalf("shown: the table's model holds %d documents, want 10,000", n)
	}
	if !f.v.SelectDocument(docs[1234].DocumentID, docs[1234].Name) {
		t.Fatal("a document could not be selected once the documents were shown")
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

// 2.8 KB used of 100 MB shows an empty storage bar, not a full-looking blue one.
func TestStorageBarNearlyEmptyLooksEmpty(t *testing.T) {
	l := newLimitsBar()
	ws := records.CachedWorkspace{Workspace: client.Workspace{Scope: "personal", Access: "owner"}}
	l.set(ws, client.Limits{WorkspaceBytesUsed: 2867, WorkspaceBytesLimit: 100 << 20}, true)
	uitest.CheckEmptyLooksEmpty(t, "2.8 KB of 100 MB", l.bar)
}
