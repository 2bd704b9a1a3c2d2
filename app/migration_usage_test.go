package app

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lectern/app/store"
	"lectern/client"
)

// Schema step 3 moves the usage of answers saved by step 2 from the extra JSON into its columns.
func TestMigrationMovesUsageIntoColumns(t *testing.T) {
	st := seededAtVersion(t, 2, `INSERT INTO conversations (id, server, title, created_at, updated_at) VALUES (1, 's', 't', 0, 0);
		INSERT INTO turns (id, conversation_id, question, status, extra, created_at, updated_at)
		VALUES (1, 1, 'q', 'completed', '{"answer_id":"wsa_1","usage":{"input_tokens":5,"output_tokens":7,"total_tokens":12}}', 0, 0),
		       (2, 1, 'q2', 'completed', '{"answer_id":"wsa_2"}', 0, 0)`)
	turns, err := st.Turns(context.Background(), 1)
	if err != nil || len(turns) != 2 {
		t.Fatalf("%+v (%v)", turns, err)
	}
	if u := turns[0].Usage; u == nil || *u != (client.Usage{InputTokens: 5, OutputTokens: 7, TotalTokens: 12}) || turns[0].AnswerID != "wsa_1" {
		t.Errorf("first turn %+v", turns[0])
	}
	if turns[1].Usage != nil || turns[1].AnswerID != "wsa_2" {
		t.Errorf("second turn %+v", turns[1])
	}
	// The usage is moved, not copied: extra keeps the rest.
	var extra string
	if err := st.SQL().QueryRow(`SELECT extra FROM turns WHERE id=1`).Scan(&extra); err != nil ||
		strings.Contains(extra, "usage") || !strings.Contains(extra, "wsa_1") {
		t.Errorf("extra after the move: %s (%v)", extra, err)
	}
}

// seededAtVersion makes a database of the schema of version (the first steps alone), writes seed
// into it as SQL, and opens it again with every step, as an older Lectern's file is opened.
func seededAtVersion(t *testing.T, version int, seed string) *store.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), store.DatabaseFile)
	saved := store.Migrations
	t.Cleanup(func() { store.Migrations, store.SchemaVersion = saved, len(saved) })
	store.Migrations, store.SchemaVersion = saved[:version], version
	st := openTestStore(t, path)
	_, err := st.SQL().Exec(seed)
	st.Close()
	store.Migrations, store.SchemaVersion = saved, len(saved)
	if err != nil {
		t.Fatal(err)
	}
	st, err = store.Open(context.Background(), path, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
