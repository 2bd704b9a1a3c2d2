package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Theme names accepted in Settings.Theme.
const (
	ThemeSystem = "system"
	ThemeLight  = "light"
	ThemeDark   = "dark"
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

// themeFor returns the Fyne theme for a Settings.Theme value; unknown values follow the system.
func themeFor(name string) fyne.Theme {
	switch name {
	case ThemeLight:
		return variantTheme{Theme: theme.DefaultTheme(), variant: theme.VariantLight}
	case ThemeDark:
		return variantTheme{Theme: theme.DefaultTheme(), variant: theme.VariantDark}
	}
	return systemTheme{Theme: theme.DefaultTheme()}
}

// applyTheme switches the whole app to the theme named in the settings, when it changed.
func (u *UI) applyTheme() {
	name := u.b.Settings().Theme
	if name == u.theme && u.themeSet {
		return
	}
	u.theme, u.themeSet = name, true
	u.fa.Settings().SetTheme(themeFor(name))
}
