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
	path := filepath.Join(t.TempDir(), store.DatabaseFile)
	saved := store.Migrations
	t.Cleanup(func() { store.Migrations, store.SchemaVersion = saved, len(saved) })
	store.Migrations, store.SchemaVersion = saved[:2], 2
	st := openTestStore(t, path)
	_, err := st.SQL().Exec(`INSERT INTO conversations (id, server, title, created_at, updated_at) VALUES (1, 's', 't', 0, 0);
		INSERT INTO turns (id, conversation_id, question, status, extra, created_at, updated_at)
		VALUES (1, 1, 'q', 'completed', '{"answer_id":"wsa_1","usage":{"input_tokens":5,"output_tokens":7,"total_tokens":12}}', 0, 0),
		       (2, 1, 'q2', 'completed', '{"answer_id":"wsa_2"}', 0, 0)`)
	st.Close()
	store.Migrations, store.SchemaVersion = saved, len(saved)
	if err != nil {
		t.Fatal(err)
	}
	st, err = store.Open(context.Background(), path, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
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
