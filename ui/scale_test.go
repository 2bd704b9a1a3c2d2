package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"lectern/ui/internal/uitest"
)

// defaultWindowPixels is the main window's default size (savedSize) in pixels at scale 1.
var defaultWindowPixels = fyne.NewSize(1100, 700)

// scaledWindow sets Fyne's scale s on the main window's canvas and gives the window the default
// window's pixels at that scale: Fyne's scale multiplies every size (text, padding, icons) in
// units the layout never sees, so what a larger scale changes for a person is that the window they
// had holds 1/s as many units. A real window is kept at least its content's minimum size (GLFW's
// size limits), so the window is that when it is larger.
func scaledWindow(t *testing.T, w fyne.Window, s float32) fyne.Size {
	t.Helper()
	c, ok := w.Canvas().(interface{ SetScale(float32) })
	if !ok {
		t.Fatal("the test canvas cannot set a scale")
	}
	c.SetScale(s)
	size := fyne.NewSize(defaultWindowPixels.Width/s, defaultWindowPixels.Height/s)
	min := w.Content().MinSize().AddWidthHeight(2*theme.Padding(), 2*theme.Padding())
	size = size.Max(min)
	w.Resize(size)
	drain()
	return size
}

// minTexts is fewer texts than the main window shows with a workspace and an answer: a walk that
// finds fewer missed the window's tree.
const minTexts = 30

// checkTextsFit fails t for each clipped text of the main window (uitest.ClippedTexts says when a
// text is clipped: given less than it needs, cut without an ellipsis, or past the window's edge).
func checkTextsFit(t *testing.T, m *mainView, what string) {
	t.Helper()
	for _, s := range []float32{1.5, 2} {
		size := scaledWindow(t, m.win, s)
		clipped, checked := uitest.ClippedTexts(m.win.Canvas())
		t.Logf("scale %.1f, %s: the window is %.0f×%.0f units, %d texts, %d clipped", s, what, size.Width, size.Height, checked, len(clipped))
		if checked < minTexts {
			t.Errorf("scale %.1f, %s: only %d texts found in the window", s, what, checked)
		}
		if len(clipped) > 0 {
			t.Errorf("scale %.1f, %s, window %.0f×%.0f: clipped:\n  %s", s, what, size.Width, size.Height, strings.Join(clipped, "\n  "))
		}
	}
	scaledWindow(t, m.win, 1)
}

// Text scales: with Fyne's scale at 1.5 and 2.0 in the default window's pixels, no text of the main
// window is clipped (issue 25), with the documents closed and open, a document's details shown,
// a filter typed, and a conversation's answers.
func TestTextScalesWithoutClipping(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	until(t, "the last conversation looked up", func() bool { return m.lookups.Load() == 0 })
	d := driver{f.u}
	d.ask("How many days of annual leave do employees get?")
	until(t, "the answer", func() bool { text, streaming := d.answer(); return text != "" && !streaming })
	m.setDocumentsOpen(false)
	checkTextsFit(t, m, "documents closed, an answer shown")
	m.setDocumentsOpen(true)
	if !m.docs.SelectNamed("customer-support-faq.txt") {
		t.Fatal("no customer-support-faq.txt in My documents")
	}
	drain()
	checkTextsFit(t, m, "documents open, a document's details shown")
	d.filterDocuments("customer-support-faq") // the count of matches says the filter: a long line
	drain()
	checkTextsFit(t, m, "documents open, a filter typed")
}
