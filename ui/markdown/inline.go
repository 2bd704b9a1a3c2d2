package markdown

import (
	"net/url"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// inlines appends the segments of n's inline children, drawn in style st, to segs.
// Neighbouring texts of one style become one segment: goldmark splits text at every
// punctuation mark, and each segment costs RichText a text object.
func (b *builder) inlines(n ast.Node, st widget.RichTextStyle, segs []widget.RichTextSegment) []widget.RichTextSegment {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		segs = b.inline(c, st, segs)
	}
	return segs
}

// inline appends the segments of one inline node.
func (b *builder) inline(c ast.Node, st widget.RichTextStyle, segs []widget.RichTextSegment) []widget.RichTextSegment {
	switch c := c.(type) {
	case *ast.Text:
		s := string(unescape(c.Segment.Value(b.src)))
		if c.HardLineBreak() {
			s += "\n"
		} else if c.SoftLineBreak() {
			s += " "
		}
		return appendText(segs, s, st)
	case *ast.String:
		return appendText(segs, string(c.Value), st)
	case *ast.Emphasis:
		inner := st
		if c.Level >= 2 {
			inner.TextStyle.Bold = true
		} else {
			inner.TextStyle.Italic = true
		}
		return b.inlines(c, inner, segs)
	case *east.Strikethrough:
		inner := st
		inner.TextStyle.Strikethrough = true
		return b.inlines(c, inner, segs)
	case *ast.CodeSpan:
		return appendText(segs, b.codeSpanText(c), codeStyle(st))
	case *mathSpan:
		return appendText(segs, c.tex, codeStyle(st))
	}
	return b.inlineOther(c, st, segs)
}

// inlineOther appends the segments of links, images, raw HTML and any other inline node.
func (b *builder) inlineOther(c ast.Node, st widget.RichTextStyle, segs []widget.RichTextSegment) []widget.RichTextSegment {
	switch c := c.(type) {
	case *ast.Link:
		return b.link(string(c.Destination), c, st, segs)
	case *ast.AutoLink:
		label := string(c.Label(b.src))
		return b.linkText(string(c.URL(b.src)), label, st, segs)
	case *ast.Image:
		return b.image(c, st, segs)
	case *ast.RawHTML:
		for i := 0; i < c.Segments.Len(); i++ {
			seg := c.Segments.At(i)
			segs = appendText(segs, string(seg.Value(b.src)), st)
		}
		return segs
	case *east.TaskCheckBox:
		return segs // drawn as the list item's marker
	}
	return b.inlines(c, st, segs)
}

// codeStyle is st for inline code: monospace on RichText's code background, never bold or
// italic (themes need not have a bold monospace font; Fyne's test theme has none).
func codeStyle(st widget.RichTextStyle) widget.RichTextStyle {
	c := widget.RichTextStyleCodeInline
	c.SizeName = st.SizeName
	c.Alignment = st.Alignment
	return c
}

func (b *builder) codeSpanText(c *ast.CodeSpan) string {
	var s strings.Builder
	for t := c.FirstChild(); t != nil; t = t.NextSibling() {
		if txt, ok := t.(*ast.Text); ok {
			s.Write(txt.Segment.Value(b.src))
		}
	}
	return strings.ReplaceAll(s.String(), "\n", " ")
}

// link draws a link's text; only http and https become tappable.
func (b *builder) link(dest string, c ast.Node, st widget.RichTextStyle, segs []widget.RichTextSegment) []widget.RichTextSegment {
	u := webURL(dest)
	if u == nil {
		return b.inlines(c, st, segs)
	}
	label := plainText(b.inlines(c, st, nil))
	return append(segs, b.hyperlink(label, u, st))
}

// linkText is link for a label that is plain text (autolinks).
func (b *builder) linkText(dest, label string, st widget.RichTextStyle, segs []widget.RichTextSegment) []widget.RichTextSegment {
	u := webURL(dest)
	if u == nil {
		return appendText(segs, label, st)
	}
	return append(segs, b.hyperlink(label, u, st))
}

func (b *builder) hyperlink(label string, u *url.URL, st widget.RichTextStyle) *widget.HyperlinkSegment {
	v := b.v
	return &widget.HyperlinkSegment{Text: label, URL: u, TextStyle: st.TextStyle,
		SizeName: st.SizeName, Alignment: st.Alignment, OnTapped: func() { v.tapLink(u) }}
}

// webURL is dest when it is an absolute http or https address, else nil: javascript:, file:,
// data:, mailto: and relative links stay text.
func webURL(dest string) *url.URL {
	u, err := url.Parse(strings.TrimSpace(dest))
	if err != nil || u.Host == "" {
		return nil
	}
	if s := strings.ToLower(u.Scheme); s != "http" && s != "https" {
		return nil
	}
	return u
}

// image is shown, never fetched: its alt text in italics and its address.
func (b *builder) image(c *ast.Image, st widget.RichTextStyle, segs []widget.RichTextSegment) []widget.RichTextSegment {
	alt := strings.TrimSpace(plainText(b.inlines(c, st, nil)))
	if alt == "" {
		alt = "image"
	}
	it := st
	it.TextStyle.Italic = true
	segs = appendText(segs, "["+alt+"]", it)
	if dest := string(c.Destination); dest != "" {
		segs = appendText(segs, " "+dest, st)
	}
	return segs
}

// appendText adds s in style st, merged into the last segment when that has the same style.
func appendText(segs []widget.RichTextSegment, s string, st widget.RichTextStyle) []widget.RichTextSegment {
	if s == "" {
		return segs
	}
	st.Inline = true
	if n := len(segs); n > 0 {
		if last, ok := segs[n-1].(*widget.TextSegment); ok && last.Style == st {
			last.Text += s
			return segs
		}
	}
	return append(segs, &widget.TextSegment{Text: s, Style: st})
}

// unescape resolves backslash escapes and entities, as goldmark's HTML renderer does.
func unescape(v []byte) []byte {
	return util.UnescapePunctuations(util.ResolveNumericReferences(util.ResolveEntityNames(v)))
}

// baseStyle is the style of body text at size name.
func baseStyle(size fyne.ThemeSizeName) widget.RichTextStyle {
	st := widget.RichTextStyleInline
	if size != "" {
		st.SizeName = size
	}
	return st
}
