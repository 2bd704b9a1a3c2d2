package client_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"lectern/client"
	"lectern/client/emulator"
)

// The job moves queued, running (page by page), done as the emulator's clock moves: each poll
// moves it one second, so the states seen do not depend on timing.
func TestOCRJobLifecycle(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{OCRQueueDelay: time.Second, OCRPageDelay: time.Second})
	job, err := w.plain.StartOCR(t.Context(), client.OCRRequest{File: memFile("scan.pdf", scanPDF())})
	if err != nil || job.Status != client.OCRQueued || job.JobID == "" {
		t.Fatal(job, err)
	}
	var seen []string
	done, err := w.plain.WaitOCR(t.Context(), job.JobID, 0, func(j *client.OCRJob) {
		s := j.Status
		if j.Progress != nil && j.Status == client.OCRRunning {
			s += " " + strings.Repeat("#", j.Progress.Page) + "/" + string(rune('0'+j.Progress.Total))
		}
		seen = append(seen, s)
		w.clock.Advance(time.Second)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(seen, ", "); got != "queued, running /2, running #/2, done" {
		t.Fatal(got)
	}
	r := done.Result
	if r == nil || r.Pages != 2 || len(r.PageTexts) != 2 || !strings.Contains(r.Text, "page 2 of scan.pdf") || r.DPI != 300 || !done.OK {
		t.Fatalf("%+v", r)
	}
	if len(r.Timing) == 0 || len(done.Raw) == 0 {
		t.Fatal("timing or raw lost")
	}
}

func TestOCRFailedAndCancelled(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{OCRQueueDelay: -1, OCRPageDelay: -1})
	job, err := w.plain.StartOCR(t.Context(), client.OCRRequest{File: memFile("unreadable-scan.pdf", scanPDF())})
	if err != nil {
		t.Fatal(err)
	}
	end, err := w.plain.WaitOCR(t.Context(), job.JobID, time.Minute, nil)
	var je *client.OCRJobError
	if !errors.As(err, &je) || je.Status != client.OCRFailed || je.Reason == "" || end.Status != client.OCRFailed {
		t.Fatal(end, err)
	}
	job, _ = w.plain.StartOCR(t.Context(), client.OCRRequest{File: memFile("b.pdf", scanPDF())})
	w.emu.Tools.CancelOCR(job.JobID)
	if _, err := w.plain.WaitOCR(t.Context(), job.JobID, 0, nil); !errors.As(err, &je) || je.Status != client.OCRCancelled {
		t.Fatal(err)
	}
}

// A wait past its own deadline says so, with the last state; the caller's cancel stays a cancel.
func TestOCRDeadline(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{OCRQueueDelay: time.Hour})
	job, _ := w.plain.StartOCR(t.Context(), client.OCRRequest{File: memFile("a.pdf", scanPDF())})
	last, err := w.plain.WaitOCR(t.Context(), job.JobID, 20*time.Millisecond, nil)
	var de *client.OCRDeadlineError
	if !errors.As(err, &de) || de.Status != client.OCRQueued || last == nil || last.Status != client.OCRQueued {
		t.Fatal(last, err)
	}
	if _, err := w.plain.OCRStatus(t.Context(), "ocr_nope"); !client.IsCode(err, "job_not_found") {
		t.Fatal(err)
	}
}

// The client also ends at error, and keeps states it does not know as text.
func TestOCRJobEndedStates(t *testing.T) {
	for status, ended := range map[string]bool{"done": true, "failed": true, "error": true, "cancelled": true,
		"queued": false, "running": false, "paused": false} {
		if (&client.OCRJob{Status: status}).Ended() != ended {
			t.Fatal(status)
		}
	}
}
