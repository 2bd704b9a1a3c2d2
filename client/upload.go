package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
)

// UploadUnknownError is an upload whose request broke after it may have reached the server,
// and whose status could not be checked either. Do not resend blind: check the status first.
type UploadUnknownError struct {
	ClientDocumentID string
	Cause            error // the upload's own error
	StatusErr        error // the error of the status check
}

// Error describes both failures.
func (e *UploadUnknownError) Error() string {
	return "client: upload " + e.ClientDocumentID + " has an unknown outcome: " + e.Cause.Error() +
		"; status check: " + e.StatusErr.Error()
}

// Unwrap returns the upload's own error.
func (e *UploadUnknownError) Unwrap() error { return e.Cause }

// uploadEnvelope returns the JSON before and after the base64 data. Field order: data last.
func uploadEnvelope(workspaceID, clientID, name string, meta map[string]string) (prefix, suffix []byte) {
	str := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	p := `{"workspace_id":` + str(workspaceID) + `,"client_document_id":` + str(clientID) + `,"name":` + str(name)
	if len(meta) > 0 {
		m, _ := json.Marshal(meta)
		p += `,"metadata":` + string(m)
	}
	return []byte(p + `,"data":"`), []byte(`"}`)
}

// Upload adds one file to one of the key owner's personal workspaces.
// POST /workspace/documents (300 s). The body is streamed with an exact Content-Length. When the
// request times out or breaks after it may have reached the server, Upload asks the status by
// client_document_id instead of resending: a found record is returned; document_not_found means
// the server kept nothing, and the file is sent once more with the same id.
func (c *Client) Upload(ctx context.Context, r UploadRequest) (*UploadRecord, error) {
	if err := r.Validate(c.Limits()); err != nil {
		return nil, err
	}
	rec, err := c.postUpload(ctx, r)
	if err == nil || !mayHaveArrived(ctx, err) {
		return rec, err
	}
	sctx, cancel := context.WithTimeout(ctx, c.timeouts.List)
	defer cancel()
	st, serr := c.DocumentStatus(sctx, r.WorkspaceID, r.ClientDocumentID)
	switch {
	case serr == nil:
		return st, nil
	case IsCode(serr, "document_not_found"):
		// The one resend of an upload that may have arrived, and it is safe: the status endpoint
		// answers 404 document_not_found for "a document not in that workspace" (spec §4), so the
		// server holds nothing under this client_document_id ("If the server restarts while
		// reading a file, nothing is stored and the file must be sent again", spec §3). The same
		// id is kept: should the first request still be stored after all, the server answers 200
		// "when the same id and same file were already added (nothing stored twice, nothing
		// counted)" (spec §4 rule 6), never a second document.
		return c.postUpload(ctx, r)
	}
	return nil, &UploadUnknownError{ClientDocumentID: r.ClientDocumentID, Cause: err, StatusErr: serr}
}

// mayHaveArrived reports an upload error after which the server may hold the file.
func mayHaveArrived(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false
	}
	var ne *NetError
	if errors.As(err, &ne) {
		return !ne.Unreachable
	}
	var de *DecodeError
	if errors.As(err, &de) && de.Truncated { // the reply was cut off: the file may be stored
		return true
	}
	var ae *APIError
	return errors.As(err, &ae) && ae.Code == "" && isGatewayStatus(ae.StatusCode)
}

// postUpload sends the upload, retrying only what cannot have stored anything: answers the
// server marked retryable, and servers that could not be reached.
func (c *Client) postUpload(ctx context.Context, r UploadRequest) (*UploadRecord, error) {
	req := &request{method: http.MethodPost, path: "/workspace/documents", timeout: c.timeouts.Upload,
		stream: uploadStream(r)}
	var rec UploadRecord
	if err := c.call(ctx, req, decodeInto(&rec, MaxRecordBody)); err != nil {
		return nil, err
	}
	c.rememberLimits(&rec)
	return &rec, nil
}

// uploadStream is the body of an upload: the fields, then the file as base64 in "data".
func uploadStream(r UploadRequest) *streamSpec {
	p, s := uploadEnvelope(r.WorkspaceID, r.ClientDocumentID, r.Name, r.Metadata)
	return &streamSpec{parts: []bodyPart{{json: p}, {file: &FileSource{Name: r.Name, Size: r.Size, Open: r.Open}}, {json: s}},
		progress: r.Progress}
}
