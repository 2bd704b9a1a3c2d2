package documents

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/internal/words"
	"lectern/ui/internal/bidi"
	"lectern/ui/internal/doclist"
	"lectern/ui/widgets"
)

// columnTitles are the documents table's headers, in doclist.Column order.
var columnTitles = [doclist.Columns]string{"Name", "Type", "Status", "Updated"}

// shownColumns is the table's column order: Name and Status first, so that a narrow window keeps
// both in sight and lets Type and Updated scroll off to the right.
var shownColumns = [doclist.Columns]doclist.Column{doclist.ColName, doclist.ColStatus, doclist.ColType, doclist.ColUpdated}

// columnWidths are the shown columns' starting widths; the name column takes what is left.
var columnWidths = [doclist.Columns]float32{0, 120, 90, 150}

// minNameWidth is the name column's narrowest width while every column fits.
const minNameWidth = 240

// docTable is the sortable table of one workspace's documents. It shows the rows of a
// doclist.Model; website imports are header rows that fold their pages away when tapped.
type docTable struct {
	model *doclist.Model
	table *widget.Table
	selID string // the selected document's id: its whole row is highlighted, whatever the order
	// selCell is the cell the table itself draws selected; the rest of its row draws alike.
	selCell widget.TableCellID
	// nameWidth is the name column's width, set by fitName.
	nameWidth float32
	cuts      cutter // the cells' texts cut to their columns' widths

	// OnDocument is called on the UI goroutine when a document row is selected.
	OnDocument func(i int)
	// OnSort is called after the sort order changed.
	OnSort func(col doclist.Column, desc bool)
}

func newDocTable() *docTable {
	t := &docTable{model: doclist.New(nil, nil), selCell: widget.TableCellID{Row: -1, Col: -1}}
	t.table = widget.NewTableWithHeaders(t.length, cellMaker(func() *widget.Table { return t.table }), t.updateCell)
	t.table.ShowHeaderColumn = false
	t.table.CreateHeader = func() fyne.CanvasObject {
		b := widget.NewButton("", nil)
		b.Alignment = widget.ButtonAlignLeading
		b.Importance = widget.LowImportance
		return b
	}
	t.table.UpdateHeader = t.updateHeader
	t.table.OnSelected = t.selected
	for c, w := range columnWidths {
		if w > 0 {
			t.table.SetColumnWidth(c, w)
		}
	}
	t.nameWidth = 420
	t.table.SetColumnWidth(0, t.nameWidth)
	return t
}

// headerHeight is the height of the header row.
func (t *docTable) headerHeight() float32 { return t.table.CreateHeader().MinSize().Height }

func (t *docTable) length() (int, int) { return t.model.Rows(), doclist.Columns }

// setModel shows m (built off the UI goroutine) and redraws the visible cells; again says that m
// is the same workspace read again (the background refresh), which keeps the scroll position.
func (t *docTable) setModel(m *doclist.Model, again bool) {
	t.model = m
	if _, ok := t.rowOfShown(t.selID); !ok {
		t.selID = ""
	}
	t.dropCell()
	t.table.Refresh()
	if !again {
		t.table.ScrollToTop()
	}
}

// fitName gives the name column the width the other columns leave.
func (t *docTable) fitName(width float32) {
	rest := float32(0)
	for _, w := range columnWidths[1:] {
		rest += w
	}
	pad := theme.Padding() * 6
	w := width - rest - pad
	if w < minNameWidth {
		// Name and Status fill the width exactly (each column is padded): the rest scroll, out of
		// sight until scrolled to rather than cut at the panel's edge.
		w = max(width-columnWidths[1]-2*theme.Padding(), 120)
	}
	t.nameWidth = w
	t.table.SetColumnWidth(0, w)
}

func (t *docTable) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	b := o.(*widget.Button)
	if id.Col < 0 || id.Col >= doclist.Columns {
		b.SetText("")
		return
	}
	col := shownColumns[id.Col]
	text := columnTitles[col]
	b.SetIcon(nil)
	if cur, desc := t.model.Sort(); cur == col {
		b.SetIcon(theme.MenuDropUpIcon())
		if desc {
			b.SetIcon(theme.MenuDropDownIcon())
		}
	}
	b.SetText(text)
	b.OnTapped = func() { t.sortBy(col) }
}

// sortBy sorts by col, reversing the order when col is already the sort column.
func (t *docTable) sortBy(col doclist.Column) {
	cur, desc := t.model.Sort()
	desc = cur == col && !desc
	t.model.SortBy(col, desc)
	t.dropCell()
	t.table.Refresh()
	if t.OnSort != nil {
		t.OnSort(col, desc)
	}
}

// rowOfDocument finds the table row of the document with id and name (an id alone may have been
// given again to another document, as a restarted demo server does), opening its website import
// when it is folded.
func (t *docTable) rowOfDocument(id, name string) (int, bool) {
	for pass := 0; pass < 2; pass++ {
		for row := range t.model.Rows() {
			r := t.model.Row(row)
			switch {
			case r.Kind != doclist.RowSource && t.model.Doc(r.Index).DocumentID == id && t.model.Doc(r.Index).Name == name:
				return row, true
			case pass == 0 && r.Kind == doclist.RowSource && t.model.Collapsed(r.Index) && t.sourceHolds(r.Index, id):
				t.model.ToggleSource(r.Index)
				t.table.Refresh()
			}
		}
	}
	return 0, false
}

// sourceHolds reports whether website import i holds document id.
func (t *docTable) sourceHolds(i int, id string) bool {
	return slices.Contains(t.model.Source(i).DocumentIDs, id)
}

func (t *docTable) selected(id widget.TableCellID) {
	if id.Row < 0 || id.Row >= t.model.Rows() {
		return
	}
	r := t.model.Row(id.Row)
	if r.Kind == doclist.RowSource {
		t.table.Unselect(id)
		t.model.ToggleSource(r.Index)
		t.table.Refresh()
		return
	}
	t.selID, t.selCell = t.model.Doc(r.Index).DocumentID, id
	t.table.Refresh() // the whole row, not only the cell, shows the selection
	if t.OnDocument != nil {
		t.OnDocument(r.Index)
	}
}

// dropCell clears the table's own cell selection, which stays at its place when the rows move; the
// selected document's row keeps its colour.
func (t *docTable) dropCell() {
	t.table.UnselectAll()
	t.selCell = widget.TableCellID{Row: -1, Col: -1}
}

// rowOfShown finds the visible row of document id, without opening a folded import.
func (t *docTable) rowOfShown(id string) (int, bool) {
	for row := range t.model.Rows() {
		if r := t.model.Row(row); id != "" && r.Kind == doclist.RowDocument && t.model.Doc(r.Index).DocumentID == id {
			return row, true
		}
	}
	return 0, false
}

// selectedDoc returns the selected document's index in the model, when it is still listed.
func (t *docTable) selectedDoc() (int, bool) {
	row, ok := t.rowOfShown(t.selID)
	if !ok {
		return -1, false
	}
	return t.model.Row(row).Index, true
}

// docCell is a table cell: a label, or a status badge in the status column, over the selection
// colour when its row is selected.
type docCell struct {
	widget.BaseWidget
	label *widget.Label
	text  string // the whole text, which label shows cut to the column's width
	badge *widgets.Badge
	bg    *canvas.Rectangle
	table *widget.Table // the table the cell is in, which it hands the pointer on to (hover.go)
}

var _ fyne.Widget = (*docCell)(nil)

func newDocCell() fyne.CanvasObject {
	c := &docCell{label: widget.NewLabel("Template document name.pdf"), badge: widgets.NewBadge("Not ready", theme.ColorNameWarning),
		bg: canvas.NewRectangle(theme.Color(theme.ColorNameSelection))}
	c.bg.Hide()
	c.label.Truncation = fyne.TextTruncateClip
	c.ExtendBaseWidget(c)
	return c
}

// CreateRenderer stacks the label and the badge; one of them is hidden.
func (c *docCell) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(c.bg, c.label, container.NewHBox(c.badge)))
}

// setSelected shows the selection colour behind the cell, in the theme's current colour.
func (c *docCell) setSelected(on bool) {
	if on {
		c.bg.FillColor = theme.Color(theme.ColorNameSelection)
		c.bg.Refresh()
	}
	widgets.ShowIf(c.bg, on)
}

// showText shows text in cell c of column col, cut with "…" when it does not fit the column.
func (t *docTable) showText(c *docCell, col doclist.Column, text string, bold bool) {
	c.showText(text, bidi.Display(t.cuts.fit(text, t.columnWidth(col), bold)), bold)
}

// columnWidth is the width of column col where it is shown.
func (t *docTable) columnWidth(col doclist.Column) float32 {
	i := slices.Index(shownColumns[:], col)
	if i == 0 {
		return t.nameWidth
	}
	return columnWidths[i]
}

// showText shows text as shown, the text cut to its column's width.
func (c *docCell) showText(text, shown string, bold bool) {
	if text != c.text {
		c.hideTip()
	}
	c.badge.Hide()
	c.text = text
	c.label.TextStyle = fyne.TextStyle{Bold: bold}
	c.label.SetText(shown)
	c.label.Show()
}

func (c *docCell) showStatus(status string) {
	c.hideTip()
	c.label.Hide()
	statusBadge(c.badge, status)
	c.badge.Show()
}

func (t *docTable) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	c := o.(*docCell)
	if id.Row >= t.model.Rows() {
		c.showText("", "", false)
		c.bg.Hide()
		return
	}
	r := t.model.Row(id.Row)
	c.setSelected(r.Kind == doclist.RowDocument && t.selID != "" && t.model.Doc(r.Index).DocumentID == t.selID && id != t.selCell)
	if r.Kind == doclist.RowSource {
		t.updateSourceCell(c, r.Index, shownColumns[id.Col])
		return
	}
	d := t.model.Doc(r.Index)
	switch shownColumns[id.Col] {
	case doclist.ColName:
		name := app.OneLine(d.Name)
		if t.model.IsPage(r.Index) {
			name = "      " + name
		}
		t.showText(c, doclist.ColName, name, false)
	case doclist.ColType:
		t.showText(c, doclist.ColType, typeLabel(d.SourceType), false)
	case doclist.ColStatus:
		c.showStatus(d.Status)
	case doclist.ColUpdated:
		t.showText(c, doclist.ColUpdated, widgets.LocalTime(t.model.Updated(r.Index), d.Updated), false)
	}
}

func (t *docTable) updateSourceCell(c *docCell, i int, col doclist.Column) {
	s := t.model.Source(i)
	switch col {
	case doclist.ColName:
		arrow := "▾ "
		if t.model.Collapsed(i) {
			arrow = "▸ "
		}
		t.showText(c, col, fmt.Sprintf("%s%s — %d %s", arrow, app.OneLine(s.Name), s.Pages, words.Plural(s.Pages, "page")), true)
	case doclist.ColType:
		t.showText(c, col, "Website", false)
	case doclist.ColStatus:
		t.showText(c, col, fmt.Sprintf("%d of %d ready", s.Ready, s.Pages), false)
	default:
		c.showText("", "", false)
	}
}

// typeLabel names a document's source type; unknown values are kept as text.
func typeLabel(t string) string {
	switch t {
	case "file":
		return "File"
	case "web", "website", "page", "url":
		return "Web page"
	case "":
		return "—"
	}
	return t
}

// statusBadge sets b to show a document or upload status in words and colour.
func statusBadge(b *widgets.Badge, status string) {
	b.Text = doclist.StatusLabel(status)
	switch status {
	case client.StatusReady:
		b.Color = theme.ColorNameSuccess
	case client.StatusNotReady:
		b.Color = theme.ColorNameWarning
	case client.StatusFailed:
		b.Color = theme.ColorNameError
	case client.StatusProcessing:
		b.Color = theme.ColorNamePrimary
	default:
		b.Color = theme.ColorNameDisabledButton
	}
	b.Refresh()
}

// setFilter shows the rows matching q.
func (t *docTable) setFilter(q string) {
	t.model.SetFilter(q)
	t.dropCell()
	t.table.Refresh()
}

// forgetSelection selects no document.
func (t *docTable) forgetSelection() { t.selID = "" }

// scrollToSelected keeps the selected document's row in sight.
func (t *docTable) scrollToSelected() {
	if row, ok := t.rowOfShown(t.selID); ok {
		t.table.ScrollTo(widget.TableCellID{Row: row, Col: 0})
	}
}

// selectDocument selects the row of the document with id and name, as a click would, and scrolls
// it into view; a folded website import holding it is opened. It reports whether there was one.
func (t *docTable) selectDocument(id, name string) bool {
	row, ok := t.rowOfDocument(id, name)
	if ok {
		t.table.Select(widget.TableCellID{Row: row, Col: 0})
		t.table.ScrollTo(widget.TableCellID{Row: row, Col: 0})
	}
	return ok
}

// AccessibilityLabel is what the cell shows now (its text, or its status badge's words; "Blank"
// for an empty cell), and "selected" on the selected document's row.
func (c *docCell) AccessibilityLabel() string {
	label := c.text
	if c.badge.Visible() {
		label = c.badge.AccessibilityLabel()
	}
	if label == "" {
		label = "Blank"
	}
	if c.bg.Visible() {
		label += ", selected"
	}
	return label
}

// AccessibilityRole is text: the table selects the row; the cell itself is read.
func (c *docCell) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
