package widgets

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// cardTexts are the texts of the labels inside o, joined by newlines.
func cardTexts(o fyne.CanvasObject) string {
	var texts []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *widget.Label:
			if o.Visible() {
				texts = append(texts, o.Text)
			}
		case *fyne.Container:
			for _, child := range o.Objects {
				walk(child)
			}
		case fyne.Widget:
			for _, child := range test.WidgetRenderer(o).Objects() {
				walk(child)
			}
		}
	}
	walk(o)
	return strings.Join(texts, "\n")
}

// cardSays fails t for each of wants that no shown label of o holds.
func cardSays(t *testing.T, o fyne.CanvasObject, wants ...string) {
	t.Helper()
	texts := cardTexts(o)
	for _, want := range wants {
		if !strings.Contains(texts, want) {
			t.Errorf("card does not say %q:\n%s", want, texts)
		}
	}
}

// A generated-file card shows title, kind, size, pages and the time until it expires (issue 22:
// "The card shows title, kind, size, pages and the time until it expires, with Save as… and Open
// after saving").
func TestGeneratedFileCardShowsTheFileAndItsTimeLeft(t *testing.T) {
	test.NewTempApp(t)
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.Local)
	c := NewGeneratedFileCard(GeneratedFile{Title: "Quarterly report", Filename: "report.docx", Kind: "docx",
		Size: 12800, Pages: 3, Expires: now.Add(23 * time.Minute)}, func() time.Time { return now })
	w := test.NewWindow(c)
	defer w.Close()
	cardSays(t, c, "Generated file: Quarterly report", "report.docx · DOCX · 12.5 KiB · 3 pages",
		"Can be saved for 23 minutes more (until 10:23).")
	if c.Save.Disabled() || c.Open.Visible() {
		t.Fatalf("a fresh card offers Save as… and not Open yet: save disabled %v, open %v", c.Save.Disabled(), c.Open.Visible())
	}
	if l := c.AccessibilityLabel(); !strings.Contains(l, "Quarterly report") || !strings.Contains(l, "23 minutes") {
		t.Errorf("accessibility label %q", l)
	}
}

// Save as… calls OnSave; progress and the saved path are said; Open then shows and calls OnOpen.
func TestGeneratedFileCardSavesThenOffersOpen(t *testing.T) {
	test.NewTempApp(t)
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	c := NewGeneratedFileCard(GeneratedFile{Filename: "data.xlsx", Kind: "xlsx", Expires: now.Add(time.Hour)},
		func() time.Time { return now })
	w := test.NewWindow(c)
	defer w.Close()
	saves, opens := 0, 0
	c.OnSave, c.OnOpen = func() { saves++ }, func() { opens++ }
	test.Tap(c.Save)
	if saves != 1 {
		t.Fatalf("Save as… called OnSave %d times", saves)
	}
	c.SetSaving(512, 1024)
	if c.Status.Text != "Saving… 50% of 1 KiB" || !c.Save.Disabled() {
		t.Errorf("while saving: %q, save disabled %v", c.Status.Text, c.Save.Disabled())
	}
	c.SetSaved("/home/me/data.xlsx")
	if !c.Open.Visible() || c.SavedTo() != "/home/me/data.xlsx" || !strings.Contains(c.Status.Text, "/home/me/data.xlsx") {
		t.Fatalf("after saving: open %v, status %q", c.Open.Visible(), c.Status.Text)
	}
	test.Tap(c.Open)
	if opens != 1 {
		t.Errorf("Open called OnOpen %d times", opens)
	}
	c.SetFailed("The disk is full.")
	if c.Status.Text != "The disk is full." || c.Status.Importance != widget.DangerImportance || c.Save.Disabled() {
		t.Errorf("a failure: %q (importance %v), save disabled %v", c.Status.Text, c.Status.Importance, c.Save.Disabled())
	}
}

// An expired file is said in words and cannot be saved; a clock running past the expiry says so
// too.
func TestGeneratedFileCardSaysExpiredInWords(t *testing.T) {
	test.NewTempApp(t)
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	gone := NewGeneratedFileCard(GeneratedFile{Filename: "old.docx", Gone: true}, clock)
	if !gone.Expired() || !gone.Save.Disabled() || !strings.Contains(gone.Expiry.Text, "expired") {
		t.Fatalf("a file marked unavailable: expired %v, save disabled %v, %q", gone.Expired(), gone.Save.Disabled(), gone.Expiry.Text)
	}
	c := NewGeneratedFileCard(GeneratedFile{Filename: "soon.docx", Expires: now.Add(time.Minute)}, clock)
	if c.Expired() || c.Save.Disabled() {
		t.Fatal("a file with a minute left is not expired")
	}
	c.Now = func() time.Time { return now.Add(2 * time.Minute) }
	c.ShowExpiry()
	if !c.Save.Disabled() || !strings.Contains(c.Expiry.Text, "has expired") {
		t.Errorf("past its expiry: save disabled %v, %q", c.Save.Disabled(), c.Expiry.Text)
	}
	c.StartClock(context.Background(), func(f func()) { t.Error("an expired card's clock must not run") })
}

// A PDF's card says pages, characters, a cut text and its warnings; a scanned one offers OCR.
func TestFileTextCardSaysWhatWasRead(t *testing.T) {
	test.NewTempApp(t)
	c := NewFileTextCard(FileText{Name: "scan.pdf", Pages: 4, PagesRead: 3, Chars: 12, Truncated: true, Scanned: true,
		Warnings: []string{"Little or no text was found in scan.pdf."}})
	w := test.NewWindow(c)
	defer w.Close()
	cardSays(t, c, "PDF text: scan.pdf", "3 of 4 pages · 12 characters · truncated by the service",
		"Little or no text was found in scan.pdf.")
	if c.OCR.Visible() || c.Remove.Visible() {
		t.Fatal("buttons show only with their callbacks")
	}
	ocr, removed, modes := 0, 0, 0
	c.SetOnOCR(func() { ocr++ })
	c.SetOnRemove(func() { removed++ })
	c.SetOnMode("Tables only", func() { modes++ })
	test.Tap(c.OCR)
	test.Tap(c.Remove)
	test.Tap(c.Mode)
	if ocr != 1 || removed != 1 || modes != 1 || c.Mode.Text != "Tables only" {
		t.Errorf("OCR %d, Remove %d, Mode %d (%q)", ocr, removed, modes, c.Mode.Text)
	}
	plain := NewFileTextCard(FileText{Name: "a.pdf", Pages: 1, PagesRead: 1, Chars: 2000})
	plain.SetOnOCR(func() {})
	if plain.OCR.Visible() || !strings.Contains(plain.AccessibilityLabel(), "1 page · 2,000 characters") {
		t.Errorf("a PDF with text: OCR shown %v, label %q", plain.OCR.Visible(), plain.AccessibilityLabel())
	}
}

// An OCR job's card shows the page progress, the deadline and Stop, then how it ended.
func TestOCRJobCardFollowsThenEnds(t *testing.T) {
	test.NewTempApp(t)
	now := time.Date(2026, 11, 26, 23, 50, 0, 0, time.Local) // the deadline is on the next day
	deadline := now.Add(30 * time.Minute)
	c := NewOCRJobCard("scan.pdf", deadline, now)
	w := test.NewWindow(c)
	defer w.Close()
	stops := 0
	c.OnStop = func() { stops++ }
	c.SetProgress("Reading page 3 of 10", 3, 10)
	if c.Bar.Value != 3 || c.Bar.Max != 10 || c.State.Text != "Reading page 3 of 10" {
		t.Errorf("progress %v of %v, %q", c.Bar.Value, c.Bar.Max, c.State.Text)
	}
	if c.Deadline.Text != "Lectern follows the job until 27 Nov 2026 00:20." || !c.Stop.Visible() {
		t.Errorf("deadline %q, stop %v", c.Deadline.Text, c.Stop.Visible())
	}
	test.Tap(c.Stop)
	if stops != 1 {
		t.Errorf("Stop called OnStop %d times", stops)
	}
	c.SetEnded("The OCR job ended failed.", true)
	if !c.Ended() || c.Bar.Visible() || c.Deadline.Visible() || c.State.Importance != widget.DangerImportance {
		t.Errorf("ended: bar %v, deadline %v, importance %v", c.Bar.Visible(), c.Deadline.Visible(), c.State.Importance)
	}
	if l := c.AccessibilityLabel(); l != "OCR of scan.pdf: The OCR job ended failed." {
		t.Errorf("accessibility label %q", l)
	}
}
