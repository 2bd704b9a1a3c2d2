package markdown

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// builder turns the goldmark nodes of one top-level block into Fyne objects.
type builder struct {
	v     *View
	src   []byte
	open  bool // the block is still streaming: code is not highlighted yet
	depth int  // list nesting, for the bullet's shape
	texts []*textBlock
	// prefix goes in front of the next text: the marker of a list item nested too deep to
	// have a column of its own
	prefix []widget.RichTextSegment
	// reuse are the texts the block showed before it was built again: text is the costly part
	// of a block (RichText wraps, measures and draws it), so a text that did not change keeps
	// its object
	reuse []*textBlock
	cut   bool // the last text's end is not shown: it was cut short (hidesTail)
}

// bullets are the markers of unordered lists by nesting depth: glyphs that Fyne's bundled font
// has (it has no white bullet or small square).
var bullets = []string{"•", "–", "·"}

// blocks builds each of n's children, stacked vertically.
func (b *builder) blocks(n ast.Node) fyne.CanvasObject {
	var objs []fyne.CanvasObject
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if o := b.block(c); o != nil {
			objs = append(objs, o)
		}
	}
	if len(objs) == 1 {
		return objs[0]
	}
	return container.NewVBox(objs...)
}

// block builds one block node; nil for nodes that show nothing.
func (b *builder) block(n ast.Node) fyne.CanvasObject {
	switch n := n.(type) {
	case *ast.Heading:
		return b.heading(n)
	case *ast.Paragraph, *ast.TextBlock:
		if m := displayMath(n); m != nil {
			return b.code("math", m.tex, false)
		}
		return b.text(b.inlines(n, baseStyle(""), nil), baseStyle(""))
	case *ast.List:
		return b.list(n)
	case *ast.Blockquote:
		bar := widget.NewSeparator()
		return container.NewBorder(nil, nil, bar, nil, b.blocks(n))
	case *ast.FencedCodeBlock:
		lang := string(n.Language(b.src))
		return b.code(lang, b.lines(n), !b.open && lang != "")
	case *ast.CodeBlock:
		return b.code("", b.lines(n), false)
	case *east.Table:
		return b.table(n)
	case *ast.ThematicBreak:
		return widget.NewSeparator()
	case *ast.HTMLBlock:
		return b.text(appendText(nil, strings.TrimRight(b.lines(n), "\n"), baseStyle("")), baseStyle(""))
	}
	if n.HasChildren() {
		return b.blocks(n)
	}
	return nil
}

// text makes a textBlock of segs, or a stack of them when segs are too long for one (see
// splitLongText), and remembers them for select mode; st is their base style.
func (b *builder) text(segs []widget.RichTextSegment, st widget.RichTextStyle) fyne.CanvasObject {
	if len(segs) > 0 {
		if t, ok := segs[0].(*widget.TextSegment); ok {
			t.Text = strings.TrimLeft(t.Text, " \t") // after a task list's check box
		}
	}
	if b.prefix != nil {
		segs = append(b.prefix, segs...)
		b.prefix = nil
	}
	parts := splitLongText(segs)
	b.cut = hidesTail(parts, segs)
	if len(parts) == 1 {
		return b.textPart(parts[0], st)
	}
	objs := make([]fyne.CanvasObject, len(parts))
	for i, part := range parts {
		objs[i] = b.textPart(part, st)
	}
	return container.New(chunkStack{}, objs...)
}

// textPart makes the textBlock of segs, or keeps the one that showed them before (b.reuse).
func (b *builder) textPart(segs []widget.RichTextSegment, st widget.RichTextStyle) *textBlock {
	if i := len(b.texts); i < len(b.reuse) && b.reuse[i].shows(segs, st) {
		b.texts = append(b.texts, b.reuse[i])
		return b.reuse[i]
	}
	t := newTextBlock(segs, true)
	t.base, t.size, t.align = st.TextStyle, st.SizeName, st.Alignment
	t.setSelecting(b.v.selecting)
	b.texts = append(b.texts, t)
	return t
}

// headingSizes are the text sizes of heading levels 1, 2 and the rest.
var headingSizes = []fyne.ThemeSizeName{theme.SizeNameHeadingText, theme.SizeNameSubHeadingText, theme.SizeNameText}

func (b *builder) heading(n *ast.Heading) fyne.CanvasObject {
	st := baseStyle(headingSizes[min(n.Level, 3)-1])
	st.TextStyle.Bold = true
	return b.text(b.inlines(n, st, nil), st)
}

// displayMath is the $$ formula that is the whole of paragraph n, if it is one.
func displayMath(n ast.Node) *mathSpan {
	m, ok := n.FirstChild().(*mathSpan)
	if !ok || !m.display || m.NextSibling() != nil {
		return nil
	}
	return m
}

// lines is the raw text of a leaf block (code, HTML).
func (b *builder) lines(n ast.Node) string {
	var s strings.Builder
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		s.Write(seg.Value(b.src))
	}
	return s.String()
}

// maxIndent is the deepest list level indented further than its parent. Deeper levels keep
// its indent and put their level and marker in front of their text, so that a list nested 50
// deep stays as wide as one nested maxIndent deep.
const maxIndent = 8

// list draws each item as a marker beside its blocks. Task items get a check box icon.
func (b *builder) list(n *ast.List) fyne.CanvasObject {
	var items []fyne.CanvasObject
	num := n.Start
	b.depth++
	for it := n.FirstChild(); it != nil; it = it.NextSibling() {
		marker := b.marker(n, it, num)
		num++
		if b.depth > maxIndent {
			items = append(items, b.unindentedItem(it, marker))
			continue
		}
		body := b.blocks(it)
		if body == nil {
			body = b.text(nil, baseStyle("")) // an empty item keeps its line
		}
		var mark fyne.CanvasObject = widget.NewLabel(marker)
		if icon := taskIcon(marker); icon != nil {
			mark = widget.NewIcon(icon)
		}
		items = append(items, container.NewBorder(nil, nil, mark, nil, body))
	}
	b.depth--
	return container.NewVBox(items...)
}

// Markers of task items, drawn as check box icons when they have a column of their own.
const (
	taskOpen = "[ ]"
	taskDone = "[x]"
)

// marker is the text of item it's marker: a task's box, its number, or the bullet of its level.
func (b *builder) marker(n *ast.List, it ast.Node, num int) string {
	switch checked, task := taskState(it); {
	case task && checked:
		return taskDone
	case task:
		return taskOpen
	case n.IsOrdered():
		return strconv.Itoa(num) + "."
	}
	return bullets[(b.depth-1)%len(bullets)]
}

// taskIcon is the check box icon for a task marker; nil for other markers.
func taskIcon(marker string) fyne.Resource {
	switch marker {
	case taskDone:
		return theme.CheckButtonCheckedIcon()
	case taskOpen:
		return theme.CheckButtonIcon()
	}
	return nil
}

// unindentedItem draws an item nested deeper than maxIndent: its blocks at its parent's indent,
// with its level and marker in front of its first text ("[9] • text").
func (b *builder) unindentedItem(it ast.Node, marker string) fyne.CanvasObject {
	level := baseStyle("")
	level.ColorName = theme.ColorNamePlaceHolder
	b.prefix = appendText(appendText(nil, "["+strconv.Itoa(b.depth)+"] ", level), marker+" ", baseStyle(""))
	first := it.FirstChild()
	_, para := first.(*ast.Paragraph)
	_, line := first.(*ast.TextBlock)
	if first == nil || !(para || line) || displayMath(first) != nil {
		head := b.text(nil, baseStyle("")) // the marker on a line of its own, above the blocks
		if body := b.blocks(it); body != nil {
			return container.NewVBox(head, body)
		}
		return head
	}
	return b.blocks(it)
}

// taskState says whether list item it starts with a check box, and whether that is checked.
func taskState(it ast.Node) (checked, task bool) {
	first := it.FirstChild()
	if first == nil {
		return false, false
	}
	box, ok := first.FirstChild().(*east.TaskCheckBox)
	if !ok {
		return false, false
	}
	return box.IsChecked, true
}
