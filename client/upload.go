package client

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
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
	var rec *UploadRecord
	err := c.withRetries(ctx, false, func() (err error) {
		rec, err = c.postUploadOnce(ctx, r)
		return err
	})
	return rec, err // rec is nil after a failed attempt
}

// postUploadOnce sends one upload request.
func (c *Client) postUploadOnce(ctx context.Context, r UploadRequest) (*UploadRecord, error) {
	actx, cancel := context.WithTimeout(ctx, c.timeouts.Upload)
	defer cancel()
	body, err := newUploadBody(r)
	if err != nil {
		return nil, err
	}
	req, err := c.newHTTPRequest(actx, &request{method: http.MethodPost, path: "/workspace/documents"}, body)
	if err != nil {
		body.Close()
		return nil, err
	}
	req.ContentLength = body.total
	req.GetBody = func() (io.ReadCloser, error) { return newUploadBody(r) }
	resp, err := c.do(c.http, req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var rec UploadRecord
	if err := decodeInto(&rec, MaxRecordBody)(resp); err != nil {
		return nil, c.withRoute(err, req.Method, req.URL.Path, req.URL.Host)
	}
	c.rememberLimits(&rec)
	return &rec, nil
}

// uploadBody streams {"...","data":"<base64>"} from a file without holding it in memory.
type uploadBody struct {
	prefix, suffix []byte
	src            io.ReadCloser
	left           int64 // file bytes still to read
	in, out        []byte
	pending        []byte // encoded bytes not yet handed out
	sent, total    int64
	progress       func(sent, total int64)
	phase          int // 0 prefix, 1 data, 2 suffix, 3 done
}

const uploadChunk = 3 * 16 << 10 // a multiple of 3: no padding before the end

// newUploadBody opens the file and prepares the exact body length.
func newUploadBody(r UploadRequest) (*uploadBody, error) {
	src, err := r.Open()
	if err != nil {
		return nil, err
	}
	p, s := uploadEnvelope(r.WorkspaceID, r.ClientDocumentID, r.Name, r.Metadata)
	b := &uploadBody{prefix: p, suffix: s, src: src, left: r.Size, progress: r.Progress}
	b.total = uploadBodyLength(p, s, r.Size)
	return b, nil
}

// uploadBodyLength is the exact length of a body with this envelope around size file bytes.
func uploadBodyLength(prefix, suffix []byte, size int64) int64 {
	return int64(len(prefix)+len(suffix)) + int64(base64.StdEncoding.EncodedLen(int(size)))
}

// errFileChanged reports a file whose size changed while it was being sent.
var errFileChanged = errors.New("the file changed size while it was being sent")

// Read hands out prefix, encoded data and suffix in turn.
func (b *uploadBody) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && (len(b.pending) > 0 || b.phase < 3) {
		if len(b.pending) == 0 {
			if err := b.fill(); err != nil {
				return n, err
			}
			continue
		}
		k := copy(p[n:], b.pending)
		b.pending = b.pending[k:]
		n += k
	}
	b.sent += int64(n)
	if b.progress != nil && n > 0 {
		b.progress(b.sent, b.total)
	}
	if n == 0 && b.phase == 3 && len(b.pending) == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// fill loads the next piece into pending and advances the phase when one is used up.
func (b *uploadBody) fill() error {
	switch b.phase {
	case 0:
		b.pending, b.phase = b.prefix, 1
	case 1:
		if b.left == 0 {
			return b.finishData()
		}
		return b.encodeChunk()
	case 2:
		b.pending, b.phase = b.suffix, 3
	}
	return nil
}

// encodeChunk reads up to uploadChunk bytes of the file and base64-encodes them.
func (b *uploadBody) encodeChunk() error {
	if b.in == nil {
		b.in = make([]byte, uploadChunk)
		b.out = make([]byte, base64.StdEncoding.EncodedLen(uploadChunk))
	}
	want := int(min(b.left, uploadChunk))
	got, err := io.ReadFull(b.src, b.in[:want])
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return errFileChanged
		}
		return err
	}
	b.left -= int64(got)
	m := base64.StdEncoding.EncodedLen(got)
	base64.StdEncoding.Encode(b.out[:m], b.in[:got])
	b.pending = b.out[:m]
	return nil
}

// finishData checks that the file has no more bytes than announced.
func (b *uploadBody) finishData() error {
	var one [1]byte
	if k, _ := b.src.Read(one[:]); k > 0 {
		return errFileChanged
	}
	b.phase = 2
	return nil
}

// Close closes the file.
func (b *uploadBody) Close() error { return b.src.Close() }
