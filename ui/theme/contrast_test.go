package theme

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

func TestContrastRatio(t *testing.T) {
	if c := Contrast(color.White, color.Black); c < 20.9 || c > 21.1 {
		t.Fatalf("white on black: %.2f, want 21", c)
	}
	green := color.NRGBA{R: 0x43, G: 0xf4, B: 0x36, A: 0xff}
	if c := Contrast(color.White, green); c > 1.6 {
		t.Fatalf("white on bright green: %.2f", c)
	}
	if fg := Readable(green); fg != color.Color(color.Black) {
		t.Fatalf("readable on green: %v", fg)
	}
	for v := 0; v <= 0xff; v++ { // every grey, the hardest backgrounds, takes one of the two
		grey := color.NRGBA{R: uint8(v), G: uint8(v), B: uint8(v), A: 0xff}
		if c := Contrast(Readable(grey), grey); c < MinContrast {
			t.Fatalf("grey %#x: %.2f", v, c)
		}
	}
}

// TestFocusShowsInBothThemes checks what draws the keyboard's focus in both themes: the focus
// fill (a focused button, check or select) keeps its text readable and stands out from the
// unfocused control more than Fyne's own (1.24:1 light, 1.16:1 dark): as far as the text allows,
// 1.42:1 light (its grey text caps it) and 2.86:1 dark; the
// outlines (a focused entry's border, a focused list's frame: the primary colour) stand out at
// 3:1 from the window and an input box.
func TestFocusShowsInBothThemes(t *testing.T) {
	for _, name := range []string{Light, Dark} {
		th := For(name)
		bg, fg := th.Color(theme.ColorNameBackground, 0), th.Color(theme.ColorNameForeground, 0)
		focus := th.Color(theme.ColorNameFocus, 0)
		if c := focusContrast(th, focus, 0, bg); c < 1.4 {
			t.Errorf("%s theme: a focused control against the others: %.2f", name, c)
		}
		if c := textOnFocus(th, focus, 0, bg, fg); c < MinContrast {
			t.Errorf("%s theme: text on a focused control: %.2f", name, c)
		}
		for _, n := range []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameInputBackground} {
			back := blend(th.Color(n, 0), bg)
			if c := Contrast(th.Color(theme.ColorNamePrimary, 0), back); c < MinFocusContrast {
				t.Errorf("%s theme: a focus outline on %s: %.2f", name, n, c)
			}
		}
	}
}

// TestTextColoursReadEverywhere checks the colours text is drawn in besides the foreground (a
// warning or error label, an upload's state, a hyperlink, a string in a code block) on the window
// and in an input box, and the label on a fill of each: Fyne's own success green read at 1.48:1
// on the light window.
func TestTextColoursReadEverywhere(t *testing.T) {
	for _, look := range Looks() {
		th, v := look.Theme, look.Variant
		bg := th.Color(theme.ColorNameBackground, v)
		for _, n := range TextColours {
			for _, back := range TextBacks {
				on := blend(th.Color(back, v), bg)
				if c := Contrast(th.Color(n, v), on); c < look.MinContrast {
					t.Errorf("%s theme: %s text on %s: %.2f", look.Name, n, back, c)
				}
			}
		}
		for label, fill := range textOnFill {
			if c := Contrast(th.Color(label, v), th.Color(fill, v)); c < MinContrast {
				t.Errorf("%s theme: %s on %s: %.2f", look.Name, label, fill, c)
			}
		}
	}
}
