package client

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
)

// A request body that carries files is streamed: JSON text with each file base64-encoded in place,
// read from the file while it is sent, with an exact Content-Length (the server answers 411
// without one). Memory stays flat whatever the files' size: one 48 KiB chunk and its encoding.

// FileSource is a file to send inside a JSON body: its name (for errors), its size, and how to
// read it from the start (called again when the request is sent again).
type FileSource struct {
	Name string
	Size int64
	Open func() (io.ReadCloser, error)
}

// FileError is a file to send that could not be opened or read, or that changed size
// (errors.Is(err, ErrFileChanged)). It is checked before the request goes out and again while
// the body is streamed: a request cut short by it is incomplete, so the server stored nothing, and
// it is never sent again by itself (only the file can fix it). It is not a *NetError.
type FileError struct {
	Name string // the file's name as sent
	Err  error  // what opening or reading it gave
}

// Error names the file and the cause.
func (e *FileError) Error() string {
	return "client: file " + strconv.Quote(e.Name) + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *FileError) Unwrap() error { return e.Err }

// open opens the file, any error as a *FileError.
func (f *FileSource) open() (io.ReadCloser, error) {
	src, err := f.Open()
	if err != nil {
		return nil, &FileError{Name: f.Name, Err: err}
	}
	return src, nil
}

// checkFiles opens and closes each file of s once, so that a file gone or refused since it was
// checked is told before anything is sent (a change while sending is found by the body itself).
func checkFiles(s *streamSpec) error {
	for _, p := range s.parts {
		if p.file == nil {
			continue
		}
		src, err := p.file.open()
		if err != nil {
			return err
		}
		_ = src.Close()
	}
	return nil
}

// bodyPart is a piece of a streamed body: literal JSON text, or a file sent as base64 text (the
// JSON around it supplies the quotes).
type bodyPart struct {
	json []byte
	file *FileSource
}

// streamSpec describes a streamed body; progress, when set, gets the body bytes sent so far.
type streamSpec struct {
	parts    []bodyPart
	progress func(sent, total int64)
}

// length is the exact size of the body.
func (s *streamSpec) length() int64 {
	var n int64
	for _, p := range s.parts {
		n += int64(len(p.json))
		if p.file != nil {
			n += base64Len(p.file.Size)
		}
	}
	return n
}

// base64Len is the length of size bytes in padded standard base64.
func base64Len(size int64) int64 { return (size + 2) / 3 * 4 }

// newStreamedRequest builds r's HTTP request with its streamed body, exact Content-Length and a
// GetBody that reopens the files. A file that cannot be opened is a *FileError, and nothing is sent.
func (c *Client) newStreamedRequest(ctx context.Context, r *request) (*http.Request, error) {
	body, err := newStreamBody(r.stream)
	if err != nil {
		return nil, err
	}
	if err := checkFiles(r.stream); err != nil {
		return nil, err
	}
	req, err := c.newHTTPRequest(ctx, r, body)
	if err != nil {
		_ = body.Close()
		return nil, err
	}
	req.ContentLength = body.total
	req.GetBody = func() (io.ReadCloser, error) { return newStreamBody(r.stream) }
	return req, nil
}

// newRequest builds r's HTTP request, streamed when r has files.
func (c *Client) newRequest(ctx context.Context, r *request) (*http.Request, error) {
	if r.stream != nil {
		return c.newStreamedRequest(ctx, r)
	}
	return c.newHTTPRequest(ctx, r, nil)
}

// streamBody hands out the parts of a streamSpec in turn, each file opened when its turn comes
// and closed when it is used up.
type streamBody struct {
	parts       []bodyPart
	src         io.ReadCloser // the open file, nil between files
	file        *FileSource   // the source of src
	left        int64         // bytes of the open file still to read
	in, out     []byte
	pending     []byte // encoded bytes not yet handed out
	sent, total int64
	progress    func(sent, total int64)
}

const uploadChunk = 3 * 16 << 10 // a multiple of 3: no padding before the end of a file

// newStreamBody prepares the body of s; no file is opened yet.
func newStreamBody(s *streamSpec) (*streamBody, error) {
	for _, p := range s.parts {
		if p.file != nil && (p.file.Open == nil || p.file.Size < 0) {
			return nil, missing("file")
		}
	}
	return &streamBody{parts: s.parts, total: s.length(), progress: s.progress}, nil
}

// Read hands out literal JSON and encoded file data in turn.
func (b *streamBody) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && (len(b.pending) > 0 || b.src != nil || len(b.parts) > 0) {
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
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// fill loads the next piece into pending: the next chunk of the open file, or the next part.
func (b *streamBody) fill() error {
	if b.src != nil {
		if b.left == 0 {
			return b.finishFile()
		}
		return b.encodeChunk()
	}
	part := b.parts[0]
	b.parts = b.parts[1:]
	if part.file == nil {
		b.pending = part.json
		return nil
	}
	src, err := part.file.open()
	if err != nil {
		return err
	}
	b.src, b.left, b.file = src, part.file.Size, part.file
	return nil
}

// encodeChunk reads up to uploadChunk bytes of the file and base64-encodes them.
func (b *streamBody) encodeChunk() error {
	if b.in == nil {
		b.in = make([]byte, uploadChunk)
		b.out = make([]byte, base64.StdEncoding.EncodedLen(uploadChunk))
	}
	want := int(min(b.left, uploadChunk))
	got, err := io.ReadFull(b.src, b.in[:want])
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			err = ErrFileChanged
		}
		return &FileError{Name: b.file.Name, Err: err}
	}
	b.left -= int64(got)
	m := base64.StdEncoding.EncodedLen(got)
	base64.StdEncoding.Encode(b.out[:m], b.in[:got])
	b.pending = b.out[:m]
	return nil
}

// finishFile checks that the file has no more bytes than announced, and closes it.
func (b *streamBody) finishFile() error {
	var one [1]byte
	k, _ := b.src.Read(one[:])
	_ = b.src.Close()
	b.src = nil
	if k > 0 {
		return &FileError{Name: b.file.Name, Err: ErrFileChanged}
	}
	return nil
}

// Close closes the open file, if any.
func (b *streamBody) Close() error {
	if b.src == nil {
		return nil
	}
	err := b.src.Close()
	b.src = nil
	return err
}

// attachmentsBody is fields (a struct that marshals to a JSON object) with an "attachments" array
// of {name, data} objects added last, each file's data streamed as base64.
func attachmentsBody(fields any, atts []Attachment) ([]bodyPart, error) {
	head, err := json.Marshal(fields)
	if err != nil || len(head) < 2 || head[len(head)-1] != '}' {
		return nil, &ValidationError{Field: "request", Code: InvalidUnencodable}
	}
	head = head[:len(head)-1]
	if len(head) > 1 {
		head = append(head, ',')
	}
	head = append(head, `"attachments":[`...)
	var parts []bodyPart
	for i, a := range atts {
		name, _ := json.Marshal(a.Name)
		open := `{"name":` + string(name) + `,"data":"`
		if i > 0 {
			open = "," + open
		}
		parts = append(parts, bodyPart{json: append(head, open...)}, bodyPart{file: &FileSource{Name: a.Name, Size: a.Size, Open: a.Open}})
		head = []byte(`"}`)
	}
	return append(parts, bodyPart{json: append(head, "]}"...)}), nil
}
