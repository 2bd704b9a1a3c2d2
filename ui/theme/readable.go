package theme

import (
	"image/color"
	"slices"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// systemTheme is Fyne's default theme, following the system's variant, with readableColor applied.
type systemTheme struct{ fyne.Theme }

var _ fyne.Theme = systemTheme{}

// Color returns the default theme's colour n for variant v, made readable.
func (t systemTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return readableColor(t.Theme, n, v)
}

// readableColor is th's colour n in variant v, made readable where it needs to be (workOut), and
// remembered: working a colour out walks contrasts (10–12 µs for the focus and a text colour,
// against 40 ns for a colour taken as it is), and Fyne asks a colour at every refresh of whatever
// draws in it: each token of a highlighted code block, each badge. The key holds th's own colour,
// which carries the primary colour chosen in Fyne's settings, so that a change of it is seen. th
// must be comparable (Fyne's default theme is a pointer).
func readableColor(th fyne.Theme, n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	c := th.Color(n, v)
	if !workedOut(n) {
		return c
	}
	k := workedKey{th: th, n: n, v: v, own: color.NRGBAModel.Convert(c).(color.NRGBA)}
	if got, ok := worked.Load(k); ok {
		return got.(color.Color)
	}
	out := workOut(th, n, v, c)
	worked.Store(k, out)
	return out
}

// worked holds the colours readableColor worked out.
var worked sync.Map // workedKey → color.Color

// workedKey is what a worked-out colour depends on.
type workedKey struct {
	th  fyne.Theme
	n   fyne.ThemeColorName
	v   fyne.ThemeVariant
	own color.NRGBA // th's colour n in v
}

// workedOut says whether readableColor changes colour n (else it is th's as it is).
func workedOut(n fyne.ThemeColorName) bool {
	_, onFill := textOnFill[n]
	return n == theme.ColorNameFocus || n == theme.ColorNameSelection || onFill || slices.Contains(TextColours, n)
}

// workOut is th's colour n in variant v (c), made readable: the focus made visible, text colours
// and the text on their fills made to read at MinContrast, and the selection colour made lighter
// (less opaque) until the foreground reads at MinContrast on a selected row: the light theme's
// blue selection left 4.26:1 (issue 12).
func workOut(th fyne.Theme, n fyne.ThemeColorName, v fyne.ThemeVariant, c color.Color) color.Color {
	if n == theme.ColorNameFocus {
		return visibleFocus(th, v)
	}
	if slices.Contains(TextColours, n) {
		return readableText(th, c, v)
	}
	if fill, ok := textOnFill[n]; ok {
		return Readable(readableText(th, th.Color(fill, v), v))
	}
	// the selection colour, the one workedOut names besides
	bg, fg := th.Color(theme.ColorNameBackground, v), th.Color(theme.ColorNameForeground, v)
	sel := color.NRGBAModel.Convert(c).(color.NRGBA)
	for sel.A > 0x10 && Contrast(fg, blend(sel, bg)) < MinContrast {
		sel.A -= 0x08
	}
	return sel
}

// TextColours are the colours other than the foreground that text is drawn in: a label's
// importance, the states of uploads and documents, a hyperlink, the code highlighter's tokens.
// Fyne's own read at 1.48:1 (success), 2.16:1 (warning) and 3.68:1 (error) on the light window,
// and its hyperlinks at 4.01:1 on the dark one, so readableText moves each toward the foreground.
// (The primary colour is left as it is: it is foremost the fill of the main buttons, whose white
// label it keeps readable.)
var TextColours = []fyne.ThemeColorName{theme.ColorNameSuccess, theme.ColorNameWarning, theme.ColorNameError,
	theme.ColorNameHyperlink}

// TextBacks are what those texts are drawn on: the window, and an input box (code blocks too).
var TextBacks = []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameInputBackground}

// textOnFill maps the colour of a text drawn on a fill (a danger button's label) to its fill.
var textOnFill = map[fyne.ThemeColorName]fyne.ThemeColorName{theme.ColorNameForegroundOnSuccess: theme.ColorNameSuccess,
	theme.ColorNameForegroundOnWarning: theme.ColorNameWarning, theme.ColorNameForegroundOnError: theme.ColorNameError}

// readableText is c mixed toward th's foreground, a step at a time, until it reads at MinContrast
// on each of TextBacks; a colour that already does is returned as it is.
func readableText(th fyne.Theme, c color.Color, v fyne.ThemeVariant) color.Color {
	fg := th.Color(theme.ColorNameForeground, v)
	out := color.NRGBAModel.Convert(c).(color.NRGBA)
	for step := 0; step < 32 && leastContrast(th, out, v) < MinContrast; step++ {
		out = color.NRGBAModel.Convert(blend(color.NRGBA{R: out.R, G: out.G, B: out.B, A: 0xe0}, fg)).(color.NRGBA)
		out.A = 0xff
	}
	return out
}

// leastContrast is the least contrast of the opaque text colour c on each of TextBacks.
func leastContrast(th fyne.Theme, c color.Color, v fyne.ThemeVariant) float64 {
	bg := th.Color(theme.ColorNameBackground, v)
	least := 21.0
	for _, n := range TextBacks {
		least = min(least, Contrast(c, blend(th.Color(n, v), bg)))
	}
	return least
}

// blend lays c over the opaque bg by its alpha, as the screen shows it.
func blend(c, bg color.Color) color.Color {
	r, g, b, a := c.RGBA()
	br, bgG, bb, _ := bg.RGBA()
	mix := func(x, y uint32) uint8 { return uint8((x + y*(0xffff-a)/0xffff) >> 8) }
	return color.NRGBA{R: mix(r, br), G: mix(g, bgG), B: mix(b, bb), A: 0xff}
}

// MinFocusContrast is the contrast a focus indicator should have against what it is drawn on
// (WCAG 2.2, non-text contrast).
const MinFocusContrast = 3

// focusBacks are the colours the focus colour is laid on: the window, a button, an input box.
var focusBacks = []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameButton, theme.ColorNameInputBackground}

// visibleFocus is th's focus colour made more opaque, so that a focused button, check or select
// can be told from the others: Fyne's own (the primary colour at a sixth) gave 1.24:1. It grows
// until it stands out at MinFocusContrast on each of focusBacks, or until one more step would
// leave the text drawn on it under MinContrast (a button's label is on the fill), whichever
// comes first. Outlines (an entry's border, a list's frame) use the primary colour instead.
func visibleFocus(th fyne.Theme, v fyne.ThemeVariant) color.Color {
	bg, fg := th.Color(theme.ColorNameBackground, v), th.Color(theme.ColorNameForeground, v)
	f := color.NRGBAModel.Convert(th.Color(theme.ColorNameFocus, v)).(color.NRGBA)
	for f.A < 0xf8 && focusContrast(th, f, v, bg) < MinFocusContrast {
		next := f
		next.A += 0x08
		if textOnFocus(th, next, v, bg, fg) < MinContrast {
			break
		}
		f = next
	}
	return f
}

// focusContrast is the least contrast of focus f laid on each of focusBacks against that back.
func focusContrast(th fyne.Theme, f color.Color, v fyne.ThemeVariant, bg color.Color) float64 {
	least := 21.0
	for _, n := range focusBacks {
		back := blend(th.Color(n, v), bg)
		least = min(least, Contrast(blend(f, back), back))
	}
	return least
}

// textOnFocus is the least contrast of the text colour fg on focus f laid on each of focusBacks.
func textOnFocus(th fyne.Theme, f color.Color, v fyne.ThemeVariant, bg, fg color.Color) float64 {
	least := 21.0
	for _, n := range focusBacks {
		least = min(least, Contrast(fg, blend(f, blend(th.Color(n, v), bg))))
	}
	return least
}
