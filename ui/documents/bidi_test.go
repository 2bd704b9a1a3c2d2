package documents

import (
	"strings"
	"testing"

	"lectern/app"
	"lectern/client"
	"lectern/ui/internal/uitest"
)

// Issue 36: Arabic names were drawn with their runs in the order of the text, their numbers where a
// reader of Arabic starts. The pane's title and the table's names draw them as the bidirectional
// algorithm lays them out, and a screen reader is given them as written.
func TestArabicNamesAreDrawnInBidiOrder(t *testing.T) {
	docs := []client.Document{{DocumentID: "doc_ar", Name: "تقرير 2024.pdf", Status: client.StatusReady, SourceType: "file"}}
	f := newFixture(t, func(a *app.App) Backend {
		return override{Backend: a, content: func(string) ([]client.Document, []client.Source, error) { return docs, nil, nil }}
	})
	ws := app.CachedWorkspace{Workspace: client.Workspace{WorkspaceID: "ws_ar", Name: "تقرير 2024", Scope: "personal", Access: "owner"}}
	f.v.Show(ws)
	uiQueue.Until(t, "the documents", func() bool { return !f.v.Loading() && f.v.table.model.Rows() == 1 })
	if got := uitest.Drawn(f.v.title.Text); got != "2024 ريرقت" {
		t.Errorf("the title %q is drawn %q", ws.Workspace.Name, got)
	}
	if said := f.v.title.AccessibilityLabel(); said != ws.Workspace.Name {
		t.Errorf("the title is read %q", said)
	}
	found := false
	for _, o := range uitest.Shown(f.v.table.table) {
		if c, ok := o.(*docCell); ok && c.text == docs[0].Name {
			found = true
			if got := uitest.Drawn(c.label.Text); got != "pdf.2024 ريرقت" {
				t.Errorf("the name %q is drawn %q", docs[0].Name, got)
			}
			if said := c.AccessibilityLabel(); !strings.HasPrefix(said, docs[0].Name) {
				t.Errorf("the name is read %q", said)
			}
		}
	}
	if !found {
		t.Fatal("no cell shows the document")
	}
}
