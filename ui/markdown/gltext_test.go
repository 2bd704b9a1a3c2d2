package markdown

import (
	"bytes"
	"image"
	"math"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	gotext "github.com/go-text/render"
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
)

// textRasteriser makes a text's texture as Fyne's GL painter does on the CPU (newGlTextTexture
// and DrawString in fyne.io/fyne/v2/internal/painter, which tests cannot call): an RGBA image as
// big as the text's minimum size, plus the italic overspill on the right and a point below, into
// which each run of the text is shaped with go-text's HarfbuzzShaper and drawn with go-text's
// Renderer. Uploading it and compositing it onto the window is the GPU's part, left out. The
// window's scale is 1, as in the benchmarks' window.
type textRasteriser struct {
	faces  map[fyne.TextStyle]*faceList
	parsed map[string]*font.Face // each font file parsed once, by resource name
	shaper shaping.HarfbuzzShaper
	split  shaping.Segmenter
	pen    gotext.Renderer
}

// Fyne's constants for laying out a text (internal/painter).
const (
	tabSpaceWidth   = 10     // a tab stop's space in a proportional font, in points
	tabStopSpaces   = 4      // a tab is this many spaces when the style does not say
	textBottomPad   = 1      // TextVectorPad: room under the text for descenders and underline
	replacementRune = 0xfffd // drawn for a glyph no face has
)

// newTextRasteriser returns a rasteriser that has parsed no font yet.
func newTextRasteriser() *textRasteriser {
	return &textRasteriser{faces: map[fyne.TextStyle]*faceList{}, parsed: map[string]*font.Face{}}
}

// texture rasterises t into a new image, as the GL painter makes its texture.
func (r *textRasteriser) texture(t *canvas.Text) *image.RGBA {
	box := t.MinSize()
	overspill := float32(0)
	if t.TextStyle.Italic {
		overspill = t.TextSize / 5 // VectorPad: a 20% lean must not overflow
	}
	w := int(math.Ceil(math.Round(float64(box.Width)) + float64(overspill)))
	h := int(math.Ceil(math.Round(float64(box.Height)) + textBottomPad))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r.pen.FontSize, r.pen.PixScale, r.pen.Color = t.TextSize, 1, t.Color
	if t.Color == nil {
		r.pen.Color = theme.Color(theme.ColorNameForeground)
	}
	faces := r.facesFor(t.TextStyle)
	for _, run := range r.shape(t, faces) {
		if len(run.out.Glyphs) == 1 && run.out.Glyphs[0].GlyphID == 0 {
			r.pen.DrawStringAt(string(rune(replacementRune)), img, int(run.x), run.y, faces.ResolveFace(replacementRune))
			continue
		}
		r.pen.DrawShapedRunAt(run.out, img, int(run.x), run.y)
	}
	return img
}

// placedRun is a shaped run and where its origin goes in the texture.
type placedRun struct {
	out shaping.Output
	x   float32
	y   int
}

// shape splits t's text into runs of one face and script, shapes them, moves the runs after a
// tab to the next tab stop, and gives each glyph that no face has a run of its own (drawn as
// the replacement character), as Fyne's walkString does. All runs share the tallest ascent.
func (r *textRasteriser) shape(t *canvas.Text, faces *faceList) []placedRun {
	size := fixed.Int26_6(float64(t.TextSize) * 64)
	text := []rune(strings.ReplaceAll(t.Text, "\r", ""))
	spacew := float32(tabSpaceWidth)
	if t.TextStyle.Monospace {
		space := r.shaper.Shape(shaping.Input{Text: []rune{' '}, RunEnd: 1, Face: faces.ResolveFace(' '), Size: size})
		spacew = float32(space.Advance) / 64
	}
	tabWidth := t.TextStyle.TabWidth
	if tabWidth <= 0 {
		tabWidth = tabStopSpaces
	}
	in := shaping.Input{Text: text, RunEnd: len(text), Direction: di.DirectionLTR, Face: faces.ResolveFace(' '), Size: size}
	var runs []placedRun
	x := float32(0)
	for _, seg := range r.split.Split(in, faces) {
		start := seg.RunStart
		for i := seg.RunStart; i < seg.RunEnd; i++ {
			if text[i] != '\t' {
				continue
			}
			runs, x = r.shapePiece(seg, start, i, x, runs)
			tab := spacew * float32(tabWidth)
			x = tab * float32(math.Floor(float64((x+tab)/tab)))
			start = i + 1
		}
		runs, x = r.shapePiece(seg, start, seg.RunEnd, x, runs)
	}
	ascent := fixed.Int26_6(0)
	for _, run := range runs {
		ascent = max(ascent, run.out.LineBounds.Ascent)
	}
	for i := range runs {
		runs[i].y = int(math.Ceil(float64(ascent) / 64))
	}
	return runs
}

// shapePiece shapes seg's runes from start to end, placed at x, adds its runs to runs and
// returns them and the x after them. A glyph that no face has is a run of its own, and its
// advance is counted twice, as Fyne's shapeCallback counts it (in measuring the text too).
func (r *textRasteriser) shapePiece(seg shaping.Input, start, end int, x float32, runs []placedRun) ([]placedRun, float32) {
	if start >= end {
		return runs, x
	}
	seg.RunStart, seg.RunEnd = start, end
	out := r.shaper.Shape(seg)
	glyphs, from, advance := out.Glyphs, 0, fixed.Int26_6(0)
	for i, g := range glyphs {
		if g.GlyphID == 0 {
			if from < i {
				runs = placeGlyphs(out, glyphs[from:i], x, runs)
				x += float32(advance) / 64
			}
			runs = placeGlyphs(out, glyphs[i:i+1], x, runs)
			x += float32(g.Advance) / 64
			advance, from = 0, i+1
		}
		advance += g.Advance
	}
	if from < len(glyphs) {
		runs = placeGlyphs(out, glyphs[from:], x, runs)
	}
	return runs, x + float32(advance)/64
}

// placeGlyphs adds a run of out holding glyphs, placed at x, to runs.
func placeGlyphs(out shaping.Output, glyphs []shaping.Glyph, x float32, runs []placedRun) []placedRun {
	out.Glyphs = glyphs
	return append(runs, placedRun{out: out, x: x})
}

// faceList is the faces a text style is drawn with, first choice first: the theme's font for
// the style, Fyne's own font for it, then the emoji and the symbol fonts, as Fyne's font map
// for the style holds them. Fyne then looks a rune no face has up in the system's fonts; this
// one draws it with the first face (its missing glyph), which costs the same to rasterise.
type faceList struct{ faces []*font.Face }

// ResolveFace implements shaping.Fontmap: the first face that has a glyph for c.
func (l *faceList) ResolveFace(c rune) *font.Face {
	for _, f := range l.faces {
		if _, ok := f.NominalGlyph(c); ok {
			return f
		}
	}
	return l.faces[0]
}

// facesFor returns the faces for style, parsing the fonts the first time it is asked.
func (r *textRasteriser) facesFor(style fyne.TextStyle) *faceList {
	if l, ok := r.faces[style]; ok {
		return l
	}
	l := &faceList{}
	files := []fyne.Resource{fyne.CurrentApp().Settings().Theme().Font(style), fyneFont(style)}
	files = append(files, theme.DefaultEmojiFont(), theme.DefaultSymbolFont())
	for _, file := range files {
		if f := r.parse(file); f != nil && !slices.Contains(l.faces, f) {
			l.faces = append(l.faces, f)
		}
	}
	r.faces[style] = l
	return l
}

// fyneFont is Fyne's bundled font for style, the fallback of the theme's.
func fyneFont(style fyne.TextStyle) fyne.Resource {
	switch {
	case style.Monospace:
		return theme.DefaultTextMonospaceFont()
	case style.Symbol:
		return theme.DefaultSymbolFont()
	case style.Bold && style.Italic:
		return theme.DefaultTextBoldItalicFont()
	case style.Bold:
		return theme.DefaultTextBoldFont()
	case style.Italic:
		return theme.DefaultTextItalicFont()
	}
	return theme.DefaultTextFont()
}

// parse returns the face of the font file res, or nil if there is none or it does not parse.
func (r *textRasteriser) parse(res fyne.Resource) *font.Face {
	if res == nil {
		return nil
	}
	if f, ok := r.parsed[res.Name()]; ok {
		return f
	}
	f, err := font.ParseTTF(bytes.NewReader(res.Content()))
	if err != nil {
		f = nil
	}
	r.parsed[res.Name()] = f
	return f
}
