package conversation

import (
	"fmt"
	"image/color"
	"sort"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/events"
	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/errview"
	"lectern/ui/internal/bidi"
	"lectern/ui/internal/life"
	"lectern/ui/widgets"
)

// undoTimeout is how long a deleted conversation can be brought back before the app deletes it.
const undoTimeout = 6 * time.Second

// List is the list of conversations under the workspace list, pinned first, then newest first: a
// New button, a New model chat button, a Search button, a filter by kind (this workspace's, every
// kind, workspace conversations, model chats; list_kinds.go), one row per conversation (title, its
// kind, time of the last update and a menu to pin, rename, export or delete it), and the bar that
// undoes a deletion.
type List struct {
	b     Core
	store Store
	lf    life.Life
	win   fyne.Window

	workspaceID string
	all         []records.Conversation // listed, newest first; deleted ones waiting for Undo are left out
	rows        []listRow              // what the rows show: folders, their conversations, then the others (arrange)
	projects    []records.Project      // by name
	filter      *widgets.FilterEntry   // the rows whose titles hold its words
	filterKeys  map[string]string      // titles as the filter reads them (lower case), by title
	marked      map[int64]bool         // conversations picked with Shift or Ctrl, which a move takes together
	anchor      int64                  // the conversation a Shift-click picks from
	drag        *rowDrag               // a drag of rows under way, nil when none
	quiet       bool                   // the list's selection is being set, not picked: rowSelected does nothing
	items       []*listItem            // every row made, for a drop to find the folder under the pointer
	selected    int64
	loads       int  // loads started; the result of an older one is dropped
	loaded      bool // the shown workspace's conversations were read once
	hidden      map[int64]bool
	pending     *pendingDelete
	wsNames     map[string]string // workspace names by id, for the rows' captions

	kindFilter *widgets.Select // the scope of the rows: one of listScopes

	list    *widgets.KeyList
	empty   *widget.Label
	errView *errview.View
	undoBar *fyne.Container
	done    *widgets.Toast // "Exported to …"
	search  *conversationSearch
	root    fyne.CanvasObject

	// UndoTimeout is how long the undo bar stays before the deletion is carried out.
	UndoTimeout time.Duration
	// chooseExport asks where to save an export, proposing fileName (a file save dialog); it
	// calls then with the path chosen. Tests replace it.
	chooseExport func(fileName string, then func(path string))

	// OnSelected is called on the UI goroutine when the person opens a conversation (0 = none left).
	OnSelected func(conv records.Conversation)
	// OnNew is called when the person asks for a new conversation.
	OnNew func()
	// OnOpenTurn is called when the person picks a search hit: open conv (maybe of another
	// workspace) at turn turnID.
	OnOpenTurn func(conv records.Conversation, turnID int64)
	// OnNewModelChat, when set, is called with a model chat the New model chat button created, to
	// open it; unset, the chat is opened through OnSelected.
	OnNewModelChat func(conv records.Conversation)
	// OnCreated is called once a conversation the person created here (New model chat, New
	// assistant conversation) is open, for the window to put the keyboard in its message box.
	OnCreated func()
	// modifiers are the keys held down with a click (Shift, Ctrl); tests replace it.
	modifiers func() fyne.KeyModifier
}

// NewList makes the list, showing no workspace, over the core b and its conversations store.
func NewList(lf life.Life, b Core, store Store, win fyne.Window) *List {
	c := &List{b: b, store: store, lf: lf, win: win, hidden: map[int64]bool{}, UndoTimeout: undoTimeout,
		empty: widget.NewLabel(""), errView: errview.New(b.Explain), done: widgets.NewToast(lf.Do),
		marked: map[int64]bool{}, modifiers: heldModifiers, filterKeys: map[string]string{}}
	c.chooseExport = c.saveDialog
	c.empty.Wrapping = fyne.TextWrapWord
	c.empty.Alignment = fyne.TextAlignCenter
	c.list = widgets.NewKeyList(func() int { return len(c.rows) }, c.newItem, c.updateItem, c.rowSelected)
	c.list.OnReselected = c.rowReselected
	c.list.Name = "Conversations"
	c.filter = widgets.NewFilterEntry("Filter conversations", c.SetFilter)
	c.kindFilter = widgets.NewSelect("Show conversations", listScopes, c.SetScope)
	c.kindFilter.Selected = scopeThisWorkspace
	c.root = c.layout()
	c.updateEmpty(nil)
	go c.tick(time.Minute)
	return c
}

// tick redraws the rows every interval until ctx ends, so that "5 minutes ago" stays true.
func (c *List) tick(interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-c.lf.Ctx.Done():
			return
		case <-t.C:
			c.lf.Do(c.list.Refresh)
		}
	}
}

func (c *List) layout() fyne.CanvasObject {
	title := widget.NewLabelWithStyle("Conversations", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Truncation = fyne.TextTruncateEllipsis // a narrow window keeps the buttons
	newB := widget.NewButtonWithIcon("New", theme.ContentAddIcon(), c.NewConversation)
	searchB := widgets.NewIconButton("Search conversations", theme.SearchIcon(), c.ShowSearch)
	searchB.Importance = widget.LowImportance
	modelB := widgets.NewIconButton("New model chat", theme.ComputerIcon(), c.NewModelChat) // New model chat (File menu, Ctrl/Cmd+Shift+N)
	modelB.Importance = widget.LowImportance
	projectB := widgets.NewIconButton("New project", theme.FolderNewIcon(), c.AskNewProject)
	projectB.Importance = widget.LowImportance
	top := container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(searchB, newB), title),
		container.NewBorder(nil, nil, nil, container.NewHBox(projectB, modelB), c.kindFilter), c.filter)
	undo := widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), c.undoDelete)
	deleted := widget.NewLabel("Conversation deleted")
	deleted.Truncation = fyne.TextTruncateEllipsis
	c.undoBar = container.NewVBox(widget.NewSeparator(),
		container.NewBorder(nil, nil, widget.NewIcon(theme.DeleteIcon()), undo, deleted))
	c.undoBar.Hide()
	bottom := container.NewVBox(container.NewPadded(c.errView.Box), c.done.Label, c.undoBar)
	return widgets.Border(container.NewPadded(top), bottom, nil, nil,
		container.NewStack(c.list, container.NewPadded(c.empty)))
}

// Show loads (off the UI goroutine) and shows the conversations of workspace workspaceID.
func (c *List) Show(workspaceID string) {
	if workspaceID != c.workspaceID {
		c.workspaceID, c.selected, c.all, c.loaded = workspaceID, 0, nil, false
		c.setError(nil)
		c.refreshRows()
	}
	c.load()
}

// Handle reloads the list when a conversation of the shown workspace changed, or conversations
// of any workspace (projects: WorkspaceID "").
func (c *List) Handle(ev events.Event) {
	ch, ok := ev.(events.ConversationsChanged)
	if ok && (!needsWorkspace(c.kindFilter.Selected) || c.workspaceID != "" && (ch.WorkspaceID == c.workspaceID || ch.WorkspaceID == "")) {
		c.load()
	}
}

func (c *List) load() {
	scope := c.kindFilter.Selected
	if c.workspaceID == "" && needsWorkspace(scope) {
		return
	}
	c.loads++
	gen, ws := c.loads, c.workspaceID
	go func() {
		convs, names, err := c.listed(c.lf.Ctx, scope, ws)
		var projects []records.Project
		if err == nil && c.store.Projects != nil {
			projects, err = c.store.Projects.Projects(c.lf.Ctx)
		}
		c.lf.Do(func() {
			if gen == c.loads && ws == c.workspaceID {
				if err == nil {
					c.wsNames, c.projects = names, projects
				}
				c.setConversations(convs, err)
			}
		})
	}()
}

// setConversations shows what a load read, keeping the selection; after an error the rows shown
// stay and the error view says why.
func (c *List) setConversations(convs []records.Conversation, err error) {
	c.setError(err)
	if err == nil {
		c.all, c.loaded = c.all[:0], true
		for _, conv := range convs {
			if !c.hidden[conv.ID] {
				c.all = append(c.all, conv)
			}
		}
	}
	c.refreshRows()
}

// Titles are the titles of the conversations listed, newest first (the test harness reads them).
func (c *List) Titles() []string {
	out := make([]string, len(c.all))
	for i, conv := range c.all {
		out[i] = conv.Title
	}
	return out
}

// refreshRows arranges and redraws the rows and highlights the selected conversation, when shown.
func (c *List) refreshRows() {
	c.arrange()
	c.list.UnselectAll()
	c.list.Refresh()
	c.highlightSelected()
	c.updateEmpty(c.errView.Err())
}

func (c *List) updateEmpty(err error) {
	switch {
	case len(c.rows) > 0:
		c.empty.Hide()
		return
	case len(c.all) > 0:
		c.empty.SetText("No conversation's title holds these words.")
	case c.workspaceID == "" && needsWorkspace(c.kindFilter.Selected):
		c.empty.SetText("Choose a workspace to see its conversations.")
	case err != nil:
		c.empty.SetText("The conversations could not be loaded.")
	case !c.loaded:
		c.empty.SetText("Loading conversations…")
	default:
		c.empty.SetText("No conversations yet — ask a question in the box on the right.")
	}
	c.empty.Show()
}

// position returns the row of conversation id, or -1.
func (c *List) position(id int64) int {
	for i, r := range c.rows {
		if id != 0 && r.kind == rowConversation && c.all[r.index].ID == id {
			return i
		}
	}
	return -1
}

// index returns conversation id's place in all, or -1.
func (c *List) index(id int64) int {
	for i, conv := range c.all {
		if id != 0 && conv.ID == id {
			return i
		}
	}
	return -1
}

// rowSelected opens the conversation of row id, or marks it with Shift or Ctrl held (a folder
// opens or closes).
func (c *List) rowSelected(id widget.ListItemID) {
	if c.quiet {
		return
	}
	r := c.rows[id]
	if r.kind != rowConversation {
		c.folderPicked(r)
		return
	}
	conv := c.all[r.index]
	if c.markWith(conv.ID, c.modifiers()) {
		return
	}
	c.unmarkAll()
	c.anchor = conv.ID
	if conv.ID == c.selected {
		return
	}
	c.selected = conv.ID
	if c.OnSelected != nil {
		c.OnSelected(conv)
	}
}

// rowReselected is a row picked again: a folder opens or closes again, the open conversation is
// marked or unmarked with Shift or Ctrl held (a plain click takes the marks away).
func (c *List) rowReselected(id widget.ListItemID) {
	if id < 0 || id >= len(c.rows) {
		return
	}
	r := c.rows[id]
	switch {
	case r.kind != rowConversation:
		c.folderPicked(r)
	case !c.markWith(c.all[r.index].ID, c.modifiers()):
		c.unmarkAll()
		c.anchor = c.all[r.index].ID
	}
}

// SelectConversation highlights conversation id (after the chat pane created one) without
// calling OnSelected; a conversation not listed yet is highlighted when the next load lists it.
func (c *List) SelectConversation(id int64) {
	c.selected = id
	c.list.UnselectAll()
	c.highlightSelected()
	if pos := c.position(id); pos >= 0 {
		c.list.ScrollTo(pos)
	}
}

// NewConversation clears the selection and calls OnNew.
func (c *List) NewConversation() {
	c.SelectConversation(0)
	if c.OnNew != nil {
		c.OnNew()
	}
}

// insert puts conv back among the rows, newest first.
func (c *List) insert(conv records.Conversation) {
	c.all = append(c.all, conv)
	sort.SliceStable(c.all, func(i, j int) bool {
		a, b := c.all[i], c.all[j]
		if a.IsPinned() != b.IsPinned() {
			return a.IsPinned()
		}
		return a.Updated.After(b.Updated) || (a.Updated.Equal(b.Updated) && a.ID > b.ID)
	})
}

// conversation returns the listed conversation id.
func (c *List) conversation(id int64) (records.Conversation, bool) {
	if i := c.index(id); i >= 0 {
		return c.all[i], true
	}
	return records.Conversation{}, false
}

// showMenu opens a row's menu under its button: rename, export, delete.
func (c *List) showMenu(id int64, at fyne.CanvasObject) {
	conv, ok := c.conversation(id)
	if !ok {
		return
	}
	rename := fyne.NewMenuItemWithIcon("Rename…", theme.DocumentCreateIcon(), func() { c.askRename(conv) })
	export := fyne.NewMenuItemWithIcon("Export to Markdown…", theme.DocumentSaveIcon(), func() { c.askExport(conv) })
	del := fyne.NewMenuItemWithIcon("Delete", theme.DeleteIcon(), func() { c.remove(conv) })
	menu := fyne.NewMenu("", c.pinItem(conv), rename, export, c.moveItem(conv), fyne.NewMenuItemSeparator(), del)
	widget.ShowPopUpMenuAtRelativePosition(menu, c.win.Canvas(), fyne.NewPos(0, at.Size().Height), at)
}

// conversationRow is one row of the conversation list: the title, when it was last updated, and
// a button that opens the row's menu.
type conversationRow struct {
	widget.BaseWidget
	id     int64
	mark   *widget.Icon      // shown on a row picked with Shift or Ctrl
	indent *canvas.Rectangle // room at the left of a conversation in a project, under its folder
	drag   rowDragger        // the list, which a drag of the row goes to
	title  *widget.Label     // the title as drawn (bidi.Display)
	said   string            // the title as written, for a screen reader
	when   *widget.Label
	menu   *widgets.Button
}

var _ fyne.Widget = (*conversationRow)(nil)

func newConversationRow(showMenu func(id int64, at fyne.CanvasObject)) *conversationRow {
	r := &conversationRow{title: widget.NewLabel("Conversation title"), when: widgets.CaptionLabel("just now"),
		mark: widget.NewIcon(theme.CheckButtonCheckedIcon()), indent: canvas.NewRectangle(color.Transparent)}
	r.mark.Hide()
	r.title.Truncation = fyne.TextTruncateEllipsis
	r.when.Truncation = fyne.TextTruncateEllipsis // a narrow list cuts the workspace's name
	r.menu = widgets.NewIconButton("Conversation menu", theme.MoreVerticalIcon(), func() { showMenu(r.id, r.menu) })
	r.menu.Importance = widget.LowImportance
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer lays the row out: the title over the time, the menu button on the right.
func (r *conversationRow) CreateRenderer() fyne.WidgetRenderer {
	text := widgets.TitleOverCaption(r.title, r.when)
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, container.NewHBox(r.indent, r.mark), container.NewCenter(r.menu), text))
}

// set shows conv; kind names its kind (its workspace, or the tier of a model chat).
func (r *conversationRow) set(conv records.Conversation, kind string, now time.Time) {
	r.id = conv.ID
	r.said = Title(conv)
	setLabel(r.title, bidi.Display(r.said))
	caption := kind + " · " + whenText(conv.Updated, now)
	if conv.IsPinned() {
		caption = "Pinned · " + caption
	}
	setLabel(r.when, caption)
}

// setLabel sets l's text when it changed: a label set lays its text out again (a list's rows are
// set again at every change of the list, a filter's keystroke).
func setLabel(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
}

// setIndented gives the row room at its left when its conversation is in a project.
func (r *conversationRow) setIndented(in bool) {
	w := float32(0)
	if in {
		w = 16
	}
	if r.indent.MinSize().Width != w {
		r.indent.SetMinSize(fyne.NewSize(w, 1))
		r.Refresh()
	}
}

// setMarked shows or hides the row's mark (picked with Shift or Ctrl).
func (r *conversationRow) setMarked(marked bool) {
	if marked == r.mark.Visible() {
		return
	}
	if marked {
		r.mark.Show()
	} else {
		r.mark.Hide()
	}
	r.Refresh()
}

// Title is the title shown for conv (in the list and the command palette): a conversation not asked yet has none.
func Title(conv records.Conversation) string {
	if conv.Title == "" {
		return "New conversation"
	}
	return safetext.OneLine(conv.Title)
}

// whenText says when t was, seen at now: minutes ago within the hour, the local time today and
// yesterday, the date before.
func whenText(t, now time.Time) string {
	t, now = t.Local(), now.Local()
	d := now.Sub(t)
	y1, m1, d1 := t.Date()
	y2, m2, d2 := now.Date()
	switch {
	case t.IsZero():
		return ""
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		n := int(d / time.Minute)
		return fmt.Sprintf("%d %s ago", n, words.Plural(n, "minute"))
	case y1 == y2 && m1 == m2 && d1 == d2:
		return t.Format("15:04")
	case y1 == y2 && t.YearDay() == now.YearDay()-1:
		return "yesterday " + t.Format("15:04")
	case y1 == y2:
		return t.Format("2 Jan")
	}
	return t.Format("2 Jan 2006")
}

// Focus puts the keyboard in the rows, on the open conversation (F6, the command palette).
func (c *List) Focus() { c.win.Canvas().Focus(c.list) }

// Owns says whether f is one of the rows' keyboard stops, so that F6 knows the pane it is in.
func (c *List) Owns(f fyne.Focusable) bool { return f == c.list }

// Root is the list's content.
func (c *List) Root() fyne.CanvasObject { return c.root }

// AccessibilityLabel reads the row as shown now: "Office hours, Pinned, Operations, 5 minutes ago".
func (r *conversationRow) AccessibilityLabel() string {
	if r.mark.Visible() {
		return widgets.Spoken(r.said, "Selected", r.when.Text)
	}
	return widgets.Spoken(r.said, r.when.Text)
}

// AccessibilityRole is text: the list opens the row; the row itself is read as a whole.
func (r *conversationRow) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
