package app

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/syncrec"
)

// syncClock is a test's clock for a store: it says the time set, never the day the test runs.
type syncClock struct{ t time.Time }

func (c *syncClock) now() time.Time { return c.t }

// openSyncStore opens a store in a new folder whose clock starts at start.
func openSyncStore(t testing.TB, start time.Time) (*store.DB, *syncClock) {
	t.Helper()
	c := &syncClock{t: start}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), store.DatabaseFile), c.now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, c
}

// changed lists the records st changed after version after.
func changed(t testing.TB, st *store.DB, after string) ([]syncrec.SyncRecord, string) {
	t.Helper()
	var out []syncrec.SyncRecord
	last, err := syncrec.Of(st).ChangedSince(context.Background(), after, func(r syncrec.SyncRecord) error {
		out = append(out, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out, last
}

var syncEpoch = time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)

// Every change of a conversation or turn gets a version from the store's clock (Options.Now),
// newer than the one before, with the data folder's device id; a later round sends only what
// changed since the last.
func TestSyncRecordsVersionEveryChange(t *testing.T) {
	ctx := context.Background()
	st, clock := openSyncStore(t, syncEpoch)
	conv, err := st.CreateConversation(ctx, "srv", records.Conversation{Title: "first"})
	if err != nil {
		t.Fatal(err)
	}
	turn, err := st.AddTurn(ctx, records.Turn{ConversationID: conv.ID, Question: "why?"})
	if err != nil {
		t.Fatal(err)
	}
	recs, last := changed(t, st, "")
	device, _ := syncrec.Of(st).SyncDevice(ctx)
	if len(recs) != 2 || recs[0].Type != syncrec.SyncConversation || recs[1].Type != syncrec.SyncTurn {
		t.Fatalf("records %+v, want the conversation then its turn", recs)
	}
	wantWall := "0" + fmtHex(syncEpoch.UnixMilli())
	for _, r := range recs {
		if len(r.Version) != 18+len(device) || r.Version[:12] != wantWall || r.Version[18:] != device {
			t.Errorf("version %q: want wall %s (the store's clock) and device %s", r.Version, wantWall, device)
		}
	}
	if recs[1].Refs["conversation"] != recs[0].UID || recs[1].Fields["question"] != "why?" {
		t.Errorf("turn record %+v: want its conversation by uid and its question", recs[1])
	}
	if _, ok := recs[0].Fields["id"]; ok {
		t.Error("a record carries the local id")
	}
	if again, _ := changed(t, st, last); len(again) != 0 {
		t.Fatalf("nothing changed, yet %d records are new", len(again))
	}
	clock.t = clock.t.Add(-time.Hour) // a clock set back still makes a newer version
	if err := st.RenameConversation(ctx, "srv", conv.ID, "renamed"); err != nil {
		t.Fatal(err)
	}
	recs, _ = changed(t, st, last)
	if len(recs) != 1 || recs[0].Fields["title"] != "renamed" || recs[0].Version <= last {
		t.Fatalf("after a rename: %+v, want the conversation alone at a version after %s", recs, last)
	}
	_ = turn
}

func fmtHex(n int64) string { return fmtInt(n, 16, 11) }

func fmtInt(n int64, base, width int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, width)
	for i := width - 1; i >= 0; i-- {
		b[i] = digits[n%int64(base)]
		n /= int64(base)
	}
	return string(b)
}
