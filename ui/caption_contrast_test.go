package ui

import (
	"testing"

	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/uitest"
	"lectern/ui/widgets"
)

// The window's quiet texts (the caption style, the refresh note; those of the lists and the
// documents pane are checked in their packages) read at 4.5:1 or more in both themes, on the
// window's background.
func TestCaptionContrast(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	texts := map[string]*widget.Label{"caption": widgets.CaptionLabel(""), "refresh note": m.syncText}
	uitest.CheckContrast(t, texts, nil)
}
