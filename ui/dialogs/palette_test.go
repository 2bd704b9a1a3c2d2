package dialogs

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

func labels(items []PaletteItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

// openPalette shows a palette of three actions over a test window and records which ran.
func openPalette(t *testing.T) (*Palette, fyne.Canvas, *[]string) {
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	w.Resize(fyne.NewSize(800, 600))
	var ran []string
	item := func(label, keys string) PaletteItem {
		return PaletteItem{Label: label, Keys: keys, Run: func() { ran = append(ran, label) }}
	}
	p := ShowPalette(w.Canvas(), "Type an action", []PaletteItem{
		item("Next pane", "F6"), item("Previous pane", "Shift+F6"), item("Refresh", "Ctrl+R")})
	return p, w.Canvas(), &ran
}

func TestPaletteFiltersByEveryWordOfLabelOrKeys(t *testing.T) {
	p, c, _ := openPalette(t)
	if !p.Visible() || !p.Owns(c.Focused()) {
		t.Fatal("the palette is not open with the keyboard in its box")
	}
	for typed, want := range map[string][]string{
		"PANE":         {"Next pane", "Previous pane"},
		"pane shift":   {"Previous pane"},
		"ctrl+r":       {"Refresh"},
		"pane nowhere": nil,
	} {
		box := c.Focused().(interface{ SetText(string) })
		box.SetText(typed)
		if got := labels(p.Shown()); !slices.Equal(got, want) {
			t.Errorf("typing %q shows %v, want %v", typed, got, want)
		}
	}
}

func TestPaletteKeysMoveRunAndClose(t *testing.T) {
	p, c, ran := openPalette(t)
	box := c.Focused()
	box.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp}) // stays on the first row
	box.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	box.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if p.Visible() || !slices.Equal(*ran, []string{"Previous pane"}) {
		t.Errorf("Up, Down, Enter: shown %v, ran %v", p.Visible(), *ran)
	}
	p, c, ran = openPalette(t)
	test.Type(c.Focused(), "zzz")
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !p.Visible() || len(*ran) != 0 {
		t.Errorf("Enter with no row shown: shown %v, ran %v", p.Visible(), *ran)
	}
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if p.Visible() || len(*ran) != 0 {
		t.Errorf("Esc: shown %v, ran %v", p.Visible(), *ran)
	}
}

func TestPaletteAddsItemsFoundLaterUnderTheFilter(t *testing.T) {
	p, c, ran := openPalette(t)
	test.Type(c.Focused(), "budget")
	p.Add(PaletteItem{Label: "Conversation: budget", Run: func() { *ran = append(*ran, "budget") }},
		PaletteItem{Label: "Conversation: travel", Run: func() {}})
	if got := labels(p.Shown()); !slices.Equal(got, []string{"Conversation: budget"}) {
		t.Fatalf("after Add, typing “budget” shows %v", got)
	}
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnter})
	if !slices.Equal(*ran, []string{"budget"}) {
		t.Errorf("Enter ran %v", *ran)
	}
}
