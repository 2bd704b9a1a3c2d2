package theme

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// highContrastVariants are the two palettes of the high-contrast theme.
var highContrastVariants = map[string]fyne.ThemeVariant{"light": theme.VariantLight, "dark": theme.VariantDark}

// texts are the colours Fyne draws text in; plainBacks what such text is drawn on (rows are
// checked hovered and selected, buttons hovered and focused, below).
var (
	texts = []fyne.ThemeColorName{theme.ColorNameForeground, theme.ColorNameDisabled, theme.ColorNamePlaceHolder,
		theme.ColorNamePrimary, theme.ColorNameHyperlink, theme.ColorNameError, theme.ColorNameSuccess, theme.ColorNameWarning}
	plainBacks = []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameInputBackground,
		theme.ColorNameMenuBackground, theme.ColorNameOverlayBackground, theme.ColorNameHeaderBackground}
)

// Every text of the high-contrast theme reads at 7:1 or more (WCAG AAA) in both variants: each text
// colour on the window, an input box, a menu, a dialog and a header; the text colour and the
// captions' on a hovered and a selected row; the text colour on a button plain, hovered, focused
// and pressed, and on a selection in an entry; the text on each coloured fill (a high-importance
// or danger button, a badge) on that fill.
func TestHighContrastTextReads(t *testing.T) {
	th := For(HighContrast)
	for vname, v := range highContrastVariants {
		c := func(n fyne.ThemeColorName) color.Color { return th.Color(n, v) }
		check := func(text fyne.ThemeColorName, on string, back color.Color) {
			if r := Contrast(c(text), back); r < MinHighContrast {
				t.Errorf("%s: %s text on %s: %.2f, want %d", vname, text, on, r, MinHighContrast)
			}
		}
		for _, back := range plainBacks {
			for _, text := range texts {
				check(text, string(back), c(back))
			}
		}
		bg := c(theme.ColorNameBackground)
		for _, text := range []fyne.ThemeColorName{theme.ColorNameForeground, theme.ColorNameDisabled} {
			check(text, "a hovered row", blend(c(theme.ColorNameHover), bg))
			check(text, "a selected row", blend(c(theme.ColorNameSelection), bg))
		}
		button := blend(c(theme.ColorNameButton), bg)
		check(theme.ColorNameForeground, "a button", button)
		for _, state := range []fyne.ThemeColorName{theme.ColorNameHover, theme.ColorNameFocus, theme.ColorNamePressed} {
			check(theme.ColorNameForeground, "a button blended with "+string(state), blend(c(state), button))
		}
		check(theme.ColorNameForeground, "a selection in an entry", blend(c(theme.ColorNameSelection), c(theme.ColorNameInputBackground)))
		check(theme.ColorNameDisabled, "a disabled button", blend(c(theme.ColorNameDisabledButton), bg))
		for fill, text := range map[fyne.ThemeColorName]fyne.ThemeColorName{
			theme.ColorNamePrimary: theme.ColorNameForegroundOnPrimary, theme.ColorNameError: theme.ColorNameForegroundOnError,
			theme.ColorNameSuccess: theme.ColorNameForegroundOnSuccess, theme.ColorNameWarning: theme.ColorNameForegroundOnWarning} {
			check(text, string(fill), c(fill))
		}
	}
}

// minStateContrast is the least contrast the selection and the focus fill keep against the window
// in the high-contrast theme. With text at 7:1 on them, 3:1 is the most there is (7 × 3 = 21);
// they come within a fifth of it and change hue besides (minStateDistance).
const minStateContrast = 2.4

// minStateDistance is the least distance in RGB (0-255 a channel) between a state and what it
// replaces: half a channel's range, a change of hue, not a shade.
const minStateDistance = 128

// The high-contrast theme's selection and focus are unmistakable in both variants: each stands
// out from the window at minStateContrast, a selected row is a different colour (minStateDistance)
// from a hovered one and from the focus, a focused button from an unfocused one, and a focused
// entry's border (the primary colour) from an unfocused one's and from the window, at 3:1.
func TestHighContrastFocusAndSelectionShow(t *testing.T) {
	th := For(HighContrast)
	for vname, v := range highContrastVariants {
		c := func(n fyne.ThemeColorName) color.Color { return th.Color(n, v) }
		bg := c(theme.ColorNameBackground)
		sel, focus := blend(c(theme.ColorNameSelection), bg), blend(c(theme.ColorNameFocus), bg)
		button := blend(c(theme.ColorNameButton), bg)
		for what, fill := range map[string]color.Color{"selection": sel, "focus": focus} {
			if r := Contrast(fill, bg); r < minStateContrast {
				t.Errorf("%s: the %s against the window: %.2f, want %.1f", vname, what, r, minStateContrast)
			}
		}
		pairs := []struct {
			what string
			a, b color.Color
		}{
			{"a selected row and a hovered one", sel, blend(c(theme.ColorNameHover), bg)},
			{"a selected row and a focused control", sel, focus},
			{"a focused button and another", blend(c(theme.ColorNameFocus), button), button},
		}
		for _, p := range pairs {
			if d := Distance(p.a, p.b); d < minStateDistance {
				t.Errorf("%s: %s differ by %.0f, want %d", vname, p.what, d, minStateDistance)
			}
		}
		border, focused := c(theme.ColorNameInputBorder), c(theme.ColorNamePrimary)
		if r := Contrast(focused, bg); r < MinFocusContrast {
			t.Errorf("%s: a focused entry's border on the window: %.2f", vname, r)
		}
		if d := Distance(focused, border); d < minStateDistance {
			t.Errorf("%s: a focused entry's border and an unfocused one's differ by %.0f", vname, d)
		}
	}
	if w := th.Size(theme.SizeNameInputBorder); w < 2 {
		t.Errorf("an input border %.0f wide", w)
	}
}
