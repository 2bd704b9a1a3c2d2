package app

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"lectern/app/records"
	"lectern/app/store"
)

// Before every schema step a snapshot of the database is taken beside it, named by the version it
// holds; the last two are kept; a snapshot opens as the older schema with the data as it was.
func TestSnapshotBeforeEverySchemaStep(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, store.DatabaseFile)
	st := openTestStore(t, path)
	conv, err := st.CreateConversation(context.Background(), "srv", records.Conversation{WorkspaceID: "ws", Title: "kept in the snapshot"})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if got := store.SnapshotVersions(path); len(got) != 0 {
		t.Fatalf("snapshots %v before any step", got)
	}
	base := store.SchemaVersion
	saved := store.Migrations
	t.Cleanup(func() { store.Migrations, store.SchemaVersion = saved, len(saved) })
	for step := 1; step <= 3; step++ {
		store.Migrations = append(store.Migrations, "CREATE TABLE extra"+string(rune('0'+step))+" (x)")
		store.SchemaVersion = len(store.Migrations)
		openTestStore(t, path).Close()
	}
	want := []int{base + 2, base + 1} // base's own snapshot went when the third was taken
	if got := store.SnapshotVersions(path); !slices.Equal(got, want) {
		t.Fatalf("snapshots %v; want %v", got, want)
	}
	snap, err := sql.Open("sqlite", store.SnapshotPath(path, base+1))
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	var version, appID int
	var title string
	snap.QueryRow("PRAGMA user_version").Scan(&version)
	snap.QueryRow("PRAGMA application_id").Scan(&appID)
	snap.QueryRow("SELECT title FROM conversations WHERE id=?", conv.ID).Scan(&title)
	if version != base+1 || appID != store.ApplicationID || title != "kept in the snapshot" {
		t.Fatalf("snapshot v%d: user_version %d, application_id %x, title %q", base+1, version, appID, title)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if filepath.Ext(e.Name()) != ".db" && filepath.Ext(e.Name()) != ".db-wal" && filepath.Ext(e.Name()) != ".db-shm" {
			t.Errorf("left beside the database: %s", e.Name())
		}
	}
}

// A step that fails leaves the database as it was and its snapshot beside it; a new database
// needs no snapshot.
func TestFailedStepLeavesSnapshot(t *testing.T) {
	path := filepath.Join(t.TempDir(), store.DatabaseFile)
	openTestStore(t, path).Close()
	saved := store.Migrations
	t.Cleanup(func() { store.Migrations, store.SchemaVersion = saved, len(saved) })
	store.Migrations = append(append([]string{}, saved...), "CREATE TABLE broken (")
	store.SchemaVersion = len(store.Migrations)
	if _, err := store.Open(context.Background(), path, time.Now); err == nil {
		t.Fatal("a broken step opened")
	}
	if got := store.SnapshotVersions(path); !slices.Equal(got, []int{len(saved)}) {
		t.Fatalf("snapshots %v; want [%d]", got, len(saved))
	}
}
