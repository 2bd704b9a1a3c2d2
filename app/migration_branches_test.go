package app

import (
	"testing"
)

// Schema step 12 (issue 31) makes turns a tree: turns saved before it follow one another by id
// in their conversation, as they were shown, each conversation's first turn with parent 0.
func TestBranchMigrationChainsEarlierTurns(t *testing.T) {
	st := seededAtVersion(t, 10, `INSERT INTO conversations (id, server, title, created_at, updated_at) VALUES (1, 's', 'a', 0, 0), (2, 's', 'b', 0, 0);
		INSERT INTO turns (id, conversation_id, question, status, created_at, updated_at) VALUES
			(1, 1, 'q1', 'completed', 0, 0), (2, 2, 'other', 'completed', 0, 0),
			(3, 1, 'q2', 'completed', 0, 0), (7, 1, 'q3', 'failed', 0, 0)`)
	want := map[int64]int64{1: 0, 2: 0, 3: 1, 7: 3}
	for id, parent := range want {
		var got int64
		if err := st.SQL().QueryRow(`SELECT parent_id FROM turns WHERE id = ?`, id).Scan(&got); err != nil || got != parent {
			t.Errorf("turn %d: parent %d (%v), want %d", id, got, err, parent)
		}
	}
	var head, project int64
	if err := st.SQL().QueryRow(`SELECT head_turn_id, project_id FROM conversations WHERE id = 1`).Scan(&head, &project); err != nil || head != 0 || project != 0 {
		t.Errorf("conversation 1: head %d, project %d (%v); want 0 and 0 (its newest turn, no project)", head, project, err)
	}
}
