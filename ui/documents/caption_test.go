package documents

import (
	"testing"

	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/uitest"
)

// The documents pane's quiet texts (the counts line, the shown line, the limits line, the filter's
// note, the document details) read at 4.5:1 or more in both themes (issue 12).
func TestCaptionContrast(t *testing.T) {
	f := newFixture(t, nil)
	v := f.v
	uitest.CheckContrast(t, map[string]*widget.Label{"documents shown": v.shown, "workspace counts header": v.counts,
		"limits line": v.limits.daily, "empty note": v.empty.Text, "details": v.detail.facts}, nil)
}
