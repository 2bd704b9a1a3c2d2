package theme

import (
	"image/color"
	"math"
)

// MinContrast is the contrast ratio text must have against its background (WCAG 2 AA, body text).
const MinContrast = 4.5

// Readable returns the text colour for bg: black or white, whichever contrasts more. One of them
// always meets MinContrast on an opaque background (at least 4.58:1), so the theme's own colours
// stay as they are; the light theme's bright green and orange take black text.
func Readable(bg color.Color) color.Color {
	if Contrast(color.White, bg) > Contrast(color.Black, bg) {
		return color.White
	}
	return color.Black
}

// Contrast is the WCAG contrast ratio of two colours, from 1 to 21.
func Contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// luminance is a colour's relative luminance (WCAG 2), alpha ignored.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// Distance is the Euclidean distance between a and b in 8-bit RGB (0 to 441): how far apart two
// colours look where their contrast cannot say it (a change of hue at the same lightness).
func Distance(a, b color.Color) float64 {
	ar, ag, ab, _ := a.RGBA()
	br, bgr, bb, _ := b.RGBA()
	d := func(x, y uint32) float64 { return float64(int(x>>8) - int(y>>8)) }
	return math.Sqrt(d(ar, br)*d(ar, br) + d(ag, bgr)*d(ag, bgr) + d(ab, bb)*d(ab, bb))
}
