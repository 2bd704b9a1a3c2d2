package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	ltheme "lectern/ui/theme"
)

// Every badge reads at 4.5:1 or more in the light and the dark theme, 7:1 in high contrast in
// either variant (issue 12: white on green was 1.48:1 and white on orange 2.16:1 in the light theme).
func TestBadgeContrast(t *testing.T) {
	test.NewTempApp(t)
	kinds := []fyne.ThemeColorName{theme.ColorNameSuccess, theme.ColorNameWarning, theme.ColorNameError,
		theme.ColorNamePrimary, theme.ColorNameInputBorder, theme.ColorNameDisabledButton}
	for _, look := range ltheme.Looks() {
		for _, k := range kinds {
			fg, bg := badgeColors(look.Theme, k, look.Variant)
			if c := ltheme.Contrast(fg, bg); c < look.MinContrast {
				t.Errorf("%s theme, %s badge: contrast %.2f", look.Name, k, c)
			}
		}
	}
}
