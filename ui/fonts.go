package ui

import "github.com/go-text/typesetting/fontscan"

// warmSystemFonts loads the index of the system fonts (the fallback fonts Fyne looks up when it
// first measures text), so that the UI goroutine finds it ready instead of building it before the
// first frame. The index is a process-wide one, built once behind a sync.Once and read-only after:
// go-text documents FontMap.UseSystemFonts as safe for concurrent use. Fyne calls it with the same
// (empty) cache folder, and the font map made here is thrown away.
func warmSystemFonts() {
	_ = fontscan.NewFontMap(quietLogger{}).UseSystemFonts("")
}

// quietLogger drops the font scanner's messages, as Fyne's own logger does.
type quietLogger struct{}

func (quietLogger) Printf(string, ...any) {}
