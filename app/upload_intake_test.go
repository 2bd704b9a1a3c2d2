package app

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/app/events"
	"lectern/app/uploads"
	"lectern/client/emulator"
)

// uploadIDRecorder is a transport that records the client_document_id of every upload request
// and the status it got.
type uploadIDRecorder struct {
	mu   sync.Mutex
	sent []sentUpload
}

type sentUpload struct {
	id     string
	status int
}

func (r *uploadIDRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodPost || !strings.HasSuffix(req.URL.Path, "/workspace/documents") || req.Body == nil {
		return http.DefaultTransport.RoundTrip(req)
	}
	b, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(b))
	var body struct {
		ID string `json:"client_document_id"`
	}
	_ = json.Unmarshal(b, &body)
	resp, err := http.DefaultTransport.RoundTrip(req)
	up := sentUpload{id: body.ID}
	if err == nil {
		up.status = resp.StatusCode
	}
	r.mu.Lock()
	r.sent = append(r.sent, up)
	r.mu.Unlock()
	return resp, err
}

func (r *uploadIDRecorder) uploads() []sentUpload {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.sent)
}

// An upload refused with id_in_use is sent again under a new client_document_id, with no word to
// the user. The refused id is the one the request carried (read back from the queue, it could
// already be the new one).
func TestUploadIDInUseGetsANewIDSilently(t *testing.T) {
	rec := &uploadIDRecorder{}
	f := newFixtureWith(t, fastEmulatorConfig(), rec)
	ev := record(t, f.app)
	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 409, Code: "id_in_use", Count: 1, Route: emulator.RouteUpload}})
	p := writeFile(t, t.TempDir(), "plan.txt", []byte("The plan for next year."))
	res, err := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	if err != nil || res[0].ID == 0 {
		t.Fatalf("enqueue: %+v, %v", res, err)
	}
	done := waitFinished(t, ev, res[0].ID)[res[0].ID]
	e, _ := f.app.Uploads().Get(ctxT(t), res[0].ID)
	sent := rec.uploads()
	if len(sent) != 2 || sent[0].status != http.StatusConflict || sent[1].status == http.StatusConflict {
		t.Fatalf("upload requests %+v; want one refused with 409, then one accepted", sent)
	}
	if done.Status != "ready" || sent[0].id == "" || sent[1].id == sent[0].id || e.ClientDocumentID != sent[1].id {
		t.Fatalf("after id_in_use: %+v, entry %+v (sent %+v)", done, e, sent)
	}
}

func TestUploadTooManyWaitsRetryAfterThenSendsItself(t *testing.T) {
	counter := &uploadCounter{}
	f := newFixtureWith(t, fastEmulatorConfig(), counter)
	ev := record(t, f.app)
	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 429, Code: "too_many_uploads",
		RetryAfter: time.Second, Count: 3, Route: emulator.RouteUpload}})
	p := writeFile(t, t.TempDir(), "later.txt", []byte("Sent after a wait."))
	res, _ := f.app.Uploads().AddFiles(ctxT(t), f.ws, p)
	id := res[0].ID
	ev.waitFor(t, 20*time.Second, func(e events.Event) bool {
		u, _ := f.app.Uploads().Get(ctxT(t), id)
		return strings.Contains(u.Error, "tries again by itself")
	})
	if next := f.app.Uploads().NextAttempt(id); next.IsZero() {
		t.Error("the entry does not say when it is tried again")
	}
	if done := waitFinished(t, ev, id)[id]; done.Status != "ready" {
		t.Fatalf("after the wait: %+v", done)
	}
	if n := counter.posts.Load(); n != 4 {
		t.Errorf("%d upload requests; want 3 refused and 1 accepted", n)
	}
}

func TestUploadDailyLimitWaitsUntilRetryAfter(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.Limits.DailyUploadsLimit = 1
	f := newFixtureWith(t, cfg, nil)
	ev := record(t, f.app)
	dir := t.TempDir()
	res, _ := f.app.Uploads().AddFiles(ctxT(t), f.ws, writeFile(t, dir, "one.txt", []byte("first")))
	waitFinished(t, ev, res[0].ID)
	// AddFiles now knows the allowance is used up and refuses the file itself; the server still
	// decides (another computer may have used the allowance), so the queue is given the file as
	// AddFiles gives the files that pass.
	res, _ = f.app.uploads.Enqueue(ctxT(t), f.app.conn.CacheKey(), f.ws, uploads.GatherFiles([]string{writeFile(t, dir, "two.txt", []byte("second"))}))
	id := res[0].ID
	ev.waitFor(t, 20*time.Second, func(events.Event) bool {
		u, _ := f.app.Uploads().Get(ctxT(t), id)
		return u.ErrorCode == "daily_upload_limit"
	})
	u, _ := f.app.Uploads().Get(ctxT(t), id)
	if u.State.Final() || !strings.Contains(u.Error, "tries again by itself") {
		t.Fatalf("daily limit: entry %+v", u)
	}
	if next := f.app.Uploads().NextAttempt(id); time.Until(next) < 10*time.Minute {
		t.Fatalf("tried again at %v; the server said after midnight", next)
	}
}

func TestUploadLimitsFromOneStatusCall(t *testing.T) {
	counter := &uploadCounter{}
	f := newFixtureWith(t, fastEmulatorConfig(), counter)
	if _, ok := f.app.Workspaces().WorkspaceLimits(f.ws); ok {
		t.Fatal("limits known before any status call")
	}
	lim, ok := f.app.Uploads().UploadLimits(ctxT(t), f.ws)
	if !ok || lim.WorkspaceBytesLimit <= 0 || lim.DailyUploadsLimit <= 0 {
		t.Fatalf("UploadLimits = %+v, %v", lim, ok)
	}
	f.app.Uploads().UploadLimits(ctxT(t), f.ws)
	if n := counter.statusGets.Load(); n != 1 {
		t.Fatalf("%d status calls; the limits are cached", n)
	}
	if _, ok := f.app.Uploads().UploadLimits(ctxT(t), f.org); ok {
		t.Fatal("limits for an organisation workspace")
	}
}

func TestAddFilesChecksTypesAllowanceAndSpace(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.Limits.DailyUploadsLimit = 3
	cfg.Limits.WorkspaceBytesLimit = 1 << 20
	f := newFixtureWith(t, cfg, nil)
	dir := t.TempDir()
	writeFile(t, dir, "batch/a.txt", []byte("first"))
	writeFile(t, dir, "batch/b.txt", []byte("second"))
	writeFile(t, dir, "batch/big.txt", make([]byte, 1<<20))
	writeFile(t, dir, "batch/notes.md", []byte("# md"))
	writeFile(t, dir, "batch/old.doc", []byte("doc"))
	writeFile(t, dir, "batch/c.txt", []byte("third"))
	writeFile(t, dir, "batch/d.txt", []byte("fourth"))
	writeFile(t, dir, "batch/deeper/e.txt", []byte("not taken"))
	res, err := f.app.Uploads().AddFiles(ctxT(t), f.ws, dir+"/batch")
	if err != nil {
		t.Fatal(err)
	}
	why := map[string]string{}
	for _, r := range res {
		why[r.Name] = r.Reason
	}
	want := map[string]string{"notes.md": "save it as .txt", "old.doc": "save it as .docx", "big.txt": "no room",
		"d.txt": "allowance is used up", "a.txt": "", "b.txt": "", "c.txt": "", "deeper/": "one level deep"}
	for name, w := range want {
		if got, ok := why[name]; !ok || (w == "" && got != "") || !strings.Contains(got, w) {
			t.Errorf("%s: reason %q; want %q", name, got, w)
		}
	}
	if len(res) != len(want) {
		t.Errorf("results %+v", res)
	}
}

func TestCanAddFilesNamesTheWorkspacesThatCan(t *testing.T) {
	f := newFixtureWith(t, fastEmulatorConfig(), nil)
	pub := f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Public notes", Owner: "ann", Published: true})
	if err := f.app.Workspaces().Refresh(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if ok, why := f.app.Uploads().CanAddFiles(ctxT(t), f.org); ok || !strings.Contains(why, "organisation") || !strings.Contains(why, "Ann's notes") {
		t.Fatalf("organisation: %v %q", ok, why)
	}
	if ok, _ := f.app.Uploads().CanAddFiles(ctxT(t), pub); !ok {
		t.Fatal("a published workspace is only known once the server says so")
	}
	ev := record(t, f.app)
	res, _ := f.app.Uploads().AddFiles(ctxT(t), pub, writeFile(t, t.TempDir(), "p.txt", []byte("published")))
	if done := waitFinished(t, ev, res[0].ID)[res[0].ID]; done.Status != "failed" {
		t.Fatalf("upload to a published workspace: %+v", done)
	}
	if ok, why := f.app.Uploads().CanAddFiles(ctxT(t), pub); ok || !strings.Contains(why, "published") || !strings.Contains(why, "Ann's notes") {
		t.Fatalf("published, after the server's answer: %v %q", ok, why)
	}
}

func TestUploadKeyNotAllowedAndAPIDisabledSayWhatAnAdministratorMustDo(t *testing.T) {
	f := newFixtureWith(t, fastEmulatorConfig(), nil)
	ev := record(t, f.app)
	dir := t.TempDir()
	for _, c := range []struct{ code, status, want string }{
		{"key_not_allowed", "403", "administrator must mark the key"},
		{"api_disabled", "404", "Ask an administrator to switch it on"},
	} {
		st := 403
		if c.status == "404" {
			st = 404
		}
		f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: st, Code: c.code, Count: 1, Route: emulator.RouteUpload}})
		res, _ := f.app.Uploads().AddFiles(ctxT(t), f.ws, writeFile(t, dir, c.code+".txt", []byte(c.code)))
		done := waitFinished(t, ev, res[0].ID)[res[0].ID]
		if done.Status != "failed" || !strings.Contains(done.Reason, c.want) {
			t.Errorf("%s: %+v", c.code, done)
		}
	}
}

// A published workspace is known only by the server's 403 workspace_read_only (spec §4, POST
// /workspace/documents rule 4; the list has no field for it): once answered, it is marked in the
// cache, so that it is not offered for files again, after its failed entry is removed, a refresh
// and a restart.
func TestReadOnlyAnswerIsMarkedInTheCache(t *testing.T) {
	f := newFixtureWith(t, fastEmulatorConfig(), nil)
	pub := f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Public notes", Owner: "ann", Published: true})
	if err := f.app.Workspaces().Refresh(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	ev := record(t, f.app)
	res, _ := f.app.Uploads().AddFiles(ctxT(t), pub, writeFile(t, t.TempDir(), "p.txt", []byte("published")))
	waitFinished(t, ev, res[0].ID)
	if err := f.app.Uploads().Remove(ctxT(t), res[0].ID); err != nil {
		t.Fatal(err)
	}
	f.app.Close()
	f.app = f.open()
	if err := f.app.Workspaces().Refresh(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if ok, why := f.app.Uploads().CanAddFiles(ctxT(t), pub); ok || !strings.Contains(why, "published") {
		t.Fatalf("after a restart: %v %q", ok, why)
	}
	list, _ := f.app.Workspaces().CachedWorkspaces(ctxT(t))
	for _, w := range list {
		if w.WorkspaceID == pub && (w.TakesFiles() || !w.ReadOnly) {
			t.Errorf("cached %+v: still offered for files", w)
		}
		if w.WorkspaceID == f.ws && !w.TakesFiles() {
			t.Errorf("the owner's own workspace %q does not take files", w.Name)
		}
	}
}
