package uitest

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ltheme "lectern/ui/theme"
)

// CheckContrast fails t for each label of texts that reads under its look's contrast (4.5:1 in
// the light and the dark theme, 7:1 in high contrast in either variant: ltheme.Looks), on the
// window's background and, for those named in inRows, on a hovered or selected row.
func CheckContrast(t testing.TB, texts map[string]*widget.Label, inRows map[string]bool) {
	t.Helper()
	for _, look := range ltheme.Looks() {
		th, v := look.Theme, look.Variant
		for what, l := range texts {
			bg := th.Color(theme.ColorNameBackground, v)
			backs := map[string]color.Color{"background": bg}
			if inRows[what] {
				backs["selected row"] = over(th.Color(theme.ColorNameSelection, v), bg)
				backs["hovered row"] = over(th.Color(theme.ColorNameHover, v), bg)
			}
			for on, back := range backs {
				fg := over(th.Color(labelColor(l), v), back)
				if c := ltheme.Contrast(fg, back); c < look.MinContrast {
					t.Errorf("%s theme, %s on the %s: %.2f", look.Name, what, on, c)
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
