package markdown

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"
)

// The benchmarks' textures must be the ones Fyne draws: the same coverage, pixel for pixel, as
// Fyne's own DrawString gives (seen through the software canvas, which draws a text with it into
// a texture sized as the GL painter's and composites that onto a transparent picture, keeping
// its alpha), in a picture larger than ours, so that a texture too small shows as clipped ink.
func TestTextTextureIsFynes(t *testing.T) {
	test.NewTempApp(t)
	cases := map[string]fyne.TextStyle{
		"word":                                     {},
		"Customer **1081**":                        {Bold: true},
		"step 12, leaning staff":                   {Italic: true}, // its last f leans out of the advance
		"\tn := 3\t// tab stops":                   {Monospace: true},
		"naïve → 😀, bold":                          {Bold: true},
		"no face has \U0010fffd, twice \U0010fffd": {},
	}
	r := newTextRasteriser()
	for s, style := range cases {
		text := canvas.NewText(s, color.Black)
		text.TextStyle = style
		got := r.texture(text)
		want := softwareTexture(text, got.Bounds().Size().Add(image.Pt(8, 8))) // room for what ours would clip
		inked := 0
		for y := range want.Rect.Dy() {
			for x := range want.Rect.Dx() {
				a, b := int(got.RGBAAt(x, y).A), int(want.NRGBAAt(x, y).A) // zero outside got
				if a-b > 2 || b-a > 2 {
					t.Fatalf("%q: texture of %v, pixel %d,%d has alpha %d, Fyne's %d", s, got.Rect.Size(), x, y, a, b)
				}
				inked += min(a, 1)
			}
		}
		if inked < 20*len([]rune(s)) {
			t.Fatalf("%q: %d pixels inked, too few for its letters", s, inked)
		}
	}
}

// softwareTexture is Fyne's picture of text in a transparent canvas of size: its DrawString
// composited onto nothing.
func softwareTexture(text *canvas.Text, size image.Point) *image.NRGBA {
	c := software.NewTransparentCanvas()
	c.SetPadded(false)
	copied := canvas.NewText(text.Text, text.Color)
	copied.TextStyle, copied.TextSize = text.TextStyle, text.TextSize
	copied.Resize(copied.MinSize())
	c.SetContent(container.NewWithoutLayout(copied))
	c.Resize(fyne.NewSize(float32(size.X), float32(size.Y)))
	return c.Capture().(*image.NRGBA)
}

// A text made again with the same content (a rebuilt block's kept words, a cell repeated) uses
// the texture the window already holds, as the GL painter's cache keyed by content does; one
// that shows something else needs its own.
func TestFramePainterKeysTextsByContent(t *testing.T) {
	test.NewTempApp(t)
	p := newFramePainter(fyne.NewSize(800, 600))
	first := canvas.NewText("Basic", color.Black)
	p.paint(container.NewVBox(first, canvas.NewText("Basic", color.Black)))
	if len(p.stale) != 1 {
		t.Fatalf("%d textures made for two texts showing the same, want 1", len(p.stale))
	}
	bold := canvas.NewText("Basic", color.Black)
	bold.TextStyle.Bold = true
	p.paint(container.NewVBox(canvas.NewText("Basic", color.Black), bold, canvas.NewText("Team", color.Black)))
	if len(p.stale) != 2 || p.stale[0] != bold {
		t.Fatalf("next frame made %d textures, want 2 (the bold one, the new word)", len(p.stale))
	}
}
