package app

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lectern/app/conversations"
	"lectern/app/secrets"
	"lectern/app/settings"

	"github.com/zalando/go-keyring"
)

// TestKeyNeverReachesTheDataFolder runs a full session (connect, sync, ask, a failed ask, an
// upload, search, export, settings changes) with a recognisable key, then reads every file under
// the data folder (database, WAL, settings, export) for the key and its base64 forms.
func TestKeyNeverReachesTheDataFolder(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	a := f.app
	ev := record(t, a)
	if _, err := a.SignIn().TestConnection(ctx, f.emu.URL(), testKey); err != nil {
		t.Fatal(err)
	}
	if err := a.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	cs := chatsOf(a)
	conv, _ := cs.New(ctx, f.org, "", "")
	if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "How far ahead must travel be booked?"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	// A key typed by mistake into the
	// server address, or a refused request, must not leave it anywhere.
	if err := a.SignIn().Connect(ctx, "http://example.com/"+testKey, testKey); err == nil || strings.Contains(err.Error(), testKey) {
		t.Fatalf("refusing a bad address: %v", err)
	}
	bad, _ := cs.New(ctx, "ws_does_not_exist", "", "")
	if turn, err := cs.Send(ctx, bad.ID, conversations.Message{Text: "Anything?"}, conversations.AskOptions{}); err == nil || strings.Contains(turn.Error, testKey) {
		t.Fatalf("failed ask: %+v %v", turn, err)
	}
	p := writeFile(t, t.TempDir(), "leak-check.txt", []byte("Upload during the leak test."))
	res, _ := a.Uploads().AddFiles(ctx, f.ws, p)
	waitFinished(t, ev, res[0].ID)
	if _, err := cs.Search(ctx, "travel"); err != nil {
		t.Fatal(err)
	}
	if err := cs.Export(ctx, conv.ID, filepath.Join(f.home, "export.md")); err != nil {
		t.Fatal(err)
	}
	a.UpdateSettings(func(s *settings.Settings) { s.Theme = "dark" })
	time.Sleep(50 * time.Millisecond)
	if c := a.SignIn().Connection(); c.Err != nil && strings.Contains(c.Err.Error(), testKey) {
		t.Fatal("the connection error holds the key")
	}
	n := assertNoKeyInHome(t, f.home, testKey) // while open: the WAL holds recent writes
	a.Close()
	n += assertNoKeyInHome(t, f.home, testKey)
	if n < 4 {
		t.Fatalf("only %d files checked", n)
	}
}

// TestKeyGivenToUseServerNeverReachesTheDataFolder is the same check for a server used for one
// process only (the command line's --server and LECTERN_API_KEY): a fresh data folder, streamed
// and whole answers, a failed one, search and export; the key is in no file and not in the keychain.
func TestKeyGivenToUseServerNeverReachesTheDataFolder(t *testing.T) {
	other, ws := startOther(t)
	ctx := ctxT(t)
	g := &fixture{t: t, emu: other, home: t.TempDir()}
	a := g.open()
	if err := a.SignIn().UseServer(ctx, other.URL(), otherKey); err != nil {
		t.Fatal(err)
	}
	if err := a.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	cs := chatsOf(a)
	conv, _ := cs.New(ctx, ws, "", "")
	for _, noStream := range []bool{false, true} {
		if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "When do meetings start?"}, conversations.AskOptions{NoStream: noStream}); err != nil {
			t.Fatal(err)
		}
	}
	bad, _ := cs.New(ctx, "ws_does_not_exist", "", "")
	if turn, err := cs.Send(ctx, bad.ID, conversations.Message{Text: "Anything?"}, conversations.AskOptions{NoStream: true}); err == nil || strings.Contains(turn.Error, otherKey) {
		t.Fatalf("failed ask: %+v %v", turn, err)
	}
	if _, err := cs.Search(ctx, "meetings"); err != nil {
		t.Fatal(err)
	}
	if err := cs.Export(ctx, conv.ID, filepath.Join(g.home, "export.md")); err != nil {
		t.Fatal(err)
	}
	if k, err := keyring.Get(secrets.KeyringService, other.URL()); err == nil {
		t.Fatalf("the keychain holds a key (%d characters) for the server in use", len(k))
	}
	n := assertNoKeyInHome(t, g.home, otherKey)
	a.Close()
	n += assertNoKeyInHome(t, g.home, otherKey)
	if n < 3 {
		t.Fatalf("only %d files checked", n)
	}
}
