package markdown

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// codeBlock is a fenced code block: monospace text on the input background, with its language
// and a Copy button above it. Long lines scroll sideways instead of wrapping.
type codeBlock struct {
	widget.BaseWidget
	lang, code string
	body       *textBlock
	copyButton *widget.Button
	bg         *canvas.Rectangle
	content    fyne.CanvasObject
}

var _ fyne.Widget = (*codeBlock)(nil)

// code builds a code block; highlighted colours it by lang (the fence has closed).
func (b *builder) code(lang, code string, highlighted bool) fyne.CanvasObject {
	code = strings.TrimSuffix(code, "\n")
	var segs []widget.RichTextSegment
	if highlighted {
		segs = highlight(lang, code)
	}
	if segs == nil {
		segs = appendText(nil, code, widget.RichTextStyleCodeBlock)
	}
	body := newTextBlock(segs, false)
	body.base = fyne.TextStyle{Monospace: true}
	body.plain = code
	body.setSelecting(b.v.selecting)
	b.texts = append(b.texts, body)

	c := &codeBlock{lang: lang, code: code, body: body, bg: canvas.NewRectangle(nil)}
	c.bg.CornerRadius = theme.InputRadiusSize()
	v := b.v
	c.copyButton = widget.NewButtonWithIcon("Copy", theme.ContentCopyIcon(), func() { v.copyText(c.code) })
	c.copyButton.Importance = widget.LowImportance
	header := container.NewHBox(layout.NewSpacer(), widget.NewLabel(lang), c.copyButton)
	c.content = container.NewPadded(container.NewBorder(header, nil, nil, nil, container.NewHScroll(body)))
	c.ExtendBaseWidget(c)
	b.copies = append(b.copies, c)
	return c
}

// CreateRenderer implements fyne.Widget.
func (c *codeBlock) CreateRenderer() fyne.WidgetRenderer {
	return &codeRenderer{c: c, objects: []fyne.CanvasObject{c.bg, c.content}}
}

type codeRenderer struct {
	c       *codeBlock
	objects []fyne.CanvasObject
}

func (r *codeRenderer) Destroy() {}

func (r *codeRenderer) Layout(size fyne.Size) {
	for _, o := range r.objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (r *codeRenderer) MinSize() fyne.Size { return r.c.content.MinSize() }

func (r *codeRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Refresh picks the background colour up again, for a change between light and dark.
func (r *codeRenderer) Refresh() {
	th := r.c.Theme()
	r.c.bg.FillColor = th.Color(theme.ColorNameInputBackground, fyne.CurrentApp().Settings().ThemeVariant())
	r.c.bg.Refresh()
	r.c.content.Refresh()
}

// highlight colours code with the lexer for lang, in the theme's colours so that it reads in
// light and dark; nil when lang is unknown.
func highlight(lang, code string) []widget.RichTextSegment {
	lexer := lexers.Get(lang)
	if lexer == nil {
		return nil
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code)
	if err != nil {
		return nil
	}
	var segs []widget.RichTextSegment
	for tok := it(); tok != chroma.EOF; tok = it() {
		st := widget.RichTextStyleCodeBlock
		st.ColorName = tokenColor(tok.Type)
		segs = appendText(segs, tok.Value, st)
	}
	if n := len(segs); n > 0 { // lexers end the text with a newline of their own
		if t, ok := segs[n-1].(*widget.TextSegment); ok && !strings.HasSuffix(code, "\n") {
			t.Text = strings.TrimSuffix(t.Text, "\n")
		}
	}
	return segs
}

// tokenColor maps a chroma token type onto a theme colour.
func tokenColor(t chroma.TokenType) fyne.ThemeColorName {
	switch {
	case t.InCategory(chroma.Comment):
		return theme.ColorNamePlaceHolder
	case t.InCategory(chroma.Keyword), t == chroma.NameBuiltin, t == chroma.NameTag:
		return theme.ColorNamePrimary
	case t.InSubCategory(chroma.LiteralString):
		return theme.ColorNameSuccess
	case t.InSubCategory(chroma.LiteralNumber), t == chroma.NameAttribute:
		return theme.ColorNameWarning
	case t == chroma.GenericDeleted, t == chroma.Error:
		return theme.ColorNameError
	case t == chroma.GenericInserted:
		return theme.ColorNameSuccess
	case t == chroma.NameFunction, t == chroma.NameClass:
		return theme.ColorNameHyperlink
	}
	return theme.ColorNameForeground
}
