// Package documents is the workspace's documents pane: the workspace's name, badges and counts,
// the upload limits, the filter, the sortable table (website imports folded under their source)
// and the selected document's details.
package documents

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/internal/words"
	"lectern/ui/errview"
	"lectern/ui/internal/doclist"
	"lectern/ui/internal/life"
	"lectern/ui/widgets"
)

// Backend is what the documents pane uses of the application core; *app.App implements it.
type Backend interface {
	Settings() app.Settings
	UpdateSettings(func(*app.Settings)) error
	CachedWorkspaceContent(ctx context.Context, id string) ([]client.Document, []client.Source, error)
	WorkspaceLimits(id string) (client.Limits, bool)
	UploadLimits(ctx context.Context, id string) (client.Limits, bool)
	Explain(err error) app.Explanation
}

// View is the right pane's workspace view: the workspace's name, badges and counts, the upload
// limits for the owner's personal workspaces, a filter box and the documents table.
type View struct {
	lf life.Life
	b  Backend

	ws      app.CachedWorkspace
	seq     int // load generation: a late answer for another workspace is dropped
	title   *widgets.NameLabel
	scope   *widgets.Badge
	access  *widgets.Badge
	counts  *widget.Label
	limits  *limitsBar
	filter  *widgets.FilterEntry
	table   *docTable
	detail  *docDetails
	empty   *widgets.EmptyNote // over the table when the filter hides every document
	shown   *widget.Label
	loading *widget.Activity
	errs    *errview.View
	body    *fyne.Container
	root    fyne.CanvasObject
	col     doclist.Column
	desc    bool
	// sortSaves orders the saves of the sort, made off the UI goroutine, and sortToSave is the
	// last sort chosen: each save writes it, so the last click wins however the saves are run.
	sortSaves  sync.Mutex
	sortToSave atomic.Pointer[sortPref]
	// OnShown, when set, is called after a workspace's documents are shown.
	OnShown func(docs int)
	// OnContent is called with the workspace and its documents each time they are loaded.
	OnContent func(ws app.CachedWorkspace, docs []client.Document)
	// OnAsk is called when the person asks the selected document (Ask this document).
	OnAsk    func(doc client.Document)
	askDoc   *widgets.ShrinkButton
	selected int        // the selected document's index in the model, -1 when none
	shownWS  string     // the workspace whose documents the table shows
	pending  *[2]string // the id and name of a document to select once the documents are loaded
	foldB    *widget.Button
	folded   bool
	unbuilt  *content          // read while folded: the table's model is built when they are shown
	unfolded *fyne.Container   // what folding hides above the table
	bottom   fyne.CanvasObject // the lines under the table
	actions  *fyne.Container   // the count, Ask this document and Copy id
	// OnDetail is called when a document's details are shown.
	OnDetail func()
	// OnFold is called when the documents are folded away or shown again.
	OnFold func(folded bool)
	focus  func(fyne.Focusable)
}

// New makes the pane, showing no workspace; focus moves the keyboard (the window canvas's Focus).
func New(lf life.Life, b Backend, focus func(fyne.Focusable)) *View {
	v := &View{b: b, lf: lf, focus: focus, title: widgets.NewNameLabel(""), counts: widget.NewLabel(""),
		scope: widgets.NewBadge("", theme.ColorNameInputBorder), access: widgets.NewBadge("", theme.ColorNameInputBorder),
		limits: newLimitsBar(), table: newDocTable(), detail: newDocDetails(),
		shown: widget.NewLabel(""), loading: widget.NewActivity(), errs: errview.New(b.Explain), selected: -1}
	v.filter = widgets.NewFilterEntry("Filter by name, type, status", v.applyFilter)
	v.empty = widgets.NewEmptyNote(v.filter.Clear, true)
	s := b.Settings()
	v.col, v.desc = doclist.ParseColumn(s.DocSort), s.DocSortDesc
	v.askDoc = widgets.NewShrinkButton("Ask this document", theme.QuestionIcon(), v.askSelected)
	v.askDoc.SetImportance(widget.LowImportance)
	v.askDoc.Disable()
	v.title.TextStyle = fyne.TextStyle{Bold: true}
	v.title.SizeName = theme.SizeNameSubHeadingText
	// One line, cut with "…", the whole name while the pointer rests on it: a name of any length
	// never makes the window taller.
	v.counts.Truncation = fyne.TextTruncateEllipsis // shares its line with the filter (the list has them too)
	v.shown.SizeName = theme.SizeNameCaptionText
	v.shown.Truncation = fyne.TextTruncateEllipsis
	v.filter.OnSubmitted = func(string) { v.focusTable() }
	v.table.OnDocument = v.showDetail
	v.table.OnSort = v.sorted
	v.root = v.layout()
	v.showEmpty("Choose a workspace on the left to see its documents.")
	return v
}

func (v *View) layout() fyne.CanvasObject {
	badges := container.NewHBox(v.scope, v.access)
	head := container.NewBorder(nil, nil, nil, container.NewHBox(badges, v.loading), v.title)
	v.foldB = widget.NewButtonWithIcon("Hide", theme.ContentClearIcon(), func() { v.SetFolded(!v.folded) })
	v.foldB.Importance = widget.LowImportance
	// The counts and the filter share a line, to leave the table the room.
	counts := container.NewBorder(nil, nil, nil, v.foldB, container.New(widgets.VisibleHalves{}, v.counts, v.filter))
	v.unfolded = container.NewVBox(v.limits.root, v.errs.Box)
	top := container.NewVBox(head, counts, v.unfolded)
	// The note goes under the header row, in the middle of the rows' space.
	note := container.New(layout.NewCustomPaddedLayout(v.table.headerHeight(), 0, 0, 0), v.empty.Root)
	v.body = container.New(&widgets.WidthLayout{OnResize: v.table.fitName, OnHeight: v.scrollToSelected}, v.table.table, note)
	// The name on a line of its own; in a narrow panel the actions show their icons only, and
	// a long count is cut.
	v.actions = container.New(&widgets.FitRow{Want: v.shownWidth}, v.shown, v.askDoc, v.detail.copyID)
	v.bottom = widgets.SidePadded(container.NewVBox(v.detail.name, v.actions, v.detail.body))
	header := container.NewVScroll(container.NewPadded(top))
	return container.New(&widgets.TableFirstLayout{Keep: container.NewPadded(head)}, header, v.body, v.bottom)
}

// setShown says how many documents are shown, and lays its line out again for the words' width
// (its layout only: a Refresh redrew the line's buttons on every keystroke in the filter).
func (v *View) setShown(text string) {
	v.shown.SetText(text)
	v.actions.Layout.Layout(v.actions.Objects, v.actions.Size())
}

// shownWidth is the width that shows the count of documents shown whole.
func (v *View) shownWidth() float32 {
	return fyne.MeasureText(v.shown.Text, theme.CaptionTextSize(), v.shown.TextStyle).Width + 2*theme.InnerPadding()
}

// SetFolded folds the documents away (the workspace's name, badges and counts stay), or shows
// them again: the window folds them while their panel is closed, and its Hide documents button
// asks the window to close the panel (OnFold).
func (v *View) SetFolded(on bool) {
	v.folded = on
	if !on && v.unbuilt != nil {
		v.buildUnbuilt()
	}
	for _, o := range []fyne.CanvasObject{v.unfolded, v.filter, v.body, v.bottom} {
		widgets.ShowIf(o, !on)
	}
	if on {
		v.foldB.SetText("Show")
		v.foldB.SetIcon(theme.MenuDropDownIcon())
	} else {
		v.foldB.SetText("Hide")
		v.foldB.SetIcon(theme.ContentClearIcon())
	}
	v.root.Refresh()
	if v.OnFold != nil {
		v.OnFold(on)
	}
}

// Show loads workspace ws: its documents come from the cache, built into a model off the UI
// goroutine; the filter and sort order in place are kept.
func (v *View) Show(ws app.CachedWorkspace) {
	v.pending = nil
	same := ws.WorkspaceID == v.ws.WorkspaceID
	v.ws = ws
	v.setHeader(ws)
	if !same {
		v.clearDetail()
	}
	v.Reload()
}

// Reload reads the current workspace's documents from the cache again.
func (v *View) Reload() {
	if v.ws.WorkspaceID == "" {
		return
	}
	v.seq++
	v.unbuilt = nil // another workspace's, or older
	seq, id, query, col, desc, folded := v.seq, v.ws.WorkspaceID, v.filter.Text, v.col, v.desc, v.folded
	v.loading.Start()
	v.loading.Show()
	go func() {
		docs, sources, err := v.b.CachedWorkspaceContent(v.lf.Ctx, id)
		var m *doclist.Model
		if err == nil && !folded {
			m = doclist.New(docs, sources)
			m.SortBy(col, desc)
			m.SetFilter(query)
		}
		lim, hasLimits := v.b.WorkspaceLimits(id)
		v.lf.Do(func() {
			if seq != v.seq {
				return
			}
			v.unbuilt = nil
			if err == nil && m == nil {
				v.keepUnbuilt(content{docs, sources})
			} else {
				v.loaded(m, err)
			}
			v.setLimits(lim, hasLimits)
			if err == nil && v.OnContent != nil {
				v.OnContent(v.ws, docs)
			}
		})
		v.loadLimits(seq, id)
	}()
}

// loadLimits shows the live limits of an owned personal workspace: one status call, cached by
// the core for a while (called off the UI goroutine, after the documents are shown).
func (v *View) loadLimits(seq int, id string) {
	lim, ok := v.b.UploadLimits(v.lf.Ctx, id)
	v.lf.Do(func() {
		if seq == v.seq && ok {
			v.setLimits(lim, ok)
		}
	})
}

// setLimits shows the limits bar with lim, or hides it, and gives the header its new height when
// the bar came or went (a header laid out for the bar of the workspace before kept its room).
func (v *View) setLimits(lim client.Limits, ok bool) {
	was := v.limits.root.Visible()
	v.limits.set(v.ws, lim, ok)
	if v.limits.root.Visible() != was {
		v.root.Refresh()
	}
}

// content is a workspace's documents as read from the cache.
type content struct {
	docs    []client.Document
	sources []client.Source
}

// keepUnbuilt keeps documents read while the table was folded, building their model only when
// they are shown: a folded table is never seen, and the model of 10,000 documents and the
// garbage of building it were 1.3 MB of the start's peak (issue 23). The count still comes
// (OnShown): the documents are read, for the scope picker and the poll.
func (v *View) keepUnbuilt(c content) {
	v.loading.Stop()
	v.loading.Hide()
	v.errs.SetError(nil)
	v.unbuilt = &c
	if !v.folded { // shown meanwhile
		v.buildUnbuilt()
		return
	}
	if v.OnShown != nil {
		v.OnShown(len(c.docs))
	}
}

// buildUnbuilt builds the table's model of the documents kept while folded, on the UI goroutine
// (6–14 ms for 10,000: doclist.BenchmarkBuild10000), so that a document can be selected at once.
func (v *View) buildUnbuilt() {
	c := v.unbuilt
	v.unbuilt = nil
	m := doclist.New(c.docs, c.sources)
	m.SortBy(v.col, v.desc)
	m.SetFilter(v.filter.Text)
	v.loaded(m, nil)
}

func (v *View) loaded(m *doclist.Model, err error) {
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
	if p := v.pending; p != nil {
		v.pending = nil
		v.SelectDocument(p[0], p[1])
	}
	if v.OnShown != nil {
		v.OnShown(m.Len())
	}
}

func (v *View) setHeader(ws app.CachedWorkspace) {
	v.title.SetName(app.OneLine(ws.Workspace.Name))
	widgets.WorkspaceBadges(v.scope, v.access, ws.Scope, ws.Access)
	v.scope.Show()
	v.access.Show()
	v.counts.SetText(words.DocumentCounts(ws.Counts.Documents, ws.Counts.Ready, ws.Counts.NotReady, ws.Counts.Failed))
}

func (v *View) showEmpty(text string) {
	v.title.SetText(text)
	v.title.TextStyle = fyne.TextStyle{}
	v.scope.Hide()
	v.access.Hide()
	v.loading.Hide()
}

func (v *View) applyFilter(q string) {
	v.table.setFilter(q)
	v.updateShown()
}

// sortPref is a sort order to keep.
type sortPref struct {
	col  doclist.Column
	desc bool
}

// sorted keeps the sort order for the next workspace and the next start. Two clicks in a row
// start two saves: each writes the last sort chosen, one at a time, so that the first save,
// run last, cannot put back the order the second click left.
func (v *View) sorted(col doclist.Column, desc bool) {
	v.col, v.desc = col, desc
	v.sortToSave.Store(&sortPref{col, desc})
	go func() {
		v.sortSaves.Lock()
		defer v.sortSaves.Unlock()
		p := v.sortToSave.Load()
		_ = v.b.UpdateSettings(func(s *app.Settings) { s.DocSort, s.DocSortDesc = p.col.String(), p.desc })
	}()
}

// clearDetail forgets the selected document.
func (v *View) clearDetail() {
	v.selected = -1
	v.table.forgetSelection()
	v.detail.clear()
	v.askDoc.Disable()
}

// keepDetail shows the selected document again from a reloaded model, or forgets it when it left.
func (v *View) keepDetail() {
	if i, ok := v.table.selectedDoc(); ok {
		v.showDetail(i)
		return
	}
	v.clearDetail()
}

func (v *View) updateShown() {
	m := v.table.model
	v.empty.Set("", false)
	switch {
	case m.Len() == 0:
		v.setShown("No documents in this workspace yet")
		v.empty.Set("No documents in this workspace yet.", false)
	case v.filter.Text == "":
		v.setShown(fmt.Sprintf("%s %s", words.Thousands(m.Len()), words.Plural(m.Len(), "document")))
	case m.Matching() == 0:
		v.setShown("")
		v.empty.Set(fmt.Sprintf("No document matches “%s”.", v.filter.Text), true)
	default:
		v.setShown(fmt.Sprintf("%s of %s match “%s”", words.Thousands(m.Matching()), words.Thousands(m.Len()), v.filter.Text))
	}
}

func (v *View) showDetail(i int) {
	d := v.table.model.Doc(i)
	v.selected = i
	if d.Status == client.StatusReady {
		v.askDoc.Enable()
	} else {
		v.askDoc.Disable()
	}
	v.detail.show(d, v.table.model.Updated(i))
	if v.OnDetail != nil {
		v.OnDetail()
	}
	v.scrollToSelected()
}

// scrollToSelected keeps the selected document's row in sight, also when the details panel takes
// some of the table's height.
func (v *View) scrollToSelected() {
	v.table.scrollToSelected()
}

// askSelected asks the selected document in the conversation pane.
func (v *View) askSelected() {
	if v.selected >= 0 && v.selected < v.table.model.Len() && v.OnAsk != nil {
		v.OnAsk(v.table.model.Doc(v.selected))
	}
}

// ShowDocumentIn shows the document with id and name of workspace ws (a source of a workspace a
// model consulted): at once when ws's documents are shown, else once they are loaded.
func (v *View) ShowDocumentIn(ws app.CachedWorkspace, id, name string) {
	if ws.WorkspaceID == v.shownWS && !v.loading.Visible() {
		v.SelectDocument(id, name)
		return
	}
	v.Show(ws)
	v.pending = &[2]string{id, name}
}

// SelectDocument shows the document with id and name in the table (a source tapped in an
// answer): the filter is cleared, a folded website import is opened, and the row is selected and
// scrolled into view. When the workspace has no such document any more (removed, or its id given
// to another one) it says so, selects nothing, and reports false.
func (v *View) SelectDocument(id, name string) bool {
	if v.folded {
		v.SetFolded(false)
	}
	if v.filter.Text != "" {
		v.filter.SetText("")
	}
	if v.table.selectDocument(id, name) {
		return true
	}
	v.table.dropCell()
	v.clearDetail()
	v.table.table.Refresh()
	v.setShown(fmt.Sprintf("“%s” is no longer in this workspace", app.OneLine(name)))
	return false
}

func (v *View) focusTable() { v.focus(v.table.table) }

// FocusFilter puts the keyboard in the filter box.
func (v *View) FocusFilter() { v.focus(v.filter) }

// Owns says whether f is the filter or the table, so that F6 knows the pane it is in.
func (v *View) Owns(f fyne.Focusable) bool { return f == v.filter || f == v.table.table }

// Root is the pane's content.
func (v *View) Root() fyne.CanvasObject { return v.root }

// Workspace is the workspace shown (zero before one is chosen).
func (v *View) Workspace() app.CachedWorkspace { return v.ws }

// Keep takes ws as the workspace shown, header and all, without reading its documents again (the
// list was read again and still holds it).
func (v *View) Keep(ws app.CachedWorkspace) {
	v.setHeader(ws)
	v.ws = ws
	if !ws.TakesFiles() { // learnt since it was shown (published): its upload limits mean nothing
		v.limits.root.Hide()
	}
}

// Folded reports whether the documents are folded away.
func (v *View) Folded() bool { return v.folded }

// Loading reports whether the documents are being read.
func (v *View) Loading() bool { return v.loading.Visible() }

// SetFilter types text in the filter box, as one keystroke would.
func (v *View) SetFilter(text string) { v.filter.SetText(text) }

// SortBy sorts the table by col, as a click on its header would.
func (v *View) SortBy(col doclist.Column) { v.table.sortBy(col) }

// SelectNamed selects the row of the document named name, as a click would, unfolding the
// documents first; false when no listed document has that name.
func (v *View) SelectNamed(name string) bool {
	if v.folded {
		v.SetFolded(false)
	}
	m := v.table.model
	for row := range m.Rows() {
		if r := m.Row(row); r.Kind == doclist.RowDocument && m.Doc(r.Index).Name == name {
			v.table.table.Select(widget.TableCellID{Row: row, Col: 0})
			return true
		}
	}
	return false
}

// ShownText is the caption beside the details: how many documents are shown, or that a source
// tapped is no longer in the workspace.
func (v *View) ShownText() string { return v.shown.Text }

// DetailsShown reports whether the selected document's details are shown.
func (v *View) DetailsShown() bool { return v.detail.shown() }

// LimitsShown reports whether the limits bar is shown.
func (v *View) LimitsShown() bool { return v.limits.root.Visible() }

// Model is the documents shown, as the table lists them (read it, do not change it); documents
// read while folded are modelled now.
func (v *View) Model() *doclist.Model {
	if v.unbuilt != nil {
		v.buildUnbuilt()
	}
	return v.table.model
}

// Selected is the selected document; its id is "" when none is.
func (v *View) Selected() client.Document {
	if v.selected < 0 || v.selected >= v.table.model.Len() {
		return client.Document{}
	}
	return v.table.model.Doc(v.selected)
}
