package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// panelFits reports how the documents panel fits the width the window gives it: the panel's
// content is no wider than the panel's place, and the place is inside the window.
func (m *mainView) panelFits() (content, place, right float32) {
	root := m.docs.Root()
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(root)
	return root.MinSize().Width, root.Size().Width, abs.X + root.Size().Width
}

// The open documents panel fits the width it is given at 1280×800, 1100×700 and 640×480, a
// document's details shown: no edge of it is cut off, and the window did not grow to hold it
// (issue 20: at 1100×700 its right edge was clipped).
func TestDocumentsPanelFitsItsWidth(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.openNamed(t, "Operations")
	m.setDocumentsOpen(true)
	if !m.docs.SelectNamed("Returns policy") {
		t.Fatal("no Returns policy in Operations")
	}
	for _, s := range layoutSizes {
		m.win.Resize(s.size)
		drain()
		got := m.win.Canvas().Size()
		content, place, right := m.panelFits()
		t.Logf("%v×%v: the panel's content needs %.0f, its place is %.0f wide and ends at %.0f", s.size.Width, s.size.Height, content, place, right)
		if got.Width > s.size.Width+1 {
			t.Errorf("%v×%v: the window grew to %.0f wide to hold the documents panel", s.size.Width, s.size.Height, got.Width)
		}
		if content > place+0.5 || right > got.Width+0.5 {
			t.Errorf("%v×%v: the documents panel is cut: its content needs %.0f, it is given %.0f, its right edge is at %.0f of %.0f",
				s.size.Width, s.size.Height, content, place, right, got.Width)
		}
		chat, left := m.docSplit.Leading, m.split.Leading
		if !chat.Visible() || chat.Size().Width <= place {
			t.Errorf("%v×%v: the conversation is %.0f wide (shown: %v) beside a panel of %.0f", s.size.Width, s.size.Height,
				chat.Size().Width, chat.Visible(), place)
		}
		if wide := s.size.Width >= 1000; wide != left.Visible() {
			t.Errorf("%v×%v: the workspaces shown: %v (they give way to the panel in a narrow window only)", s.size.Width, s.size.Height, left.Visible())
		}
	}
	m.setDocumentsOpen(false) // at 640×480 the workspaces come back
	drain()
	if left := m.split.Leading; !left.Visible() || left.Size().Width < 100 {
		t.Errorf("the panel closed at 640×480, the workspaces are %.0f wide (shown: %v)", left.Size().Width, left.Visible())
	}
}
