package widgets

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
)

// A check list starts with the options given ticked, says each option and its tick to a screen
// reader, and gives the options ticked now in its own order.
func TestCheckListTicksAndSaysEachOption(t *testing.T) {
	test.NewTempApp(t)
	l := NewCheckList([]string{"Finance", "Legal", "Sales"}, []string{"Sales"})
	test.NewTempWindow(t, l.Box)
	if got := l.Selected(); !slices.Equal(got, []string{"Sales"}) {
		t.Fatalf("selected at first %v", got)
	}
	test.Tap(l.Checks[0])
	test.Tap(l.Checks[2])
	if got := l.Selected(); !slices.Equal(got, []string{"Finance"}) {
		t.Errorf("after ticking Finance and unticking Sales: %v", got)
	}
	if a, b := l.Checks[0].AccessibilityLabel(), l.Checks[1].AccessibilityLabel(); a != "Finance, ticked" || b != "Legal, not ticked" {
		t.Errorf("the ticks say %q, %q", a, b)
	}
}
