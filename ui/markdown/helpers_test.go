package markdown

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// corpus holds answers of the kinds the service writes, each with the syntax a test looks for.
var corpus = map[string]string{
	"inline": "Plain **bold** and *italic*, _also italic_, ~~struck~~, `code`, " +
		"[a link](https://example.com/a?b=1) and www.example.org.\nNext line &amp; snake_case_name.\n",
	"headings": "# Title\n\nIntro.\n\n## Section\n\nBody text.\n\n### Small\n\n#### Smaller\n",
	"lists": "Steps:\n\n1. First\n2. Second with **bold**\n   - nested bullet\n   - another\n     - deeper\n3. Third\n\n" +
		"- [ ] open task\n- [x] done task\n\n* star bullet\n",
	"quote":  "> Quoted *text*\n> continues.\n\nAfter the quote.\n",
	"code":   "Run this:\n\n```go\n// Add sums.\nfunc Add(a, b int) int {\n\treturn a + b + 42 // \"x\"\n}\n```\n\nAnd this:\n\n```\nplain text\n```\n\n```nosuchlang\nx := 1\n```\n",
	"table":  "| Name | Size | Kind |\n|:-----|-----:|:----:|\n| a.txt | 12 | text |\n| b.pdf | 3,400 | **pdf** |\n| c |\n\nAfter.\n",
	"links":  "[ok](https://example.com) [http](http://example.com/x) [js](javascript:alert(1)) [file](file:///etc/passwd) [data](data:text/html,hi) [mail](mailto:a@b.c) [rel](/docs) <https://auto.example.com>\n",
	"images": "Look: ![a diagram](https://example.com/d.png) and ![](https://example.com/e.png)\n",
	"rule":   "Above\n\n---\n\nBelow\n",
	"math":   "Inline $x_1 + y_2$ costs $5 and $10.\n\n$$\n\\sum_{i=1}^n i\n$$\n",
	"mixed":  mixedAnswer,
	"nested": "1. Install:\n\n   ```sh\n   go install example.com/x@latest\n   ```\n\n2. Run *it*:\n   > quoted `x`\n\n" +
		"Setext\n======\n\nSub\n---\n\n<div>html</div>\n\n~~~\ntilde ``` fence\n~~~\n\n    indented code\n\nend\n",
	"longcode": "Here is the file:\n\n```python\n" + strings.Repeat("total += item.price * item.seats  # cents\n", 40) +
		"```\n\nDone.\n",
	"refs":    "See [the guide][g] and [docs].\n\n[g]: https://example.com/guide\n[docs]: https://example.com/docs\n",
	"unicode": "Ünïcödé **fett** — «quotes» 日本語 `コード`\n\n- 項目 *一*\n",
}

const mixedAnswer = `## Summary

The workspace has **three** documents about *billing*; the newest is ` + "`invoice-2024.pdf`" + ` ([source](https://docs.example.com/billing)).

1. Open the **Settings** page.
2. Choose _Billing_, then:
   - check the address,
   - confirm ~~old~~ new plan.

| Plan | Price | Seats |
|------|------:|:-----:|
| Basic | $10 | 1 |
| Team | $50 | 10 |

` + "```python\ndef total(items):\n    return sum(i.price for i in items)  # in cents\n```" + `

> Note: prices exclude tax.

That's all.
`

// newTestView returns a View in a test window, so that its objects are laid out and drawn.
func newTestView(t testing.TB) (*View, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	v := NewView()
	w := test.NewWindow(v)
	w.Resize(fyne.NewSize(640, 900))
	t.Cleanup(w.Close)
	return v, w
}

// render returns a fresh View showing md, finished.
func render(md string) *View {
	v := NewView()
	v.SetFinal(md)
	return v
}

// dump is a structural description of o's object tree: types, texts and styles.
func dump(o fyne.CanvasObject) string {
	var b strings.Builder
	dumpTo(&b, o, 0)
	return b.String()
}

func dumpTo(b *strings.Builder, o fyne.CanvasObject, depth int) {
	fmt.Fprintf(b, "%s", strings.Repeat("  ", depth))
	switch o := o.(type) {
	case *View:
		b.WriteString("view\n")
		for _, c := range o.objects {
			dumpTo(b, c, depth+1)
		}
	case *textBlock:
		fmt.Fprintf(b, "text %s\n", dumpSegments(o.rich.Segments))
	case *codeBlock:
		fmt.Fprintf(b, "code lang=%q", o.lang)
		for _, c := range o.chunks {
			fmt.Fprintf(b, " %s", dumpSegments(c.rich.Segments))
		}
		b.WriteString("\n")
	case *fyne.Container:
		fmt.Fprintf(b, "container %T\n", o.Layout)
		for _, c := range o.Objects {
			dumpTo(b, c, depth+1)
		}
	case *widget.Label:
		fmt.Fprintf(b, "label %q\n", o.Text)
	case *widget.Icon:
		fmt.Fprintf(b, "icon %s\n", o.Resource.Name())
	default:
		fmt.Fprintf(b, "%T\n", o)
	}
}

func dumpSegments(segs []widget.RichTextSegment) string {
	var parts []string
	for _, s := range segs {
		switch s := s.(type) {
		case *widget.TextSegment:
			parts = append(parts, fmt.Sprintf("%q%s", s.Text, styleString(s.Style)))
		case *widget.HyperlinkSegment:
			parts = append(parts, fmt.Sprintf("link(%q %s)", s.Text, s.URL))
		default:
			parts = append(parts, fmt.Sprintf("%T", s))
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// walk calls fn for every object under o, o included.
func walk(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	fn(o)
	switch o := o.(type) {
	case *View:
		for _, c := range o.objects {
			walk(c, fn)
		}
	case *codeBlock:
		for _, c := range o.chunks {
			walk(c, fn)
		}
	case *fyne.Container:
		for _, c := range o.Objects {
			walk(c, fn)
		}
	case *container.Scroll:
		walk(o.Content, fn)
	}
}

// texts returns the textBlocks under o, in order.
func texts(o fyne.CanvasObject) []*textBlock {
	var ts []*textBlock
	walk(o, func(c fyne.CanvasObject) {
		if t, ok := c.(*textBlock); ok {
			ts = append(ts, t)
		}
	})
	return ts
}

// segments returns every segment under o, in order, code blocks' bodies included.
func segments(o fyne.CanvasObject) []widget.RichTextSegment {
	var segs []widget.RichTextSegment
	for _, t := range texts(o) {
		segs = append(segs, t.rich.Segments...)
	}
	return segs
}

// proseText is the text under o outside code, where no Markdown syntax should show.
func proseText(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, s := range segments(o) {
		if t, ok := s.(*widget.TextSegment); ok && t.Style.TextStyle.Monospace {
			continue
		}
		b.WriteString(s.Textual())
		b.WriteString("\n")
	}
	return b.String()
}

// styleString is a short form of st: flags b(old) i(talic) s(trike) m(onospace), then the colour,
// size and alignment when they are not the default.
func styleString(st widget.RichTextStyle) string {
	var b strings.Builder
	for _, f := range []struct {
		on bool
		c  string
	}{{st.TextStyle.Bold, "b"}, {st.TextStyle.Italic, "i"}, {st.TextStyle.Strikethrough, "s"}, {st.TextStyle.Monospace, "m"}} {
		if f.on {
			b.WriteString(f.c)
		}
	}
	if st.ColorName != theme.ColorNameForeground {
		b.WriteString("/" + string(st.ColorName))
	}
	if st.SizeName != theme.SizeNameText {
		b.WriteString("/" + string(st.SizeName))
	}
	if st.Alignment != fyne.TextAlignLeading {
		fmt.Fprintf(&b, "/align%d", st.Alignment)
	}
	if b.Len() == 0 {
		return ""
	}
	return "{" + b.String() + "}"
}

// codeSegments returns the segments of c's chunks, in order.
func codeSegments(c *codeBlock) []widget.RichTextSegment {
	var segs []widget.RichTextSegment
	for _, t := range c.chunks {
		segs = append(segs, t.rich.Segments...)
	}
	return segs
}
