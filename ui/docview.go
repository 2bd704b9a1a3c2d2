package ui

import (
	"fmt"
	"lectern/ui/internal/life"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/ui/errview"
	"lectern/ui/internal/doclist"
	"lectern/ui/internal/words"
	"lectern/ui/widgets"
)

// documentsView is the right pane's workspace view: the workspace's name, badges and counts, the
// upload limits for the owner's personal workspaces, a filter box and the documents table.
type documentsView struct {
	b  Backend
	lf life.Life

	ws      app.CachedWorkspace
	seq     int // load generation: a late answer for another workspace is dropped
	title   *widget.Label
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

func newDocumentsView(lf life.Life, b Backend, focus func(fyne.Focusable)) *documentsView {
	v := &documentsView{b: b, lf: lf, focus: focus, title: widget.NewLabel(""), counts: widget.NewLabel(""),
		scope: widgets.NewBadge("", theme.ColorNameInputBorder), access: widgets.NewBadge("", theme.ColorNameInputBorder),
		limits: newLimitsBar(), table: newDocTable(), detail: newDocDetails(),
		shown: widget.NewLabel(""), loading: widget.NewActivity(), errs: errview.New(b.Explain), selected: -1}
	v.filter = widgets.NewFilterEntry("Filter by name, type, status", v.applyFilter)
	v.empty = widgets.NewEmptyNote(v.filter.Clear, true)
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
	counts := container.NewBorder(nil, nil, nil, v.foldB, container.New(widgets.VisibleHalves{}, v.counts, v.filter))
	v.unfolded = container.NewVBox(v.limits.root, v.errs.Box)
	top := container.NewVBox(head, counts, v.unfolded)
	// The note goes under the header row, in the middle of the rows' space.
	note := container.New(layout.NewCustomPaddedLayout(v.table.headerHeight(), 0, 0, 0), v.empty.Root)
	v.body = container.New(&widgets.WidthLayout{OnResize: v.table.fitName, OnHeight: v.scrollToSelected}, v.table.table, note)
	line := container.NewBorder(nil, nil, nil, container.NewHBox(v.detail.copyID, v.askDoc, v.shown), v.detail.name)
	v.bottom = widgets.SidePadded(container.NewVBox(line, v.detail.body))
	header := container.NewVScroll(container.NewPadded(top))
	return container.New(&widgets.TableFirstLayout{Keep: container.NewPadded(head)}, header, v.body, v.bottom)
}

// setFolded folds the documents away (the workspace's name, badges and counts stay), so that the
// conversation under them has the room, or shows them again.
func (v *documentsView) setFolded(on bool) {
	v.folded = on
	for _, o := range []fyne.CanvasObject{v.unfolded, v.filter, v.body, v.bottom} {
		widgets.ShowIf(o, !on)
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
		docs, sources, err := v.b.WorkspaceContent(v.lf.Ctx, id)
		var m *doclist.Model
		if err == nil {
			m = doclist.New(docs, sources)
			m.SortBy(col, desc)
			m.SetFilter(query)
		}
		lim, hasLimits := v.b.WorkspaceLimits(id)
		v.lf.Do(func() {
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
	lim, ok := v.b.UploadLimits(v.lf.Ctx, id)
	v.lf.Do(func() {
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
	widgets.WorkspaceBadges(v.scope, v.access, ws.Scope, ws.Access)
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
	v.empty.Set("", false)
	switch {
	case m.Len() == 0:
		v.shown.SetText("No documents in this workspace yet")
		v.empty.Set("No documents in this workspace yet.", false)
	case v.filter.Text == "":
		v.shown.SetText(fmt.Sprintf("%s %s", words.Thousands(m.Len()), words.Plural(m.Len(), "document")))
	case m.Matching() == 0:
		v.shown.SetText("")
		v.empty.Set(fmt.Sprintf("No document matches “%s”.", v.filter.Text), true)
	default:
		v.shown.SetText(fmt.Sprintf("%s of %s match “%s”", words.Thousands(m.Matching()), words.Thousands(m.Len()), v.filter.Text))
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
