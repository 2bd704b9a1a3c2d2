package theme

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// MinHighContrast is the contrast ratio text must have against its background in the high-contrast
// theme (WCAG 2 AAA, body text).
const MinHighContrast = 7

// highContrastTheme is Fyne's default theme with a palette of its own for each variant: white on
// black when the system is dark, black on white when it is light. It follows the system's variant
// rather than fixing one because people who need high contrast differ on which: light text on
// black for glare, dark text on white for halos around bright letters; the system's setting already
// says which this person chose, as Windows' and macOS's own high-contrast modes come in both.
//
// Every text colour reads at MinHighContrast or more on every background it is drawn on (the
// window, a button, an input box, a menu, a hovered, selected or focused row or button). That
// leaves a fill behind white text no lighter than about 3:1 from black (7 × 3 = 21, all there
// is), so selection and focus are told apart by hue as well: the selection is blue, the focus
// purple, a button grey; a focused input's border turns from grey to the primary colour, two
// units thick. Captions and disabled text (Fyne's disabled colour) are as strong as other text:
// grey text on a selected row cannot reach 7:1; a disabled button shows by having no fill.
type highContrastTheme struct{ fyne.Theme }

var _ fyne.Theme = highContrastTheme{}

// Color returns the high-contrast palette's colour n for variant v; a name the palette leaves out
// (the shadow, the inner window border) is the default theme's.
func (t highContrastTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	palette := highContrastDark
	if v == theme.VariantLight {
		palette = highContrastLight
	}
	if c, ok := palette[n]; ok {
		return c
	}
	return t.Theme.Color(n, v)
}

// Size makes input borders twice as thick, so that a focused entry's border shows from afar.
func (t highContrastTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameInputBorder {
		return 2 * t.Theme.Size(n)
	}
	return t.Theme.Size(n)
}

func rgb(hex uint32) color.NRGBA {
	return color.NRGBA{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 0xff}
}

func rgba(hex uint32, a uint8) color.NRGBA {
	c := rgb(hex)
	c.A = a
	return c
}

// highContrastDark is white on black (TestHighContrastTextReads checks every pair).
var highContrastDark = map[fyne.ThemeColorName]color.Color{
	theme.ColorNameBackground:          rgb(0x000000),
	theme.ColorNameForeground:          rgb(0xffffff),
	theme.ColorNameButton:              rgb(0x3a3a3a),
	theme.ColorNameDisabledButton:      rgb(0x000000),
	theme.ColorNameDisabled:            rgb(0xffffff),
	theme.ColorNamePlaceHolder:         rgb(0xbfbfbf),
	theme.ColorNamePrimary:             rgb(0xffff00),
	theme.ColorNameForegroundOnPrimary: rgb(0x000000),
	theme.ColorNameHyperlink:           rgb(0x66e0ff),
	theme.ColorNameError:               rgb(0xff8080),
	theme.ColorNameForegroundOnError:   rgb(0x000000),
	theme.ColorNameSuccess:             rgb(0x80ff80),
	theme.ColorNameForegroundOnSuccess: rgb(0x000000),
	theme.ColorNameWarning:             rgb(0xffb000),
	theme.ColorNameForegroundOnWarning: rgb(0x000000),
	theme.ColorNameInputBackground:     rgb(0x000000),
	theme.ColorNameInputBorder:         rgb(0xa0a0a0),
	theme.ColorNameMenuBackground:      rgb(0x000000),
	theme.ColorNameOverlayBackground:   rgb(0x000000),
	theme.ColorNameHeaderBackground:    rgb(0x000000),
	theme.ColorNameSeparator:           rgb(0xa0a0a0),
	theme.ColorNameScrollBar:           rgba(0xffffff, 0xcc),
	theme.ColorNameScrollBarBackground: rgb(0x000000),
	theme.ColorNameHover:               rgba(0xffffff, 0x20),
	theme.ColorNamePressed:             rgba(0x000000, 0x60),
	theme.ColorNameSelection:           rgb(0x0000ff),
	theme.ColorNameFocus:               rgb(0x9a009a),
}

// highContrastLight is black on white (TestHighContrastTextReads checks every pair).
var highContrastLight = map[fyne.ThemeColorName]color.Color{
	theme.ColorNameBackground:          rgb(0xffffff),
	theme.ColorNameForeground:          rgb(0x000000),
	theme.ColorNameButton:              rgb(0xd0d0d0),
	theme.ColorNameDisabledButton:      rgb(0xffffff),
	theme.ColorNameDisabled:            rgb(0x000000),
	theme.ColorNamePlaceHolder:         rgb(0x4d4d4d),
	theme.ColorNamePrimary:             rgb(0x0000b0),
	theme.ColorNameForegroundOnPrimary: rgb(0xffffff),
	theme.ColorNameHyperlink:           rgb(0x5a00a0),
	theme.ColorNameError:               rgb(0xa00000),
	theme.ColorNameForegroundOnError:   rgb(0xffffff),
	theme.ColorNameSuccess:             rgb(0x005a00),
	theme.ColorNameForegroundOnSuccess: rgb(0xffffff),
	theme.ColorNameWarning:             rgb(0x7a4000),
	theme.ColorNameForegroundOnWarning: rgb(0xffffff),
	theme.ColorNameInputBackground:     rgb(0xffffff),
	theme.ColorNameInputBorder:         rgb(0x555555),
	theme.ColorNameMenuBackground:      rgb(0xffffff),
	theme.ColorNameOverlayBackground:   rgb(0xffffff),
	theme.ColorNameHeaderBackground:    rgb(0xffffff),
	theme.ColorNameSeparator:           rgb(0x595959),
	theme.ColorNameScrollBar:           rgba(0x000000, 0xcc),
	theme.ColorNameScrollBarBackground: rgb(0xffffff),
	theme.ColorNameHover:               rgba(0x000000, 0x20),
	theme.ColorNamePressed:             rgba(0xffffff, 0x60),
	theme.ColorNameSelection:           rgb(0x6a9cff),
	theme.ColorNameFocus:               rgb(0xff60ff),
}
