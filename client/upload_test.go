package client

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Spec §2 Identifiers: "exactly 12 characters A-Z a-z 0-9".
func TestNewClientDocumentID(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 2000; i++ {
		id := NewClientDocumentID()
		if err := ValidateClientDocumentID(id); err != nil {
			t.Fatal(id, err)
		}
		if seen[id] {
			t.Fatal("duplicate id", id)
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "abc", "abcdefghijk!", "abcdefghijklm", "abcdéfghijk"} {
		if ValidateClientDocumentID(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Spec §4 POST /workspace/documents: types, name rules, sizes.
func TestPreflight(t *testing.T) {
	ok := []string{"a.txt", "Report.PDF", "x.Docx", "t.XLSX", "d.csv", strings.Repeat("é", 196) + ".txt"}
	for _, n := range ok {
		if err := Preflight(n, 10, Limits{}); err != nil {
			t.Errorf("%q: %v", n, err)
		}
	}
	bad := map[string]string{"notes.md": "name", "old.doc": "name", "old.xls": "name", "": "name",
		".hidden.txt": "name", "a/b.txt": "name", `a\b.txt`: "name", "tab\t.txt": "name",
		strings.Repeat("x", 197) + ".txt": "name", "noext": "name", "bad\xffname.txt": "name", "new\nline.txt": "name"}
	for n, field := range bad {
		var ve *ValidationError
		if err := Preflight(n, 10, Limits{}); !errors.As(err, &ve) || ve.Field != field {
			t.Errorf("%q: %v", n, err)
		}
	}
	var ve *ValidationError
	if err := Preflight("empty.txt", 0, Limits{}); !errors.As(err, &ve) || ve.Field != "file" || ve.Code != InvalidEmptyFile || ve.File != "empty.txt" {
		t.Fatal("a 0-byte file must be refused before sending:", err)
	}
	if err := Preflight("a.txt", 3<<20+1, Limits{}); !errors.As(err, &ve) || ve.Field != "file" || ve.Code != InvalidTooLarge || ve.Got != 3<<20+1 || ve.Limit != 3<<20 {
		t.Fatal(err)
	}
	if err := Preflight("a.txt", 3<<20, Limits{}); err != nil {
		t.Fatal("3 MiB exactly must pass the defaults", err)
	}
	if err := Preflight("a.txt", 2<<20, Limits{MaxFileBytes: 1 << 20}); err == nil {
		t.Fatal("server limit ignored")
	}
	if err := Preflight("a.txt", 3<<20, Limits{MaxFileBytes: 10 << 20, MaxRequestBytes: 4 << 20}); err == nil {
		t.Fatal("request limit ignored")
	}
}

// uploadServer decodes uploads and answers with a record.
type uploadServer struct {
	t        *testing.T
	got      []map[string]any
	lengths  []int64
	data     [][]byte
	respond  func(n int, w http.ResponseWriter, r *http.Request) bool // true: handled
	status   func(w http.ResponseWriter, r *http.Request)
	requests atomic.Int32
}

func (u *uploadServer) handler(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		u.status(w, r)
		return
	}
	n := int(u.requests.Add(1))
	if u.respond != nil && u.respond(n, w, r) {
		return
	}
	u.record(w, r)
}

func (u *uploadServer) record(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		u.t.Errorf("body is not JSON: %v", err)
	}
	data, err := base64.StdEncoding.Strict().DecodeString(m["data"].(string))
	if err != nil {
		u.t.Errorf("data is not standard one-line base64: %v", err)
	}
	u.got, u.lengths, u.data = append(u.got, m), append(u.lengths, r.ContentLength), append(u.data, data)
	w.WriteHeader(http.StatusAccepted)
	_, _ = w.Write([]byte(`{"object":"workspace.document","document_id":"doc_1","client_document_id":"` + m["client_document_id"].(string) +
		`","workspace_id":"w","status":"not_ready","bytes":5,"warnings":[],"limits":{"max_file_bytes":5000000,"max_request_bytes":7000000}}`))
}

func memUpload(data []byte) UploadRequest {
	return UploadRequest{WorkspaceID: "w", ClientDocumentID: NewClientDocumentID(), Name: "Quarterly \"report\".csv",
		Size: int64(len(data)), Metadata: map[string]string{"team": "ops"},
		Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }}
}

// ARCHITECTURE "Uploads": streamed body with an exact Content-Length; the server decodes
// exactly the bytes of the file. (A 0-byte file is refused by Preflight: TestPreflight.)
func TestUploadBodyIsExact(t *testing.T) {
	for _, size := range []int{1, 2, 3, 4, uploadChunk - 1, uploadChunk, uploadChunk + 1, 3<<20 - 7} {
		u := &uploadServer{t: t}
		c, _ := newTestClient(t, u.handler)
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(rand.N(256))
		}
		var lastSent, total int64
		req := memUpload(data)
		req.Progress = func(s, tt int64) { lastSent, total = s, tt }
		rec, err := c.Upload(t.Context(), req)
		if err != nil {
			t.Fatal(size, err)
		}
		if !bytes.Equal(u.data[0], data) || u.lengths[0] <= 0 || lastSent != total || total != u.lengths[0] {
			t.Fatalf("size %d: decoded %d bytes, Content-Length %d, progress %d/%d", size, len(u.data[0]), u.lengths[0], lastSent, total)
		}
		if u.got[0]["name"] != req.Name || u.got[0]["client_document_id"] != req.ClientDocumentID || u.got[0]["workspace_id"] != "w" {
			t.Fatalf("fields %v", u.got[0]["name"])
		}
		if rec.Status != StatusNotReady || *rec.DocumentID != "doc_1" || c.Limits().MaxFileBytes != 5000000 {
			t.Fatalf("%+v %+v", rec, c.Limits())
		}
		if l, ok := c.WorkspaceLimits("w"); !ok || l.MaxRequestBytes != 7000000 {
			t.Fatal(l, ok)
		}
	}
}

func TestUploadGetBodyReplays(t *testing.T) {
	data := []byte("hello, world")
	body, err := newStreamBody(uploadStream(memUpload(data)))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := io.ReadAll(body)
	if int64(len(a)) != body.total {
		t.Fatal(len(a), body.total)
	}
	b2, _ := newStreamBody(uploadStream(memUpload(data)))
	b, _ := io.ReadAll(b2)
	if !bytes.Equal(a[len(a)-20:], b[len(b)-20:]) {
		t.Fatal("replay differs")
	}
}

// A file whose size is not the one announced is ErrFileChanged: one request, cut short, and
// neither a status check nor a resend.
func TestUploadFileChangedSize(t *testing.T) {
	for _, tc := range []struct {
		data []byte
		size int64
	}{
		{[]byte("short"), 10},                // the file shrank
		{[]byte("longer than announced"), 3}, // the file grew
	} {
		s := newCountingServer()
		c, srv := newTestClient(t, s.handler)
		f := &changingFile{t: t, data: tc.data, size: tc.size, started: s.started}
		req := memUpload(nil)
		req.Size, req.Open = f.size, f.open
		_, err := c.Upload(t.Context(), req)
		assertFileError(t, err, ErrFileChanged)
		if fe := (*FileError)(nil); errors.As(err, &fe) && fe.Name != req.Name {
			t.Fatalf("names %q", fe.Name)
		}
		if posts, gets := s.counts(srv); posts != 1 || gets != 0 {
			t.Fatalf("size %d of %d bytes: %d POSTs, %d status checks", tc.size, len(tc.data), posts, gets)
		}
	}
}

// Spec §4 rule 6: "202 with status processing ... 200 with the current status".
func TestUploadAnswers200And202Processing(t *testing.T) {
	for _, tc := range []struct {
		code int
		body string
	}{
		{200, `{"object":"workspace.document","document_id":"d9","status":"ready","client_document_id":"x"}`},
		{202, `{"object":"workspace.document","document_id":null,"status":"processing","client_document_id":"x"}`},
	} {
		c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body)
			w.WriteHeader(tc.code)
			_, _ = w.Write([]byte(tc.body))
		})
		rec, err := c.Upload(t.Context(), memUpload([]byte("x")))
		if err != nil {
			t.Fatal(err)
		}
		if tc.code == 202 && (rec.DocumentID != nil || rec.Status != StatusProcessing) || tc.code == 200 && *rec.DocumentID != "d9" {
			t.Fatalf("%+v", rec)
		}
	}
}

// Spec §4 GET /workspace/documents rule 5: "After a client time-out on upload, the client asks
// for status with the same client_document_id and does not resend."
func TestUploadTimeoutAsksStatusInsteadOfResending(t *testing.T) {
	var statusID string
	u := &uploadServer{t: t}
	u.respond = func(n int, w http.ResponseWriter, r *http.Request) bool {
		_, _ = io.Copy(io.Discard, r.Body)
		time.Sleep(300 * time.Millisecond) // longer than the client's upload limit
		return true
	}
	u.status = func(w http.ResponseWriter, r *http.Request) {
		statusID = strings.TrimPrefix(r.URL.Path, "/workspace/documents/")
		_, _ = w.Write([]byte(`{"object":"workspace.document","document_id":"d1","status":"not_ready","client_document_id":"` + statusID + `"}`))
	}
	c, _ := newTestClient(t, u.handler, WithTimeouts(Timeouts{Upload: 100 * time.Millisecond}))
	req := memUpload([]byte("abc"))
	rec, err := c.Upload(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if u.requests.Load() != 1 || statusID != req.ClientDocumentID || rec.Status != StatusNotReady {
		t.Fatalf("%d posts, status asked for %q", u.requests.Load(), statusID)
	}
}

// An upload whose connection dropped, and whose status then answers 404 document_not_found
// ("a document not in that workspace", spec §4): the server kept nothing ("If the server restarts
// while reading a file, nothing is stored and the file must be sent again", spec §3), so the file
// is sent once more, with the same client_document_id.
func TestUploadBrokenThenNotFoundResendsSameID(t *testing.T) {
	u := &uploadServer{t: t}
	var firstID string
	u.respond = func(n int, w http.ResponseWriter, r *http.Request) bool {
		if n == 1 {
			var first map[string]any
			_ = json.NewDecoder(r.Body).Decode(&first)
			firstID, _ = first["client_document_id"].(string)
			hangUp(w)
			return true
		}
		return false
	}
	var asked atomic.Int32
	u.status = func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		writeErr(w, 404, "document_not_found", false)
	}
	c, _ := newTestClient(t, u.handler)
	req := memUpload([]byte("abc"))
	rec, err := c.Upload(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if u.requests.Load() != 2 || asked.Load() != 1 || firstID != req.ClientDocumentID ||
		u.got[0]["client_document_id"] != req.ClientDocumentID || rec.ClientDocumentID != req.ClientDocumentID {
		t.Fatalf("%d posts, %d status checks", u.requests.Load(), asked.Load())
	}
}

func TestUploadUnknownOutcome(t *testing.T) {
	u := &uploadServer{t: t}
	u.respond = func(n int, w http.ResponseWriter, r *http.Request) bool {
		_, _ = io.Copy(io.Discard, r.Body)
		hangUp(w)
		return true
	}
	u.status = func(w http.ResponseWriter, r *http.Request) { writeErr(w, 500, "internal", false) }
	c, _ := newTestClient(t, u.handler)
	_, err := c.Upload(t.Context(), memUpload([]byte("abc")))
	var ue *UploadUnknownError
	if !errors.As(err, &ue) || u.requests.Load() != 1 || ue.ClientDocumentID == "" || ue.StatusErr == nil {
		t.Fatal(err, u.requests.Load())
	}
	assertNoKey(t, err.Error())
}

func TestUploadRefusalsNotRetried(t *testing.T) {
	for _, code := range []string{"key_not_allowed", "duplicate_name", "id_in_use", "unsupported_file_type"} {
		var n atomic.Int32
		c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
			n.Add(1)
			_, _ = io.Copy(io.Discard, r.Body)
			writeErr(w, 403, code, false)
		})
		if _, err := c.Upload(t.Context(), memUpload([]byte("x"))); !IsCode(err, code) || n.Load() != 1 {
			t.Fatal(code, err, n.Load())
		}
	}
}

func TestUploadValidationSendsNothing(t *testing.T) {
	var n atomic.Int32
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) { n.Add(1) })
	bad := []UploadRequest{memUpload(nil), memUpload(nil), memUpload(nil), memUpload(nil)}
	bad[0].WorkspaceID = ""
	bad[1].ClientDocumentID = "short"
	bad[2].Name = "a.md"
	bad[3].Size = 4 << 20
	for i, r := range bad {
		var ve *ValidationError
		if _, err := c.Upload(t.Context(), r); !errors.As(err, &ve) {
			t.Errorf("%d: %v", i, err)
		}
	}
	if n.Load() != 0 {
		t.Fatal("a request went out")
	}
}
