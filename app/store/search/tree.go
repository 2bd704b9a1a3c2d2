package search

import (
	"context"
	"slices"
	"strings"

	"lectern/app/records"
	"lectern/app/store"
)

// turnTree is a conversation's turns as the tree they form (schema step 12): each turn's parent
// and each turn's children, oldest first (the first questions are the children of 0).
type turnTree struct {
	parent   map[int64]int64
	children map[int64][]int64
	newest   int64
}

// turnTrees reads the trees of the conversations ids.
func turnTrees(ctx context.Context, q store.Querier, ids []int64) (map[int64]*turnTree, error) {
	trees := map[int64]*turnTree{}
	if len(ids) == 0 {
		return trees, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := q.QueryContext(ctx, `SELECT conversation_id, id, parent_id FROM turns
		WHERE conversation_id IN (?`+strings.Repeat(",?", len(ids)-1)+`) ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var conv, id, parent int64
		if err := rows.Scan(&conv, &id, &parent); err != nil {
			return nil, err
		}
		t := trees[conv]
		if t == nil {
			t = &turnTree{parent: map[int64]int64{}, children: map[int64][]int64{}}
			trees[conv] = t
		}
		t.parent[id], t.newest = parent, id
		t.children[parent] = append(t.children[parent], id)
	}
	return trees, rows.Err()
}

// shown is the branch the conversation shows: head and the turns before it (head 0, or a turn
// no longer there: the newest turn).
func (t *turnTree) shown(head int64) map[int64]bool {
	if _, ok := t.parent[head]; !ok {
		head = t.newest
	}
	on := map[int64]bool{}
	for x := head; x != 0 && !on[x]; x = t.parent[x] {
		on[x] = true
	}
	return on
}

// branchOf says where turn leaves the branch shown: at the turn before it (or itself) that is
// branch i of the n beside one another there; 0, 0 when turn is shown (or not in the tree).
func (t *turnTree) branchOf(turn int64, shown map[int64]bool) (i, n int) {
	if _, ok := t.parent[turn]; !ok || shown[turn] {
		return 0, 0
	}
	x := turn
	for p := t.parent[x]; p != 0 && !shown[p]; p = t.parent[x] {
		x = p
	}
	sib := t.children[t.parent[x]]
	return slices.Index(sib, x) + 1, len(sib)
}

// markBranches sets Branch and Branches of the turns hit, given the conversations' head turns.
func markBranches(ctx context.Context, q store.Querier, hits []records.SearchHit, heads map[int64]int64) error {
	ids := make([]int64, 0, len(heads))
	for id := range heads {
		ids = append(ids, id)
	}
	trees, err := turnTrees(ctx, q, ids)
	if err != nil {
		return err
	}
	shown := map[int64]map[int64]bool{}
	for i, h := range hits {
		t := trees[h.Conversation.ID]
		if t == nil {
			continue
		}
		if shown[h.Conversation.ID] == nil {
			shown[h.Conversation.ID] = t.shown(heads[h.Conversation.ID])
		}
		hits[i].Branch, hits[i].Branches = t.branchOf(h.TurnID, shown[h.Conversation.ID])
	}
	return nil
}
