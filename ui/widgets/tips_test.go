package widgets

import (
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// The window's tips are found as its content, and under the first-frame probe's container, where
// the desktop app lays them (the probe stays the content's root: with the tips as the root, a
// banner that grew was left lying over the list under it).
func TestTipsFoundAsContentAndUnderTheProbe(t *testing.T) {
	test.NewTempApp(t)
	tips := NewTips(widget.NewLabel("content"))
	w := test.NewWindow(tips.Root())
	t.Cleanup(w.Close)
	if TipsOf(w.Canvas()) != tips {
		t.Fatal("the tips as the content are not found")
	}
	w.SetContent(container.NewStack(tips.Root(), widget.NewLabel("probe")))
	if TipsOf(w.Canvas()) != tips {
		t.Fatal("the tips under the probe's container are not found")
	}
	w.SetContent(container.NewStack(widget.NewLabel("no tips")))
	if TipsOf(w.Canvas()) != nil || TipsOf(nil) != nil {
		t.Fatal("tips found where there are none")
	}
}
