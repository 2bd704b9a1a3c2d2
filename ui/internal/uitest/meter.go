package uitest

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	ltheme "lectern/ui/theme"
)

// CheckEmptyLooksEmpty fails t when the bar o, drawn alone in a test window at 0% (or nearly) in
// the light, the dark or the high-contrast theme, is painted a quarter of the way along nearer the
// primary colour than a quarter of the way from the background: a bar's empty part must look empty, not full
// (issue 20: Fyne's ProgressBar painted it in the primary colour at half strength). The caller
// sets o's value before.
func CheckEmptyLooksEmpty(t testing.TB, what string, o fyne.CanvasObject) {
	t.Helper()
	fa := test.NewTempApp(t)
	for _, name := range []string{ltheme.Light, ltheme.Dark, ltheme.HighContrast} {
		fa.Settings().SetTheme(ltheme.For(name))
		checkEmpty(t, what+", "+name+" theme", o)
	}
}

func checkEmpty(t testing.TB, what string, o fyne.CanvasObject) {
	t.Helper()
	w := test.NewTempWindow(t, o)
	w.Resize(fyne.NewSize(400, 60))
	o.Resize(fyne.NewSize(400-2*theme.Padding(), o.MinSize().Height))
	o.Refresh() // in the theme just set
	img := w.Canvas().Capture()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	scale := float32(img.Bounds().Dx()) / w.Canvas().Size().Width
	x, y := int((pos.X+o.Size().Width/4)*scale), int((pos.Y+o.Size().Height/2)*scale)
	got := img.At(x, y)
	bg, primary := theme.Color(theme.ColorNameBackground), theme.Color(theme.ColorNamePrimary)
	if d, full := ltheme.Distance(got, bg), ltheme.Distance(primary, bg); d > full/4 {
		t.Errorf("%s: the empty part is painted %v, %.0f%% of the way from the background %v to the primary colour %v",
			what, got, 100*d/full, bg, primary)
	}
}
