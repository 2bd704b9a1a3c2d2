package conversation

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/uitest"
)

// A conversation's time under its title reads at 4.5:1 or more in both themes, on the background
// and on a hovered or selected row (issue 12).
func TestCaptionContrast(t *testing.T) {
	test.NewTempApp(t)
	uitest.CheckContrast(t, map[string]*widget.Label{"conversation time": newConversationRow(nil).when},
		map[string]bool{"conversation time": true})
}
