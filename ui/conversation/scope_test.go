package conversation

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"lectern/client"
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
