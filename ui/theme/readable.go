package theme

import (
	"image/color"

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

// readableColor is th's colour n in variant v, except the selection colour, which is made lighter
// (less opaque) until the foreground reads at MinContrast on a selected row: the light theme's blue
// selection left 4.26:1 (issue 12).
func readableColor(th fyne.Theme, n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	c := th.Color(n, v)
	if n != theme.ColorNameSelection {
		return c
	}
	bg, fg := th.Color(theme.ColorNameBackground, v), th.Color(theme.ColorNameForeground, v)
	sel := color.NRGBAModel.Convert(c).(color.NRGBA)
	for sel.A > 0x10 && Contrast(fg, blend(sel, bg)) < MinContrast {
		sel.A -= 0x08
	}
	return sel
}

// blend lays c over the opaque bg by its alpha, as the screen shows it.
func blend(c, bg color.Color) color.Color {
	r, g, b, a := c.RGBA()
	br, bgG, bb, _ := bg.RGBA()
	mix := func(x, y uint32) uint8 { return uint8((x + y*(0xffff-a)/0xffff) >> 8) }
	return color.NRGBA{R: mix(r, br), G: mix(g, bgG), B: mix(b, bb), A: 0xff}
}
