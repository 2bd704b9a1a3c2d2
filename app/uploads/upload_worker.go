package uploads

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"time"

	"lectern/app/records"
	"lectern/client"
)

// Several processes may share one data folder (the desktop app and command lines), and so one
// queue. Each entry is worked by one process at a time: the process claims it in the database
// before working it, says it is alive with a heartbeat, and releases it when done. A claim whose
// heartbeat is older than the claim lifetime belongs to a process that died, and is taken over.

// Defaults of the claim lifetime and of the pause between heartbeats.
const (
	defaultClaimTTL = 15 * time.Second
	heartbeatEvery  = 3 * time.Second
)

// Start makes this process work the whole queue of the current server, not only the files it
// queued or follows: the desktop app calls it once it shows its window.
func (u *Queue) Start() {
	u.mu.Lock()
	u.all = true
	u.mu.Unlock()
	u.run()
}

// run starts the scheduler once; it runs until stop.
func (u *Queue) run() {
	u.startOnce.Do(func() {
		u.wg.Add(1)
		go u.loop()
	})
}

// stop cancels the work in progress (it resumes at the next start, in this process or another)
// and waits for it; the claims are released as each piece of work ends.
func (u *Queue) Stop() {
	u.cancel()
	u.wg.Wait()
}

// kick asks the scheduler to look at the queue now.
func (u *Queue) Kick() {
	select {
	case u.kickc <- struct{}{}:
	default:
	}
}

func (u *Queue) loop() {
	defer u.wg.Done()
	t := time.NewTicker(min(u.retry, heartbeatEvery))
	defer t.Stop()
	for {
		u.schedule()
		select {
		case <-u.ctx.Done():
			return
		case <-u.kickc:
		case <-t.C:
			_ = u.queue.Heartbeat(u.ctx, u.owner)
		}
	}
}

// schedule starts work on the current server's open entries that this process may work: polling
// for what was stored, a status check for what may have reached the server, and sending for queued
// entries while a sending slot is free.
func (u *Queue) schedule() {
	if u.ctx.Err() != nil {
		return
	}
	cl, key, err := u.conn.Current()
	if err != nil {
		return
	}
	open, err := u.queue.Uploads(u.ctx, key, records.UploadQueued, records.UploadSending, records.UploadProcessing)
	if err != nil {
		return
	}
	for _, e := range open {
		if !u.mayWork(e.ID) {
			continue
		}
		switch {
		case e.State != records.UploadProcessing && u.Paused(): // nothing is sent while paused
		case e.State == records.UploadProcessing:
			u.launch(key, e, false, func(ctx context.Context, e records.Upload) { u.follow(ctx, cl, key, e) })
		case u.freeSlots() == 0:
		case e.State == records.UploadSending:
			u.launch(key, e, true, func(ctx context.Context, e records.Upload) { u.resend(ctx, cl, key, e) })
		default:
			u.launch(key, e, true, func(ctx context.Context, e records.Upload) { u.send(ctx, cl, key, e) })
		}
	}
}

// SetPaused pauses sending files (on) or resumes it. Files being sent stop at once and, resumed,
// start again after a status check (as after a restart: nothing is sent twice); files the server
// is reading are still followed. The pause lasts while this process runs.
func (u *Queue) SetPaused(on bool) {
	u.mu.Lock()
	u.paused = on
	for _, a := range u.active {
		if on && a.sending {
			a.cancel()
		}
	}
	u.mu.Unlock()
	u.Kick()
}

// Paused reports whether sending files is paused (SetPaused).
func (u *Queue) Paused() bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.paused
}

// mayWork reports whether this process works entry id: every entry after Start, else those it
// queued or follows.
func (u *Queue) mayWork(id int64) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.all || u.mine[id]
}

func (u *Queue) freeSlots() int {
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

// launch runs work for entry e on a goroutine unless e is already worked on here or waiting. The
// goroutine claims the entry first (a queued one moves to sending) and gives up when another
// process holds it or it changed meanwhile; it releases the claim when the work ends.
func (u *Queue) launch(key string, e records.Upload, sending bool, work func(context.Context, records.Upload)) {
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
		defer u.done(e.ID, cancel)
		cur, ok, err := u.queue.Claim(ctx, key, e.ID, e.State, u.owner, time.Now().Add(-u.claimTTL))
		if err != nil || !ok || cur.ClientDocumentID != e.ClientDocumentID {
			u.later(e.ID) // another process works it: look again later
			return
		}
		if cur.State != e.State {
			u.changed(cur, 0) // queued -> sending
		}
		work(ctx, cur)
	}()
}

// done ends the work on entry id: its claim is released and the scheduler looks again.
func (u *Queue) done(id int64, cancel context.CancelFunc) {
	cancel()
	_ = u.queue.Release(context.Background(), id, u.owner)
	u.mu.Lock()
	delete(u.active, id)
	u.mu.Unlock()
	u.Kick()
}

// later makes entry id wait before its next attempt.
func (u *Queue) later(id int64) {
	u.mu.Lock()
	u.notBefore[id] = time.Now().Add(u.retry)
	u.mu.Unlock()
}

// resend handles an entry left in sending: its request may have reached the server, so the
// status is asked by client_document_id first, and the file is sent again only when the server
// does not know it.
func (u *Queue) resend(ctx context.Context, cl *client.Client, key string, e records.Upload) {
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
func (u *Queue) send(ctx context.Context, cl *client.Client, key string, e records.Upload) {
	req := client.UploadRequest{WorkspaceID: e.WorkspaceID, ClientDocumentID: e.ClientDocumentID, Name: e.Name,
		Size: e.Size, Open: func() (io.ReadCloser, error) { return OpenSameSize(e.Path, e.Size) },
		Progress: u.progress(e)}
	rec, err := cl.Upload(ctx, req)
	if err != nil {
		u.failOrWait(ctx, key, e, err)
		return
	}
	u.stored(ctx, cl, key, e, rec)
}

// openSameSize opens the file to send and checks it still has the size that was checked.
func OpenSameSize(path string, size int64) (io.ReadCloser, error) {
	f, err := OpenFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once, quoted
		}
		return nil, fmt.Errorf("the file %s cannot be read: %w", strconv.Quote(path), err)
	}
	if st, err := f.Stat(); err != nil || st.Size() != size {
		_ = f.Close()
		return nil, client.ErrFileChanged // one error, and one sentence, for a file that changed
	}
	return f, nil
}

// progress returns the callback that records bytes sent and announces them now and then.
func (u *Queue) progress(e records.Upload) func(sent, total int64) {
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

// stored records a server answer for e and follows the upload until it is final.
func (u *Queue) stored(ctx context.Context, cl *client.Client, key string, e records.Upload, rec *client.UploadRecord) {
	u.mu.Lock()
	if a, ok := u.active[e.ID]; ok {
		a.sending = false // following does not hold a sending slot
	}
	u.mu.Unlock()
	u.Kick()
	if u.apply(ctx, key, &e, rec) && !e.State.Final() {
		u.follow(ctx, cl, key, e)
	}
}

// follow polls the status of e (client.WaitDocument) until it is ready or failed. A server that
// forgot the file (it restarted while reading it: "nothing is stored and the file must be sent
// again", spec §3) gets it again.
func (u *Queue) follow(ctx context.Context, cl *client.Client, key string, e records.Upload) {
	_, err := cl.WaitDocument(ctx, e.WorkspaceID, e.ClientDocumentID, func(rec *client.UploadRecord) {
		u.apply(ctx, key, &e, rec)
	})
	switch {
	case err == nil || ctx.Err() != nil:
	case client.IsCode(err, "document_not_found"):
		e.State, e.DocumentID, e.Status, e.Error, e.Record = records.UploadQueued, "", "", "", nil
		u.save(ctx, key, &e)
	default:
		u.failOrWait(ctx, key, e, err)
	}
}
