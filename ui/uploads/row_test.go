package uploads

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/ui/internal/uitest"
)

func TestUploadRowWordsForWarningsAndUnknownTokens(t *testing.T) {
	it := Item{Entry: records.Upload{ID: 1, State: records.UploadReady, Warnings: []string{"ocr_used", "pages_skipped"}}}
	if got := it.Detail(); got != "Ready to ask · read with OCR (scanned pages), pages_skipped" {
		t.Errorf("ready with warnings: %q", got)
	}
	it.Entry.State, it.Entry.Status = records.UploadProcessing, "quarantined"
	if w, _ := stateWords(it); w != "quarantined" {
		t.Errorf("unknown status shown as %q", w)
	}
	it.Entry.Status = "not_ready"
	if w, _ := stateWords(it); w != "indexing" {
		t.Errorf("not_ready shown as %q", w)
	}
	it.Entry.State, it.Entry.Error = records.UploadSending, "The server is busy. Lectern tries again by itself at 12:00."
	if w, _ := stateWords(it); w != "waiting" || !strings.Contains(it.Detail(), "by itself") {
		t.Errorf("waiting shown as %q: %q", w, it.Detail())
	}
}

// The quiet texts of the uploads (a file's size, why the workspace takes no files) read at 4.5:1
// in both themes, on the panel and on a hovered or selected row: Fyne's disabled grey, which they
// were drawn in, read at 1.9:1 in the light theme.
func TestUploadCaptionsContrast(t *testing.T) {
	test.NewTempApp(t)
	p := New(uitest.NewQueue().Life(t), failingQueue{}, test.NewWindow(nil), explain.ExplainLocal)
	uitest.CheckContrast(t, map[string]*widget.Label{"file size": newUploadRow().size, "why no files": p.addWhy},
		map[string]bool{"file size": true})
}

// A file at 0% shows an empty bar, not a full-looking blue one.
func TestUploadBarAtZeroLooksEmpty(t *testing.T) {
	r := newUploadRow()
	r.set(Item{Entry: records.Upload{ID: 1, Name: "a.txt", Size: 1000, Sent: 0, State: records.UploadSending}})
	uitest.CheckEmptyLooksEmpty(t, "an upload at 0%", r.bar)
}
