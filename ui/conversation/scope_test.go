package conversation

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"lectern/client"
	"lectern/ui/widgets"
)

// The picker lists the whole workspace, then ready documents before the others, each group by
// name whatever its case (stable for equal names), and numbers labels that come out alike.
func TestScopePickerOrdersAndNumbersDocuments(t *testing.T) {
	test.NewTempApp(t)
	p := newScopePicker(func() {})
	long := strings.Repeat("x", maxNameChars+10)
	p.setDocuments([]client.Document{
		{DocumentID: "d1", Name: "beta.pdf", Status: client.StatusReady},
		{DocumentID: "d2", Name: "Alpha.pdf", Status: client.StatusNotReady},
		{DocumentID: "d3", Name: "alpha.pdf", Status: client.StatusReady},
		{DocumentID: "d4", Name: long + "a", Status: client.StatusReady},
		{DocumentID: "d5", Name: long + "b", Status: client.StatusReady},
		{DocumentID: "d6", Name: "Gamma.pdf", Status: client.StatusReady},
	})
	cut := shortName(long + "a")
	want := []string{wholeWorkspace, "alpha.pdf", "beta.pdf", "Gamma.pdf", cut, cut + " (2)", "Alpha.pdf (being prepared)"}
	if !slices.Equal(p.labels, want) {
		t.Errorf("labels = %q, want %q", p.labels, want)
	}
	var ids []string
	for i := range p.order {
		ids = append(ids, p.doc(i+1).DocumentID)
	}
	if want := []string{"d3", "d1", "d6", "d4", "d5", "d2"}; !slices.Equal(ids, want) {
		t.Errorf("documents in order %v, want %v", ids, want)
	}
}

// The scope picker shows its choice whole at the pane's widths beside an open documents panel
// (about 415 at 1100×700) and in a 640-wide window (about 440), the window's Documents button
// at the line's end showing its icon only when there is no more room; the line ends inside the
// pane (issue 20: it showed "The …").
func TestScopePickerShowsItsChoice(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.connect()
	c := chatIn(t, f, "My documents")
	docs := widgets.NewShrinkButton("Documents", theme.FileIcon(), nil)
	c.AddToBar(docs)
	for _, width := range []float32{415, 440, 600, 900} {
		c.win.Resize(fyne.NewSize(width, 600))
		drain()
		sel := c.picker.sel
		t.Logf("%v wide: the picker is %.0f wide, %.0f shows %q; Documents labelled: %v", width, sel.Size().Width,
			c.picker.wantWidth(), sel.Selected, docs.Labelled())
		if sel.Size().Width < c.picker.wantWidth() {
			t.Errorf("%v wide: the picker is %.0f wide, %.0f shows %q whole", width, sel.Size().Width, c.picker.wantWidth(), sel.Selected)
		}
		end := fyne.CurrentApp().Driver().AbsolutePositionForObject(docs).X + docs.Size().Width
		if end > width+0.5 {
			t.Errorf("%v wide: the pickers' line ends at %.0f, outside the pane", width, end)
		}
		if width >= 900 && !docs.Labelled() {
			t.Errorf("%v wide: the Documents button shows only its icon", width)
		}
	}
}
