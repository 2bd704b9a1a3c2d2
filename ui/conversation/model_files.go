package conversation

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/ui/widgets"
)

// FileTools is what a model chat uses of the core's file tools (issue 22): a PDF's text, OCR jobs and
// the download of a generated file; *app.App is one. The pane takes them from its Core when the
// core has them.
type FileTools interface {
	PDFText(ctx context.Context, paths []string, tables bool, progress func(sent, total int64)) (*client.PDFResult, error)
	StartOCR(ctx context.Context, path string, progress func(sent, total int64)) (*client.OCRJob, error)
	WaitOCR(ctx context.Context, jobID string, deadline time.Duration, onUpdate func(*client.OCRJob)) (*client.OCRJob, error)
	DownloadArtifact(ctx context.Context, art *client.OfficeArtifact, path string, progress func(got, total int64)) (int64, error)
	ToolErrorText(err error) string
}

// fileTray holds the texts of files for the next message of a model chat, above the question
// box: a card for each PDF read (offering OCR for a scanned one, and Remove), and a card for
// each OCR job followed, whose text joins the tray when it is done.
type fileTray struct {
	m       *modelBar
	entries []*trayEntry
	reading *widget.Label // the PDFs being read
	box     *fyne.Container
}

// trayEntry is a file's text (text set) or an OCR job (job set, text nil until it is done).
type trayEntry struct {
	path string
	text *app.FileText
	card fyne.CanvasObject
	job  *widgets.OCRJobCard
	stop context.CancelFunc
}

func newFileTray(m *modelBar) *fileTray {
	t := &fileTray{m: m, reading: widget.NewLabel(""), box: container.NewVBox()}
	t.reading.Importance = widget.LowImportance
	return t
}

// isPDF reports whether path names a PDF (by its name: POST /pdf checks the rest).
func isPDF(path string) bool { return strings.EqualFold(filepath.Ext(path), ".pdf") }

// read sends the PDFs at paths to POST /pdf (one request) and adds a card for each file read.
func (t *fileTray) read(paths []string) { t.readAs(paths, false, nil) }

// readAs reads the PDFs at paths as text or, with tables, their table lines; a file read again
// (again not nil) takes that entry's place.
func (t *fileTray) readAs(paths []string, tables bool, again *trayEntry) {
	tools, c := t.m.c.files, t.m.c
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	t.reading.SetText("Reading " + app.OneLine(strings.Join(names, ", ")) + "…")
	t.redraw()
	convID := c.conv.ID
	go func() {
		res, err := tools.PDFText(c.lf.Ctx, paths, tables, nil)
		c.lf.Do(func() {
			t.reading.SetText("")
			t.redraw()
			if c.conv.ID != convID || c.conv.Kind != app.KindModel {
				return
			}
			if err != nil {
				c.errs.SetError(&app.CheckError{Reason: tools.ToolErrorText(err)})
				return
			}
			if again != nil && len(res.Files) == 1 && t.holds(again) {
				t.setText(again, app.PDFFileText(res.Files[0], tables))
			} else if again == nil {
				for i, f := range res.Files {
					t.addText(app.PDFFileText(f, tables), pathOf(f.Name, paths, i))
				}
			}
			t.m.meter.changed()
		})
	}()
}

// pathOf is the path among paths of the file called name, else the i-th path.
func pathOf(name string, paths []string, i int) string {
	for _, p := range paths {
		if filepath.Base(p) == name {
			return p
		}
	}
	if i < len(paths) {
		return paths[i]
	}
	return name
}

// addText adds the card of a file's text.
func (t *fileTray) addText(text app.FileText, path string) {
	e := &trayEntry{path: path}
	t.entries = append(t.entries, e)
	t.setText(e, text)
}

// setText shows text in entry e: a card with Remove and, for a PDF read here, the other mode
// (tables only, or the whole text) and (a scanned one) Read with OCR.
func (t *fileTray) setText(e *trayEntry, text app.FileText) {
	e.text, e.job, e.stop = &text, nil, nil
	card := widgets.NewFileTextCard(fileTextData(text))
	card.SetOnRemove(func() { t.remove(e) })
	switch {
	case e.path == "": // given back after a refused message: where it came from is not kept
	case text.Source == app.SourcePDF:
		card.SetOnOCR(func() { t.startOCR(e) })
		card.SetOnMode("Tables only", func() { t.readAs([]string{e.path}, true, e) })
	case text.Source == app.SourcePDFTables:
		card.SetOnMode("Whole text", func() { t.readAs([]string{e.path}, false, e) })
	}
	e.card = card
	t.redraw()
	t.m.meter.changed()
}

// fileTextData is a file's text as its card shows it.
func fileTextData(f app.FileText) widgets.FileText {
	return widgets.FileText{Name: app.OneLine(f.Name), Source: f.SourceText(), Pages: f.Pages, PagesRead: f.PagesRead,
		Chars: f.Chars, Truncated: f.Truncated, Warnings: f.WarningTexts(), Scanned: f.Scanned}
}

// remove takes an entry off the tray, stopping the job it follows.
func (t *fileTray) remove(e *trayEntry) {
	for i, x := range t.entries {
		if x == e {
			t.entries = append(t.entries[:i:i], t.entries[i+1:]...)
		}
	}
	if e.stop != nil {
		e.stop()
	}
	t.redraw()
	t.m.meter.changed()
}

// texts are the texts the tray holds, in order.
func (t *fileTray) texts() []app.FileText {
	var out []app.FileText
	for _, e := range t.entries {
		if e.text != nil {
			out = append(out, *e.text)
		}
	}
	return out
}

// takeAll returns the texts for the message being sent and leaves only the jobs still followed.
func (t *fileTray) takeAll() []app.FileText {
	out := t.texts()
	var left []*trayEntry
	for _, e := range t.entries {
		if e.job != nil && !e.job.Ended() {
			left = append(left, e)
		}
	}
	t.entries = left
	t.redraw()
	return out
}

// giveBack puts the texts of a message refused before it was sent back in the tray.
func (t *fileTray) giveBack(files []app.FileText) {
	for _, f := range files {
		t.addText(f, "")
	}
}

// clear empties the tray and stops following its jobs (another conversation is shown).
func (t *fileTray) clear() {
	for _, e := range t.entries {
		if e.stop != nil {
			e.stop()
		}
	}
	t.entries = nil
	t.reading.SetText("")
	t.redraw()
}

// redraw shows the cards, and the PDFs being read.
func (t *fileTray) redraw() {
	t.box.RemoveAll()
	if t.reading.Text != "" {
		t.box.Add(t.reading)
	}
	for _, e := range t.entries {
		t.box.Add(e.card)
	}
	widgets.ShowIf(t.box, len(t.box.Objects) > 0 && t.m.c.conv.Kind == app.KindModel)
}

// TakeFiles adds the files at paths to the next message of the conversation shown (a drop onto
// the window): the assistant's attachments; in a model chat, PDFs are read as text (POST /pdf)
// and the others are taken as images. It reports whether the conversation shown takes files.
func (c *Pane) TakeFiles(paths []string) bool {
	if c.conv.Kind == app.KindAssistant {
		c.takeAssistantFiles(paths)
		c.saidDropped()
		return true
	}
	if c.model == nil || c.conv.Kind != app.KindModel {
		return false
	}
	c.saidDropped()
	var pdfs, others []string
	for _, p := range paths {
		if isPDF(p) && c.files != nil {
			pdfs = append(pdfs, p)
		} else {
			others = append(others, p)
		}
	}
	if len(pdfs) > 0 {
		c.model.files.read(pdfs)
	}
	if len(others) > 0 {
		c.TakeImages(others)
	}
	return true
}

// FileCards are the titles of the file cards above the question box (texts and OCR jobs), for
// tests and the harness.
func (c *Pane) FileCards() []string {
	var out []string
	for _, e := range c.model.files.entries {
		switch card := e.card.(type) {
		case *widgets.FileTextCard:
			out = append(out, card.AccessibilityLabel())
		case *widgets.OCRJobCard:
			out = append(out, card.AccessibilityLabel())
		}
	}
	return out
}
