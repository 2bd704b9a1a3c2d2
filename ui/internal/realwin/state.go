package realwin

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/ui"
)

// Rect is an area of the window's canvas, in canvas units (pixels are units times State.Scale).
type Rect struct {
	X, Y, W, H float32
}

// State is what the probe reports of the real window: the answer to a "state" query.
type State struct {
	// Open is false once the main window has been closed.
	Open bool
	// Width and Height are the canvas size, in canvas units.
	Width, Height float32
	// Scale is the canvas scale: pixels per canvas unit.
	Scale float32
	// Conversation is the conversation's list of turns on the canvas; zero when none is shown.
	Conversation Rect
	// Offset is the conversation's scroll offset; Turns the number of turns it holds.
	Offset float32
	Turns  int
	// Focus is the Go type of the focused widget ("" when none); QuestionBox is true when the
	// focused widget is the question box.
	Focus       string
	QuestionBox bool
	// Uploads counts the uploads panel's rows, running those still running.
	Uploads, Running int
}

// readState gathers the State of u's main window; call it on the UI goroutine.
func readState(u *ui.UI) State {
	win := u.Window()
	s := State{Open: win != nil && windowOpen(win)}
	if !s.Open {
		return s
	}
	c := win.Canvas()
	s.Width, s.Height, s.Scale = c.Size().Width, c.Size().Height, c.Scale()
	chat := findChat(c.Content())
	if chat.list != nil && chat.list.Visible() {
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(chat.list)
		size := chat.list.Size()
		s.Conversation = Rect{pos.X, pos.Y, size.Width, size.Height}
		s.Offset = chat.list.GetScrollOffset()
		s.Turns = chat.list.Length()
	}
	if f := c.Focused(); f != nil {
		s.Focus = fmt.Sprintf("%T", f)
		s.QuestionBox = chat.input != nil && f == chat.input
	}
	s.Uploads, s.Running, _ = u.UploadRows()
	return s
}

// windowOpen reports whether win is still one of the app's windows.
func windowOpen(win fyne.Window) bool {
	for _, w := range fyne.CurrentApp().Driver().AllWindows() {
		if w == win {
			return true
		}
	}
	return false
}

// chatParts are the conversation's list of turns and its question box.
type chatParts struct {
	list  *widget.List
	input fyne.Focusable
}

// findChat finds the conversation in the window's objects, as a person sees it: the question box
// is the widget whose type is the ui package's composer, and the conversation is the list nearest
// to it in the tree (the workspace and conversation lists are further away). Only containers and
// Fyne's own containers with public children are walked; that holds for the views as they are.
func findChat(root fyne.CanvasObject) chatParts {
	var lists []path
	var input path
	walk(root, nil, func(p path) {
		switch o := p.last(); {
		case isQuestionBox(o):
			input = p
		default:
			if _, ok := o.(*widget.List); ok {
				lists = append(lists, p)
			}
		}
	})
	var parts chatParts
	if input == nil {
		return parts
	}
	parts.input = input.last().(fyne.Focusable)
	best := -1
	for _, l := range lists {
		if n := commonPrefix(l, input); n > best {
			best, parts.list = n, l.last().(*widget.List)
		}
	}
	return parts
}

// isQuestionBox reports whether o is the conversation's question box (ui's composer).
func isQuestionBox(o fyne.CanvasObject) bool {
	_, ok := o.(fyne.Focusable)
	return ok && strings.HasSuffix(fmt.Sprintf("%T", o), ".composer")
}

// path is an object with its ancestors, outermost first.
type path []fyne.CanvasObject

func (p path) last() fyne.CanvasObject { return p[len(p)-1] }

// commonPrefix is the number of ancestors a and b share.
func commonPrefix(a, b path) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// walk calls visit for o and every object under it, depth first.
func walk(o fyne.CanvasObject, parents path, visit func(path)) {
	if o == nil {
		return
	}
	p := append(parents[:len(parents):len(parents)], o)
	visit(p)
	for _, child := range children(o) {
		walk(child, p, visit)
	}
}

// children returns the objects o shows that can be reached without its renderer.
func children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch o := o.(type) {
	case *fyne.Container:
		return o.Objects
	case *container.Split:
		return []fyne.CanvasObject{o.Leading, o.Trailing}
	case *container.Scroll:
		return []fyne.CanvasObject{o.Content}
	case *container.AppTabs:
		return tabContents(o.Items)
	case *container.DocTabs:
		return tabContents(o.Items)
	case *widget.Card:
		return []fyne.CanvasObject{o.Content}
	}
	return nil
}

func tabContents(items []*container.TabItem) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, 0, len(items))
	for _, it := range items {
		out = append(out, it.Content)
	}
	return out
}
