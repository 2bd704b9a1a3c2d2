package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/words"
)

// KeyList is a list the keyboard can use: Tab reaches it, the arrows move a highlight (starting
// at the selected row), Enter or Space opens the highlighted row, and a frame in the primary
// colour (as a focused entry's border) shows that it has the keyboard, even when the highlight is
// on the selected row, whose colour hides it. The highlight does not open rows as it moves, so
// that going down a list loads nothing on the way. F6 goes to the window (ForwardKey).
type KeyList struct {
	widget.List
	// Name says what the list holds ("Workspaces"), to a screen reader.
	Name string
	// OnReselected, when set, is called when the row already selected is picked again (a click,
	// Enter or Space), which Fyne's list takes for nothing: the person asks for it once more (the
	// workspace shown, to leave a model chat for it).
	OnReselected func(id widget.ListItemID)
	selected     widget.ListItemID // -1 when none
	picked       bool              // a row was selected while a key was handled
	frame        *canvas.Rectangle
}

// NewKeyList makes a list of length rows, made by create and filled by update; selected is
// called when a row is picked, by a click, Enter or Space, or Select.
func NewKeyList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject),
	selected func(widget.ListItemID)) *KeyList {
	l := &KeyList{selected: -1, frame: canvas.NewRectangle(color.Transparent)}
	l.Length = length
	l.CreateItem = func() fyne.CanvasObject { return newKeyRow(l, create()) }
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) {
		if r, ok := o.(*keyRow); ok {
			r.id, o = id, r.content
		}
		update(id, o)
	}
	l.OnSelected = func(id widget.ListItemID) {
		l.selected, l.picked = id, true
		selected(id)
	}
	l.OnUnselected = func(widget.ListItemID) { l.selected = -1 }
	l.frame.StrokeWidth = 2
	l.frame.Hide()
	l.ExtendBaseWidget(l)
	return l
}

// FocusGained highlights the selected row, so that the arrows start from it, and shows the frame.
func (l *KeyList) FocusGained() {
	if l.selected >= 0 && l.selected < l.Length() {
		l.Highlight(l.selected)
	}
	l.frame.StrokeColor = l.Theme().Color(theme.ColorNamePrimary, fyne.CurrentApp().Settings().ThemeVariant())
	l.frame.Show()
	l.frame.Refresh()
	l.List.FocusGained()
}

// FocusLost hides the frame.
func (l *KeyList) FocusLost() {
	l.frame.Hide()
	l.List.FocusLost()
}

// HasFocusFrame says whether the focus frame is shown.
func (l *KeyList) HasFocusFrame() bool { return l.frame.Visible() }

// TypedKey opens the highlighted row on Enter, as Space does, and hands F6 to the window.
func (l *KeyList) TypedKey(k *fyne.KeyEvent) {
	if ForwardKey(l, k) {
		return
	}
	if isReturn(k.Name) {
		k = &fyne.KeyEvent{Name: fyne.KeySpace}
	}
	l.picked = false
	l.List.TypedKey(k)
	if k.Name == fyne.KeySpace && !l.picked && l.selected >= 0 {
		l.reselected(l.selected) // Space on the row selected: the highlight starts on it
	}
}

// reselected hands the row picked again to OnReselected.
func (l *KeyList) reselected(id widget.ListItemID) {
	if l.OnReselected != nil {
		l.OnReselected(id)
	}
}

// keyRow holds a row's content and takes its clicks: Fyne's list item would take a click on the
// row already selected for nothing. It does what the item does (the list takes the keyboard, the
// row the highlight) and picks the row, or hands it to OnReselected.
type keyRow struct {
	widget.BaseWidget
	list    *KeyList
	content fyne.CanvasObject
	id      widget.ListItemID
}

var (
	_ fyne.Tappable   = (*keyRow)(nil)
	_ fyne.Accessible = (*keyRow)(nil)
)

func newKeyRow(l *KeyList, content fyne.CanvasObject) *keyRow {
	r := &keyRow{list: l, content: content, id: -1}
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer draws the content.
func (r *keyRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.content) }

// AccessibilityLabel is the content's: the row is read as its content is.
func (r *keyRow) AccessibilityLabel() string {
	if a, ok := r.content.(fyne.Accessible); ok {
		return a.AccessibilityLabel()
	}
	return ""
}

// AccessibilityRole is the content's, text when it says none.
func (r *keyRow) AccessibilityRole() fyne.AccessibleRole {
	if a, ok := r.content.(fyne.Accessible); ok {
		return a.AccessibilityRole()
	}
	return fyne.AccessibleRoleText
}

// Tapped picks the row.
func (r *keyRow) Tapped(*fyne.PointEvent) {
	l := r.list
	if r.id < 0 || r.id >= l.Length() {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(l); c != nil {
		c.Focus(l)
	}
	l.Highlight(r.id)
	if r.id == l.selected {
		l.reselected(r.id)
		return
	}
	l.Select(r.id)
}

// CreateRenderer draws the list with the focus frame over it.
func (l *KeyList) CreateRenderer() fyne.WidgetRenderer {
	return &framedRenderer{WidgetRenderer: l.List.CreateRenderer(), frame: l.frame}
}

// framedRenderer is a renderer with a frame laid over its objects, around the whole widget.
type framedRenderer struct {
	fyne.WidgetRenderer
	frame *canvas.Rectangle
}

func (r *framedRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	r.frame.Resize(size)
}

func (r *framedRenderer) Objects() []fyne.CanvasObject {
	return append(r.WidgetRenderer.Objects(), r.frame)
}

// windowKeys are the keys a focused widget hands to its window's key handler: F6 moves between
// the panes.
var windowKeys = map[fyne.KeyName]bool{fyne.KeyF6: true}

// ForwardKey hands k to the key handler of o's window (its canvas's OnTypedKey) when it is one of
// the window's own keys (F6), and reports whether it did. A focused widget gets every key, so the
// widgets of the main panes pass these on for the window to see.
func ForwardKey(o fyne.CanvasObject, k *fyne.KeyEvent) bool {
	return windowKeys[k.Name] && toWindow(o, k)
}

// toWindow hands k to the key handler of o's window, and reports whether there is one.
func toWindow(o fyne.CanvasObject, k *fyne.KeyEvent) bool {
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	if c == nil || c.OnTypedKey() == nil {
		return false
	}
	c.OnTypedKey()(k)
	return true
}

// AccessibilityLabel is the list's name and its number of rows now ("Workspaces, 4 rows").
func (l *KeyList) AccessibilityLabel() string {
	return l.Name + ", " + words.Count(l.Length(), "row")
}

// AccessibilityRole is text: Fyne's reader skips a container's label and does not enter a
// widget, so the list says its name and size; its rows are reached with the arrow keys.
func (l *KeyList) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
