package markdown

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// codeBlock is a fenced code block: monospace text on the input background, with its language
// and a Copy button above it. Long lines scroll sideways instead of wrapping (codeBody).
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
	scroll     *container.Scroll // holds lines while one is wider than the block (codeBody)
	body       *fyne.Container   // lines, or scroll
	copyButton *widget.Button
	bg         *canvas.Rectangle
	content    fyne.CanvasObject
}

var _ fyne.Widget = (*codeBlock)(nil)

// chunkLines is how many lines of code one RichText shows.
const chunkLines = 16

// maxHighlighted is the most code, in bytes, that is coloured: the lexer takes about a
// millisecond a kilobyte, on the UI goroutine, and larger code is not read line by line.
const maxHighlighted = 128 << 10

// code builds a code block; highlighted colours it by lang (the fence has closed).
func (b *builder) code(lang, code string, highlighted bool) fyne.CanvasObject {
	code = strings.TrimSuffix(code, "\n")
	c := newCodeBlock(b.v, lang)
	var segs []widget.RichTextSegment
	if highlighted && len(code) <= maxHighlighted && !hasLongLine(code) {
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
	c.lines = container.New(chunkStack{})
	c.scroll = container.NewHScroll(c.lines)
	c.body = container.New(codeBody{c: c}, c.lines)
	c.content = container.NewPadded(container.NewBorder(header, nil, nil, nil, c.body))
	c.ExtendBaseWidget(c)
	return c
}

// addChunk appends a chunk showing segs. It does not lay the chunks out (Container.Add would,
// all of them, for each chunk added): resizing the block does.
func (c *codeBlock) addChunk(segs []widget.RichTextSegment) *textBlock {
	t := newTextBlock(segs, false)
	t.base = fyne.TextStyle{Monospace: true}
	t.setSelecting(c.v.selecting)
	c.chunks = append(c.chunks, t)
	c.lines.Objects = append(c.lines.Objects, t)
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
	if w := c.body.Size().Width; w > 0 { // a longer line: the lines grow sideways, in the scroll
		c.fit(w)
		c.body.Objects[0].Resize(c.body.Size())
		m := c.lines.MinSize()
		c.lines.Resize(fyne.NewSize(max(m.Width, w), m.Height))
	}
	return added
}

// colourBudget is how long colour recolours chunks in a frame (at least one): 16 lines take
// 0.3 to 1 ms.
const colourBudget = 2 * time.Millisecond

// colour colours the code that the block shows plain, once its fence closed: the same text in
// the same chunks, so that nothing moves. With frame, the lexer runs off the UI goroutine and the
// chunks take their colours for a couple of milliseconds a frame, the last (in sight while the
// answer is followed) first; without, all at once. Code that is not coloured when built whole (an
// unknown language, too long, a very long line) stays plain.
func (c *codeBlock) colour(frame func(fn func() bool)) {
	if c.lang == "" || len(c.code) > maxHighlighted || hasLongLine(c.code) {
		return
	}
	lang, code := c.lang, c.code
	if frame == nil {
		chunks := colouredChunks(lang, code)
		for i := range c.chunks {
			c.recolour(chunks, i)
		}
		return
	}
	ready := make(chan [][]widget.RichTextSegment, 1)
	go func() { ready <- colouredChunks(lang, code) }()
	var chunks [][]widget.RichTextSegment
	next := len(c.chunks) - 1
	frame(func() bool {
		if chunks == nil {
			select {
			case chunks = <-ready:
			default:
				return true // the lexer is still at work
			}
		}
		for end := time.Now().Add(colourBudget); next >= 0; {
			c.recolour(chunks, next)
			next--
			if time.Now().After(end) {
				break
			}
		}
		return next >= 0
	})
}

// colouredChunks is code coloured for lang and cut into chunks as a code block shows them;
// nil when lang is unknown.
func colouredChunks(lang, code string) [][]widget.RichTextSegment {
	segs := highlight(lang, code)
	if segs == nil {
		return nil
	}
	return splitChunks(segs)
}

// recolour gives chunk i the segments of chunks[i], the same text coloured, when chunks is cut
// as the block's chunks are.
func (c *codeBlock) recolour(chunks [][]widget.RichTextSegment, i int) {
	if len(chunks) == len(c.chunks) {
		c.chunks[i].setSegments(chunks[i])
	}
}

// CodeBlock is the answer's top-level code block number i (from 0), for drivers (the real-window probe):
// its object, placed in the View, and how far its lines are scrolled sideways (-1 while they fit
// and stand without a scroll); ok is false when there is no such block.
func (v *View) CodeBlock(i int) (block fyne.CanvasObject, sideways float32, ok bool) {
	for _, b := range v.blocks {
		c, isCode := b.obj.(*codeBlock)
		if !isCode {
			continue
		}
		if i > 0 {
			i--
			continue
		}
		if c.body.Objects[0] != c.scroll {
			return c, -1, true
		}
		return c, c.scroll.Offset.X, true
	}
	return nil, 0, false
}

// codeBody lays out a code block's lines: as they are while they fit its width, in the sideways
// scroll once a line is wider. Fyne gives the mouse wheel to the innermost scroll under the
// pointer, and a sideways scroll turns the wheel sideways: a scroll around lines that fit took the
// wheel from the conversation, which then did not move with the pointer over code (issue 36).
type codeBody struct{ c *codeBlock }

// Layout shows the lines, or the scroll around them, at size.
func (b codeBody) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	b.c.fit(size.Width)
	b.c.body.Objects[0].Resize(size)
}

// MinSize is the lines' height: as narrow as a scroll, whichever is shown, so that the window can
// always be made narrower (the scroll comes then).
func (b codeBody) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(b.c.scroll.MinSize().Width, b.c.lines.MinSize().Height)
}

// fit shows the lines in the sideways scroll when one is wider than width, else as they are.
func (c *codeBlock) fit(width float32) {
	held := fyne.CanvasObject(c.lines)
	if c.lines.MinSize().Width > width {
		held = c.scroll
	}
	if c.body.Objects[0] == held {
		return
	}
	c.scroll.Offset = fyne.Position{}
	c.body.Objects[0] = held
	canvas.Refresh(c.body)
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

// chunkStack stacks a code block's chunks, or the parts of a long paragraph (splitLongText),
// with no gap between their lines: each RichText pads its text above and below, and those two
// paddings between chunks would show as a blank line every chunkLines lines.
type chunkStack struct{}

// overlap is how far each chunk is drawn over the one above: the padding at both.
func (chunkStack) overlap() float32 {
	return 2 * theme.InnerPadding()
}

// Layout stacks the chunks at their heights, each overlapping the one above. Wrapped text is as
// tall as its width makes it: a chunk is given the width before it is measured.
func (s chunkStack) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objects {
		if o.Size().Width != size.Width {
			o.Resize(fyne.NewSize(size.Width, o.Size().Height))
		}
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h - s.overlap()
	}
}

// MinSize is the widest chunk and the chunks' heights less the overlaps.
func (s chunkStack) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objects {
		om := o.MinSize()
		m.Width = max(m.Width, om.Width)
		m.Height += om.Height
	}
	if len(objects) > 1 {
		m.Height -= s.overlap() * float32(len(objects)-1)
	}
	return m
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

// maxLineRunes is the most of one line of code that is shown. A longer line (minified code,
// a data blob) is cut with a note: Fyne shapes and draws a line whole, so a line of a megabyte
// takes seconds, and no one reads it on screen. Copy still copies all of it.
const maxLineRunes = 500

// hasLongLine says whether a line of s is longer than maxLineRunes.
func hasLongLine(s string) bool {
	for line := range strings.Lines(s) {
		if isLong(strings.TrimSuffix(line, "\n")) {
			return true
		}
	}
	return false
}

// isLong says whether line is longer than maxLineRunes.
func isLong(line string) bool {
	return len(line) > maxLineRunes && utf8.RuneCountInString(line) > maxLineRunes
}

// cutLongLines cuts every line of s longer than maxLineRunes, saying how much was left out.
func cutLongLines(s string) string {
	if !hasLongLine(s) {
		return s
	}
	var b strings.Builder
	for line := range strings.Lines(s) {
		text, nl := strings.CutSuffix(line, "\n")
		if isLong(text) {
			kept := firstRunes(text, maxLineRunes)
			more := utf8.RuneCountInString(text[len(kept):])
			text = kept + "… (" + strconv.Itoa(more) + " more characters: Copy has them)"
		}
		b.WriteString(text)
		if nl {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// firstRunes is the first n runes of s.
func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
