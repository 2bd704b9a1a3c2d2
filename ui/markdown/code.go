package markdown

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// codeBlock is a fenced code block: monospace text on the input background, with its language
// and a Copy button above it. Long lines scroll sideways instead of wrapping.
//
// The text is shown in chunks of chunkLines lines, one RichText each, so that a fence that is
// still streaming grows by re-laying out its last chunk only (extend), not all of its lines.
// Finished code is cut into the same chunks, so nothing moves when the fence closes.
type codeBlock struct {
	widget.BaseWidget
	v          *View
	lang, code string
	open       bool // plain text that extend may add to
	chunks     []*textBlock
	frozen     int // bytes of code in the chunks before the last, with their newlines
	lines      *fyne.Container
	scroll     *container.Scroll
	copyButton *widget.Button
	bg         *canvas.Rectangle
	content    fyne.CanvasObject
}

var _ fyne.Widget = (*codeBlock)(nil)

// chunkLines is how many lines of code one RichText shows.
const chunkLines = 16

// code builds a code block; highlighted colours it by lang (the fence has closed).
func (b *builder) code(lang, code string, highlighted bool) fyne.CanvasObject {
	code = strings.TrimSuffix(code, "\n")
	c := newCodeBlock(b.v, lang)
	var segs []widget.RichTextSegment
	if highlighted {
		segs = highlight(lang, code)
	}
	if segs == nil {
		c.open = true
		c.extend(code)
	} else {
		c.code = code
		for _, chunk := range splitChunks(segs) {
			c.addChunk(chunk)
		}
	}
	b.texts = append(b.texts, c.chunks...)
	return c
}

// newCodeBlock makes an empty code block for lang.
func newCodeBlock(v *View, lang string) *codeBlock {
	c := &codeBlock{v: v, lang: lang, bg: canvas.NewRectangle(nil)}
	c.bg.CornerRadius = theme.InputRadiusSize()
	c.copyButton = widget.NewButtonWithIcon("Copy", theme.ContentCopyIcon(), func() { v.copyText(c.code) })
	c.copyButton.Importance = widget.LowImportance
	header := container.NewHBox(layout.NewSpacer(), widget.NewLabel(lang), c.copyButton)
	c.lines = container.New(layout.NewCustomPaddedVBoxLayout(0))
	c.scroll = container.NewHScroll(c.lines)
	c.content = container.NewPadded(container.NewBorder(header, nil, nil, nil, c.scroll))
	c.ExtendBaseWidget(c)
	return c
}

// addChunk appends a chunk showing segs.
func (c *codeBlock) addChunk(segs []widget.RichTextSegment) *textBlock {
	t := newTextBlock(segs, false)
	t.base = fyne.TextStyle{Monospace: true}
	t.setSelecting(c.v.selecting)
	c.chunks = append(c.chunks, t)
	c.lines.Add(t)
	return t
}

// extend shows code, which starts with the code shown up to the last chunk, and returns the
// chunks it added. Only the last chunk, and any new ones, are laid out again.
func (c *codeBlock) extend(code string) []*textBlock {
	var added []*textBlock
	if len(c.chunks) == 0 {
		added = append(added, c.addChunk(nil))
	}
	rest := code[c.frozen:]
	for cut := nthNewline(rest, chunkLines); cut >= 0; cut = nthNewline(rest, chunkLines) {
		c.chunks[len(c.chunks)-1].setCode(rest[:cut])
		c.frozen += cut + 1
		rest = rest[cut+1:]
		added = append(added, c.addChunk(nil))
	}
	c.chunks[len(c.chunks)-1].setCode(rest)
	c.code = code
	if w := c.scroll.Size().Width; w > 0 { // a longer line: the scroll's content grows sideways
		m := c.lines.MinSize()
		c.lines.Resize(fyne.NewSize(max(m.Width, w), m.Height))
	}
	return added
}

// nthNewline is the index of the nth newline in s, or -1.
func nthNewline(s string, n int) int {
	at := -1
	for ; n > 0; n-- {
		i := strings.IndexByte(s[at+1:], '\n')
		if i < 0 {
			return -1
		}
		at += i + 1
	}
	return at
}

// splitChunks cuts highlighted segments into chunks of chunkLines lines, at the newlines.
func splitChunks(segs []widget.RichTextSegment) [][]widget.RichTextSegment {
	var chunks [][]widget.RichTextSegment
	var cur []widget.RichTextSegment
	lines := 0
	for _, s := range segs {
		ts := s.(*widget.TextSegment)
		text := ts.Text
		for i := strings.IndexByte(text, '\n'); i >= 0; i = strings.IndexByte(text, '\n') {
			lines++
			if lines < chunkLines {
				cur = appendText(cur, text[:i+1], ts.Style)
			} else {
				chunks = append(chunks, appendText(cur, text[:i], ts.Style))
				cur, lines = nil, 0
			}
			text = text[i+1:]
		}
		cur = appendText(cur, text, ts.Style)
	}
	return append(chunks, cur)
}

// CreateRenderer implements fyne.Widget.
func (c *codeBlock) CreateRenderer() fyne.WidgetRenderer {
	r := &codeRenderer{c: c, objects: []fyne.CanvasObject{c.bg, c.content}}
	r.setColor()
	return r
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
	r.setColor()
	r.c.bg.Refresh()
	r.c.content.Refresh()
}

func (r *codeRenderer) setColor() {
	th := r.c.Theme()
	r.c.bg.FillColor = th.Color(theme.ColorNameInputBackground, fyne.CurrentApp().Settings().ThemeVariant())
}
