package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// OCR job states (model-api.md §3). The client also ends at failed, error and cancelled.
const (
	OCRQueued    = "queued"
	OCRRunning   = "running"
	OCRDone      = "done"
	OCRFailed    = "failed"
	OCRError     = "error"
	OCRCancelled = "cancelled"
)

// OCRRequest asks for a scanned PDF to be read by OCR, as a job: one PDF per job.
type OCRRequest struct {
	File Attachment
	View bool // the spec's view flag, sent as given
	// Progress, when set, is called from the sending goroutine with body bytes sent so far.
	Progress func(sent, total int64)
}

// OCRJob is a job's state: the answer of POST /ocr (job_id, status queued) and of
// GET /ocr/jobs/{job_id}, with the result once done.
type OCRJob struct {
	JobID    string                     `json:"job_id"`
	Name     string                     `json:"name"`
	Status   string                     `json:"status"`
	Progress *OCRProgress               `json:"progress"`
	OK       bool                       `json:"ok"`
	MS       float64                    `json:"ms"`
	QueueMS  float64                    `json:"queue_ms"`
	TotalMS  float64                    `json:"total_ms"`
	Result   *OCRResult                 `json:"result"`
	Error    flexText                   `json:"error"` // not in the spec; kept when a failed job says why
	Extra    map[string]json.RawMessage `json:"-"`
	Raw      json.RawMessage            `json:"-"`
}

// OCRProgress is how far a running job is.
type OCRProgress struct {
	Page  int `json:"page"`
	Total int `json:"total"`
}

// OCRResult is the text of a finished job.
type OCRResult struct {
	Text           string                     `json:"text"`
	PageTexts      []string                   `json:"page_texts"`
	Chars          int                        `json:"chars"`
	Pages          int                        `json:"pages"`
	PagesProcessed int                        `json:"pages_processed"`
	DPI            float64                    `json:"dpi"`
	Truncated      bool                       `json:"truncated"`
	Warnings       []Warning                  `json:"warnings"`
	Timing         json.RawMessage            `json:"timing"` // shape not shown
	Extra          map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON reads the job leniently and keeps the fields the spec does not show.
func (j *OCRJob) UnmarshalJSON(b []byte) error {
	type plain OCRJob
	return decodeLenient(b, (*plain)(j))
}

// UnmarshalJSON reads the result leniently and keeps the fields the spec does not show.
func (r *OCRResult) UnmarshalJSON(b []byte) error {
	type plain OCRResult
	return decodeLenient(b, (*plain)(r))
}

// UnmarshalJSON reads the progress leniently: a field of another type stays 0.
func (p *OCRProgress) UnmarshalJSON(b []byte) error {
	type plain OCRProgress
	return decodeLenient(b, (*plain)(p))
}

// Ended reports whether the job is in an ending state: done, failed, error or cancelled.
func (j *OCRJob) Ended() bool {
	switch j.Status {
	case OCRDone, OCRFailed, OCRError, OCRCancelled:
		return true
	}
	return false
}

// OCRJobError is a job that ended failed, error or cancelled.
type OCRJobError struct {
	JobID, Status string
	Reason        string // what the server said, when it said anything
}

// Error names the job and how it ended.
func (e *OCRJobError) Error() string {
	msg := "client: OCR job " + e.JobID + " ended " + e.Status
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg
}

// OCRDeadlineError is a wait that gave up while the job was still queued or running.
type OCRDeadlineError struct {
	JobID, Status string
	After         time.Duration
	Cause         error
}

// Error names the job, its last state and the deadline.
func (e *OCRDeadlineError) Error() string {
	return fmt.Sprintf("client: OCR job %s was still %s after %s", e.JobID, e.Status, e.After.Round(time.Second))
}

// Unwrap returns the context's error.
func (e *OCRDeadlineError) Unwrap() error { return e.Cause }

// StartOCR sends one PDF to be read by OCR and returns the queued job. POST /ocr (300 s). Only a
// 429 is sent again (after its Retry-After): after a 502, 503 or 504 from a proxy the job may have
// started, and a resend would start a second one.
func (c *Client) StartOCR(ctx context.Context, r OCRRequest) (*OCRJob, error) {
	if err := checkPDFAttachment(r.File); err != nil {
		return nil, err
	}
	fields := struct {
		Pages string `json:"pages"`
		View  bool   `json:"view"`
	}{Pages: "all", View: r.View}
	parts, err := attachmentsBody(fields, []Attachment{r.File})
	if err != nil {
		return nil, err
	}
	req := &request{method: http.MethodPost, path: "/ocr", timeout: c.timeouts.Upload, retry: retryLimitOnly,
		stream: &streamSpec{parts: parts, progress: r.Progress}}
	var job OCRJob
	if err := c.call(ctx, req, decodeTool(&job, MaxToolBody)); err != nil {
		return nil, err
	}
	return &job, nil
}

// OCRStatus returns a job's state. GET /ocr/jobs/{job_id} (60 s).
func (c *Client) OCRStatus(ctx context.Context, jobID string) (*OCRJob, error) {
	if strings.TrimSpace(jobID) == "" {
		return nil, missing("job_id")
	}
	req := &request{method: http.MethodGet, path: "/ocr/jobs/" + url.PathEscape(jobID),
		timeout: c.timeouts.List, retry: retryByStatus}
	return c.ocrCall(ctx, req)
}

// ocrCall runs a request that answers a job.
func (c *Client) ocrCall(ctx context.Context, req *request) (*OCRJob, error) {
	var job OCRJob
	if err := c.call(ctx, req, decodeTool(&job, MaxToolBody)); err != nil {
		return nil, err
	}
	return &job, nil
}

// WaitOCR polls a job every few seconds (3 to 5, jittered; see WithPollInterval) until it ends or
// deadline passes (0: only ctx limits the wait). onUpdate, when set, gets every state, progress
// included. A job done is returned with nil; one that ended failed, error or cancelled comes with
// an *OCRJobError, and a wait past its deadline with an *OCRDeadlineError and the last state.
func (c *Client) WaitOCR(ctx context.Context, jobID string, deadline time.Duration, onUpdate func(*OCRJob)) (*OCRJob, error) {
	wctx, cancel := ctx, context.CancelFunc(func() {})
	if deadline > 0 {
		wctx, cancel = context.WithTimeout(ctx, deadline)
	}
	defer cancel()
	stop := func(last *OCRJob, err error) (*OCRJob, error) {
		if wctx.Err() == nil || ctx.Err() != nil { // not our own deadline
			return last, err
		}
		status := OCRQueued
		if last != nil {
			status = last.Status
		}
		return last, &OCRDeadlineError{JobID: jobID, Status: status, After: deadline, Cause: err}
	}
	var last *OCRJob
	for {
		job, err := c.OCRStatus(wctx, jobID)
		if err != nil {
			return stop(last, err)
		}
		last = job
		if onUpdate != nil {
			onUpdate(job)
		}
		if job.Ended() {
			return job, job.EndError()
		}
		if err := sleep(wctx, c.pollDelay()); err != nil {
			return stop(job, err)
		}
	}
}

// EndError is nil for a job done or still going, and an *OCRJobError for one that ended failed,
// error or cancelled.
func (j *OCRJob) EndError() error {
	if j.Status == OCRDone || !j.Ended() {
		return nil
	}
	return &OCRJobError{JobID: j.JobID, Status: j.Status, Reason: clean(string(j.Error), maxMessage)}
}
