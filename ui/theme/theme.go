// Package theme is the look of Lectern's windows: Fyne's default theme held to a variant or
// following the system, with colours made readable (WCAG contrast), the fonts warmed before the
// first frame, and the app's icon. It imports nothing of the application core.
package theme

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Theme names accepted in Settings.Theme.
const (
	System       = "system"
	Light        = "light"
	Dark         = "dark"
	HighContrast = "high-contrast"
)

// variantTheme is Fyne's default theme held to one variant, for a light or dark choice that does
// not follow the system.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

var _ fyne.Theme = variantTheme{}

// Color returns the default theme's colour n in the chosen variant, made readable.
func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return readableColor(t.Theme, n, t.variant)
}

// For returns the Fyne theme for a Settings.Theme value; unknown values follow the system.
func For(name string) fyne.Theme {
	switch name {
	case Light:
		return variantTheme{Theme: theme.DefaultTheme(), variant: theme.VariantLight}
	case Dark:
		return variantTheme{Theme: theme.DefaultTheme(), variant: theme.VariantDark}
	case HighContrast:
		return highContrastTheme{Theme: theme.DefaultTheme()}
	}
	return systemTheme{Theme: theme.DefaultTheme()}
}

// Look is one way a theme choice can show: the theme, the system variant it is shown in, and the
// contrast its text must reach. Contrast tests walk Looks.
type Look struct {
	Name        string // the theme's name, and the variant for a theme that follows the system
	Theme       fyne.Theme
	Variant     fyne.ThemeVariant
	MinContrast float64
}

// Looks are the looks the contrast tests check: light and dark (each the same in either variant),
// and high contrast in both variants, held to MinHighContrast.
func Looks() []Look {
	return []Look{
		{Light, For(Light), theme.VariantLight, MinContrast},
		{Dark, For(Dark), theme.VariantDark, MinContrast},
		{HighContrast + " (light)", For(HighContrast), theme.VariantLight, MinHighContrast},
		{HighContrast + " (dark)", For(HighContrast), theme.VariantDark, MinHighContrast},
	}
}
