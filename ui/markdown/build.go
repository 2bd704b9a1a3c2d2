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

// text makes a textBlock of segs and remembers it for select mode; st is its base style.
func (b *builder) text(segs []widget.RichTextSegment, st widget.RichTextStyle) *textBlock {
	if len(segs) > 0 {
		if t, ok := segs[0].(*widget.TextSegment); ok {
			t.Text = strings.TrimLeft(t.Text, " \t") // after a task list's check box
		}
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

// list draws each item as a marker beside its blocks. Task items get a check box icon.
func (b *builder) list(n *ast.List) fyne.CanvasObject {
	var items []fyne.CanvasObject
	num := n.Start
	b.depth++
	for it := n.FirstChild(); it != nil; it = it.NextSibling() {
		var marker fyne.CanvasObject
		switch checked, task := taskState(it); {
		case task && checked:
			marker = widget.NewIcon(theme.CheckButtonCheckedIcon())
		case task:
			marker = widget.NewIcon(theme.CheckButtonIcon())
		case n.IsOrdered():
			marker = widget.NewLabel(strconv.Itoa(num) + ".")
		default:
			marker = widget.NewLabel(bullets[(b.depth-1)%len(bullets)])
		}
		num++
		body := b.blocks(it)
		if body == nil {
			body = b.text(nil, baseStyle("")) // an empty item keeps its line
		}
		items = append(items, container.NewBorder(nil, nil, marker, nil, body))
	}
	b.depth--
	return container.NewVBox(items...)
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
