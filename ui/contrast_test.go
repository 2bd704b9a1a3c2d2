package ui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Every badge reads at 4.5:1 or more in the light and the dark theme (issue 12: white on green was
// 1.48:1 and white on orange 2.16:1 in the light theme).
func TestBadgeContrast(t *testing.T) {
	kinds := []fyne.ThemeColorName{theme.ColorNameSuccess, theme.ColorNameWarning, theme.ColorNameError,
		theme.ColorNamePrimary, theme.ColorNameInputBorder, theme.ColorNameDisabledButton}
	for _, name := range []string{ThemeLight, ThemeDark} {
		th := themeFor(name)
		for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
			for _, k := range kinds {
				fg, bg := badgeColors(th, k, v)
				if c := contrast(fg, bg); c < minContrast {
					t.Errorf("%s theme, %s badge: contrast %.2f", name, k, c)
				}
			}
		}
	}
}

func TestContrastRatio(t *testing.T) {
	if c := contrast(color.White, color.Black); c < 20.9 || c > 21.1 {
		t.Fatalf("white on black: %.2f, want 21", c)
	}
	green := color.NRGBA{R: 0x43, G: 0xf4, B: 0x36, A: 0xff}
	if c := contrast(color.White, green); c > 1.6 {
		t.Fatalf("white on bright green: %.2f", c)
	}
	if fg := readable(green); fg != color.Color(color.Black) {
		t.Fatalf("readable on green: %v", fg)
	}
	for v := 0; v <= 0xff; v++ { // every grey, the hardest backgrounds, takes one of the two
		grey := color.NRGBA{R: uint8(v), G: uint8(v), B: uint8(v), A: 0xff}
		if c := contrast(readable(grey), grey); c < minContrast {
			t.Fatalf("grey %#x: %.2f", v, c)
		}
	}
}
