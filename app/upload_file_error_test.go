package app

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/secrets"
	"lectern/app/uploads"
	"lectern/client"
	"lectern/client/emulator/toolsapi"
)

// A file rewritten after it was queued ends its entry failed with the file's own reason, at once:
// no status check, no request, no retry later (before, the error came through the transport as a
// broken connection, was checked, sent again and retried for ever).
func TestUploadFileChangedAfterQueuedFailsWithItsReason(t *testing.T) {
	counter := &uploadCounter{}
	f := newFixtureWith(t, fastEmulatorConfig(), counter)
	ev := record(t, f.app)
	p := writeFile(t, t.TempDir(), "minutes.txt", []byte("Minutes of the board meeting."))
	var calls atomic.Int32
	var rewrite sync.Once
	open := uploads.OpenFile
	t.Cleanup(func() { uploads.OpenFile = open })
	uploads.OpenFile = func(path string) (*os.File, error) {
		if path == p && calls.Add(1) > 1 { // the first open is the queue's own check
			rewrite.Do(func() {
				if err := os.WriteFile(p, []byte("Minutes of the board meeting, with the vote added."), 0o644); err != nil {
					t.Error(err)
				}
			})
		}
		return open(path)
	}
	res, err := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	if err != nil || res[0].ID == 0 {
		t.Fatal(res, err)
	}
	intakeGets := counter.statusGets.Load() // AddFiles may read the live limits; the upload may not
	e := waitFinished(t, ev, res[0].ID)[res[0].ID]
	u, _ := f.app.Uploads().Get(ctxT(t), res[0].ID)
	if e.Status != "failed" || u.State != records.UploadFailed || !strings.Contains(u.Error, "changed before Lectern could send it whole") {
		t.Fatalf("event %+v, entry %+v", e, u)
	}
	if posts, gets := counter.posts.Load(), counter.statusGets.Load()-intakeGets; posts != 0 || gets != 0 {
		t.Fatalf("%d uploads sent, %d status checks", posts, gets)
	}
}

// A PDF rewritten after it was chosen (its size taken) and before it is sent is the file's error:
// nothing is sent, and it is said as a change of that file.
func TestAppPDFTextFileRewrittenBeforeSending(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	p := writeFile(t, t.TempDir(), "report.pdf", []byte("%PDF-1.4 first version"))
	var rewrite sync.Once
	open := uploads.OpenFile
	t.Cleanup(func() { uploads.OpenFile = open })
	uploads.OpenFile = func(path string) (*os.File, error) {
		rewrite.Do(func() {
			if err := os.WriteFile(p, []byte("%PDF-1.4 second, longer version"), 0o644); err != nil {
				t.Error(err)
			}
		})
		return open(path)
	}
	_, err := f.app.Tools().PDFText(ctxT(t), []string{p}, false, nil)
	var fe *client.FileError
	var ne *client.NetError
	if !errors.As(err, &fe) || !errors.Is(err, client.ErrFileChanged) || errors.As(err, &ne) {
		t.Fatalf("%T %v", err, err)
	}
	if s := f.app.Describe(err); !strings.HasPrefix(s, `The file "report.pdf" changed before Lectern could send it whole`) {
		t.Fatal(s)
	}
	if n := f.emu.Requests(toolsapi.RoutePDF); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
}

// A file that cannot be sent is told in its own words and ends an upload, never as a broken
// connection.
func TestFileErrorsReadAsTheFile(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&client.FileError{Name: "a.txt", Err: client.ErrFileChanged}, `The file "a.txt" changed before Lectern could send it whole, so nothing was stored. Retry to send the new version.`},
		{&client.FileError{Name: "a.pdf", Err: fmt.Errorf(`the file "/d/a.pdf" cannot be read: %w`, fs.ErrNotExist)},
			`The file "/d/a.pdf" cannot be read: file does not exist.`},
		{&client.FileError{Name: "a.pdf", Err: &fs.PathError{Op: "read", Path: "/d/a.pdf", Err: errors.New("input/output error")}},
			`The file "/d/a.pdf" cannot be read: input/output error.`},
		{&client.FileError{Name: "a.pdf", Err: errors.New("the disk is gone")}, "The disk is gone."},
	} {
		if s := explain.Explain(tc.err, secrets.KeyNone).Sentence; s != tc.want {
			t.Errorf("%v: %q; want %q", tc.err, s, tc.want)
		}
		if !uploads.IsFinalUploadError(tc.err) {
			t.Errorf("%v is sent again", tc.err)
		}
	}
}
