package theme

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/fontscan"
)

// WarmSystemFonts loads the index of the system fonts (the fallback fonts Fyne looks up when it
// first measures text), so that the UI goroutine finds it ready instead of building it before the
// first frame. The index is a process-wide one, built once behind a sync.Once and read-only after:
// go-text documents FontMap.UseSystemFonts as safe for concurrent use. Fyne calls it with the same
// (empty) cache folder, and the font map made here is thrown away.
func WarmSystemFonts() {
	_ = fontscan.NewFontMap(quietLogger{}).UseSystemFonts("")
}

// quietLogger drops the font scanner's messages, as Fyne's own logger does.
type quietLogger struct{}

func (quietLogger) Printf(string, ...any) {}

// WarmFonts measures a word in each text style the main window shows (regular and bold), so that
// Fyne parses those fonts and finds their system fallbacks while the UI goroutine is busy making
// the window (GLFW's start-up), rather than afterwards, when the views are made.
//
// Fyne's text caches are not safe for concurrent use (the migrated_fynedo build has no locks in
// them): Run calls this after the app exists and before anything else measures text, and waits
// for it to return before the UI goroutine does. Making the window measures no text.
func WarmFonts() {
	size := theme.DefaultTheme().Size(theme.SizeNameText)
	for _, style := range []fyne.TextStyle{{}, {Bold: true}} {
		fyne.MeasureText("Lectern", size, style)
	}
}
