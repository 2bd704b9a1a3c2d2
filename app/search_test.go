package app

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/search"
)

// searchFixture is a store with conversations of every kind on two servers, in projects, in
// the trash and with branches, saved as SQL so that each case says exactly what it holds.
func searchFixture(t *testing.T) *store.DB {
	t.Helper()
	st := openTestStore(t, filepath.Join(t.TempDir(), store.DatabaseFile))
	t.Cleanup(func() { st.Close() })
	for _, q := range []string{
		`INSERT INTO projects (id, server, name, created_at, updated_at, deleted_at) VALUES
			(1, 'srv', 'Finance', 0, 0, 0), (2, 'srv', 'Old things', 0, 0, 5)`,
		`INSERT INTO conversations (id, server, kind, title, project_id, model, head_turn_id, deleted_at, created_at, updated_at) VALUES
			(1, 'srv', 'workspace', 'Budget review', 1, '', 0, 0, 0, 1),
			(2, 'srv', 'model', 'Trip', 0, 'Smart', 0, 0, 0, 2),
			(3, 'srv', 'assistant', 'Errands', 2, '', 0, 0, 0, 3),
			(4, 'srv', 'workspace', 'Gone', 0, '', 0, 9, 0, 4),
			(5, 'other', 'workspace', 'Elsewhere', 0, '', 0, 0, 0, 5),
			(6, 'srv', 'model', 'Holidays', 1, 'Fast', 3, 0, 0, 6)`,
		// Conversation 6: 1 -> 2 -> 3 shown (head 3); 4 and 7 are later versions of 2, 5 and 8 follow 4.
		`INSERT INTO turns (id, conversation_id, parent_id, question, answer, status, created_at, updated_at) VALUES
			(1, 6, 0, 'Where to go in May?', 'Somewhere warm.', 'completed', 0, 0),
			(2, 6, 1, 'Is Crete warm?', 'Yes.', 'completed', 0, 0),
			(3, 6, 2, 'Flights?', 'Daily.', 'completed', 0, 0),
			(4, 6, 1, 'Is Zanzibar warm?', 'Very.', 'completed', 0, 0),
			(5, 6, 4, 'Do I need a passport for Zanzibar?', 'Yes, and a visa.', 'completed', 0, 0),
			(7, 6, 1, 'Is Malta warm?', 'Yes.', 'completed', 0, 0),
			(8, 6, 5, 'How long does a visa take?', 'A week.', 'completed', 0, 0),
			(10, 2, 0, 'What to pack?', 'Your **passport** and sun cream.', 'completed', 0, 0),
			(11, 3, 0, 'Renew my passport', 'Book an appointment.', 'completed', 0, 0),
			(12, 4, 0, 'passport photo', 'In the trash.', 'completed', 0, 0),
			(13, 5, 0, 'passport office', 'Another server.', 'completed', 0, 0)`,
	} {
		if _, err := st.SQL().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func TestSearchFindsTurnsOfEveryKindOnThisServerOutOfTheTrash(t *testing.T) {
	st := searchFixture(t)
	hits, err := search.Find(context.Background(), st, "srv", "passp", 100)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]records.SearchHit{}
	for _, h := range hits {
		got[h.TurnID] = h
	}
	if len(hits) != 3 || got[5].Conversation.ID != 6 || got[10].Conversation.Kind != records.KindModel ||
		got[11].Conversation.Kind != records.KindAssistant {
		t.Fatalf("hits = %+v; want turns 5, 10 and 11 (not the trash's 12 nor the other server's 13)", hits)
	}
	if hits[0].TurnID != 11 || got[10].AnswerSnippet != "Your [passport] and sun cream." || got[5].QuestionSnippet != "Do I need a [passport] for Zanzibar?" {
		t.Fatalf("newest first, the word marked in the answer's plain text: %+v", hits)
	}
	if got[5].Project != "Finance" || got[10].Project != "" || got[11].Project != "" {
		t.Fatalf("projects: %q %q %q; want Finance, none, none (its project is in the trash)",
			got[5].Project, got[10].Project, got[11].Project)
	}
}

func TestSearchFindsTitlesBeforeTurns(t *testing.T) {
	st := searchFixture(t)
	hits, err := search.Find(context.Background(), st, "srv", "review budg", 100)
	if err != nil || len(hits) != 1 {
		t.Fatalf("hits = %+v, %v", hits, err)
	}
	if h := hits[0]; h.TurnID != 0 || h.Conversation.ID != 1 || h.TitleSnippet != "[Budget] [review]" || h.Project != "Finance" {
		t.Fatalf("title hit = %+v", h)
	}
	if hits, _ := search.Find(context.Background(), st, "srv", "gone", 100); len(hits) != 0 {
		t.Fatalf("a title in the trash was found: %+v", hits)
	}
}

func TestSearchSaysTheBranchOfATurnOutOfSight(t *testing.T) {
	st := searchFixture(t)
	ctx := context.Background()
	branch := func(text string) records.SearchHit {
		t.Helper()
		hits, err := search.Find(ctx, st, "srv", text, 100)
		if err != nil || len(hits) != 1 {
			t.Fatalf("%q: hits = %+v, %v", text, hits, err)
		}
		return hits[0]
	}
	if h := branch("zanzibar passport"); h.TurnID != 5 || h.Branch != 2 || h.Branches != 3 {
		t.Fatalf("turn 5 = %+v; want on branch 2 of 3 (1's later turns are 2, 4 and 7)", h)
	}
	if h := branch("crete"); h.Branch != 0 || h.Branches != 0 {
		t.Fatalf("a turn shown = %+v; want no branch", h)
	}
	// Opening turn 4 shows its branch to its end (Conversations.ShowTurn, through ShowBranch).
	leaf, err := st.NewestLeaf(ctx, 4)
	if err != nil || leaf != 8 {
		t.Fatalf("the end of the branch through 4 = %d, %v; want 8", leaf, err)
	}
	if err := st.SetHead(ctx, 6, leaf); err != nil {
		t.Fatal(err)
	}
	if h := branch("zanzibar passport"); h.Branch != 0 {
		t.Fatalf("turn 5 once shown = %+v", h)
	}
	if h := branch("crete"); h.Branch != 1 || h.Branches != 3 {
		t.Fatalf("turn 2 now = %+v; want on branch 1 of 3", h)
	}
}

// Opening a search hit (Conversations.ShowTurn): a turn shown changes nothing; a turn on another
// branch shows that branch to its end; a turn of another conversation is not found.
func TestSearchOpeningATurnShowsItsBranch(t *testing.T) {
	_, cs, conv, asked := branchedChat(t, "How far ahead must travel be booked?", "Which transport is preferred?", "And hotels?")
	ctx := ctxT(t)
	edited, err := cs.Resend(ctx, asked[1].ID, "Are trains preferred?", conversations.AskOptions{})
	if err != nil {
		t.Fatal(err)
	}
	shownIDs := func() (ids []int64) {
		turns, err := cs.Turns(ctx, conv.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, turn := range turns {
			ids = append(ids, turn.ID)
		}
		return ids
	}
	if err := cs.ShowTurn(ctx, conv.ID, asked[0].ID); err != nil || !slices.Equal(shownIDs(), []int64{asked[0].ID, edited.ID}) {
		t.Fatalf("opening a turn shown: %v (%v); want the edited branch still shown", shownIDs(), err)
	}
	if err := cs.ShowTurn(ctx, conv.ID, asked[1].ID); err != nil || !slices.Equal(shownIDs(), []int64{asked[0].ID, asked[1].ID, asked[2].ID}) {
		t.Fatalf("opening the old version: %v (%v); want its branch to its end", shownIDs(), err)
	}
	other, _ := cs.New(ctx, conv.WorkspaceID, "", "")
	if err := cs.ShowTurn(ctx, other.ID, asked[1].ID); !errors.Is(err, records.ErrNotFound) {
		t.Fatalf("a turn of another conversation: %v; want not found", err)
	}
}
