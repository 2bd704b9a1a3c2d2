// Package uploads is the upload queue, the one way files reach the service for both front-ends:
// intake (files and folders checked once: type, the client's checks, the day's allowance, the
// workspace's space), a queue shared by every process on the data folder (claims, heartbeats),
// sending at most two at a time, polling until ready or failed, and the live limits.
package uploads

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/uploadq"
	"lectern/app/workspaces"
	"lectern/client"
)

// Uploads is the upload queue of the current server, the one way files reach the service for both
// front-ends: files are checked (preflight) and queued, sent at most two at a time, then polled
// until ready or failed. Every state is saved before the work it announces starts, so after a
// restart the queue resumes: entries that were sent are polled, and an entry that may have reached
// the server is looked up by its client_document_id before anything is sent again. Processes
// sharing the data folder share the queue (see upload_worker.go). Changes are reported as
// UploadChanged events, and the end of each upload as UploadFinished.
type Queue struct {
	store    *store.DB
	queue    uploadq.Queue // the queue's rows in store
	conn     *connection.Manager
	bus      *events.Bus
	sync     *workspaces.Sync
	retry    time.Duration
	claimTTL time.Duration
	owner    string // this process's name in the claims

	ctx       context.Context
	cancel    context.CancelFunc
	wg        sync.WaitGroup
	kickc     chan struct{}
	startOnce sync.Once

	mu        sync.Mutex
	all       bool                    // Start was called: work every entry, not only mine
	paused    bool                    // SetPaused: no file is sent until resumed
	mine      map[int64]bool          // entries this process queued or follows
	active    map[int64]*activeUpload // entries a goroutine works on
	notBefore map[int64]time.Time     // entries waiting before their next attempt
	extra     intakeState             // read-only workspaces and limits read (upload_recover.go)
}

// activeUpload is an entry being worked on.
type activeUpload struct {
	sending bool // holds one of the two sending slots
	sent    int64
	cancel  context.CancelFunc
}

// maxSending is how many uploads are sent at once.
const maxSending = 2

// EnqueueResult is the outcome for one file given to Enqueue: ID is its queue entry, or 0 when
// the file was refused, with Reason saying why in words. Existing says that the same file (same
// name and content) was already queued or sent to the workspace: ID is that entry, and nothing is
// sent again.
type EnqueueResult struct {
	Path     string
	Name     string
	ID       int64
	Reason   string
	Existing bool
}

// newUploads makes the queue of the current server of conn, kept in st, which refreshes a workspace
// through sync once a file is ready; retry and claimTTL are Options.RetryDelay and ClaimTTL (0: the
// defaults).
func New(st *store.DB, conn *connection.Manager, bus *events.Bus, sync *workspaces.Sync, retry, claimTTL time.Duration) *Queue {
	u := &Queue{store: st, queue: uploadq.Of(st), conn: conn, bus: bus, sync: sync, retry: cmp.Or(retry, 5*time.Second),
		claimTTL: cmp.Or(claimTTL, defaultClaimTTL), owner: client.NewClientDocumentID(),
		kickc: make(chan struct{}, 1), mine: map[int64]bool{}, active: map[int64]*activeUpload{},
		notBefore: map[int64]time.Time{}}
	u.ctx, u.cancel = context.WithCancel(context.Background())
	return u
}

// Enqueue queues for workspace workspaceID the files of files that AddFiles let through (no
// reason), and this process starts working them; the others come back with their reason.
func (u *Queue) Enqueue(ctx context.Context, key, workspaceID string, files []candidate) ([]EnqueueResult, error) {
	out := make([]EnqueueResult, 0, len(files))
	for _, p := range files {
		r := EnqueueResult{Path: p.path, Name: cmp.Or(p.name, filepath.Base(p.path)), Reason: p.reason}
		if r.Reason == "" {
			if err := u.add(ctx, key, workspaceID, p, &r); err != nil {
				return out, err
			}
		}
		out = append(out, r)
	}
	u.run()
	u.Kick()
	return out, nil
}

// add queues the checked file p for workspaceID, or finds the entry of the same file, into r.
func (u *Queue) add(ctx context.Context, key, workspaceID string, p candidate, r *EnqueueResult) error {
	hash, err := FileHash(p.path)
	if err != nil {
		r.Reason = "The file cannot be read: " + pathError(err)
		return nil
	}
	e, existing, err := u.queue.AddUpload(ctx, key, records.Upload{WorkspaceID: workspaceID, Path: p.path, Name: r.Name,
		Size: p.size, ContentHash: hash, ClientDocumentID: client.NewClientDocumentID()})
	if err != nil {
		return err
	}
	r.ID, r.Existing = e.ID, existing
	u.adopt(e.ID)
	if !existing {
		u.changed(e, 0)
	}
	return nil
}

// adopt makes entry id one this process works (when no other process does).
func (u *Queue) adopt(id int64) {
	u.mu.Lock()
	if !u.all { // after Start every entry is worked: a desktop session's set would only grow
		u.mine[id] = true
	}
	u.mu.Unlock()
}

// openFile and readDir read files and folders; tests replace them to make a file or a folder
// unreadable even for root.
var (
	OpenFile = os.Open
	ReadDir  = os.ReadDir
)

// fileHash is the SHA-256 of the file at path, in hex: with the name, what makes two files "the
// same file" for the queue. Reading the whole file here also finds a file that cannot be read
// (permission denied) before it is queued.
func FileHash(path string) (string, error) {
	f, err := OpenFile(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// candidate is a file given to AddFiles: its path and size (stat'ed once), or why it is not taken.
type candidate struct {
	path   string
	name   string // what the results call it, when not its base name (a sub-folder: "name/")
	size   int64
	reason string
}

func fileCandidate(p string, st fs.FileInfo) candidate {
	if !st.Mode().IsRegular() {
		return candidate{path: p, reason: "Only ordinary files can be added."}
	}
	return candidate{path: p, size: st.Size()}
}

func pathError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return err.Error() + "."
}

// List returns the current server's queue, oldest first, with bytes sent for entries being sent.
func (u *Queue) List(ctx context.Context) ([]records.Upload, error) {
	all, err := u.queue.Uploads(ctx, u.conn.CacheKey())
	for i := range all {
		all[i].Sent = u.sentOf(all[i])
	}
	return all, err
}

// Get returns one entry of the queue.
func (u *Queue) Get(ctx context.Context, id int64) (records.Upload, error) {
	e, err := u.queue.Upload(ctx, u.conn.CacheKey(), id)
	e.Sent = u.sentOf(e)
	return e, err
}

func (u *Queue) sentOf(e records.Upload) int64 {
	if e.State != records.UploadSending {
		if e.State == records.UploadQueued {
			return 0
		}
		return e.Size
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if a, ok := u.active[e.ID]; ok {
		return a.sent
	}
	return 0
}

// Retry queues a failed entry again under a new client_document_id (the failed one stays taken).
func (u *Queue) Retry(ctx context.Context, id int64) error { return u.RetryAs(ctx, id, "") }

// RetryAs queues a failed entry again under name ("" keeps its name), for example the name
// SuggestName offers after duplicate_name.
func (u *Queue) RetryAs(ctx context.Context, id int64, name string) error {
	key := u.conn.CacheKey()
	e, err := u.queue.Upload(ctx, key, id)
	if err != nil {
		return err
	}
	if e.State != records.UploadFailed {
		return errors.New("only a failed upload can be retried")
	}
	if name = strings.TrimSpace(name); name != "" {
		if err := client.Preflight(name, e.Size, client.Limits{}); err != nil {
			return errors.New(u.conn.Describe(err))
		}
		e.Name = name
	}
	st, err := os.Stat(e.Path)
	if err != nil {
		return errors.New("the file cannot be read any more: " + pathError(err))
	}
	e.Size = st.Size()
	e.State, e.ClientDocumentID = records.UploadQueued, client.NewClientDocumentID()
	u.mu.Lock()
	delete(u.notBefore, id)
	u.mu.Unlock()
	e.DocumentID, e.Status, e.Warnings, e.Record, e.Error, e.ErrorCode, e.SuggestedName = "", "", nil, nil, "", "", ""
	if err := u.queue.SaveUpload(ctx, key, &e); err != nil {
		return err
	}
	u.changed(e, 0)
	u.adopt(id)
	u.run()
	u.Kick()
	return nil
}

// SuggestName returns a name for entry id that is not used yet in its workspace (as far as the
// cache and the queue know), such as "report (2).pdf" for "report.pdf".
func (u *Queue) SuggestName(ctx context.Context, id int64) (string, error) {
	key := u.conn.CacheKey()
	e, err := u.queue.Upload(ctx, key, id)
	if err != nil {
		return "", err
	}
	return u.freeName(ctx, key, e)
}

func (u *Queue) freeName(ctx context.Context, key string, e records.Upload) (string, error) {
	taken, err := u.store.DocumentNames(ctx, key, e.WorkspaceID)
	if err != nil {
		return "", err
	}
	taken[strings.ToLower(e.Name)] = true
	ext := filepath.Ext(e.Name)
	base := strings.TrimSuffix(e.Name, ext)
	for n := 2; ; n++ {
		name := fmt.Sprintf("%s (%d)%s", base, n, ext)
		if !taken[strings.ToLower(name)] {
			return name, nil
		}
	}
}

// Remove takes an entry out of the queue, stopping its sending or polling. A file the server
// already stored stays there (the service has no delete).
func (u *Queue) Remove(ctx context.Context, id int64) error {
	u.mu.Lock()
	if a, ok := u.active[id]; ok {
		a.cancel()
	}
	u.mu.Unlock()
	if err := u.queue.RemoveUpload(ctx, u.conn.CacheKey(), id); err != nil {
		return err
	}
	u.bus.Emit(events.UploadChanged{ID: id})
	return nil
}

// ClearFinished removes the entries that are ready.
func (u *Queue) ClearFinished(ctx context.Context) error {
	done, err := u.queue.Uploads(ctx, u.conn.CacheKey(), records.UploadReady)
	for _, e := range done {
		if err := u.Remove(ctx, e.ID); err != nil {
			return err
		}
	}
	return err
}

// changed announces an entry's state.
func (u *Queue) changed(e records.Upload, sent int64) {
	u.bus.Emit(events.UploadChanged{ID: e.ID, State: e.State, Sent: sent, Size: e.Size})
}
