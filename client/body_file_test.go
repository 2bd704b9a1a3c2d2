package client

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// changingFile is a file to send whose content is not what was announced when it is read: it
// waits until the server has the request's headers (so the request is half-sent), then hands out
// its data and ends early (short), gives more bytes than announced (long) or fails (fail).
type changingFile struct {
	t       *testing.T
	data    []byte
	size    int64 // announced
	fail    error // returned by Read once data is used up, instead of io.EOF
	openErr error // returned by Open
	opens   atomic.Int32
	started <-chan struct{} // closed when the server has the request; nil: do not wait
}

func (f *changingFile) open() (io.ReadCloser, error) {
	f.opens.Add(1)
	if f.openErr != nil {
		return nil, f.openErr
	}
	return io.NopCloser(&changingReader{f: f, r: bytes.NewReader(f.data)}), nil
}

type changingReader struct {
	f      *changingFile
	r      *bytes.Reader
	waited bool
}

func (r *changingReader) Read(p []byte) (int, error) {
	if !r.waited && r.f.started != nil {
		r.waited = true
		select {
		case <-r.f.started:
		case <-time.After(10 * time.Second):
			r.f.t.Error("the server never got the request")
		}
	}
	n, err := r.r.Read(p)
	if err == io.EOF && r.f.fail != nil {
		return n, r.f.fail
	}
	return n, err
}

// countingServer counts requests by method and closes started when the first POST arrives; each
// POST's body is read to the end (which fails when the client gives up half-way).
type countingServer struct {
	posts, gets atomic.Int32
	started     chan struct{}
	once        sync.Once
	answer      func(w http.ResponseWriter) // for a POST whose body arrived whole
}

func newCountingServer() *countingServer { return &countingServer{started: make(chan struct{})} }

func (s *countingServer) handler(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		s.gets.Add(1)
		writeErr(w, http.StatusNotFound, "document_not_found", false)
		return
	}
	s.posts.Add(1)
	s.once.Do(func() { close(s.started) })
	if _, err := io.Copy(io.Discard, r.Body); err != nil {
		return
	}
	if s.answer != nil {
		s.answer(w)
		return
	}
	w.WriteHeader(http.StatusAccepted)
	_, _ = w.Write([]byte(`{"object":"workspace.document","document_id":"doc_1","client_document_id":"x","workspace_id":"w","status":"not_ready"}`))
}

// counts closes the server (waiting for its handlers) and returns the POSTs and GETs it got.
func (s *countingServer) counts(srv *httptest.Server) (posts, gets int32) {
	srv.Close()
	return s.posts.Load(), s.gets.Load()
}

// assertFileError checks that err is the file's own error with cause, not a broken connection
// nor an upload of unknown outcome.
func assertFileError(t *testing.T, err error, cause error) {
	t.Helper()
	var fe *FileError
	var ne *NetError
	var ue *UploadUnknownError
	switch {
	case !errors.As(err, &fe):
		t.Fatalf("not a *FileError: %T %v", err, err)
	case !errors.Is(err, cause):
		t.Fatalf("cause is not %v: %v", cause, err)
	case errors.As(err, &ne):
		t.Fatalf("a file error reads as a broken connection: %v", err)
	case errors.As(err, &ue):
		t.Fatalf("a file error reads as an upload of unknown outcome: %v", err)
	}
	if mayHaveArrived(t.Context(), err) {
		t.Fatalf("a request cut short by its file may have arrived: %v", err)
	}
}

var errDisk = errors.New("input/output error")

// A file that changes or fails while it is being sent cuts the request short: the error is the
// file's (ErrFileChanged for a size change), exactly one request went out, and neither a status
// check nor a resend follows (the server cannot have stored an incomplete body).
func TestUploadFileChangesWhileSending(t *testing.T) {
	big := bytes.Repeat([]byte("0123456789abcdef"), 8<<10) // 128 KiB: the server gets the request before the end
	for name, tc := range map[string]struct {
		size  int64
		fail  error
		cause error
	}{
		"shrank":  {size: int64(len(big)) + 1000, cause: ErrFileChanged},
		"grew":    {size: int64(len(big)) - 1000, cause: ErrFileChanged},
		"failing": {size: int64(len(big)) + 1000, fail: errDisk, cause: errDisk},
	} {
		t.Run(name, func(t *testing.T) {
			s := newCountingServer()
			c, srv := newTestClient(t, s.handler)
			f := &changingFile{t: t, data: big, size: tc.size, fail: tc.fail, started: s.started}
			req := memUpload(nil)
			req.Size, req.Open = f.size, f.open
			rec, err := c.Upload(t.Context(), req)
			if rec != nil {
				t.Fatalf("stored: %+v", rec)
			}
			assertFileError(t, err, tc.cause)
			if posts, gets := s.counts(srv); posts != 1 || gets != 0 {
				t.Fatalf("%d POSTs, %d status checks", posts, gets)
			}
			if n := f.opens.Load(); n != 2 { // the check before sending, and the send
				t.Fatalf("opened %d times", n)
			}
		})
	}
}

// A file gone since it was checked is told before anything is sent, and not tried again.
func TestUploadFileGoneBeforeSending(t *testing.T) {
	s := newCountingServer()
	c, srv := newTestClient(t, s.handler)
	f := &changingFile{t: t, size: 10, openErr: &fs.PathError{Op: "open", Path: "/tmp/a.csv", Err: fs.ErrNotExist}}
	req := memUpload(nil)
	req.Size, req.Open = f.size, f.open
	_, err := c.Upload(t.Context(), req)
	assertFileError(t, err, fs.ErrNotExist)
	if posts, gets := s.counts(srv); posts != 0 || gets != 0 {
		t.Fatalf("%d POSTs, %d status checks", posts, gets)
	}
	if n := f.opens.Load(); n != 1 {
		t.Fatalf("opened %d times", n)
	}
}

// A file rewritten after its size was taken (as app.attachment does) is the file's error on
// POST /pdf too, sent once.
func TestPDFTextFileRewrittenBeforeSending(t *testing.T) {
	s := newCountingServer()
	s.answer = func(w http.ResponseWriter) { _, _ = w.Write([]byte(`{"ok":true,"mode":"text","files":[]}`)) }
	c, srv := newTestClient(t, s.handler)
	data := bytes.Repeat([]byte("%PDF-1.4 rewritten "), 8<<10)
	f := &changingFile{t: t, data: data, size: int64(len(data)) / 2, started: s.started}
	_, err := c.PDFText(t.Context(), PDFRequest{Files: []Attachment{{Name: "a.pdf", Size: f.size, Open: f.open}}})
	assertFileError(t, err, ErrFileChanged)
	var fe *FileError
	if errors.As(err, &fe); fe.Name != "a.pdf" {
		t.Fatalf("names %q", fe.Name)
	}
	if posts, _ := s.counts(srv); posts != 1 {
		t.Fatalf("%d POSTs", posts)
	}
}
