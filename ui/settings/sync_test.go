package settings

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"lectern/app/records"
	"lectern/app/store"
	appsync "lectern/app/sync"
)

// The Sync section sets sync up as a person does: a folder typed, a passphrase (masked, not
// shown again), Sync now; it then says what the round did, and what a second round brought
// from another data folder; a target that cannot be written is said in words.
func TestSyncSectionSetsUpAndSaysWhatARoundDid(t *testing.T) {
	f := newFixture(t)
	w := f.open()
	y := w.sync
	if !strings.HasPrefix(y.status.Text, "Sync is off") || !y.problems.Hidden {
		t.Fatalf("before set up: %q, problems shown %v", y.status.Text, !y.problems.Hidden)
	}
	if !y.passphrase.Password {
		t.Error("the passphrase is not masked")
	}
	dir := t.TempDir()
	test.Type(y.target, dir)
	test.Type(y.passphrase, "correct horse battery staple")
	test.Tap(y.now)
	until(t, "the first round said", func() bool { return strings.HasPrefix(y.status.Text, "Last sync at ") })
	if y.passphrase.Text != "" || f.app.Settings().SyncTarget != dir {
		t.Fatalf("after Sync now: passphrase field %q, target %q", y.passphrase.Text, f.app.Settings().SyncTarget)
	}

	// Another data folder syncs a conversation of its own through the same folder.
	otherConversation(t, dir, "From the laptop", "Where is the Prado?")
	test.Tap(y.now)
	until(t, "the second round said", func() bool {
		return strings.Contains(y.status.Text, "1 conversation and 1 turn in")
	})

	// A target that is a file: the round's error in words, shown.
	file := filepath.Join(t.TempDir(), "not-a-folder")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	y.target.SetText(file)
	test.Tap(y.now)
	until(t, "the problem said", func() bool { return !y.problems.Hidden && strings.Contains(y.problems.Text, "sync folder") })
	w.Win().Resize(fyne.NewSize(620, 700))
	scrollTo(w, y.root)
	capture(t, w, "LECTERN_SYNC_SETTINGS_PNG", fyne.NewSize(620, 700))
}

// otherConversation syncs a conversation with one turn from another data folder (its own
// database) through the folder dir.
func otherConversation(t *testing.T, dir, title, question string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), store.DatabaseFile),
		func() time.Time { return time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC) })
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, err := st.CreateConversation(ctx, "srv", records.Conversation{WorkspaceID: "ws", Title: title})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddTurn(ctx, records.Turn{ConversationID: c.ID, Question: question}); err != nil {
		t.Fatal(err)
	}
	if _, err := appsync.Round(ctx, appsync.Options{Store: st, Target: appsync.Folder{Dir: dir}, Passphrase: "correct horse battery staple"}); err != nil {
		t.Fatal(err)
	}
}

// scrollTo scrolls the Settings window so that o is at its top.
func scrollTo(w *Window, o fyne.CanvasObject) {
	var find func(fyne.CanvasObject) *container.Scroll
	find = func(c fyne.CanvasObject) *container.Scroll {
		if s, ok := c.(*container.Scroll); ok {
			return s
		}
		if ctr, ok := c.(*fyne.Container); ok {
			for _, child := range ctr.Objects {
				if s := find(child); s != nil {
					return s
				}
			}
		}
		return nil
	}
	if s := find(w.Win().Content()); s != nil {
		drv := fyne.CurrentApp().Driver()
		top := drv.AbsolutePositionForObject(o).Y - drv.AbsolutePositionForObject(s.Content).Y
		s.ScrollToOffset(fyne.NewPos(0, top-40))
	}
}
