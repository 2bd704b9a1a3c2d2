package conversation

import (
	"context"
	"errors"
	"fmt"

	"fyne.io/fyne/v2"

	"lectern/app"
	"lectern/client"
	"lectern/internal/words"
	"lectern/ui/internal/work"
	"lectern/ui/widgets"
)

// startOCR replaces the card of a scanned PDF by the card of an OCR job reading it: the job is
// followed every few seconds until app.OCRDeadline (Stop stops following; the job may go on on the
// server), and when it is done its text joins the tray in the job card's place. An OS
// notification says how it ended.
func (t *fileTray) startOCR(e *trayEntry) {
	c := t.m.c
	now := c.lf.Now()
	job := widgets.NewOCRJobCard(app.OneLine(entryName(e)), now.Add(app.OCRDeadline), now)
	c.Work.Set(ocrKey(e), work.OCR, "OCR: "+job.Name)
	ctx, stop := context.WithCancel(c.lf.Ctx)
	e.text, e.card, e.job, e.stop = nil, job, job, stop
	job.OnStop = stop
	t.redraw()
	t.m.meter.changed()
	go func() {
		done, err := t.follow(ctx, e)
		stopped := err != nil && ctx.Err() != nil
		c.lf.Do(func() { t.ended(e, done, err, stopped) })
	}()
}

// ocrKey names the OCR job of entry e on the work board.
func ocrKey(e *trayEntry) string { return fmt.Sprintf("ocr %p", e) }

// entryName is the name of an entry's file.
func entryName(e *trayEntry) string {
	if e.text != nil && e.text.Name != "" {
		return e.text.Name
	}
	return e.path
}

// follow starts the job and waits for it, showing each state on the card.
func (t *fileTray) follow(ctx context.Context, e *trayEntry) (*client.OCRJob, error) {
	tools, lf, card := t.m.c.files, t.m.c.lf, e.job
	job, err := tools.StartOCR(ctx, e.path, nil)
	if err != nil {
		return nil, err
	}
	show := func(j *client.OCRJob) {
		page, total := 0, 0
		if j.Progress != nil {
			page, total = j.Progress.Page, j.Progress.Total
		}
		lf.Do(func() {
			card.SetProgress(app.OCRStageText(j), page, total)
			if total > 0 {
				t.m.c.Work.Set(ocrKey(e), work.OCR, fmt.Sprintf("OCR: %s, page %d of %d", card.Name, page, total))
			}
		})
	}
	show(job)
	if job.Ended() {
		return job, job.EndError()
	}
	last, err := tools.WaitOCR(ctx, job.JobID, app.OCRDeadline, show)
	if last == nil {
		last = job // stopped before the first state came: the job is still the one started
	}
	return last, err
}

// ended shows how the job ended; a job done puts its text in the tray in place of its card.
func (t *fileTray) ended(e *trayEntry, done *client.OCRJob, err error, stopped bool) {
	name := e.job.Name
	t.m.c.Work.End(ocrKey(e), work.Ended{Kind: work.OCR}) // the notification is sent below
	switch {
	case stopped:
		e.job.SetEnded(stoppedText(done), false)
		return // the person stopped it: no notification
	case err != nil:
		e.job.SetEnded(t.m.c.files.ToolErrorText(err), true)
		title := "OCR ended without a text"
		if errors.As(err, new(*client.OCRDeadlineError)) {
			title = "Lectern stopped following an OCR job"
		}
		t.m.c.notify(title, name+": "+e.job.State.Text)
		return
	}
	text := app.OCRFileText(done)
	if text.Name == "" {
		text.Name = name
	}
	what := fmt.Sprintf("%s read, %s %s", words.Count(text.PagesRead, "page"), words.Thousands(text.Chars),
		words.Plural(text.Chars, "character"))
	t.m.c.notify("OCR finished", name+": "+what+". The text goes with your next message.")
	if !t.holds(e) {
		return // removed, or the chat left, meanwhile
	}
	t.setText(e, text)
}

// holds reports whether e is still in the tray.
func (t *fileTray) holds(e *trayEntry) bool {
	for _, x := range t.entries {
		if x == e {
			return true
		}
	}
	return false
}

// stoppedText says that Lectern stopped following a job, which may still run on the server.
func stoppedText(last *client.OCRJob) string {
	if last == nil || last.JobID == "" {
		return "Stopped. The job may still run on the server."
	}
	return "Stopped following the job " + app.OneLine(last.JobID) + "; it may still run on the server."
}

// SetNotify sends the pane's OS notifications (an OCR job that ended) through notify, which
// decides whether to show them; by default each is shown.
func (c *Pane) SetNotify(notify func(title, content string)) { c.notify = notify }

// osNotify sends an OS notification (the app's icon and name come with it).
func osNotify(title, content string) {
	if a := fyne.CurrentApp(); a != nil {
		a.SendNotification(fyne.NewNotification(title, content))
	}
}
