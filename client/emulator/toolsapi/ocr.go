package toolsapi

import (
	"fmt"
	"net/http"
	"path"
	"strings"
	"time"

	"lectern/client/emulator/engine"
	"lectern/client/emulator/internal/serve"
)

// ocrJob is one OCR job; its state follows from the clock (no background goroutine).
type ocrJob struct {
	id, name  string
	person    string
	created   time.Time
	pages     []string // the recognised text of each page
	fails     bool
	cancelled bool
}

// ocrRequest is the body of POST /ocr.
type ocrRequest struct {
	Attachments []attachment `json:"attachments"`
	Pages       any          `json:"pages"`
	View        bool         `json:"view"`
}

// handleOCR answers POST /ocr: the job, queued.
func (s *Service) handleOCR(w http.ResponseWriter, r *http.Request, reqID, person string) {
	var q ocrRequest
	if err := decodeBody(r, &q); err != nil {
		writeErr(w, reqID, err)
		return
	}
	if err := checkAttachments(q.Attachments, 1); err != nil {
		writeErr(w, reqID, err)
		return
	}
	a := q.Attachments[0]
	job := &ocrJob{name: a.Name, person: person, pages: recognise(a), fails: s.ocrFails(a.Name)}
	s.mu.Lock()
	job.id, job.created = s.nextID("ocr"), s.core.Now()
	s.jobs[job.id] = job
	s.mu.Unlock()
	serve.WriteJSON(w, http.StatusAccepted, map[string]any{"job_id": job.id, "status": "queued"})
}

// recognise is what the emulator's OCR reads: the text layer where there is one, else a line per
// page saying what a scan would give.
func recognise(a attachment) []string {
	pages, err := engine.PDFPages(a.Data)
	if err != nil || len(pages) == 0 {
		pages = []string{""}
	}
	for i, p := range pages {
		if strings.TrimSpace(p) == "" {
			pages[i] = fmt.Sprintf("Recognised text of page %d of %s.", i+1, a.Name)
		}
	}
	return pages
}

// ocrFails reports whether a file's name matches the fail pattern.
func (s *Service) ocrFails(name string) bool {
	ok, _ := path.Match(s.cfg.OCRFailPattern, strings.ToLower(name))
	return ok
}

// CancelOCR cancels a job, as an administrator would; it reports whether the job exists.
func (s *Service) CancelOCR(jobID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	j := s.jobs[jobID]
	if j != nil {
		j.cancelled = true
	}
	return j != nil
}

// handleOCRJob answers GET /ocr/jobs/{job_id}: the job's state, with the result once done.
func (s *Service) handleOCRJob(w http.ResponseWriter, r *http.Request, reqID, person string) {
	s.mu.Lock()
	j := s.jobs[r.PathValue("job_id")]
	s.mu.Unlock()
	if j == nil || j.person != person {
		writeErr(w, reqID, &serve.Error{Status: http.StatusNotFound, Code: "job_not_found",
			Message: "no OCR job with this id for this key"})
		return
	}
	serve.WriteJSON(w, http.StatusOK, s.jobState(j))
}

// jobState is the answer for j at the current time.
func (s *Service) jobState(j *ocrJob) map[string]any {
	s.mu.Lock()
	cancelled := j.cancelled
	s.mu.Unlock()
	elapsed := s.core.Now().Sub(j.created)
	run := elapsed - s.cfg.OCRQueueDelay
	total := len(j.pages)
	out := map[string]any{"job_id": j.id, "name": j.name}
	switch {
	case cancelled:
		out["status"] = "cancelled"
	case run < 0:
		out["status"], out["progress"] = "queued", map[string]int{"page": 0, "total": total}
	case run < time.Duration(total)*s.cfg.OCRPageDelay:
		page := int(run / max(s.cfg.OCRPageDelay, 1))
		out["status"], out["progress"] = "running", map[string]int{"page": page, "total": total}
	case j.fails:
		out["status"], out["ok"], out["error"] = "failed", false, "the scan could not be read"
	default:
		s.doneState(j, out, elapsed)
	}
	return out
}

// doneState fills the answer of a finished job.
func (s *Service) doneState(j *ocrJob, out map[string]any, elapsed time.Duration) {
	text := strings.Join(j.pages, "\n\n")
	total := len(j.pages)
	queue := s.cfg.OCRQueueDelay.Milliseconds()
	out["status"], out["ok"] = "done", true
	out["progress"] = map[string]int{"page": total, "total": total}
	out["ms"] = (time.Duration(total) * s.cfg.OCRPageDelay).Milliseconds()
	out["queue_ms"], out["total_ms"] = queue, elapsed.Milliseconds()
	out["result"] = map[string]any{"text": text, "page_texts": j.pages, "chars": len([]rune(text)),
		"pages": total, "pages_processed": total, "dpi": 300, "truncated": false,
		"warnings": []string{}, "timing": map[string]int64{"queue_ms": queue}}
}
