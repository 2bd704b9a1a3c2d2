package app

import (
	"testing"
	"time"
)

// Pausing keeps queued files from being sent, and resuming sends them, once each.
func TestPausedUploadsWaitAndResumeOnce(t *testing.T) {
	counter := &uploadCounter{}
	f := newFixtureWith(t, fastEmulatorConfig(), counter)
	ev := record(t, f.app)
	f.app.Uploads().SetPaused(true)
	if !f.app.Uploads().Paused() {
		t.Fatal("Paused() is false after SetPaused(true)")
	}
	dir := t.TempDir()
	res, err := f.app.AddFiles(ctxT(t), f.ws, writeFile(t, dir, "agenda.txt", []byte("Agenda of the paused meeting.")),
		writeFile(t, dir, "minutes.txt", []byte("Minutes of the paused meeting.")))
	if err != nil || len(res) != 2 || res[0].ID == 0 || res[1].ID == 0 {
		t.Fatalf("AddFiles = %+v, %v", res, err)
	}
	time.Sleep(300 * time.Millisecond) // several turns of the scheduler (the test retry delay is short)
	if p := counter.posts.Load(); p != 0 {
		t.Fatalf("%d files were sent while the uploads were paused", p)
	}
	list, _ := f.app.Uploads().List(ctxT(t))
	for _, u := range list {
		if u.State != UploadQueued {
			t.Errorf("%s is %s while paused, want queued", u.Name, u.State)
		}
	}
	f.app.Uploads().SetPaused(false)
	for id, e := range waitFinished(t, ev, res[0].ID, res[1].ID) {
		if e.Status != "ready" {
			t.Errorf("upload %d finished %q after resuming: %s", id, e.Status, e.Reason)
		}
	}
	if p := counter.posts.Load(); p != 2 {
		t.Errorf("%d upload requests for 2 files after resuming, want 2", p)
	}
}
