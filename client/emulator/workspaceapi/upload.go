package workspaceapi

import (
	"cmp"
	"net/http"
	"path"
	"strings"
	"time"

	"lectern/client/emulator/internal/serve"
)

// upload is a checked POST /workspace/documents body.
type upload struct {
	workspaceID, clientID, name string
	data                        []byte
	hash                        [32]byte
	metadata                    map[string]string
	text                        string
	unreadable                  bool
}

// handleUpload serves POST /workspace/documents (spec §4).
func (e *Service) handleUpload(w http.ResponseWriter, r *http.Request, reqID string, k Key) {
	if err := e.uploadGate(r, k); err != nil {
		if err.status == http.StatusRequestEntityTooLarge || err.status == http.StatusLengthRequired {
			w.Header().Set("Connection", "close")
		}
		writeErr(w, reqID, err)
		return
	}
	f, err := readObject(w, r, e.cfg.Limits.MaxRequestBytes)
	if err != nil {
		writeErr(w, reqID, err)
		return
	}
	u, err := decodeUpload(f)
	if err != nil {
		writeErr(w, reqID, err)
		return
	}
	u.hash = hashOf(u.data)
	text, xerr := extractText(u.name, u.data)
	u.text, u.unreadable = text, xerr != nil
	res, err := e.store(k, u)
	if err != nil {
		writeErr(w, reqID, err)
		return
	}
	if res.status == http.StatusAccepted && res.wait > 0 {
		serve.SleepCtx(r, res.wait) // the server reads and stores the file (processing)
	}
	rec, kept := e.recordFor(k, res, reqID, u.metadata)
	if !kept {
		dropConnection(w, reqID) // Restart() while the file was being read: nothing stored, no answer
		return
	}
	writeJSON(w, res.status, rec)
}

// dropConnection closes the connection without an answer, as a server restart would; where that
// is impossible it answers 503.
func dropConnection(w http.ResponseWriter, reqID string) {
	if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
		_ = conn.Close()
		return
	}
	writeErr(w, reqID, &apiErr{status: http.StatusServiceUnavailable, code: "server_restarted",
		msg: "the server restarted while reading the file; send it again", retryAfter: time.Second})
}

// uploadGate applies the checks made before the body is read: api_disabled, key_not_allowed, 415,
// 411 without Content-Length, and 413 over max_request_bytes (refused unread).
func (e *Service) uploadGate(r *http.Request, k Key) *apiErr {
	e.mu.Lock()
	off := e.uploadsOff
	e.mu.Unlock()
	switch {
	case off:
		return newErr(http.StatusNotFound, "api_disabled", "adding documents is not switched on for this server")
	case !k.CanAdd:
		return newErr(http.StatusForbidden, "key_not_allowed",
			"this key may not add documents; an administrator must mark it 'Can add documents'")
	}
	if err := checkJSONType(r); err != nil {
		return err
	}
	if r.ContentLength < 0 {
		return newErr(http.StatusLengthRequired, "length_required", "send the upload with a Content-Length")
	}
	if r.ContentLength > e.cfg.Limits.MaxRequestBytes {
		return newErr(http.StatusRequestEntityTooLarge, "file_too_large", "the request is over max_request_bytes")
	}
	return nil
}

// decodeUpload checks the fields of an upload body.
func decodeUpload(f fields) (*upload, *apiErr) {
	if err := f.unknown("", "workspace_id", "client_document_id", "name", "data", "metadata"); err != nil {
		return nil, err
	}
	u := &upload{}
	var err *apiErr
	if u.workspaceID, err = f.str("workspace_id", true); err != nil || u.workspaceID == "" {
		return nil, cmp.Or(err, invalid("workspace_id", "workspace_id is required"))
	}
	if u.clientID, err = f.str("client_document_id", true); err != nil || !checkClientID(u.clientID) {
		return nil, cmp.Or(err, invalid("client_document_id", "client_document_id must be exactly 12 characters A-Z a-z 0-9"))
	}
	if u.name, err = f.str("name", true); err != nil {
		return nil, err
	}
	if err := checkName(u.name); err != nil {
		return nil, err
	}
	data, err := f.str("data", true)
	if err != nil {
		return nil, err
	}
	if u.data, err = decodeData(data); err != nil {
		return nil, err
	}
	if u.metadata, err = f.metadata(); err != nil {
		return nil, err
	}
	return u, nil
}

// stored is the outcome of an upload: the document and how to answer.
type stored struct {
	w          *workspace
	d          *document
	status     int
	processing bool          // another key's upload is still being read: status processing
	wait       time.Duration // time until the file is stored
}

// store applies the workspace, type, size and dedupe rules and stores the upload.
func (e *Service) store(k Key, u *upload) (*stored, *apiErr) {
	e.mu.Lock()
	defer e.mu.Unlock()
	w, access, err := e.canOpen(k, u.workspaceID)
	switch {
	case err != nil:
		return nil, err
	case w.spec.Scope != ScopePersonal || access != "owner":
		return nil, notFoundWS(u.workspaceID)
	case w.spec.Published:
		return nil, newErr(http.StatusForbidden, "workspace_read_only",
			"this workspace is published for others and is read-only; add to another personal workspace")
	}
	if err := checkContent(u.name, u.data); err != nil {
		return nil, err
	}
	if int64(len(u.data)) > e.cfg.Limits.MaxFileBytes {
		return nil, newErr(http.StatusRequestEntityTooLarge, "file_too_large", "the file is over max_file_bytes")
	}
	now := e.now()
	if res, err := e.dedupe(w, k, u, now); res != nil || err != nil {
		return res, err
	}
	if err := e.quota(w, k, u, now); err != nil {
		return nil, err
	}
	d := e.newUpload(k, u, now)
	w.docs = append(w.docs, d)
	e.countUpload(k, d, now)
	return &stored{w: w, d: d, status: http.StatusAccepted, wait: d.storedAt.Sub(now)}, nil
}

// dedupe applies spec §4 upload rules 6 and 7 for an id or name already in w; nil, nil lets the
// upload go on (a failed document with the same file or name is replaced).
func (e *Service) dedupe(w *workspace, k Key, u *upload, now time.Time) (*stored, *apiErr) {
	if d := w.byClientID(u.clientID); d != nil {
		switch {
		case d.hash != u.hash || d.name != u.name:
			return nil, &apiErr{status: http.StatusConflict, code: "id_in_use", param: "client_document_id",
				msg: "this client_document_id is already used for another file"}
		case d.status(now) == "failed":
			w.remove(d)
		case d.inFlight(now) && d.addedBy == k.Secret:
			return nil, &apiErr{status: http.StatusTooManyRequests, code: "too_many_uploads",
				msg:        "this upload is still running; ask its status instead of sending it again",
				retryAfter: d.readyAt.Sub(now)}
		case d.inFlight(now):
			return &stored{w: w, d: d, status: http.StatusAccepted, processing: true}, nil
		default:
			return &stored{w: w, d: d, status: http.StatusOK}, nil
		}
	}
	if d := w.byName(u.name, now); d != nil {
		return nil, &apiErr{status: http.StatusConflict, code: "duplicate_name", param: "name",
			msg: "a document called " + quote(u.name) + " already exists in this workspace"}
	}
	for _, d := range w.docs {
		if strings.EqualFold(d.name, u.name) {
			w.remove(d) // a failed document with that name: the same file may be added again
			break
		}
	}
	return nil, nil
}

// newUpload builds the document of a new upload with its lifecycle times. Callers hold e.mu.
func (e *Service) newUpload(k Key, u *upload, now time.Time) *document {
	d := &document{
		id: e.nextID("doc_"), name: u.name, sourceType: "file", clientID: u.clientID, text: u.text,
		hash: u.hash, bytes: int64(len(u.data)), created: now, addedBy: k.Secret,
		fails: u.unreadable || e.cfg.failsByName(u.name), warnings: []string{},
	}
	d.storedAt = now.Add(e.cfg.ProcessingDelay)
	d.readyAt = d.storedAt.Add(e.cfg.ReadyDelay)
	if strings.EqualFold(path.Ext(u.name), ".pdf") && !u.unreadable && strings.TrimSpace(u.text) == "" {
		d.warnings = append(d.warnings, "ocr_used") // a scanned PDF: OCR takes longer (spec §4 rule 5)
		d.readyAt = d.readyAt.Add(2 * e.cfg.ReadyDelay)
	}
	return d
}
