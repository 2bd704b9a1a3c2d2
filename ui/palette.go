package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/conversation"
	"lectern/ui/widgets"
)

// paletteItem is one row of the command palette: an action with its keys, or a workspace or a
// conversation to jump to.
type paletteItem struct {
	label string
	keys  string
	run   func()
}

// palette is the command palette (Ctrl/Cmd+K): a box over every action of the menus with its
// keys, then every workspace and conversation to jump to. Typing filters, Up and Down move, Enter
// (or a click) runs, Esc closes.
type palette struct {
	box   *paletteBox
	list  *widget.List
	pop   *widget.PopUp
	all   []paletteItem
	shown []int // indices into all, after the filter
	cur   int   // the row Enter runs, in shown
	quiet bool  // the list is selected by the arrows, not clicked
}

// paletteBox is the palette's filter box: it hands Up, Down, Enter and Esc to the palette.
type paletteBox struct {
	widget.Entry
	key func(*fyne.KeyEvent) bool // true when the palette used the key
}

// TypedKey gives the palette its keys first; the others edit the text.
func (b *paletteBox) TypedKey(k *fyne.KeyEvent) {
	if !b.key(k) {
		b.Entry.TypedKey(k)
	}
}

// showPalette opens the command palette over the main window.
func (u *UI) showPalette() {
	if u.main == nil || (u.palette != nil && u.palette.pop.Visible()) {
		return
	}
	p := &palette{all: u.paletteActions()}
	p.all = append(p.all, u.main.workspaceItems()...)
	p.box = &paletteBox{key: p.key}
	p.box.ExtendBaseWidget(p.box)
	p.box.SetPlaceHolder("Type an action, a workspace or a conversation")
	p.box.OnChanged = func(string) { p.filter() }
	p.list = widget.NewList(func() int { return len(p.shown) }, newPaletteRow,
		func(id widget.ListItemID, o fyne.CanvasObject) { setPaletteRow(o, p.all[p.shown[id]]) })
	p.list.OnSelected = func(id widget.ListItemID) {
		if !p.quiet {
			p.cur = id
			p.run()
		}
	}
	c := u.win.Canvas()
	p.pop = widget.NewModalPopUp(container.NewBorder(p.box, nil, nil, nil, p.list), c)
	p.pop.Resize(fyne.NewSize(min(620, c.Size().Width-40), min(440, c.Size().Height-40)))
	p.filter()
	p.pop.Show()
	c.Focus(p.box)
	u.palette = p
	u.main.loadConversationItems(p)
}

// paletteActions are the palette's rows for every action with a menu, with their keys.
func (u *UI) paletteActions() []paletteItem {
	var out []paletteItem
	for _, a := range u.actions() {
		if a.run != nil && a.label != "Command palette…" {
			out = append(out, paletteItem{label: a.label, keys: shortcutText(a.shortcut), run: a.run})
		}
	}
	return out
}

// workspaceItems are the palette's rows that select each listed workspace.
func (m *mainView) workspaceItems() []paletteItem {
	var out []paletteItem
	for _, ws := range m.list.All() {
		id := ws.WorkspaceID
		out = append(out, paletteItem{label: "Workspace: " + app.OneLine(ws.Workspace.Name),
			run: func() { m.list.Select(id) }})
	}
	return out
}

// loadConversationItems adds a row per saved conversation (of every workspace) to p, read off the
// UI goroutine; a conversation opens in its own workspace.
func (m *mainView) loadConversationItems(p *palette) {
	go func() {
		convs, err := m.b.Conversations().ListAll(m.lf.Ctx, app.ListFilter{})
		if err != nil || len(convs) == 0 {
			return
		}
		items := make([]paletteItem, 0, len(convs))
		for _, conv := range convs {
			items = append(items, paletteItem{label: "Conversation: " + app.OneLine(conversation.Title(conv)),
				run: func() { m.openTurn(conv, 0) }})
		}
		m.lf.Do(func() {
			p.all = append(p.all, items...)
			p.filter()
		})
	}()
}

// filter shows the rows whose label holds every word typed, in any case, the first highlighted.
func (p *palette) filter() {
	words := strings.Fields(strings.ToLower(p.box.Text))
	p.shown = p.shown[:0]
	for i, it := range p.all {
		if matchesAll(strings.ToLower(it.label+" "+it.keys), words) {
			p.shown = append(p.shown, i)
		}
	}
	p.list.Refresh()
	p.cur = 0
	p.move(0)
}

func matchesAll(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// key moves the highlight (Up, Down), runs it (Enter) or closes the palette (Esc).
func (p *palette) key(k *fyne.KeyEvent) bool {
	switch k.Name {
	case fyne.KeyDown:
		p.move(1)
	case fyne.KeyUp:
		p.move(-1)
	case fyne.KeyReturn, fyne.KeyEnter:
		p.run()
	case fyne.KeyEscape:
		p.pop.Hide()
	default:
		return false
	}
	return true
}

// move moves the highlight by step rows, within the rows shown.
func (p *palette) move(step int) {
	p.cur = max(0, min(p.cur+step, len(p.shown)-1))
	p.quiet = true
	defer func() { p.quiet = false }()
	if len(p.shown) == 0 {
		p.list.UnselectAll()
		return
	}
	p.list.Select(p.cur)
	p.list.ScrollTo(p.cur)
}

// run closes the palette and runs the highlighted row.
func (p *palette) run() {
	if p.cur < 0 || p.cur >= len(p.shown) {
		return
	}
	p.pop.Hide()
	p.all[p.shown[p.cur]].run()
}

// labels are the labels of the rows shown, for tests.
func (p *palette) labels() []string {
	out := make([]string, len(p.shown))
	for i, s := range p.shown {
		out[i] = p.all[s].label
	}
	return out
}

func newPaletteRow() fyne.CanvasObject {
	label, keys := widget.NewLabel("Search conversations…"), widgets.CaptionLabel("Ctrl+Shift+F")
	label.Truncation = fyne.TextTruncateEllipsis
	return container.NewBorder(nil, nil, nil, keys, label)
}

func setPaletteRow(o fyne.CanvasObject, it paletteItem) {
	c := o.(*fyne.Container)
	c.Objects[0].(*widget.Label).SetText(it.label)
	c.Objects[1].(*widget.Label).SetText(it.keys)
}
