package ui

import (
	"context"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/internal/words"
	"lectern/ui/internal/doclist"
)

// documentsView is the right pane's workspace view: the workspace's name, badges and counts, the
// upload limits for the owner's personal workspaces, a filter box and the documents table.
type documentsView struct {
	b   Backend
	ctx context.Context

	ws      app.CachedWorkspace
	seq     int // load generation: a late answer for another workspace is dropped
	title   *widget.Label
	scope   *Badge
	access  *Badge
	counts  *widget.Label
	limits  *limitsBar
	filter  *filterEntry
	table   *docTable
	detail  *docDetails
	empty   *emptyNote // over the table when the filter hides every document
	shown   *widget.Label
	loading *widget.Activity
	errs    *errorView
	body    *fyne.Container
	root    fyne.CanvasObject
	col     doclist.Column
	desc    bool
	onShown func(docs int) // after a workspace's documents are shown, when set
	// onContent is called with the workspace and its documents each time they are loaded.
	onContent func(ws app.CachedWorkspace, docs []client.Document)
	// onAsk is called when the person asks the selected document (Ask this document).
	onAsk    func(doc client.Document)
	askDoc   *widget.Button
	selected int    // the selected document's index in the model, -1 when none
	shownWS  string // the workspace whose documents the table shows
	foldB    *widget.Button
	folded   bool
	unfolded *fyne.Container   // what folding hides above the table
	bottom   fyne.CanvasObject // the line under the table
	// onDetail is called when a document's details are shown.
	onDetail func()
	// onFold is called when the documents are folded away or shown again.
	onFold func(folded bool)
	focus  func(fyne.Focusable)
}

func newDocumentsView(b Backend, ctx context.Context, focus func(fyne.Focusable)) *documentsView {
	v := &documentsView{b: b, ctx: ctx, focus: focus, title: widget.NewLabel(""), counts: widget.NewLabel(""),
		scope: NewBadge("", theme.ColorNameInputBorder), access: NewBadge("", theme.ColorNameInputBorder),
		limits: newLimitsBar(), table: newDocTable(), detail: newDocDetails(),
		shown: widget.NewLabel(""), loading: widget.NewActivity(), errs: newErrorView(b.Explain), selected: -1}
	v.filter = newFilterEntry("Filter by name, type, status", v.applyFilter)
	v.empty = newEmptyNote(v.filter.Clear, true)
	s := b.Settings()
	v.col, v.desc = doclist.ParseColumn(s.DocSort), s.DocSortDesc
	v.askDoc = widget.NewButtonWithIcon("Ask this document", theme.QuestionIcon(), v.askSelected)
	v.askDoc.Importance = widget.LowImportance
	v.askDoc.Disable()
	v.title.TextStyle = fyne.TextStyle{Bold: true}
	v.title.SizeName = theme.SizeNameSubHeadingText
	v.title.Wrapping = fyne.TextWrapWord            // the full name, which a narrow list may shorten
	v.counts.Truncation = fyne.TextTruncateEllipsis // shares its line with the filter (the list has them too)
	v.shown.SizeName = theme.SizeNameCaptionText
	v.filter.OnSubmitted = func(string) { v.focusTable() }
	v.table.OnDocument = v.showDetail
	v.table.OnSort = v.sorted
	v.root = v.layout()
	v.showEmpty("Choose a workspace on the left to see its documents.")
	return v
}

func (v *documentsView) layout() fyne.CanvasObject {
	badges := container.NewHBox(v.scope, v.access)
	head := container.NewBorder(nil, nil, nil, container.NewHBox(badges, v.loading), v.title)
	v.foldB = widget.NewButtonWithIcon("Hide documents", theme.MenuDropUpIcon(), func() { v.setFolded(!v.folded) })
	v.foldB.Importance = widget.LowImportance
	// The counts and the filter share a line, to leave the table the room.
	counts := container.NewBorder(nil, nil, nil, v.foldB, container.New(visibleHalves{}, v.counts, v.filter))
	v.unfolded = container.NewVBox(v.limits.root, v.errs.box)
	top := container.NewVBox(head, counts, v.unfolded)
	// The note goes under the header row, in the middle of the rows' space.
	note := container.New(layout.NewCustomPaddedLayout(v.table.headerHeight(), 0, 0, 0), v.empty.root)
	v.body = container.New(&widthLayout{onResize: v.table.fitName, onHeight: v.scrollToSelected}, v.table.table, note)
	line := container.NewBorder(nil, nil, nil, container.NewHBox(v.detail.copyID, v.askDoc, v.shown), v.detail.name)
	v.bottom = sidePadded(container.NewVBox(line, v.detail.body))
	header := container.NewVScroll(container.NewPadded(top))
	return container.New(&tableFirstLayout{keep: container.NewPadded(head)}, header, v.body, v.bottom)
}

// visibleHalves lays out its visible objects side by side in equal widths: the counts take the
// whole line when the filter is folded away.
type visibleHalves struct{}

func (visibleHalves) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	shown := visibleOnly(objs)
	if len(shown) == 0 {
		return
	}
	pad := theme.Padding()
	w := (size.Width - pad*float32(len(shown)-1)) / float32(len(shown))
	for i, o := range shown {
		o.Resize(fyne.NewSize(w, size.Height))
		o.Move(fyne.NewPos(float32(i)*(w+pad), 0))
	}
}

func (visibleHalves) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	shown := visibleOnly(objs)
	for _, o := range shown {
		m := o.MinSize()
		s = fyne.NewSize(max(s.Width, m.Width), max(s.Height, m.Height))
	}
	if n := float32(len(shown)); n > 1 {
		s.Width = s.Width*n + theme.Padding()*(n-1)
	}
	return s
}

func visibleOnly(objs []fyne.CanvasObject) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, o := range objs {
		if o.Visible() {
			out = append(out, o)
		}
	}
	return out
}

// tableFirstLayout stacks the header (a vertical scroll), the table and the details panel. When
// the pane is short, the header gives way first: it shrinks, down to its first row (keep), and
// scrolls, so that the table keeps its header row and a row of documents in sight.
type tableFirstLayout struct{ keep fyne.CanvasObject }

func (l *tableFirstLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	header, table, details := objs[0], objs[1], objs[2]
	full := header.(*container.Scroll).Content.MinSize().Height
	detailsH := visibleHeight(details)
	headerH := full
	if table.Visible() {
		room := size.Height - detailsH - table.MinSize().Height
		headerH = max(min(full, room), l.keep.MinSize().Height)
	}
	header.Resize(fyne.NewSize(size.Width, headerH))
	header.Move(fyne.NewPos(0, 0))
	tableH := max(size.Height-headerH-detailsH, 0)
	if !table.Visible() {
		// Folded, the table keeps its header's and a row's height rather than none: Fyne's Table
		// takes a table without room for rows as showing all of them and makes a row divider for
		// each, which for a large workspace's model (set while folded, as at start-up) was 10,000
		// separators, about 4 MB kept.
		tableH = table.MinSize().Height
	}
	table.Resize(fyne.NewSize(size.Width, tableH))
	table.Move(fyne.NewPos(0, headerH))
	details.Resize(fyne.NewSize(size.Width, detailsH))
	details.Move(fyne.NewPos(0, size.Height-detailsH))
}

func (l *tableFirstLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	header, table, details := objs[0], objs[1], objs[2]
	w := max(header.MinSize().Width, table.MinSize().Width, details.MinSize().Width)
	h := l.keep.MinSize().Height + visibleHeight(table) + visibleHeight(details)
	if !table.Visible() { // folded: the header whole
		h = header.(*container.Scroll).Content.MinSize().Height + visibleHeight(details)
	}
	return fyne.NewSize(w, h)
}

// visibleHeight is o's minimum height, 0 when it is hidden.
func visibleHeight(o fyne.CanvasObject) float32 {
	if !o.Visible() {
		return 0
	}
	return o.MinSize().Height
}

// setFolded folds the documents away (the workspace's name, badges and counts stay), so that the
// conversation under them has the room, or shows them again.
func (v *documentsView) setFolded(on bool) {
	v.folded = on
	for _, o := range []fyne.CanvasObject{v.unfolded, v.filter, v.body, v.bottom} {
		showIf(o, !on)
	}
	if on {
		v.foldB.SetText("Show documents")
		v.foldB.SetIcon(theme.MenuDropDownIcon())
	} else {
		v.foldB.SetText("Hide documents")
		v.foldB.SetIcon(theme.MenuDropUpIcon())
	}
	v.root.Refresh()
	if v.onFold != nil {
		v.onFold(on)
	}
}

// show loads workspace ws: its documents come from the cache, built into a model off the UI
// goroutine; the filter and sort order in place are kept.
func (v *documentsView) show(ws app.CachedWorkspace) {
	same := ws.WorkspaceID == v.ws.WorkspaceID
	v.ws = ws
	v.setHeader(ws)
	if !same {
		v.clearDetail()
	}
	v.reload()
}

// reload reads the current workspace's documents from the cache again.
func (v *documentsView) reload() {
	if v.ws.WorkspaceID == "" {
		return
	}
	v.seq++
	seq, id, query, col, desc := v.seq, v.ws.WorkspaceID, v.filter.Text, v.col, v.desc
	v.loading.Start()
	v.loading.Show()
	go func() {
		docs, sources, err := v.b.CachedWorkspaceContent(v.ctx, id)
		var m *doclist.Model
		if err == nil {
			m = doclist.New(docs, sources)
			m.SortBy(col, desc)
			m.SetFilter(query)
		}
		lim, hasLimits := v.b.WorkspaceLimits(id)
		uiDo(func() {
			if seq != v.seq {
				return
			}
			v.loaded(m, err)
			v.limits.set(v.ws, lim, hasLimits)
			if err == nil && v.onContent != nil {
				v.onContent(v.ws, docs)
			}
		})
		v.loadLimits(seq, id)
	}()
}

// loadLimits shows the live limits of an owned personal workspace: one status call, cached by
// the core for a while (called off the UI goroutine, after the documents are shown).
func (v *documentsView) loadLimits(seq int, id string) {
	lim, ok := v.b.UploadLimits(v.ctx, id)
	uiDo(func() {
		if seq == v.seq && ok {
			v.limits.set(v.ws, lim, ok)
		}
	})
}

func (v *documentsView) loaded(m *doclist.Model, err error) {
	v.loading.Stop()
	v.loading.Hide()
	v.errs.SetError(err)
	if err != nil {
		return
	}
	if m.Filter() != v.filter.Text {
		m.SetFilter(v.filter.Text) // typed while loading
	}
	v.table.setModel(m, v.shownWS == v.ws.WorkspaceID)
	v.shownWS = v.ws.WorkspaceID
	v.keepDetail()
	v.updateShown()
	if v.onShown != nil {
		v.onShown(m.Len())
	}
}

func (v *documentsView) setHeader(ws app.CachedWorkspace) {
	v.title.SetText(app.OneLine(ws.Workspace.Name))
	workspaceBadges(v.scope, v.access, ws)
	v.scope.Show()
	v.access.Show()
	v.counts.SetText(countsText(ws.Counts))
}

func (v *documentsView) showEmpty(text string) {
	v.title.SetText(text)
	v.title.TextStyle = fyne.TextStyle{}
	v.scope.Hide()
	v.access.Hide()
	v.loading.Hide()
}

func (v *documentsView) applyFilter(q string) {
	v.table.model.SetFilter(q)
	v.table.dropCell()
	v.table.table.Refresh()
	v.updateShown()
}

// sorted keeps the sort order for the next workspace and the next start.
func (v *documentsView) sorted(col doclist.Column, desc bool) {
	v.col, v.desc = col, desc
	go func() {
		_ = v.b.UpdateSettings(func(s *app.Settings) { s.DocSort, s.DocSortDesc = col.String(), desc })
	}()
}

// clearDetail forgets the selected document.
func (v *documentsView) clearDetail() {
	v.selected = -1
	v.table.selID = ""
	v.detail.clear()
	v.askDoc.Disable()
}

// keepDetail shows the selected document again from a reloaded model, or forgets it when it left.
func (v *documentsView) keepDetail() {
	if i, ok := v.table.selectedDoc(); ok {
		v.showDetail(i)
		return
	}
	v.clearDetail()
}

func (v *documentsView) updateShown() {
	m := v.table.model
	v.empty.set("", false)
	switch {
	case m.Len() == 0:
		v.shown.SetText("No documents in this workspace yet")
		v.empty.set("No documents in this workspace yet.", false)
	case v.filter.Text == "":
		v.shown.SetText(fmt.Sprintf("%s %s", thousands(m.Len()), words.Plural(m.Len(), "document")))
	case m.Matching() == 0:
		v.shown.SetText("")
		v.empty.set(fmt.Sprintf("No document matches “%s”.", v.filter.Text), true)
	default:
		v.shown.SetText(fmt.Sprintf("%s of %s match “%s”", thousands(m.Matching()), thousands(m.Len()), v.filter.Text))
	}
}

func (v *documentsView) showDetail(i int) {
	d := v.table.model.Doc(i)
	v.selected = i
	if d.Status == client.StatusReady {
		v.askDoc.Enable()
	} else {
		v.askDoc.Disable()
	}
	v.detail.show(d, v.table.model.Updated(i))
	if v.onDetail != nil {
		v.onDetail()
	}
	v.scrollToSelected()
}

// scrollToSelected keeps the selected document's row in sight, also when the details panel takes
// some of the table's height.
func (v *documentsView) scrollToSelected() {
	if row, ok := v.table.rowOfShown(v.table.selID); ok {
		v.table.table.ScrollTo(widget.TableCellID{Row: row, Col: 0})
	}
}

// askSelected asks the selected document in the conversation pane.
func (v *documentsView) askSelected() {
	if v.selected >= 0 && v.selected < v.table.model.Len() && v.onAsk != nil {
		v.onAsk(v.table.model.Doc(v.selected))
	}
}

// selectDocument shows document id in the table (a source tapped in an answer): the filter is
// cleared, a folded website import is opened, and the row is selected and scrolled into view.
func (v *documentsView) selectDocument(id string) {
	if v.folded {
		v.setFolded(false)
	}
	if v.filter.Text != "" {
		v.filter.SetText("")
	}
	if row, ok := v.table.rowOfDocument(id); ok {
		v.table.table.Select(widget.TableCellID{Row: row, Col: 0})
		v.table.table.ScrollTo(widget.TableCellID{Row: row, Col: 0})
	}
}

func (v *documentsView) focusTable() { v.focus(v.table.table) }

func (v *documentsView) focusFilter() { v.focus(v.filter) }

// dateTimeLayout is how the window writes a date and time.
const dateTimeLayout = "2 Jan 2006 15:04"

// localTime shows a server time in the local zone; raw is shown when it could not be read.
func localTime(t time.Time, raw string) string {
	if t.IsZero() {
		return raw
	}
	return t.Local().Format(dateTimeLayout)
}

// widthLayout stacks its objects and reports the width it lays them out at (to fit the name column).
type widthLayout struct {
	last     float32
	lastH    float32
	onResize func(width float32)
	onHeight func() // when the height changed (the details panel came or went), if set
}

// Layout gives every object the whole size, after reporting a new width.
func (l *widthLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if size.Width != l.last {
		l.last = size.Width
		l.onResize(size.Width)
	}
	if size.Height != l.lastH {
		l.lastH = size.Height
		if l.onHeight != nil {
			defer l.onHeight()
		}
	}
	for _, o := range objs {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
	}
}

// MinSize is the largest minimum size of the objects, and at least the table's header and one row
// high: a Table's own minimum leaves out its header, which then overlapped what follows when the
// limits bar took the room.
func (l *widthLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	row := theme.TextSize() + 2*theme.InnerPadding()
	s := fyne.NewSize(0, 2*row)
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}
