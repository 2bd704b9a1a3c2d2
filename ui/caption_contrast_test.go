package ui

import (
	"testing"

	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/uitest"
	"lectern/ui/widgets"
)

// The quiet texts of the lists (counts lines, the conversation list's times, the refresh note, the
// filter note; the documents pane's are checked in its package) read at 4.5:1 or more
// in both themes, on the window's background and on a hovered or selected row.
func TestCaptionContrast(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	conv := newConversationRow(nil)
	texts := map[string]*widget.Label{"conversation time": conv.when,
		"caption": widgets.CaptionLabel(""), "refresh note": m.syncText}
	uitest.CheckContrast(t, texts, map[string]bool{"conversation time": true})
}
