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
	System = "system"
	Light  = "light"
	Dark   = "dark"
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
	}
	return systemTheme{Theme: theme.DefaultTheme()}
}
