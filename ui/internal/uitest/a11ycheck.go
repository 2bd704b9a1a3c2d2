package uitest

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// AssertLabelled fails on every object of w a screen reader could not name (Unlabelled over the
// window's content and what is laid over it), and on a screen whose top layer (the dialog or
// pop-up over the window, else the window's content) does not give each of want among its
// labels: the walk would have missed the place it was meant to check.
func AssertLabelled(t testing.TB, w fyne.Window, screen string, want ...string) {
	t.Helper()
	roots := append([]fyne.CanvasObject{w.Content()}, w.Canvas().Overlays().List()...)
	for _, line := range Unlabelled(roots...) {
		t.Errorf("%s: %s", screen, line)
	}
	labels := strings.Join(AccessibleLabels(roots[len(roots)-1]), "\n")
	for _, s := range want {
		if !strings.Contains(labels, s) {
			t.Errorf("%s: no label says %q; the labels are:\n%s", screen, s, labels)
		}
	}
}

// CloseOverlays takes away what is laid over w's content (a dialog, a pop-up), so that the next
// screen of a walk starts on the window alone.
func CloseOverlays(w fyne.Window) {
	o := w.Canvas().Overlays()
	for o.Top() != nil {
		o.Remove(o.Top())
	}
}
