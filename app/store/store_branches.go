package store

import (
	"context"
	"database/sql"
	"errors"

	"lectern/app/records"
)

// A conversation's turns form a tree (schema step 12): each turn names the turn before it on its
// branch (parent_id), and the conversation names the last turn of the branch it shows
// (head_turn_id, 0: its newest turn). What is shown and what is sent is the path from the first
// question to that head.

// branchCols are turnCols followed by the turn's place among its siblings (index, count), for a
// query over "turns" whose siblings are found through the turns_children index.
const branchCols = turnCols + `,
	(SELECT count(*) FROM turns s WHERE s.conversation_id=turns.conversation_id AND s.parent_id=turns.parent_id AND s.id<=turns.id),
	(SELECT count(*) FROM turns s WHERE s.conversation_id=turns.conversation_id AND s.parent_id=turns.parent_id)`

// scanBranchTurn reads the branchCols of a row.
func scanBranchTurn(sc RowScanner) (records.Turn, error) {
	var t records.Turn
	var place records.BranchPlace
	err := scanTurnInto(sc, &t, &place.Index, &place.Count)
	t.Branch = place
	return t, err
}

// Turns lists the turns of the branch a conversation shows, from its first question to its head,
// each with its place among its siblings and its images' names and types.
func (s *DB) Turns(ctx context.Context, convID int64) ([]records.Turn, error) {
	head, err := s.Head(ctx, convID)
	if err != nil {
		return nil, err
	}
	return s.Path(ctx, convID, head)
}

// Path lists the turns of conversation convID from its first question to turn tip (none when tip
// is 0), each with its place among its siblings and its images' names and types.
func (s *DB) Path(ctx context.Context, convID, tip int64) ([]records.Turn, error) {
	if tip == 0 {
		return []records.Turn{}, nil
	}
	turns, err := QueryAll(ctx, s.db, scanBranchTurn, `WITH RECURSIVE path(tid, depth) AS (
			SELECT id, 0 FROM turns WHERE id=? AND conversation_id=?
			UNION ALL SELECT t.parent_id, path.depth+1 FROM turns t JOIN path ON t.id=path.tid WHERE t.parent_id != 0)
		SELECT `+branchCols+` FROM path JOIN turns ON turns.id=path.tid ORDER BY path.depth DESC`, tip, convID)
	if err != nil {
		return nil, err
	}
	return turns, s.describeImages(ctx, "conversation_id=?", convID, turns)
}

// AllTurns lists every turn of a conversation, of every branch, oldest first (a parent before its
// children), each with its place among its siblings.
func (s *DB) AllTurns(ctx context.Context, convID int64) ([]records.Turn, error) {
	turns, err := QueryAll(ctx, s.db, scanBranchTurn, "SELECT "+branchCols+" FROM turns WHERE conversation_id=? ORDER BY id", convID)
	if err != nil {
		return nil, err
	}
	return turns, s.describeImages(ctx, "conversation_id=?", convID, turns)
}

// Head returns the last turn of the branch a conversation shows: its head_turn_id when that turn
// is there (on to the newest leaf after it, when turns came after it), else its newest turn; 0
// when it has no turn.
func (s *DB) Head(ctx context.Context, convID int64) (int64, error) {
	var head int64
	err := s.db.QueryRowContext(ctx, `SELECT coalesce(
		(SELECT t.id FROM conversations c JOIN turns t ON t.id=c.head_turn_id AND t.conversation_id=c.id WHERE c.id=?),
		(SELECT max(id) FROM turns WHERE conversation_id=?), 0)`, convID, convID).Scan(&head)
	if err != nil || head == 0 {
		return head, err
	}
	// The head is a leaf unless turns came after it from elsewhere (sync: another computer's
	// later turns, the head its record kept): the branch then goes on through them.
	return s.NewestLeaf(ctx, head)
}

// SetHead makes turnID, a turn of conversation convID, the last turn of the branch it shows; its
// updated time stays (switching branches is not using the conversation).
func (s *DB) SetHead(ctx context.Context, convID, turnID int64) error {
	res, err := s.db.ExecContext(ctx, `UPDATE conversations SET head_turn_id=? WHERE id=?
		AND EXISTS (SELECT 1 FROM turns WHERE id=? AND conversation_id=?)`, turnID, convID, turnID, convID)
	return Affected(res, err)
}

// Siblings lists the ids of the turns with the same parent as turnID (itself among them), oldest
// first.
func (s *DB) Siblings(ctx context.Context, turnID int64) ([]int64, error) {
	ids, err := QueryAll(ctx, s.db, scanID, `SELECT s.id FROM turns t JOIN turns s
		ON s.conversation_id=t.conversation_id AND s.parent_id=t.parent_id WHERE t.id=? ORDER BY s.id`, turnID)
	if err == nil && len(ids) == 0 {
		err = records.ErrNotFound
	}
	return ids, err
}

// NewestLeaf returns the turn that ends the branch through turnID that was answered last: of the
// turns after it with no turn after them (itself, when it has none), the one updated last.
func (s *DB) NewestLeaf(ctx context.Context, turnID int64) (int64, error) {
	var leaf int64
	err := s.db.QueryRowContext(ctx, `WITH RECURSIVE below(tid, conv) AS (
			SELECT id, conversation_id FROM turns WHERE id=?
			UNION ALL SELECT t.id, t.conversation_id FROM below JOIN turns t ON t.conversation_id=below.conv AND t.parent_id=below.tid)
		SELECT turns.id FROM below JOIN turns ON turns.id=below.tid
		WHERE NOT EXISTS (SELECT 1 FROM turns c WHERE c.conversation_id=below.conv AND c.parent_id=below.tid)
		ORDER BY turns.updated_at DESC, turns.id DESC LIMIT 1`, turnID).Scan(&leaf)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, records.ErrNotFound
	}
	return leaf, err
}

func scanID(sc RowScanner) (id int64, err error) { return id, sc.Scan(&id) }

// NewestTurn returns the id of a conversation's newest turn, of any branch (0: it has none).
func (s *DB) NewestTurn(ctx context.Context, convID int64) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) FROM turns WHERE conversation_id=?", convID).Scan(&id)
	return id, err
}
