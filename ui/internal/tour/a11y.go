package tour

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"lectern/ui/internal/uitest"
	ltheme "lectern/ui/theme"
)

// defaultPixels is the main window's default size, and the tour's screen, in pixels.
var defaultPixels = fyne.NewSize(1100, 700)

// setScale sets Fyne's scale s (FYNE_SCALE, which Fyne reads whenever it works out a window's
// scale) and has every window take it: a change of settings makes Fyne rescale its windows. The
// main window then gets the default window's pixels at s, as a person's screen would hold it, and
// no text of it may be clipped (uitest.ClippedTexts, as TestTextScalesWithoutClipping checks).
func (t *tour) setScale(s float32) error {
	if s == 1 {
		os.Unsetenv("FYNE_SCALE")
	} else {
		os.Setenv("FYNE_SCALE", fmt.Sprint(s))
	}
	onUI(func() {
		set := fyne.CurrentApp().Settings()
		set.SetTheme(set.Theme())
	})
	want := fyne.NewSize(defaultPixels.Width/s, defaultPixels.Height/s)
	onUI(func() { t.w.Main().Resize(want) })
	time.Sleep(time.Second) // the resize and the text at the new scale
	var got float32
	onUI(func() { got = t.w.Main().Canvas().Scale() })
	if got != s {
		return fmt.Errorf("the window's scale is %.1f, want %.1f", got, s)
	}
	var clipped []string
	var size fyne.Size
	onUI(func() { size = t.w.Main().Canvas().Size(); clipped, _ = uitest.ClippedTexts(t.w.Main().Canvas()) })
	if len(clipped) > 0 {
		return fmt.Errorf("at scale %.1f, %.0f×%.0f, texts are clipped:\n  %s", s, size.Width, size.Height, strings.Join(clipped, "\n  "))
	}
	return nil
}

// scaled shoots the main window at scale 1.5 in the default window's pixels: the same screen, text
// and everything else half as large again (issue 25), the documents panel closed (narrow, it
// scrolls sideways).
func (t *tour) scaled() (fyne.Window, error) {
	onUI(func() {
		if w := t.w.Settings(); w != nil {
			w.Close()
		}
		t.w.FoldDocuments(true)
	})
	return t.w.Main(), t.setScale(1.5)
}

// highContrast shoots the main window at scale 1 in the high-contrast theme, in its dark variant
// (Xvfb's system variant): white on black.
func (t *tour) highContrast() (fyne.Window, error) {
	if err := t.setScale(1); err != nil {
		return nil, err
	}
	onUI(func() { t.w.FoldDocuments(false) })
	if err := t.setTheme(ltheme.HighContrast); err != nil {
		return nil, err
	}
	applied := waitFor(10*time.Second, func() bool {
		set := fyne.CurrentApp().Settings()
		bg := set.Theme().Color(theme.ColorNameBackground, set.ThemeVariant())
		return ltheme.Contrast(bg, color.Black) < 1.01 || ltheme.Contrast(bg, color.White) < 1.01
	})
	if !applied {
		return nil, errors.New("the high-contrast theme was not applied: the background is not black or white")
	}
	return t.w.Main(), nil
}
