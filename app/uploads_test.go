package app

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/uploadq"
	"lectern/client"
	"lectern/client/emulator"
)

// uploadCounter is a transport that counts upload requests and the most sent at once.
type uploadCounter struct {
	posts, inFlight, maxInFlight atomic.Int64
	statusGets                   atomic.Int64
}

func (c *uploadCounter) RoundTrip(req *http.Request) (*http.Response, error) {
	if strings.HasSuffix(req.URL.Path, "/workspace/documents") && req.Method == http.MethodPost {
		c.posts.Add(1)
		n := c.inFlight.Add(1)
		defer c.inFlight.Add(-1)
		for {
			m := c.maxInFlight.Load()
			if n <= m || c.maxInFlight.CompareAndSwap(m, n) {
				break
			}
		}
	}
	if strings.Contains(req.URL.Path, "/workspace/documents/") {
		c.statusGets.Add(1)
	}
	return http.DefaultTransport.RoundTrip(req)
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// waitFinished waits for the UploadFinished events of ids and returns them by id.
func waitFinished(t *testing.T, ev *eventLog, ids ...int64) map[int64]events.UploadFinished {
	t.Helper()
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	got := map[int64]events.UploadFinished{}
	for len(got) < len(want) {
		e := ev.waitFor(t, 30*time.Second, func(e events.Event) bool {
			uf, ok := e.(events.UploadFinished)
			return ok && want[uf.ID]
		}).(events.UploadFinished)
		got[e.ID] = e
	}
	return got
}

func TestUploadQueuePreflightTwoAtOnceAndReady(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.ProcessingDelay = 150 * time.Millisecond // the upload response waits: uploads overlap
	counter := &uploadCounter{}
	f := newFixtureWith(t, cfg, counter)
	ev := record(t, f.app)
	dir := t.TempDir()
	paths := []string{
		writeFile(t, dir, "minutes.txt", []byte("Minutes of the board meeting: budget approved.")),
		writeFile(t, dir, "notes.md", []byte("# markdown is refused")),
		writeFile(t, dir, "huge.txt", make([]byte, 3<<20+1)),
		filepath.Join(dir, "missing.txt"),
		writeFile(t, dir, "folder/a.csv", []byte("item,amount\npens,3\n")),
		writeFile(t, dir, "folder/b.txt", []byte("Second file in a folder.")),
		writeFile(t, dir, "folder/c.txt", []byte("Third file in a folder.")),
		writeFile(t, dir, "folder/.hidden.txt", []byte("skipped")),
	}
	paths = append(paths[:4], filepath.Join(dir, "folder"))
	res, err := f.app.Uploads().AddFiles(ctxT(t), f.ws, paths...)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	reasons := map[string]string{}
	for _, r := range res {
		if r.ID != 0 {
			ids = append(ids, r.ID)
		} else {
			reasons[r.Name] = r.Reason
		}
	}
	if len(ids) != 4 || len(reasons) != 3 {
		t.Fatalf("accepted %d, refused %v", len(ids), reasons)
	}
	for name, want := range map[string]string{"notes.md": ".md", "huge.txt": "at most", "missing.txt": "cannot be read"} {
		if !strings.Contains(reasons[name], want) {
			t.Errorf("reason for %s = %q; want it to mention %q", name, reasons[name], want)
		}
	}
	list, _ := f.app.Uploads().List(ctxT(t))
	if len(list) != 4 {
		t.Fatalf("the queue holds %d entries; refused files must not enter it", len(list))
	}
	done := waitFinished(t, ev, ids...)
	for id, e := range done {
		if e.Status != "ready" {
			t.Errorf("upload %d finished %q: %s", id, e.Status, e.Reason)
		}
	}
	if m := counter.maxInFlight.Load(); m != 2 {
		t.Errorf("at most %d uploads were sent at once; want exactly 2 with 4 queued", m)
	}
	if p := counter.posts.Load(); p != 4 {
		t.Errorf("%d upload requests for 4 files", p)
	}
	docs, _, _ := f.app.Workspaces().CachedWorkspaceContent(ctxT(t), f.ws)
	names := map[string]string{}
	for _, d := range docs {
		names[d.Name] = d.Status
	}
	if names["minutes.txt"] != "ready" || names["a.csv"] != "ready" {
		t.Fatalf("cached documents after upload: %v", names)
	}
	list, _ = f.app.Uploads().List(ctxT(t))
	for _, u := range list {
		if u.State != records.UploadReady || u.DocumentID == "" || u.Sent != u.Size {
			t.Errorf("entry %+v", u)
		}
	}
	if err := f.app.Uploads().ClearFinished(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if list, _ = f.app.Uploads().List(ctxT(t)); len(list) != 0 {
		t.Fatalf("%d entries after ClearFinished", len(list))
	}
}

func TestUploadProgressEvents(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ev := record(t, f.app)
	data := []byte(strings.Repeat("Quarterly figures line.\n", 100000)) // 2.4 MB
	p := writeFile(t, t.TempDir(), "figures.txt", data)
	res, err := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	if err != nil || res[0].ID == 0 {
		t.Fatalf("enqueue: %+v %v", res, err)
	}
	var states []records.UploadState
	var maxSent int64
	ev.waitFor(t, 30*time.Second, func(e events.Event) bool {
		if uc, ok := e.(events.UploadChanged); ok && uc.ID == res[0].ID {
			if len(states) == 0 || states[len(states)-1] != uc.State {
				states = append(states, uc.State)
			}
			maxSent = max(maxSent, uc.Sent)
		}
		uf, ok := e.(events.UploadFinished)
		return ok && uf.ID == res[0].ID
	})
	if maxSent != int64(len(data)) {
		t.Errorf("largest bytes-sent report %d of %d", maxSent, len(data))
	}
	want := []records.UploadState{records.UploadQueued, records.UploadSending, records.UploadProcessing, records.UploadReady}
	if strings.Join(stateNames(states), ",") != strings.Join(stateNames(want), ",") {
		t.Errorf("states %v; want %v", states, want)
	}
}

func stateNames(s []records.UploadState) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = string(x)
	}
	return out
}

func TestUploadRefusedForWorkspaceNotOwned(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	if err := f.app.Workspaces().Refresh(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	p := writeFile(t, t.TempDir(), "x.txt", []byte("text"))
	res, err := f.app.Uploads().AddFiles(ctxT(t), f.org, p)
	if err != nil || res[0].ID != 0 || !strings.Contains(res[0].Reason, "own personal workspaces") {
		t.Fatalf("enqueue into an organisation workspace: %+v, %v", res, err)
	}
}

func TestDuplicateNameOffersANewName(t *testing.T) {
	f := newFixtureWith(t, fastEmulatorConfig(), nil)
	ev := record(t, f.app)
	p := writeFile(t, t.TempDir(), "holidays.txt", []byte("Another holiday list."))
	res, _ := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	e := waitFinished(t, ev, res[0].ID)[res[0].ID]
	u, _ := f.app.Uploads().Get(ctxT(t), res[0].ID)
	if e.Status != "failed" || u.ErrorCode != "duplicate_name" || u.SuggestedName != "holidays (2).txt" {
		t.Fatalf("duplicate: event %+v, entry %+v", e, u)
	}
	name, err := f.app.Uploads().SuggestName(ctxT(t), u.ID)
	if err != nil || name != "holidays (2).txt" {
		t.Fatalf("SuggestName = %q, %v", name, err)
	}
	if err := f.app.Uploads().RetryAs(ctxT(t), u.ID, name); err != nil {
		t.Fatal(err)
	}
	if e := waitFinished(t, ev, u.ID)[u.ID]; e.Status != "ready" || e.Name != name {
		t.Fatalf("retry as %q: %+v", name, e)
	}
	again, _ := f.app.Uploads().Get(ctxT(t), u.ID)
	if again.ClientDocumentID == u.ClientDocumentID {
		t.Fatal("a retry reused the refused client_document_id")
	}
	if err := f.app.Uploads().Retry(ctxT(t), u.ID); err == nil {
		t.Fatal("a ready upload was retried")
	}
}

func TestIndexingFailureReportedAndRetryable(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ev := record(t, f.app)
	p := writeFile(t, t.TempDir(), "unreadable-scan.txt", []byte("garbled"))
	res, _ := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	e := waitFinished(t, ev, res[0].ID)[res[0].ID]
	if e.Status != "failed" || !strings.Contains(e.Reason, "indexing_failed") {
		t.Fatalf("indexing failure: %+v", e)
	}
	if err := f.app.Uploads().Retry(ctxT(t), res[0].ID); err != nil {
		t.Fatal(err)
	}
	if e := waitFinished(t, ev, res[0].ID)[res[0].ID]; e.Status != "failed" {
		t.Fatalf("retry: %+v", e)
	}
}

func TestUploadOutageKeepsEntryUntilServerIsBack(t *testing.T) {
	counter := &uploadCounter{}
	f := newFixtureWith(t, fastEmulatorConfig(), counter)
	ev := record(t, f.app)
	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, Route: emulator.RouteUpload}})
	p := writeFile(t, t.TempDir(), "report.txt", []byte("The report text."))
	res, _ := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	id := res[0].ID
	ev.waitFor(t, 10*time.Second, func(e events.Event) bool {
		u, _ := f.app.Uploads().Get(context.Background(), id)
		return u.State == records.UploadSending && u.Error != ""
	})
	time.Sleep(200 * time.Millisecond)
	if u, _ := f.app.Uploads().Get(ctxT(t), id); u.State.Final() {
		t.Fatalf("an outage ended the upload: %+v", u)
	}
	f.emu.SetFaults(emulator.Faults{})
	if e := waitFinished(t, ev, id)[id]; e.Status != "ready" {
		t.Fatalf("after the outage: %+v", e)
	}
	u, _ := f.app.Uploads().Get(ctxT(t), id)
	if st, ok := f.emu.DocumentStatus(f.ws, u.ClientDocumentID); !ok || st != "ready" {
		t.Fatalf("server status %q, %v", st, ok)
	}
}

func TestRestartResumesPollingWithoutResending(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.ReadyDelay = 800 * time.Millisecond
	counter := &uploadCounter{}
	f := newFixtureWith(t, cfg, counter)
	ev := record(t, f.app)
	p := writeFile(t, t.TempDir(), "slow.txt", []byte("Indexing this takes a while."))
	res, _ := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	id := res[0].ID
	ev.waitFor(t, 10*time.Second, func(e events.Event) bool {
		uc, ok := e.(events.UploadChanged)
		return ok && uc.ID == id && uc.State == records.UploadProcessing
	})
	f.app.Close()
	a := f.open()
	ev = record(t, a)
	if u, _ := a.Uploads().Get(ctxT(t), id); u.State.Final() {
		t.Skip("indexing finished before the restart")
	}
	if e := waitFinished(t, ev, id)[id]; e.Status != "ready" {
		t.Fatalf("after restart: %+v", e)
	}
	if n := counter.posts.Load(); n != 1 {
		t.Fatalf("the file was sent %d times", n)
	}
}

func TestCrashWhileSendingAsksStatusBeforeResending(t *testing.T) {
	counter := &uploadCounter{}
	f := newFixtureWith(t, fastEmulatorConfig(), counter)
	ctx := ctxT(t)
	dir := t.TempDir()
	arrived := writeFile(t, dir, "arrived.txt", []byte("This one reached the server."))
	lost := writeFile(t, dir, "lost.txt", []byte("This one never arrived."))
	// The server got arrived.txt under this id before the crash.
	cl, _, _ := f.app.conn.Current()
	req := client.UploadRequest{WorkspaceID: f.ws, ClientDocumentID: client.NewClientDocumentID(), Name: "arrived.txt",
		Size: fileSize(t, arrived), Open: func() (io.ReadCloser, error) { return os.Open(arrived) }}
	if _, err := cl.Upload(ctx, req); err != nil {
		t.Fatal(err)
	}
	key := f.app.conn.CacheKey()
	f.app.Close()
	posts := counter.posts.Load()
	st := openTestStore(t, filepath.Join(f.home, store.DatabaseFile))
	for _, u := range []records.Upload{
		{WorkspaceID: f.ws, Path: arrived, Name: "arrived.txt", Size: fileSize(t, arrived), ClientDocumentID: req.ClientDocumentID},
		{WorkspaceID: f.ws, Path: lost, Name: "lost.txt", Size: fileSize(t, lost), ClientDocumentID: client.NewClientDocumentID()},
	} {
		e, _, _ := uploadq.Of(st).AddUpload(ctx, key, u)
		e.State = records.UploadSending // the state at the crash
		uploadq.Of(st).SaveUpload(ctx, key, &e)
	}
	st.Close()
	a := f.open()
	ev := record(t, a)
	list, _ := a.Uploads().List(ctx)
	got := waitFinished(t, ev, list[0].ID, list[1].ID)
	for _, e := range got {
		if e.Status != "ready" {
			t.Fatalf("resumed upload: %+v", e)
		}
	}
	if n := counter.posts.Load() - posts; n != 1 {
		t.Fatalf("%d uploads sent after the crash; want 1 (only the file the server did not know)", n)
	}
}

func fileSize(t *testing.T, p string) int64 {
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

func TestServerRestartWhileIndexingSendsAgain(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.ReadyDelay = time.Second
	counter := &uploadCounter{}
	f := newFixtureWith(t, cfg, counter)
	ev := record(t, f.app)
	p := writeFile(t, t.TempDir(), "restart.txt", []byte("Indexed across a server restart."))
	res, _ := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	id := res[0].ID
	ev.waitFor(t, 10*time.Second, func(e events.Event) bool {
		uc, ok := e.(events.UploadChanged)
		return ok && uc.ID == id && uc.State == records.UploadProcessing
	})
	f.emu.Restart() // the server forgets the file it was indexing
	if e := waitFinished(t, ev, id)[id]; e.Status != "ready" {
		t.Fatalf("after a server restart: %+v", e)
	}
	if n := counter.posts.Load(); n != 2 {
		t.Fatalf("sent %d times; want 2 (the server lost the first)", n)
	}
}

func TestRemoveStopsAnUpload(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.ReadyDelay = 5 * time.Second
	f := newFixture(t, cfg)
	ev := record(t, f.app)
	p := writeFile(t, t.TempDir(), "remove-me.txt", []byte("to be removed"))
	res, _ := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	ev.waitFor(t, 10*time.Second, func(e events.Event) bool {
		uc, ok := e.(events.UploadChanged)
		return ok && uc.State == records.UploadProcessing
	})
	if err := f.app.Uploads().Remove(ctxT(t), res[0].ID); err != nil {
		t.Fatal(err)
	}
	if list, _ := f.app.Uploads().List(ctxT(t)); len(list) != 0 {
		t.Fatalf("queue after Remove: %+v", list)
	}
}
