package uitest

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ltheme "lectern/ui/theme"
)

// CheckContrast fails t for each label of texts that reads under ltheme.MinContrast in the light
// or the dark theme, on the window's background and, for those named in inRows, on a hovered or
// selected row.
func CheckContrast(t testing.TB, texts map[string]*widget.Label, inRows map[string]bool) {
	t.Helper()
	for _, name := range []string{ltheme.Light, ltheme.Dark} {
		th := ltheme.For(name)
		for what, l := range texts {
			bg := th.Color(theme.ColorNameBackground, 0)
			backs := map[string]color.Color{"background": bg}
			if inRows[what] {
				backs["selected row"] = over(th.Color(theme.ColorNameSelection, 0), bg)
				backs["hovered row"] = over(th.Color(theme.ColorNameHover, 0), bg)
			}
			for on, back := range backs {
				fg := over(th.Color(labelColor(l), 0), back)
				if c := ltheme.Contrast(fg, back); c < ltheme.MinContrast {
					t.Errorf("%s theme, %s on the %s: %.2f", name, what, on, c)
				}
			}
		}
	}
}

// labelColor is the colour name a label's text takes, as widget.Label picks it from its importance.
func labelColor(l *widget.Label) fyne.ThemeColorName {
	switch l.Importance {
	case widget.LowImportance:
		return theme.ColorNameDisabled
	case widget.HighImportance:
		return theme.ColorNamePrimary
	case widget.DangerImportance:
		return theme.ColorNameError
	case widget.WarningImportance:
		return theme.ColorNameWarning
	case widget.SuccessImportance:
		return theme.ColorNameSuccess
	}
	return theme.ColorNameForeground
}

// over lays c on the opaque bg by its alpha: what the screen shows.
func over(c, bg color.Color) color.Color {
	r, g, b, a := c.RGBA()
	br, bgG, bb, _ := bg.RGBA()
	mix := func(x, y uint32) uint8 { return uint8((x + y*(0xffff-a)/0xffff) >> 8) }
	return color.NRGBA{R: mix(r, br), G: mix(g, bgG), B: mix(b, bb), A: 0xff}
}
