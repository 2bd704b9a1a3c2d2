// Package workspaces is the workspace list on the left of the window: a filter box over the
// workspaces, personal first then organisation, each row with its name, scope and access badges
// and its document counts.
package workspaces

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/internal/bidi"
	"lectern/ui/widgets"
)

// List is the left pane: a filter box over the workspaces, personal first then
// organisation, each row with its name, scope and access badges and its document counts.
type List struct {
	all      []records.CachedWorkspace
	shown    []int // indices into all, after the filter
	selected string
	filter   *widgets.FilterEntry
	list     *widgets.KeyList
	empty    *widgets.EmptyNote
	hidden   *widget.Label // says that the filter hides the workspace shown on the right
	loading  *widget.Label // says that more workspaces are coming, during a first refresh
	// refreshing is set while a refresh runs (SetLoading); first when it began with no workspace
	refreshing, first bool
	root              fyne.CanvasObject

	// OnSelected is called on the UI goroutine when the person picks a workspace.
	OnSelected func(ws records.CachedWorkspace)
	// OnReselected is called when the person picks the workspace already selected again.
	OnReselected func(ws records.CachedWorkspace)
	focus        func(fyne.Focusable)
}

// New makes an empty list; focus moves the keyboard (the window canvas's Focus).
func New(focus func(fyne.Focusable)) *List {
	l := &List{hidden: widget.NewLabel(""), loading: widget.NewLabel(""), focus: focus}
	l.filter = widgets.NewFilterEntry("Filter workspaces", func(string) { l.applyFilter() })
	l.filter.OnSubmitted = func(string) { l.selectFirstShown() }
	l.empty = widgets.NewEmptyNote(l.filter.Clear, false)
	l.hidden.Wrapping = fyne.TextWrapWord
	l.hidden.Hide()
	l.loading.Wrapping, l.loading.TextStyle = fyne.TextWrapWord, fyne.TextStyle{Italic: true}
	l.loading.Hide()
	l.list = widgets.NewKeyList(func() int { return len(l.shown) },
		func() fyne.CanvasObject { return newWorkspaceRow() },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*workspaceRow).set(l.all[l.shown[id]]) },
		func(id widget.ListItemID) {
			ws := l.all[l.shown[id]]
			if ws.WorkspaceID == l.selected {
				return
			}
			l.selected = ws.WorkspaceID
			l.showHidden() // the workspace picked is shown: a note about the one before is false now
			if l.OnSelected != nil {
				l.OnSelected(ws)
			}
		})
	l.list.Name = "Workspaces"
	l.list.OnReselected = func(id widget.ListItemID) {
		if id < len(l.shown) && l.OnReselected != nil {
			l.OnReselected(l.all[l.shown[id]])
		}
	}
	l.root = widgets.Border(container.NewPadded(l.filter), container.NewVBox(l.loading, l.hidden), nil, nil,
		container.NewStack(l.list, container.NewPadded(l.empty.Root)))
	return l
}

// Set replaces the workspaces (personal first, then organisation, as the server ordered them
// within each) and keeps the selection and the filter. When only counts, names or sync errors
// changed, only the changed rows are redrawn.
func (l *List) Set(ws []records.CachedWorkspace) {
	ws = append([]records.CachedWorkspace(nil), ws...)
	sort.SliceStable(ws, func(i, j int) bool { return scopeRank(ws[i].Scope) < scopeRank(ws[j].Scope) })
	sameIDs := len(ws) == len(l.all)
	for i := 0; sameIDs && i < len(ws); i++ {
		sameIDs = ws[i].WorkspaceID == l.all[i].WorkspaceID
	}
	old := l.all
	l.all = ws
	if sameIDs {
		for pos, i := range l.shown {
			if ws[i].Workspace.Name != old[i].Workspace.Name || ws[i].Counts != old[i].Counts || ws[i].SyncError != old[i].SyncError {
				l.list.RefreshItem(pos)
			}
		}
		return
	}
	l.applyFilter()
}

// SetLoading says whether a refresh runs. While one runs, an empty list says that the workspaces
// are loading, not that there are none; and while the first one runs (the list was empty when it
// began) the workspaces that have arrived show with a line saying that more are coming: a long
// list was seen to take 20 s (issue 36).
func (l *List) SetLoading(on bool) {
	if on && !l.refreshing {
		l.first = len(l.all) == 0
	}
	l.refreshing = on
	l.sayEmpty()
}

// sayEmpty says why the list shows no row, or hides the note; and that more are coming, during
// the first refresh.
func (l *List) sayEmpty() {
	switch {
	case len(l.all) == 0 && l.refreshing:
		l.empty.Set("Loading the workspaces…", false)
	case len(l.all) == 0:
		l.empty.Set("No workspaces yet. Workspaces shared with you or your organisation appear here.", false)
	case len(l.shown) == 0:
		l.empty.Set(fmt.Sprintf("No workspace matches “%s”.", l.filter.Text), true)
	default:
		l.empty.Set("", false)
	}
	if len(l.all) > 0 && l.refreshing && l.first {
		l.loading.SetText(fmt.Sprintf("Loading more workspaces… (%d so far)", len(l.all)))
		l.loading.Show()
	} else {
		l.loading.Hide()
	}
}

func scopeRank(scope string) int {
	switch scope {
	case "personal":
		return 0
	case "organization":
		return 1
	}
	return 2
}

func (l *List) applyFilter() {
	q := strings.ToLower(strings.TrimSpace(l.filter.Text))
	l.shown = l.shown[:0]
	for i, w := range l.all {
		if q == "" || strings.Contains(strings.ToLower(w.Workspace.Name), q) {
			l.shown = append(l.shown, i)
		}
	}
	l.list.UnselectAll()
	l.list.Refresh()
	if pos := l.position(l.selected); pos >= 0 {
		l.list.Select(pos)
	}
	l.sayEmpty()
	l.showHidden()
}

// showHidden says so when the filter hides the workspace shown on the right.
func (l *List) showHidden() {
	ws, ok := l.Workspace(l.selected)
	if !ok || l.position(l.selected) >= 0 {
		l.hidden.Hide()
		return
	}
	name := words.Cut(safetext.OneLine(ws.Workspace.Name), 60)
	l.hidden.SetText(fmt.Sprintf("“%s”, shown on the right, is hidden by the filter (Esc clears it).", name))
	l.hidden.Show()
}

// position returns the row of workspace id among the shown ones, or -1.
func (l *List) position(id string) int {
	for pos, i := range l.shown {
		if l.all[i].WorkspaceID == id {
			return pos
		}
	}
	return -1
}

// Select picks workspace id when it is shown, as a click would; it reports whether it was.
func (l *List) Select(id string) bool {
	pos := l.position(id)
	if pos < 0 {
		return false
	}
	l.list.Select(pos)
	l.list.ScrollTo(pos)
	return true
}

func (l *List) selectFirstShown() {
	if len(l.shown) > 0 {
		l.list.Select(0)
		l.focus(l.list)
	}
}

// Focus puts the keyboard in the rows, on the selected workspace (F6, the command palette).
func (l *List) Focus() { l.focus(l.list) }

// Owns says whether f is the list's filter or rows, so that F6 knows the pane it is in.
func (l *List) Owns(f fyne.Focusable) bool { return f == l.list || f == l.filter }

// Workspace returns the workspace with id, if listed.
func (l *List) Workspace(id string) (records.CachedWorkspace, bool) {
	for _, w := range l.all {
		if w.WorkspaceID == id {
			return w, true
		}
	}
	return records.CachedWorkspace{}, false
}

// workspaceRow is one row of the workspace list.
type workspaceRow struct {
	widget.BaseWidget
	name   *widget.Label // the name as drawn (bidi.Display)
	said   string        // the name as written, for a screen reader
	scope  *widgets.Badge
	access *widgets.Badge
	counts *widget.Label
}

var _ fyne.Widget = (*workspaceRow)(nil)

// newWorkspaceRow makes a row; the list takes its width from the first, so it shows the widest
// pair of badges the service's scopes and access levels make.
func newWorkspaceRow() *workspaceRow {
	r := &workspaceRow{name: widget.NewLabel("Workspace name"), counts: widget.NewLabel("0 documents"),
		scope: widgets.NewBadge("Personal", theme.ColorNameInputBorder), access: widgets.NewBadge("Shared with you", theme.ColorNameInputBorder)}
	r.name.TextStyle = fyne.TextStyle{Bold: true}
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.counts.SizeName = theme.SizeNameCaptionText
	r.counts.Truncation = fyne.TextTruncateEllipsis
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer lays the row out: the name over the whole width on top, so that a narrow list
// keeps it, and the badges before the counts below.
func (r *workspaceRow) CreateRenderer() fyne.WidgetRenderer {
	below := container.NewBorder(nil, nil, container.NewHBox(r.scope, r.access), nil, r.counts)
	return widget.NewSimpleRenderer(widgets.TitleOverCaption(r.name, below))
}

// set shows ws in the row: a workspace whose last sync did not bring it whole says why in place of
// its counts (one line, cut; its documents show what the cache holds).
func (r *workspaceRow) set(ws records.CachedWorkspace) {
	r.said = safetext.OneLine(ws.Workspace.Name)
	r.name.SetText(bidi.Display(r.said))
	widgets.WorkspaceBadges(r.scope, r.access, ws.Scope, ws.Access)
	if ws.SyncError != "" {
		r.counts.SetText("Not up to date: " + safetext.OneLine(ws.SyncError))
		return
	}
	r.counts.SetText(words.DocumentCounts(ws.Counts.Documents, ws.Counts.Ready, ws.Counts.NotReady, ws.Counts.Failed))
}

// Root is the list's content: the filter box over the rows.
func (l *List) Root() fyne.CanvasObject { return l.root }

// All are the listed workspaces, personal first (whatever the filter shows).
func (l *List) All() []records.CachedWorkspace { return l.all }

// Selected is the id of the workspace picked last, "" before any.
func (l *List) Selected() string { return l.selected }

// SelectFirst picks the first workspace shown, when there is one, as a click would.
func (l *List) SelectFirst() {
	if len(l.shown) > 0 {
		l.list.Select(0)
	}
}

// SelectNamed picks the workspace named name when it is shown; false when it is not.
func (l *List) SelectNamed(name string) bool {
	for _, w := range l.all {
		if w.Workspace.Name == name {
			return l.Select(w.WorkspaceID)
		}
	}
	return false
}

// AccessibilityLabel reads the row as shown now: "My documents, Personal workspace, Owner,
// 3 documents, 2 ready, 1 not ready, 0 failed".
func (r *workspaceRow) AccessibilityLabel() string {
	return widgets.Spoken(r.said, r.scope.Text+" workspace", r.access.Text, r.counts.Text)
}

// AccessibilityRole is text: the list selects the row; the row itself is read as a whole.
func (r *workspaceRow) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
