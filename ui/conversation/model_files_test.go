package conversation

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/records"
	"lectern/client/emulator"
	"lectern/client/emulator/engine"
	"lectern/ui/internal/work"
	"lectern/ui/widgets"
)

// pdfFile writes a PDF of pages (each a list of lines; an empty page has no text) and returns its
// path.
func pdfFile(t *testing.T, name string, pages [][]string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, engine.MakePDF(pages), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// trayCard is the card of entry i of the file tray.
func trayCard[T any](t *testing.T, c *Pane, i int) T {
	t.Helper()
	card, ok := c.model.files.entries[i].card.(T)
	if !ok {
		t.Fatalf("entry %d is a %T", i, c.model.files.entries[i].card)
	}
	return card
}

// A PDF dropped into a model chat is read with POST /pdf and its card says pages and characters
// (issue 22); sent with the message, its text is the turn's context and its card is shown in the
// turn, also when the conversation is opened again (as after a restart).
func TestModelChatPDFDropShowsItsCardAndGoesWithTheMessage(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	pdf := pdfFile(t, "tides.pdf", [][]string{{"High tide at Brest is at 06:12 on Monday."}, {"Low tide is at 12:30."}})
	if !c.TakeFiles([]string{pdf}) {
		t.Fatal("a model chat must take a dropped PDF")
	}
	until(t, "the PDF's card", func() bool { return len(c.model.files.entries) == 1 })
	card := trayCard[*widgets.FileTextCard](t, c, 0)
	if l := card.AccessibilityLabel(); !strings.HasPrefix(l, "PDF text: tides.pdf, 2 pages · ") || card.OCR.Visible() {
		t.Fatalf("card reads %q, OCR offered %v", l, card.OCR.Visible())
	}
	test.Tap(card.Mode) // Tables only, then the whole text again
	until(t, "the tables read", func() bool { e := c.model.files.entries[0]; return e.text.Source == records.SourcePDFTables })
	if l := trayCard[*widgets.FileTextCard](t, c, 0).AccessibilityLabel(); !strings.HasPrefix(l, "PDF tables: tides.pdf") {
		t.Fatalf("tables only reads %q", l)
	}
	test.Tap(trayCard[*widgets.FileTextCard](t, c, 0).Mode)
	until(t, "the text read again", func() bool { e := c.model.files.entries[0]; return e.text.Source == records.SourcePDF })
	c.Ask("When is high tide?")
	until(t, "the answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	if files := c.turns[0].Files(); len(files) != 1 || !strings.Contains(files[0].Text, "06:12") {
		t.Fatalf("the turn's files %+v", files)
	}
	if len(c.model.files.entries) != 0 || c.model.files.box.Visible() {
		t.Error("the tray must be empty once the message is sent")
	}
	conv, _ := f.app.Conversations().Get(context.Background(), c.ConversationID())
	again := f.pane()
	again.Open(conv, 0)
	until(t, "the conversation opened again", func() bool { return len(again.turns) == 1 })
	v := again.view(0)
	if len(v.model.files.Objects) != 1 || !v.model.files.Visible() {
		t.Fatalf("the turn shows %d file cards", len(v.model.files.Objects))
	}
	if l := v.model.files.Objects[0].(*widgets.FileTextCard).AccessibilityLabel(); !strings.Contains(l, "tides.pdf") {
		t.Errorf("the turn's card reads %q", l)
	}
	// Issue 35, item 4: the card was made but not drawn: the turn's row did not hold it.
	for name, v := range map[string]*turnView{"the sent turn": c.views[c.turns[0].ID], "the turn opened again": v} {
		if drawnCards(v.row) != 1 {
			t.Errorf("%s draws %d file cards", name, drawnCards(v.row))
		}
	}
}

// drawnCards counts the file text cards drawn under o (walkShown).
func drawnCards(o fyne.CanvasObject) int {
	n := 0
	walkShown(o, func(x fyne.CanvasObject) {
		if _, ok := x.(*widgets.FileTextCard); ok {
			n++
		}
	})
	return n
}

// While the message is answered, its turn shows the file it sent.
func TestModelChatPendingTurnShowsItsFile(t *testing.T) {
	cfg := fastConfig()
	cfg.DeltaDelay = 50 * time.Millisecond
	f := newFixture(t, cfg)
	c := modelChat(t, f)
	c.TakeFiles([]string{pdfFile(t, "tides.pdf", [][]string{{"High tide at Brest is at 06:12 on Monday."}})})
	until(t, "the PDF's card", func() bool { return len(c.model.files.entries) == 1 })
	c.Ask("When is high tide?")
	until(t, "the pending turn", func() bool { return len(c.turns) == 1 && c.views[c.turns[0].ID] != nil && c.streaming != nil })
	if n := drawnCards(c.views[c.turns[0].ID].row); n != 1 {
		t.Errorf("the pending turn draws %d file cards", n)
	}
	until(t, "the answer", func() bool { return c.streaming == nil })
}

// A scanned PDF (the scanned_or_empty warning) offers OCR: its card becomes the job's card, and
// when the job is done its text takes the card's place for the next message, with an OS
// notification.
func TestScannedPDFOffersOCRAndAttachesItsText(t *testing.T) {
	cfg := fastConfig()
	cfg.Tools = emulator.ToolsConfig{OCRQueueDelay: -1, OCRPageDelay: -1}
	f := newFixture(t, cfg)
	c := modelChat(t, f)
	var mu sync.Mutex
	var notes []string
	c.notify = func(title, content string) { mu.Lock(); notes = append(notes, title+": "+content); mu.Unlock() }
	c.TakeFiles([]string{pdfFile(t, "scan.pdf", [][]string{{}, {}})})
	until(t, "the scan's card", func() bool { return len(c.model.files.entries) == 1 })
	card := trayCard[*widgets.FileTextCard](t, c, 0)
	if !card.OCR.Visible() || !strings.Contains(card.AccessibilityLabel(), "which OCR can read") {
		t.Fatalf("a scanned PDF: OCR offered %v, card %q", card.OCR.Visible(), card.AccessibilityLabel())
	}
	test.Tap(card.OCR)
	if c.model.files.entries[0].job == nil {
		t.Fatal("Read with OCR must show the job's card")
	}
	until(t, "the OCR text", func() bool { e := c.model.files.entries[0]; return e.text != nil && e.job == nil })
	text := c.model.files.texts()[0]
	if text.Source != records.SourceOCR || text.Pages != 2 || !strings.Contains(text.Text, "page 1 of scan.pdf") {
		t.Fatalf("OCR text %+v", text)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "OCR finished: scan.pdf: 2 pages read") {
		t.Errorf("notifications %q", notes)
	}
}

// Stop stops following an OCR job: its card says so, no notification is sent, and nothing is
// attached.
func TestOCRJobStopStopsFollowing(t *testing.T) {
	cfg := fastConfig()
	cfg.Tools = emulator.ToolsConfig{OCRQueueDelay: time.Hour}
	f := newFixture(t, cfg)
	c := modelChat(t, f)
	c.notify = func(title, content string) { t.Errorf("a stopped job sent a notification: %s", title) }
	c.Work = work.New(time.Now) // issue 33: the tray lists the job while it is followed
	c.TakeFiles([]string{pdfFile(t, "scan.pdf", [][]string{{}})})
	until(t, "the scan's card", func() bool { return len(c.model.files.entries) == 1 })
	test.Tap(trayCard[*widgets.FileTextCard](t, c, 0).OCR)
	job := trayCard[*widgets.OCRJobCard](t, c, 0)
	until(t, "the job queued", func() bool { return strings.HasPrefix(job.State.Text, "OCR queued") })
	if !job.Stop.Visible() || !strings.Contains(job.Deadline.Text, "Lectern follows the job until") {
		t.Fatalf("a job followed: stop %v, deadline %q", job.Stop.Visible(), job.Deadline.Text)
	}
	if items := c.Work.Items(); len(items) != 1 || items[0].Kind != work.OCR || items[0].Label != "OCR: scan.pdf" {
		t.Errorf("the work running while the job is followed: %+v", items)
	}
	test.Tap(job.Stop)
	until(t, "the job stopped", func() bool { return job.Ended() })
	if !strings.HasPrefix(job.State.Text, "Stopped following the job ") || len(c.model.files.texts()) != 0 {
		t.Fatalf("stopped: %q, texts %d", job.State.Text, len(c.model.files.texts()))
	}
	if items := c.Work.Items(); len(items) != 0 {
		t.Errorf("the stopped job is still listed as running: %+v", items)
	}
}

// Generate a file… makes a turn whose card shows the file (title, kind, size, time left); Save
// as… streams it to disk and offers Open; the card is shown again when the chat is opened again.
func TestGenerateFileCardSavesAndComesBack(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.GenerateFile("a budget spreadsheet for the team")
	until(t, "the generated file", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	card := generatedCard(t, c)
	_, art := c.turns[0].Generated()
	if !strings.Contains(card.AccessibilityLabel(), "XLSX") || !strings.Contains(card.Expiry.Text, "Can be saved for") {
		t.Fatalf("card reads %q / %q", card.AccessibilityLabel(), card.Expiry.Text)
	}
	path := filepath.Join(t.TempDir(), "budget.xlsx")
	c.SaveFile(card, art, path)
	until(t, "the file saved", func() bool { return card.SavedTo() == path })
	if st, err := os.Stat(path); err != nil || st.Size() != art.Size || !card.Open.Visible() {
		t.Fatalf("saved file %v (%v), open offered %v", st, err, card.Open.Visible())
	}
	conv, _ := f.app.Conversations().Get(context.Background(), c.ConversationID())
	again := f.pane()
	again.Open(conv, 0)
	until(t, "the chat opened again", func() bool { return len(again.turns) == 1 })
	if back := generatedCard(t, again); back.File.Filename != card.File.Filename {
		t.Errorf("opened again: %q, was %q", back.File.Filename, card.File.Filename)
	}
	again.retryTurn(again.turns[0].ID) // Retry on a file made asks POST /generate again, not the model
	first := again.turns[0].ID
	until(t, "the file made again", func() bool {
		return len(again.turns) == 1 && again.turns[0].ID != first && again.turns[0].Status == records.TurnCompleted
	})
	if generated, art := again.turns[0].Generated(); !generated || art == nil {
		t.Errorf("Retry made %+v", again.turns[0])
	}
}

// generatedCard is the generated-file card of the pane's first turn.
func generatedCard(t *testing.T, c *Pane) *widgets.GeneratedFileCard {
	t.Helper()
	for _, o := range c.view(0).parts.Objects {
		if card, ok := o.(*widgets.GeneratedFileCard); ok {
			return card
		}
	}
	t.Fatal("the turn shows no generated file")
	return nil
}
