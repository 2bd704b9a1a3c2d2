package app

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"time"

	"lectern/client"
)

// start runs the scheduler until stop.
func (u *Uploads) start() {
	u.wg.Add(1)
	go u.run()
}

// stop cancels the work in progress (it resumes at the next start) and waits for it.
func (u *Uploads) stop() {
	u.cancel()
	u.wg.Wait()
}

// kick asks the scheduler to look at the queue now.
func (u *Uploads) kick() {
	select {
	case u.kickc <- struct{}{}:
	default:
	}
}

func (u *Uploads) run() {
	defer u.wg.Done()
	t := time.NewTicker(u.retry)
	defer t.Stop()
	for {
		u.schedule()
		select {
		case <-u.ctx.Done():
			return
		case <-u.kickc:
		case <-t.C:
		}
	}
}

// schedule starts work for the current server's queue: polling for what was stored, a status
// check for what may have reached the server, and sending for queued entries while a slot is free.
func (u *Uploads) schedule() {
	if u.ctx.Err() != nil {
		return
	}
	cl, key, err := u.conn.current()
	if err != nil {
		return
	}
	open, err := u.store.uploads(u.ctx, key, UploadSending, UploadProcessing)
	if err != nil {
		return
	}
	for _, e := range open {
		if e.State == UploadProcessing {
			u.launch(key, e, false, func(ctx context.Context, e Upload) { u.pollUntilFinal(ctx, cl, key, e) })
		} else if u.freeSlots() > 0 {
			u.launch(key, e, true, func(ctx context.Context, e Upload) { u.resend(ctx, cl, key, e) })
		}
	}
	for u.freeSlots() > 0 {
		e, ok, err := u.store.claimQueued(u.ctx, key)
		if err != nil || !ok {
			return
		}
		u.changed(e, 0)
		u.launch(key, e, true, func(ctx context.Context, e Upload) { u.send(ctx, cl, key, e) })
	}
}

func (u *Uploads) freeSlots() int {
	u.mu.Lock()
	defer u.mu.Unlock()
	n := maxSending
	for _, a := range u.active {
		if a.sending {
			n--
		}
	}
	return n
}

// launch runs work for entry e on a goroutine unless e is already worked on or waiting. The
// goroutine reads the entry again first and gives up when it changed meanwhile.
func (u *Uploads) launch(key string, e Upload, sending bool, work func(context.Context, Upload)) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if _, busy := u.active[e.ID]; busy || time.Now().Before(u.notBefore[e.ID]) {
		return
	}
	delete(u.notBefore, e.ID)
	ctx, cancel := context.WithCancel(u.ctx)
	u.active[e.ID] = &activeUpload{sending: sending, cancel: cancel}
	u.wg.Add(1)
	go func() {
		defer u.wg.Done()
		defer func() {
			cancel()
			u.mu.Lock()
			delete(u.active, e.ID)
			u.mu.Unlock()
			u.kick()
		}()
		cur, err := u.store.upload(ctx, key, e.ID)
		if err != nil || cur.State != e.State || cur.ClientDocumentID != e.ClientDocumentID {
			return
		}
		work(ctx, cur)
	}()
}

// later makes entry id wait before its next attempt.
func (u *Uploads) later(id int64) {
	u.mu.Lock()
	u.notBefore[id] = time.Now().Add(u.retry)
	u.mu.Unlock()
}

// resend handles an entry left in sending: its request may have reached the server, so the
// status is asked by client_document_id first, and the file is sent again only when the server
// does not know it.
func (u *Uploads) resend(ctx context.Context, cl *client.Client, key string, e Upload) {
	rec, err := cl.DocumentStatus(ctx, e.WorkspaceID, e.ClientDocumentID)
	switch {
	case err == nil:
		u.stored(ctx, cl, key, e, rec)
	case client.IsCode(err, "document_not_found"):
		u.send(ctx, cl, key, e)
	default:
		u.failOrWait(ctx, key, e, err)
	}
}

// send uploads the file of e (already saved as sending) and follows it to the end.
func (u *Uploads) send(ctx context.Context, cl *client.Client, key string, e Upload) {
	req := client.UploadRequest{WorkspaceID: e.WorkspaceID, ClientDocumentID: e.ClientDocumentID, Name: e.Name,
		Size: e.Size, Open: func() (io.ReadCloser, error) { return openSameSize(e.Path, e.Size) },
		Progress: u.progress(e)}
	rec, err := cl.Upload(ctx, req)
	if err != nil {
		u.failOrWait(ctx, key, e, err)
		return
	}
	u.stored(ctx, cl, key, e, rec)
}

// openSameSize opens the file to send and checks it still has the size that was checked.
func openSameSize(path string, size int64) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || st.Size() != size {
		_ = f.Close()
		return nil, errFileChanged
	}
	return f, nil
}

var errFileChanged = errors.New("the file changed after it was queued: retry to send the new version")

// progress returns the callback that records bytes sent and announces them now and then.
func (u *Uploads) progress(e Upload) func(sent, total int64) {
	var last time.Time
	return func(sent, total int64) {
		u.mu.Lock()
		if a, ok := u.active[e.ID]; ok {
			a.sent = min(sent, e.Size)
		}
		u.mu.Unlock()
		if sent >= total || time.Since(last) >= 100*time.Millisecond {
			last = time.Now()
			u.changed(e, min(sent, e.Size))
		}
	}
}

// stored records a server answer for e and polls until the upload is final.
func (u *Uploads) stored(ctx context.Context, cl *client.Client, key string, e Upload, rec *client.UploadRecord) {
	u.mu.Lock()
	if a, ok := u.active[e.ID]; ok {
		a.sending = false // polling does not hold a sending slot
	}
	u.mu.Unlock()
	u.kick()
	if !u.apply(ctx, key, &e, rec) {
		return
	}
	if !e.State.Final() {
		u.pollUntilFinal(ctx, cl, key, e)
	}
}

// pollUntilFinal asks the status of e until it is ready or failed. A server that forgot the file
// (it restarted while reading or indexing it) gets it again.
func (u *Uploads) pollUntilFinal(ctx context.Context, cl *client.Client, key string, e Upload) {
	for !e.State.Final() {
		if !sleepCtx(ctx, u.pollDelay()) {
			return
		}
		rec, err := cl.DocumentStatus(ctx, e.WorkspaceID, e.ClientDocumentID)
		switch {
		case err == nil:
			if !u.apply(ctx, key, &e, rec) {
				return
			}
		case client.IsCode(err, "document_not_found"):
			e.State, e.DocumentID, e.Status, e.Error = UploadQueued, "", "", ""
			u.save(ctx, key, &e)
			return
		default:
			u.failOrWait(ctx, key, e, err)
			return
		}
	}
}

func (u *Uploads) pollDelay() time.Duration {
	if u.poll > 0 {
		return u.poll
	}
	return 3*time.Second + rand.N(2*time.Second)
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
