package workspaceapi

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"lectern/client"
)

// recJSON is the wire form of an upload record: metadata is sent ({} when none) only in the upload
// response, never by the status endpoint.
type recJSON struct {
	client.UploadRecord
	Metadata *map[string]string `json:"metadata,omitempty"`
}

// day returns the IST calendar day of t, the period of the daily limits.
func day(t time.Time) string { return t.In(ist).Format("2006-01-02") }

// quota applies the daily upload limit and the workspace size limit. Callers hold e.mu.
func (e *Service) quota(w *workspace, k Key, u *upload, now time.Time) *apiErr {
	if e.daily[day(now)][k.Secret] >= e.cfg.Limits.DailyUploadsLimit {
		y, m, d := now.In(ist).Date()
		midnight := time.Date(y, m, d+1, 0, 0, 0, 0, ist)
		return &apiErr{status: http.StatusTooManyRequests, code: "daily_upload_limit",
			msg: "this key reached its daily upload limit", retryAfter: midnight.Sub(now)}
	}
	if w.bytesUsed(now)+int64(len(u.data)) > e.cfg.Limits.WorkspaceBytesLimit {
		return newErr(http.StatusRequestEntityTooLarge, "file_too_large",
			"the workspace would be over workspace_bytes_limit")
	}
	return nil
}

// countUpload counts a stored upload (and its OCR) for the key's daily limits. Callers hold e.mu.
func (e *Service) countUpload(k Key, d *document, now time.Time) {
	bump := func(m map[string]map[string]int) {
		if m[day(now)] == nil {
			m[day(now)] = map[string]int{}
		}
		m[day(now)][k.Secret]++
	}
	bump(e.daily)
	if slices.Contains(d.warnings, "ocr_used") {
		bump(e.ocr)
	}
}

// limitsFor returns the live limits object for k in w. Callers hold e.mu.
func (e *Service) limitsFor(k Key, w *workspace, now time.Time) *client.Limits {
	l := e.cfg.Limits
	used, ocr := e.daily[day(now)][k.Secret], e.ocr[day(now)][k.Secret]
	return &client.Limits{
		MaxFileBytes: l.MaxFileBytes, MaxRequestBytes: l.MaxRequestBytes,
		WorkspaceBytesLimit: l.WorkspaceBytesLimit, WorkspaceBytesUsed: w.bytesUsed(now),
		DailyUploadsLimit: l.DailyUploadsLimit, DailyUploadsUsed: used,
		DailyUploadsRemaining: max(l.DailyUploadsLimit-used, 0),
		DailyOCRLimit:         l.DailyOCRLimit, DailyOCRUsed: ocr,
		DailyOCRRemaining: max(l.DailyOCRLimit-ocr, 0), MaxOCRPages: l.MaxOCRPages,
	}
}

// recordFor builds the upload response for res, with metadata echoed ({} when none); false when
// the document was lost to a Restart meanwhile.
func (e *Service) recordFor(k Key, res *stored, reqID string, md map[string]string) (recJSON, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !slices.Contains(res.w.docs, res.d) {
		return recJSON{}, false
	}
	now := e.now()
	rec := e.record(k, res.w, res.d, reqID, now)
	switch {
	case res.processing:
		rec.Status, rec.DocumentID = "processing", nil
	case res.status == http.StatusAccepted && rec.Status == "processing":
		rec.Status, rec.DocumentID = "not_ready", &res.d.id // the file is stored when we answer
	}
	if md == nil {
		md = map[string]string{}
	}
	return recJSON{UploadRecord: rec, Metadata: &md}, true
}

// record builds the upload record of d as seen at now. Callers hold e.mu.
func (e *Service) record(k Key, w *workspace, d *document, reqID string, now time.Time) client.UploadRecord {
	st := d.status(now)
	rec := client.UploadRecord{
		Object: "workspace.document", ClientDocumentID: d.clientID, WorkspaceID: w.spec.ID,
		Name: d.name, SourceType: d.sourceType, Status: st, Bytes: d.bytes,
		Warnings: append([]string{}, d.warnings...), Created: fmtIST(d.created),
		CreatedAt: fmtISO(d.created), RequestID: reqID, Limits: e.limitsFor(k, w, now),
	}
	if st != "processing" {
		id := d.id
		rec.DocumentID = &id
	}
	if d.addedBy != "" {
		rec.AddedBy = "api:" + prefix12(d.addedBy)
	}
	if st == "failed" {
		rec.FailedReason = "indexing_failed"
	}
	return rec
}

// prefix12 returns the first 12 characters of a key, its public prefix.
func prefix12(key string) string {
	r := []rune(key)
	return string(r[:min(12, len(r))])
}

// handleStatus serves GET /workspace/documents/{id}?workspace_id= (spec §4).
func (e *Service) handleStatus(w http.ResponseWriter, r *http.Request, reqID string, k Key) {
	id := strings.TrimPrefix(strings.TrimSuffix(r.URL.Path, "/"), "/workspace/documents/")
	q := r.URL.Query()
	if err := unknownQuery(q, "workspace_id"); err != nil {
		writeErr(w, reqID, err)
		return
	}
	if !checkClientID(id) && !isServerID(id) {
		writeErr(w, reqID, invalid("document_id", "the id must be a 12-character client_document_id or a document_id"))
		return
	}
	wsID := q.Get("workspace_id")
	if wsID == "" {
		writeErr(w, reqID, invalid("workspace_id", "workspace_id is required"))
		return
	}
	rec, err := e.status(k, wsID, id, reqID)
	if err != nil {
		writeErr(w, reqID, err)
		return
	}
	writeJSON(w, http.StatusOK, rec)
}

// status looks a document up for the status endpoint.
func (e *Service) status(k Key, wsID, id, reqID string) (*client.UploadRecord, *apiErr) {
	e.mu.Lock()
	defer e.mu.Unlock()
	ws, _, err := e.canOpen(k, wsID)
	if err != nil {
		return nil, err
	}
	d := ws.find(id)
	if d == nil {
		return nil, &apiErr{status: http.StatusNotFound, code: "document_not_found", param: "document_id",
			msg: "no document " + quote(id) + " in this workspace"}
	}
	rec := e.record(k, ws, d, reqID, e.now())
	return &rec, nil
}
