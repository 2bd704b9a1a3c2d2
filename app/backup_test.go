package app

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/search"
)

// seedConversation saves a conversation of server "srv" with n answered turns, the first with an
// image and a tool card in its extra column, and returns it.
func seedConversation(t testing.TB, st *store.DB, title string, n int) records.Conversation {
	t.Helper()
	ctx := context.Background()
	conv, err := st.CreateConversation(ctx, "srv", records.Conversation{Kind: records.KindModel, Model: "Fast", Title: title, System: "Be brief."})
	if err != nil {
		t.Fatal(err)
	}
	var parent int64
	for i := range n {
		turn := records.Turn{ConversationID: conv.ID, ParentID: parent, Question: fmt.Sprintf("%s question %d", title, i)}
		if i == 0 {
			turn.Images = []records.Image{{Name: "dot.png", MIME: "image/png", Data: []byte("\x89PNG fake bytes of " + title)}}
		}
		turn, err = st.AddTurn(ctx, turn)
		if err != nil {
			t.Fatal(err)
		}
		parent = turn.ID
		turn.Answer, turn.Status = fmt.Sprintf("%s answer %d", title, i), records.TurnCompleted
		if i == 0 { // a function call the model asked for: a part kept with the turn
			turn.Parts = []records.TurnPart{{Kind: records.PartFunctionCall, CallID: "call_" + title, Name: "get_weather", Arguments: `{"city":"Oslo"}`}}
		}
		if err := st.SaveTurn(ctx, &turn); err != nil {
			t.Fatal(err)
		}
		if i == 0 { // a tool card, as a later kind of turn keeps it: in the extra column
			_, err = st.SQL().Exec(`UPDATE turns SET extra=json_set(extra, '$.tool', json('{"name":"pdf","card":"`+title+`"}')) WHERE id=?`, turn.ID)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	return conv
}

// openHome opens an app with no server on a data folder of its own.
func openHome(t testing.TB, home string) *App {
	t.Helper()
	a, err := Open(context.Background(), Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// Deleting moves a conversation to the trash: not listed, found or renamed, but restorable with
// its turns; 30 days later it goes for good.
func TestTrashKeepsDeletedConversationsThirtyDays(t *testing.T) {
	ctx := context.Background()
	st := openTestStore(t, filepath.Join(t.TempDir(), store.DatabaseFile))
	defer st.Close()
	kept, gone := seedConversation(t, st, "kept", 2), seedConversation(t, st, "binned", 2)
	if err := st.TrashConversation(ctx, "srv", gone.ID); err != nil {
		t.Fatal(err)
	}
	if err := st.TrashConversation(ctx, "srv", gone.ID); !errors.Is(err, records.ErrNotFound) {
		t.Errorf("a second delete gave %v", err)
	}
	list, _ := st.Conversations(ctx, "srv", "")
	hits, _ := search.Find(ctx, st, "srv", "binned", 10)
	_, getErr := st.Conversation(ctx, "srv", gone.ID)
	if len(list) != 1 || list[0].ID != kept.ID || len(hits) != 0 || !errors.Is(getErr, records.ErrNotFound) {
		t.Fatalf("the binned conversation still shows: list %v, hits %d, get %v", list, len(hits), getErr)
	}
	if err := st.RenameConversation(ctx, "srv", gone.ID, "x"); !errors.Is(err, records.ErrNotFound) {
		t.Errorf("renaming a binned conversation: %v", err)
	}
	trash, _ := st.Trashed(ctx, "srv")
	if len(trash) != 1 || trash[0].ID != gone.ID || trash[0].Deleted.IsZero() {
		t.Fatalf("trash %+v", trash)
	}
	if _, err := st.RestoreConversation(ctx, "srv", gone.ID); err != nil {
		t.Fatal(err)
	}
	if turns, _ := st.Turns(ctx, gone.ID); len(turns) != 2 || turns[1].Answer != "binned answer 1" {
		t.Fatalf("restored turns %+v", turns)
	}
	if _, err := st.RestoreConversation(ctx, "srv", gone.ID); !errors.Is(err, records.ErrNotFound) {
		t.Errorf("restoring one not in the trash: %v", err)
	}
	st.TrashConversation(ctx, "srv", gone.ID)
	st.EmptyTrash(ctx, time.Now().Add(records.TrashKept-time.Hour))
	if trash, _ := st.Trashed(ctx, "srv"); len(trash) != 1 {
		t.Fatalf("emptied before 30 days: %v", trash)
	}
	st.EmptyTrash(ctx, time.Now().Add(records.TrashKept+time.Hour))
	var convs, turns, images int
	st.SQL().QueryRow("SELECT count(*) FROM conversations").Scan(&convs)
	st.SQL().QueryRow("SELECT count(*) FROM turns").Scan(&turns)
	st.SQL().QueryRow("SELECT count(*) FROM turn_images").Scan(&images)
	if convs != 1 || turns != 2 || images != 1 {
		t.Fatalf("after 30 days: %d conversations, %d turns, %d images; want the kept one's only", convs, turns, images)
	}
}

// A backup is a consistent copy taken while another process writes to the database, and never
// replaces a file.
func TestBackupWhileAnotherProcessWrites(t *testing.T) {
	home := t.TempDir()
	a := openHome(t, home)
	seedConversation(t, a.store, "before", 3)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), killChildEnv+"="+filepath.Join(home, store.DatabaseFile))
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	lines := bufio.NewScanner(out)
	for i := 0; i < 20 && lines.Scan(); i++ { // the writer is busy before the backup starts
		if !strings.HasPrefix(lines.Text(), "committed") {
			t.Fatalf("writer: %s", lines.Text())
		}
	}
	go func() {
		for lines.Scan() {
		}
	}()
	file := filepath.Join(t.TempDir(), "lectern-backup.db")
	size, took, err := a.Conversations().Backup(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("backup of a database being written: %d bytes in %v", size, took)
	b, err := sql.Open("sqlite", file)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var check string
	var appID, convs int
	b.QueryRow("PRAGMA integrity_check").Scan(&check)
	b.QueryRow("PRAGMA application_id").Scan(&appID)
	b.QueryRow("SELECT count(*) FROM conversations").Scan(&convs)
	if check != "ok" || appID != store.ApplicationID || convs < 2 {
		t.Fatalf("backup: integrity %q, application_id %x, %d conversations", check, appID, convs)
	}
	if _, _, err := a.Conversations().Backup(context.Background(), file); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("a second backup to the same file: %v", err)
	}
}

// Import adds the conversations this data folder does not have, with their turns, images and
// tool cards; never the trashed ones, never twice, and it changes nothing that was here.
func TestImportAddsOnlyWhatIsMissing(t *testing.T) {
	ctx := context.Background()
	from := openHome(t, t.TempDir())
	for i := range 3 {
		seedConversation(t, from.store, fmt.Sprintf("trip%d", i), 2)
	}
	binned := seedConversation(t, from.store, "binned", 1)
	from.store.TrashConversation(ctx, "srv", binned.ID)
	file := filepath.Join(t.TempDir(), "from.db")
	if _, _, err := from.Conversations().Backup(ctx, file); err != nil {
		t.Fatal(err)
	}
	to := openHome(t, t.TempDir())
	own := seedConversation(t, to.store, "mine", 1)
	res, err := to.Conversations().Import(ctx, file)
	if err != nil || res != (records.ImportResult{Added: 3, Trashed: 1}) {
		t.Fatalf("first import: %+v, %v", res, err)
	}
	res, err = to.Conversations().Import(ctx, file)
	if err != nil || res != (records.ImportResult{Present: 3, Trashed: 1}) {
		t.Fatalf("second import: %+v, %v", res, err)
	}
	convs, _ := to.store.Conversations(ctx, "srv", "")
	if len(convs) != 4 {
		t.Fatalf("%d conversations after importing", len(convs))
	}
	for _, c := range convs {
		turns, _ := to.store.Turns(ctx, c.ID)
		if c.ID == own.ID {
			continue
		}
		imgs, _ := to.store.Images(ctx, "conversation_id", c.ID, true)
		var card string
		to.store.SQL().QueryRow("SELECT json_extract(extra, '$.tool.card') FROM turns WHERE id=?", turns[0].ID).Scan(&card)
		if c.System != "Be brief." || len(turns) != 2 || turns[1].Answer != c.Title+" answer 1" || len(turns[0].Parts) != 1 || turns[0].Parts[0].CallID != "call_"+c.Title ||
			len(imgs[turns[0].ID]) != 1 || string(imgs[turns[0].ID][0].Data) != "\x89PNG fake bytes of "+c.Title || card != c.Title {
			t.Errorf("imported %q: %+v, turns %+v, images %v, card %q", c.Title, c, turns, imgs, card)
		}
	}
	if hits, _ := search.Find(ctx, to.store, "srv", "trip1 answer", 10); len(hits) != 2 {
		t.Errorf("search finds %d imported turns", len(hits))
	}
	// A data folder's own backup adds nothing to it.
	own2 := filepath.Join(t.TempDir(), "own.db")
	to.Conversations().Backup(ctx, own2)
	if res, err := to.Conversations().Import(ctx, own2); err != nil || res.Added != 0 || res.Present != 4 {
		t.Fatalf("own backup: %+v, %v", res, err)
	}
}

// A file that is not a Lectern database, or is a newer one, is refused, and nothing is added.
func TestImportRefusesWhatIsNotABackup(t *testing.T) {
	ctx := context.Background()
	to := openHome(t, t.TempDir())
	seedConversation(t, to.store, "mine", 1)
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("not a database at all, just some words in a text file\n"), 0o600)
	newer := filepath.Join(dir, "newer.db")
	st := openTestStore(t, newer)
	st.SQL().Exec("PRAGMA user_version = 999")
	st.Close()
	for file, want := range map[string]string{text: "is not a Lectern backup", newer: "newer version of Lectern",
		filepath.Join(dir, "missing.db"): "cannot read the backup"} {
		if _, err := to.Conversations().Import(ctx, file); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("import %s: %v; want %q", filepath.Base(file), err, want)
		}
	}
	if convs, _ := to.store.Conversations(ctx, "srv", ""); len(convs) != 1 {
		t.Errorf("%d conversations after refused imports", len(convs))
	}
	if entries, _ := filepath.Glob(filepath.Join(to.Home(), "import-*")); len(entries) != 0 {
		t.Errorf("left in the data folder: %v", entries)
	}
}

// A backup from before conversations had uids (schema 3) is imported once, however often it is
// imported: the uid the schema step gives its conversations is the same in every copy.
func TestImportOlderBackupOnce(t *testing.T) {
	ctx := context.Background()
	saved := store.Migrations
	t.Cleanup(func() { store.Migrations, store.SchemaVersion = saved, len(saved) })
	store.Migrations, store.SchemaVersion = saved[:3], 3
	old := filepath.Join(t.TempDir(), "old.db")
	st := openTestStore(t, old)
	if _, err := st.SQL().Exec(`INSERT INTO conversations (server, title, created_at, updated_at) VALUES ('srv', 'old one', 5, 5);
		INSERT INTO turns (conversation_id, question, answer, status, created_at, updated_at) VALUES (1, 'q', 'a', 'completed', 5, 5)`); err != nil {
		t.Fatal(err)
	}
	st.Close()
	store.Migrations, store.SchemaVersion = saved, len(saved)
	to := openHome(t, t.TempDir())
	for i, want := range []records.ImportResult{{Added: 1}, {Present: 1}} {
		if res, err := to.Conversations().Import(ctx, old); err != nil || res != want {
			t.Fatalf("import %d: %+v, %v; want %+v", i+1, res, err, want)
		}
	}
	if snaps := store.SnapshotVersions(old); len(snaps) != 0 {
		t.Errorf("the backup file was migrated in place: snapshots %v", snaps)
	}
}
