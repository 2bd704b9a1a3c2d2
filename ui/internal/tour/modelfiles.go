package tour

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"lectern/client/emulator/engine"
	"lectern/ui/conversation"
)

// The stops of issue 22's files in a model chat: a PDF's card, an OCR job in progress, and a
// generated file's card (the demo reads PDFs for real, runs OCR at a page a second, and makes
// Office files).

// reportPages are the pages of the PDF the tour drops: a short report with text on each page.
var reportPages = [][]string{
	{"Quarterly report: third quarter", "Sales rose by 12 percent over the second quarter.", "The new office opened in September."},
	{"Costs", "Travel costs fell by 8 percent; software licences rose by 5 percent."},
	{"Outlook", "The team plans two releases before the end of the year."},
}

// scannedPages is how many pages the scanned letter has: enough for its OCR job to show a page
// part-way (the demo reads a page a second; the job is followed every few seconds).
const scannedPages = 12

// writeTourPDF writes a PDF of pages named name in a new temporary folder and returns its path.
func writeTourPDF(name string, pages [][]string) (string, error) {
	dir, err := os.MkdirTemp("", "lectern-tour-pdf")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	return path, os.WriteFile(path, engine.MakePDF(pages), 0o644)
}

// onPane calls fn with the conversation pane on the UI goroutine; false before the browser shows.
func (t *tour) onPane(fn func(c *conversation.Pane) bool) bool {
	ok := false
	onUI(func() {
		if c := t.w.Pane(); c != nil {
			ok = fn(c)
		}
	})
	return ok
}

// dropPDF starts a model chat and drops the PDF at path on it, waiting for its card.
func (t *tour) dropPDF(path string) error {
	t.closeOverlays()
	if err := t.startModelChat("Smart", "", ""); err != nil {
		return err
	}
	if !t.onPane(func(c *conversation.Pane) bool { return c.TakeFiles([]string{path}) }) {
		return errors.New("the model chat did not take the PDF")
	}
	prefix := "PDF text: " + filepath.Base(path)
	if !waitFor(30*time.Second, func() bool {
		return slices.ContainsFunc(t.w.Pane().FileCards(), func(c string) bool { return strings.HasPrefix(c, prefix) })
	}) {
		return fmt.Errorf("no card for %s", filepath.Base(path))
	}
	return nil
}

// modelPDF shoots a PDF's card above the question box, a question typed about it.
func (t *tour) modelPDF() (fyne.Window, error) {
	path, err := writeTourPDF("quarterly-report.pdf", reportPages)
	if err != nil {
		return nil, err
	}
	if err := t.dropPDF(path); err != nil {
		return nil, err
	}
	onUI(func() { t.w.TypeQuestion("What happened to travel costs this quarter?") })
	return t.w.Main(), nil
}

// modelOCR shoots a scanned PDF's OCR job part-way: its page, the deadline and Stop.
func (t *tour) modelOCR() (fyne.Window, error) {
	path, err := writeTourPDF("scanned-letter.pdf", make([][]string, scannedPages))
	if err != nil {
		return nil, err
	}
	if err := t.dropPDF(path); err != nil {
		return nil, err
	}
	onUI(func() { t.w.TypeQuestion("") })
	if !t.onPane(func(c *conversation.Pane) bool { return c.ReadWithOCR("scanned-letter.pdf") }) {
		return nil, errors.New("the scanned PDF did not offer OCR")
	}
	var cards []string
	if !waitFor(30*time.Second, func() bool {
		cards = t.w.Pane().FileCards()
		return len(cards) == 1 && strings.Contains(cards[0], "OCR running: page ")
	}) {
		return nil, fmt.Errorf("the OCR job did not show a page: %q", cards)
	}
	return t.w.Main(), nil
}

// modelGenerate shoots a generated file's card: Generate a file… in a model chat.
func (t *tour) modelGenerate() (fyne.Window, error) {
	t.closeOverlays()
	if err := t.startModelChat("Fast", "", ""); err != nil {
		return nil, err
	}
	onUI(func() {
		t.w.TypeQuestion("")
		t.w.Pane().GenerateFile("A budget spreadsheet for the team offsite in March")
	})
	if !waitFor(60*time.Second, func() bool { _, streaming := t.w.Answer(); return !streaming && t.turns() == 1 }) {
		return nil, errors.New("the generated file did not come")
	}
	return t.w.Main(), nil
}
