package app

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/uploadq"
	"lectern/app/uploads"
	"lectern/client"
)

// Two processes share one data folder and both work the queue (the desktop app and a command
// line, or two command lines): every file is sent once, and each ends ready.
func TestTwoProcessesWorkOneQueue(t *testing.T) {
	counter := &uploadCounter{}
	f := newFixtureWith(t, fastEmulatorConfig(), counter)
	other := f.open() // a second App on the same home: another process, as far as the queue can Tell
	if err := other.SignIn().UseServer(ctxT(t), f.emu.URL(), testKey); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for i := range 8 {
		paths = append(paths, writeFile(t, dir, fmt.Sprintf("shared-%d.txt", i), fmt.Appendf(nil, "File number %d.", i)))
	}
	res, err := f.app.Uploads().AddFiles(ctxT(t), f.ws, paths...)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, r := range res {
		ids = append(ids, r.ID)
	}
	var wg sync.WaitGroup
	for _, a := range []*App{f.app, other} {
		wg.Go(func() {
			entries, err := a.Uploads().Follow(ctxT(t), ids, func(u records.Upload) bool { return u.State.Final() }, nil)
			for _, e := range entries {
				if err != nil || e.State != records.UploadReady {
					t.Errorf("%s: %s %v", e.Name, e.State, err)
				}
			}
		})
	}
	wg.Wait()
	if n := counter.posts.Load(); n != int64(len(paths)) {
		t.Fatalf("%d files sent %d times in all; want each once", len(paths), n)
	}
}

// A process killed between queueing a file and sending it leaves its entry committed: queued, or
// claimed and moved to sending. The next run takes the entry over (at once when queued; once the
// dead process's heartbeat is stale when claimed) and sends the file under the
// client_document_id saved at the start, once.
func TestKilledBeforeSendingRerunReusesClientID(t *testing.T) {
	for _, state := range []records.UploadState{records.UploadQueued, records.UploadSending} {
		t.Run(string(state), func(t *testing.T) {
			counter := &uploadCounter{}
			f := newFixtureWith(t, fastEmulatorConfig(), counter)
			p := writeFile(t, t.TempDir(), "interrupted.txt", []byte("Queued, then the process was killed."))
			key := f.app.conn.CacheKey()
			f.app.Close()
			e := leaveAsKilled(t, filepath.Join(f.home, store.DatabaseFile), key, records.Upload{WorkspaceID: f.ws, Path: p,
				Name: "interrupted.txt", Size: fileSize(t, p), ClientDocumentID: client.NewClientDocumentID()}, state)

			a := f.openWith(func(o *Options) { o.ClaimTTL = 300 * time.Millisecond })
			if err := a.SignIn().UseServer(ctxT(t), f.emu.URL(), testKey); err != nil {
				t.Fatal(err)
			}
			batch, err := a.Uploads().Upload(ctxT(t), f.ws, []string{p}, func(u records.Upload) bool { return u.State.Final() }, nil)
			if err != nil || len(batch.Entries) != 1 {
				t.Fatal(err, batch)
			}
			got := batch.Entries[0]
			if !batch.Results[0].Existing || got.ID != e.ID || got.State != records.UploadReady ||
				got.Record == nil || got.Record.ClientDocumentID != e.ClientDocumentID {
				t.Fatalf("rerun gave %+v (record %+v); want entry %d sent as %s", got, got.Record, e.ID, e.ClientDocumentID)
			}
			if n := counter.posts.Load(); n != 1 {
				t.Fatalf("%d uploads sent; want 1", n)
			}
		})
	}
}

// leaveAsKilled writes u into the database at path as a process killed in state would have left it.
func leaveAsKilled(t *testing.T, path, key string, u records.Upload, state records.UploadState) records.Upload {
	t.Helper()
	st := openTestStore(t, path)
	defer st.Close()
	u.ContentHash, _ = uploads.FileHash(u.Path)
	e, _, err := uploadq.Of(st).AddUpload(ctxT(t), key, u)
	if err != nil {
		t.Fatal(err)
	}
	if state == records.UploadSending { // claimed and marked sending, last alive a minute ago
		st.Now = func() time.Time { return time.Now().Add(-time.Minute) }
		if _, ok, err := uploadq.Of(st).Claim(ctxT(t), key, e.ID, records.UploadQueued, "dead-process", time.Now()); !ok || err != nil {
			t.Fatal("claim:", ok, err)
		}
	}
	return e
}
