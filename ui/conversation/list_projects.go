package conversation

import (
	"context"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/internal/bidi"
	"lectern/ui/widgets"
)

// Projects in the list (issue 31): each project is a folder row, with its colour, that opens and
// closes (kept: SetProjectCollapsed); an open one lists its conversations under it (a note when
// it holds none), and the conversations in no project follow the folders. The filter keeps the
// rows whose titles hold its words (folders with none of them go). Shift-click and Ctrl-click
// mark several conversations, which the row menu's Move to project and a drag move together.

// Projects is what the list does with projects; *app.Conversations is one.
type Projects interface {
	Projects(ctx context.Context) ([]records.Project, error)
	NewProject(ctx context.Context, name, colour string) (records.Project, error)
	RenameProject(ctx context.Context, id int64, name string) error
	SetProjectColour(ctx context.Context, id int64, colour string) error
	SetProjectDefaults(ctx context.Context, id int64, d records.ProjectDefaults) error
	SetProjectCollapsed(ctx context.Context, id int64, collapsed bool) error
	DeleteProject(ctx context.Context, id int64) error
	MoveToProject(ctx context.Context, ids []int64, project int64) error
	// NewInProject starts a workspace conversation in project, on its workspace, else orWorkspace.
	NewInProject(ctx context.Context, project int64, orWorkspace, documentID, title string) (records.Conversation, error)
}

// ProjectChats starts a model chat with a project's defaults; *modelchat.Models is one.
type ProjectChats interface {
	NewChatInProject(ctx context.Context, project int64, title string) (records.Conversation, error)
}

// rowKind is what a row of the list shows.
type rowKind int

const (
	rowConversation rowKind = iota // a conversation: all[index]
	rowFolder                      // a project: projects[index]
	rowNote                        // an open project without conversations: projects[index]
)

// listRow is one row of the list.
type listRow struct {
	kind  rowKind
	index int
}

// arrange works out the rows from the conversations, the projects and the filter: each project's
// folder (one with no conversation shown is left out, unless it holds none at all, or is empty
// of what the filter keeps), then, for an open folder, its conversations or a note; then the
// conversations in no project.
func (c *List) arrange() {
	words := strings.Fields(strings.ToLower(c.filter.Text))
	inProject := make(map[int64][]int, len(c.projects))
	for i := range c.projects {
		inProject[c.projects[i].ID] = nil
	}
	var loose []int
	for i := range c.all {
		if !c.titleHolds(c.all[i], words) {
			continue
		}
		if in, ok := inProject[c.all[i].ProjectID]; ok {
			inProject[c.all[i].ProjectID] = append(in, i)
		} else {
			loose = append(loose, i)
		}
	}
	rows := c.rows[:0]
	for i, p := range c.projects {
		in := inProject[p.ID]
		if len(in) == 0 && (len(words) > 0 || p.Conversations > 0) {
			continue
		}
		rows = append(rows, listRow{kind: rowFolder, index: i})
		switch {
		case p.Collapsed && len(words) == 0:
		case len(in) == 0:
			rows = append(rows, listRow{kind: rowNote, index: i})
		default:
			for _, j := range in {
				rows = append(rows, listRow{kind: rowConversation, index: j})
			}
		}
	}
	for _, j := range loose {
		rows = append(rows, listRow{kind: rowConversation, index: j})
	}
	c.rows = rows
}

// titleHolds reports whether conv's title, as shown, holds every one of words (lower case). The
// titles as the filter reads them are kept (by title), so that a keystroke reads each once.
func (c *List) titleHolds(conv records.Conversation, words []string) bool {
	if len(words) == 0 {
		return true
	}
	title, ok := c.filterKeys[conv.Title]
	if !ok {
		title = strings.ToLower(Title(conv))
		c.filterKeys[conv.Title] = title
	}
	for _, w := range words {
		if !strings.Contains(title, w) {
			return false
		}
	}
	return true
}

// SetFilter shows the rows whose titles hold every word of text (the filter box calls it).
func (c *List) SetFilter(text string) {
	if c.filter.Text != text {
		c.filter.SetText(text) // calls back here
		return
	}
	c.refreshRows()
}

// listItem is a row of the list: a conversation, a folder or a folder's note, one shown at a time.
type listItem struct {
	widget.BaseWidget
	conv   *conversationRow
	folder *folderRow
	note   *widget.Label
}

func (c *List) newItem() fyne.CanvasObject {
	it := &listItem{conv: newConversationRow(c.showMenu), folder: newFolderRow(c.showFolderMenu),
		note: widgets.CaptionLabel("No conversations here yet: drag one onto the folder, or use a conversation's Move to project.")}
	it.conv.drag = c
	c.items = append(c.items, it)
	it.note.Wrapping = fyne.TextWrapWord
	it.folder.Hide()
	it.note.Hide()
	it.ExtendBaseWidget(it)
	return it
}

// CreateRenderer stacks the three; one is shown.
func (it *listItem) CreateRenderer() fyne.WidgetRenderer {
	note := container.New(layout.NewCustomPaddedLayout(0, 0, 28, 0), it.note)
	return widget.NewSimpleRenderer(container.NewStack(it.conv, it.folder, note))
}

// AccessibilityLabel is the shown row's.
func (it *listItem) AccessibilityLabel() string {
	switch {
	case it.folder.Visible():
		return it.folder.AccessibilityLabel()
	case it.note.Visible():
		return it.note.Text
	}
	return it.conv.AccessibilityLabel()
}

// AccessibilityRole is text: the list opens the row.
func (it *listItem) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// show makes the one of the three o is shown.
func (it *listItem) show(o fyne.CanvasObject) {
	for _, x := range []fyne.CanvasObject{it.conv, it.folder, it.note} {
		if x == o {
			x.Show()
		} else {
			x.Hide()
		}
	}
}

// updateItem fills row id of the list (tests pass a bare conversation row).
func (c *List) updateItem(id widget.ListItemID, o fyne.CanvasObject) {
	if id < 0 || id >= len(c.rows) {
		return
	}
	r := c.rows[id]
	it, ok := o.(*listItem)
	if !ok {
		if row, isRow := o.(*conversationRow); isRow && r.kind == rowConversation {
			row.set(c.all[r.index], c.kindText(c.all[r.index]), c.lf.Now())
		}
		return
	}
	switch r.kind {
	case rowFolder:
		it.folder.set(c.projects[r.index])
		it.show(it.folder)
	case rowNote:
		it.show(it.note)
	default:
		conv := c.all[r.index]
		it.conv.set(conv, c.kindText(conv), c.lf.Now())
		it.conv.setMarked(c.marked[conv.ID])
		it.conv.setIndented(c.inProject(conv))
		it.show(it.conv)
	}
}

// inProject reports whether conv is listed under a folder.
func (c *List) inProject(conv records.Conversation) bool {
	if conv.ProjectID == 0 {
		return false
	}
	_, ok := c.project(conv.ProjectID)
	return ok
}

// folderPicked opens or closes a folder row's project (a note does nothing), and keeps it.
func (c *List) folderPicked(r listRow) {
	c.list.UnselectAll()
	c.highlightSelected()
	if r.kind != rowFolder {
		return
	}
	p := &c.projects[r.index]
	p.Collapsed = !p.Collapsed
	id, collapsed := p.ID, p.Collapsed
	c.refreshRows()
	c.run(func(ctx context.Context) error { return c.store.Projects.SetProjectCollapsed(ctx, id, collapsed) }, nil)
}

// highlightSelected selects the open conversation's row, when shown, without opening it again.
func (c *List) highlightSelected() {
	if pos := c.position(c.selected); pos >= 0 {
		c.quiet = true
		c.list.Select(pos)
		c.quiet = false
	}
}

// heldModifiers are the keys held down now, where the driver tells them.
func heldModifiers() fyne.KeyModifier {
	if d, ok := fyne.CurrentApp().Driver().(desktop.Driver); ok {
		return d.CurrentKeyModifiers()
	}
	return 0
}

// markWith marks conversation id as a click with mods does, and reports whether it did: Ctrl
// (Cmd) adds or takes it away (the open conversation is marked first), Shift marks the rows from
// the last one clicked to it. A plain click marks nothing.
func (c *List) markWith(id int64, mods fyne.KeyModifier) bool {
	switch {
	case mods&(fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0:
		if len(c.marked) == 0 && c.selected != 0 && c.selected != id {
			c.marked[c.selected] = true
		}
		if c.marked[id] {
			delete(c.marked, id)
		} else {
			c.marked[id] = true
		}
	case mods&fyne.KeyModifierShift != 0:
		from, to := c.position(c.anchor), c.position(id)
		if from < 0 {
			from = max(c.position(c.selected), to)
		}
		for i := min(from, to); i <= max(from, to); i++ {
			if r := c.rows[i]; r.kind == rowConversation {
				c.marked[c.all[r.index].ID] = true
			}
		}
	default:
		return false
	}
	c.anchor = id
	c.refreshRows()
	return true
}

// unmarkAll takes every mark away.
func (c *List) unmarkAll() {
	if len(c.marked) > 0 {
		clear(c.marked)
		c.list.Refresh()
	}
}

// Marked returns the ids of the marked conversations, in the rows' order.
func (c *List) Marked() []int64 {
	var ids []int64
	for _, r := range c.rows {
		if r.kind == rowConversation && c.marked[c.all[r.index].ID] {
			ids = append(ids, c.all[r.index].ID)
		}
	}
	return ids
}

// movedWith returns the conversations a move of conversation id takes: the marked ones when it
// is one of them, else it alone.
func (c *List) movedWith(id int64) []int64 {
	if c.marked[id] {
		return c.Marked()
	}
	return []int64{id}
}

// moveItem is the row menu's Move to project ▸: each project, New project…, and No project for
// a conversation in one.
func (c *List) moveItem(conv records.Conversation) *fyne.MenuItem {
	ids := c.movedWith(conv.ID)
	var items []*fyne.MenuItem
	for _, p := range c.projects {
		if p.ID == conv.ProjectID && len(ids) == 1 {
			continue
		}
		items = append(items, fyne.NewMenuItem(safetext.OneLine(words.Cut(p.Name, 40)), func() { c.moveTo(ids, p.ID) }))
	}
	items = append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItemWithIcon("New project…", theme.FolderNewIcon(), func() {
		c.askProjectName("New project", "Make and move", "", func(name string) { c.moveToNew(ids, name) })
	}))
	if conv.ProjectID != 0 {
		items = append(items, fyne.NewMenuItem("No project", func() { c.moveTo(ids, 0) }))
	}
	label := "Move to project"
	if len(ids) > 1 {
		label = "Move " + words.Count(len(ids), "conversation") + " to project"
	}
	it := fyne.NewMenuItemWithIcon(label, theme.FolderIcon(), nil)
	it.ChildMenu = fyne.NewMenu("", items...)
	return it
}

// moveTo puts the conversations ids in project (0: none); the marks go.
func (c *List) moveTo(ids []int64, project int64) {
	c.unmarkAll()
	c.run(func(ctx context.Context) error { return c.store.Projects.MoveToProject(ctx, ids, project) }, nil)
}

// moveToNew makes a project named name and puts the conversations ids in it.
func (c *List) moveToNew(ids []int64, name string) {
	c.unmarkAll()
	c.run(func(ctx context.Context) error {
		p, err := c.store.Projects.NewProject(ctx, name, "")
		if err == nil {
			err = c.store.Projects.MoveToProject(ctx, ids, p.ID)
		}
		return err
	}, nil)
}

// folderRow is a project's row: its folder in its colour, open or closed, its name, how many
// conversations it holds, and its menu.
type folderRow struct {
	widget.BaseWidget
	id     int64
	swatch *canvas.Rectangle // the project's colour, a bar at the row's left; hidden for none
	icon   *widget.Icon
	name   *widget.Label
	said   string
	count  *widget.Label
	menu   *widgets.Button
	closed bool
}

func newFolderRow(showMenu func(id int64, at fyne.CanvasObject)) *folderRow {
	r := &folderRow{swatch: canvas.NewRectangle(color.Transparent), icon: widget.NewIcon(theme.FolderIcon()), name: widget.NewLabelWithStyle("Project", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		count: widgets.CaptionLabel("0 conversations")}
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.count.Truncation = fyne.TextTruncateEllipsis
	r.swatch.SetMinSize(fyne.NewSize(5, 32))
	r.swatch.CornerRadius = 2
	r.menu = widgets.NewIconButton("Project menu", theme.MoreVerticalIcon(), func() { showMenu(r.id, r.menu) })
	r.menu.Importance = widget.LowImportance
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer lays the folder out as a conversation row is: the name over the count.
func (r *folderRow) CreateRenderer() fyne.WidgetRenderer {
	text := widgets.TitleOverCaption(r.name, r.count)
	left := container.NewHBox(container.NewCenter(r.swatch), container.NewCenter(r.icon))
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, left, container.NewCenter(r.menu), text))
}

// set shows p.
func (r *folderRow) set(p records.Project) {
	r.id, r.closed, r.said = p.ID, p.Collapsed, safetext.OneLine(p.Name)
	setLabel(r.name, bidi.Display(r.said))
	icon := theme.FolderOpenIcon()
	if p.Collapsed {
		icon = theme.FolderIcon()
	}
	r.icon.SetResource(icon)
	if c := ProjectColour(p.Colour); c != r.swatch.FillColor {
		r.swatch.FillColor = c
		r.swatch.Refresh()
	}
	setLabel(r.count, words.Count(p.Conversations, "conversation"))
}

// AccessibilityLabel reads the folder: "Project Travel, open, 3 conversations".
func (r *folderRow) AccessibilityLabel() string {
	state := "open"
	if r.closed {
		state = "closed"
	}
	return widgets.Spoken("Project "+r.said, state, r.count.Text)
}

// AccessibilityRole is text: the list opens and closes it.
func (r *folderRow) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// ProjectColour is the colour drawn for a project colour (records.ProjectColours): a middle
// shade that shows on the light and the dark themes alike; transparent for none.
func ProjectColour(name string) color.Color {
	if c, ok := projectShades[name]; ok {
		return c
	}
	return color.Transparent
}

// projectShades are the shades of records.ProjectColours.
var projectShades = map[string]color.NRGBA{
	"red":    {R: 0xe5, G: 0x39, B: 0x35, A: 0xff},
	"orange": {R: 0xf5, G: 0x7c, B: 0x00, A: 0xff},
	"yellow": {R: 0xd4, G: 0xa5, B: 0x00, A: 0xff},
	"green":  {R: 0x43, G: 0xa0, B: 0x47, A: 0xff},
	"blue":   {R: 0x1e, G: 0x88, B: 0xe5, A: 0xff},
	"purple": {R: 0x8e, G: 0x24, B: 0xaa, A: 0xff},
	"grey":   {R: 0x80, G: 0x80, B: 0x80, A: 0xff},
}
