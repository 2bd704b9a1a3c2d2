package conversation

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app/conversations"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/app/store"
	"lectern/ui/internal/parts"
)

func TestConvSearchOpensTheTurnFound(t *testing.T) {
	f := newConvFixture(t)
	f.ask(opsID, "What is the warranty period?")
	want := f.ask(financeID, "How are invoices approved?")
	f.showWith(opsID, "What is the warranty period?")
	var gotConv records.Conversation
	var gotTurn int64
	f.c.OnOpenTurn = func(conv records.Conversation, turnID int64) { gotConv, gotTurn = conv, turnID }
	f.c.ShowSearch()
	s := f.c.search
	if f.win.Canvas().Focused() != s.entry {
		t.Errorf("the search box should have the keyboard, focused: %T", f.win.Canvas().Focused())
	}
	test.Type(s.entry, "invoic")
	until(t, "the hit", func() bool { return len(s.hits) == 1 && s.names != nil })
	if !strings.HasPrefix(s.status.Text, "1 found") {
		t.Errorf("status: %q", s.status.Text)
	}
	row := newSearchRow()
	s.list.UpdateItem(0, row)
	if row.title.Text != "How are invoices approved?" || row.workspace.Text != "Finance" {
		t.Errorf("row: %q in %q", row.title.Text, row.workspace.Text)
	}
	if seg := row.question.Segments; len(seg) != 3 || seg[1].(*widget.TextSegment).Text != "invoices" {
		t.Errorf("question excerpt: %q", row.question.String())
	}
	s.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if gotTurn != want.ID || gotConv.ID != want.ConversationID || gotConv.WorkspaceID != financeID {
		t.Errorf("OnOpenTurn(%d in %+v), want turn %d of conversation %d", gotTurn, gotConv, want.ID, want.ConversationID)
	}
	if f.win.Canvas().Overlays().Top() != nil {
		t.Error("the search dialog stays open after a pick")
	}
	f.c.ShowSearch()
	if s.entry.Text != "invoic" {
		t.Errorf("the search box should keep the last search, has %q", s.entry.Text)
	}
	test.Type(s.entry, "zzz")
	until(t, "no hits", func() bool { return len(s.hits) == 0 && strings.HasPrefix(s.status.Text, "Nothing found") })
	s.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if f.win.Canvas().Focused() != s.list {
		t.Errorf("Down should move to the hits, focused: %T", f.win.Canvas().Focused())
	}
	f.win.Canvas().Focus(s.entry)
	s.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if f.win.Canvas().Overlays().Top() != nil {
		t.Error("Escape should close the search")
	}
}

func TestConvSearchPickHighlightsAListedConversation(t *testing.T) {
	f := newConvFixture(t)
	turn := f.ask(opsID, "Where do returns go?")
	f.showWith(opsID, "Where do returns go?")
	var opened int64
	f.c.OnOpenTurn = func(_ records.Conversation, turnID int64) { opened = turnID }
	f.c.ShowSearch()
	test.Type(f.c.search.entry, "returns")
	until(t, "the hit", func() bool { return len(f.c.search.hits) == 1 })
	f.c.search.list.Select(0)
	if opened != turn.ID || f.c.selected != turn.ConversationID || len(f.opened) != 0 {
		t.Errorf("opened turn %d, selected %d, OnSelected %d times", opened, f.c.selected, len(f.opened))
	}
}

// A model conversation made on the command line, found by the search, opens as a model chat in
// the pane and continues there: the question box takes a follow-up, sent with the whole
// conversation to its tier.
func TestModelCommandLineConversationContinuedInThePane(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	l := NewList(uiQueue.Life(t), parts.Of(f.app), StoreOf(f.app), test.NewTempWindow(t, nil))
	l.OnOpenTurn = func(conv records.Conversation, turnID int64) { c.Open(conv, turnID) } // as the window does
	turn, err := f.app.Models().Chat(context.Background(), modelchat.ModelMessage{Tier: "Smart", Text: "Name the colour of the sea."}, conversations.ChatOptions{})
	if err != nil || turn.Status != records.TurnCompleted {
		t.Fatalf("model answer: %v, %+v", err, turn)
	}
	l.ShowSearch()
	test.Type(l.search.entry, "colour")
	until(t, "the hit", func() bool { return len(l.search.hits) == 1 })
	l.search.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	until(t, "the model conversation shown with its tier", func() bool {
		return c.conv.ID == turn.ConversationID && len(c.turns) == 1 && c.model.chosenTier() == "Smart"
	})
	if c.askBar.Visible() || !c.model.top.Visible() || c.input.Disabled() {
		t.Fatalf("model controls shown %v, workspace pickers shown %v, box disabled %v",
			c.model.top.Visible(), c.askBar.Visible(), c.input.Disabled())
	}
	c.Ask("And the sky?")
	until(t, "the follow-up answered", func() bool {
		return c.streaming == nil && len(c.turns) == 2 && c.turns[1].Status == records.TurnCompleted
	})
	if c.turns[1].ConversationID != turn.ConversationID || c.turns[1].Model != "Smart" || c.Error() != "" {
		t.Errorf("follow-up: %+v, error %q", c.turns[1], c.Error())
	}
	c.NewConversation()
	if !c.askBar.Visible() || c.model.top.Visible() {
		t.Error("a new workspace conversation still shows the model's controls")
	}
}

// branchBeside saves, as SQL beside the core (no code makes branches yet on this branch of the
// work), a later version of turn: a turn with turn's parent and question, whose conversation
// keeps showing turn. The conversation's turns are chained first as schema step 12 chains them
// (Send does not set parent_id yet).
func branchBeside(t *testing.T, f *fixture, turn records.Turn, question string) int64 {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(f.home, store.DatabaseFile), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.SQL().Exec(`UPDATE turns SET parent_id = coalesce((SELECT max(p.id) FROM turns p
		WHERE p.conversation_id = turns.conversation_id AND p.id < turns.id), 0) WHERE conversation_id = ?`, turn.ConversationID); err != nil {
		t.Fatal(err)
	}
	res, err := st.SQL().Exec(`INSERT INTO turns (conversation_id, parent_id, question, answer, status, created_at, updated_at)
		SELECT conversation_id, parent_id, ?, 'Yes, and a visa.', 'completed', created_at, updated_at FROM turns WHERE id = ?`, question, turn.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.SQL().Exec("UPDATE conversations SET head_turn_id = ? WHERE id = ?", turn.ID, turn.ConversationID); err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	return id
}

// A turn found on a branch the conversation does not show: the hit says which branch, and
// opening it shows that branch (the conversation's head moves to it) with the turn marked a
// moment.
func TestSearchOpensATurnOnABranchOutOfSightAndMarksIt(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	l := NewList(uiQueue.Life(t), parts.Of(f.app), StoreOf(f.app), test.NewTempWindow(t, nil))
	l.OnOpenTurn = func(conv records.Conversation, turnID int64) { c.Open(conv, turnID) } // as the window does
	ctx := context.Background()
	first, err := f.app.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Smart", Text: "Name a warm island."}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	second, err := f.app.Conversations().Send(ctx, first.ConversationID, conversations.Message{Text: "Is Crete warm in May?"}, conversations.AskOptions{})
	if err != nil {
		t.Fatal(err)
	}
	other := branchBeside(t, f, second, "Do I need a passport for Zanzibar?")
	l.ShowSearch()
	test.Type(l.search.entry, "zanzibar pass")
	until(t, "the hit", func() bool { return len(l.search.hits) == 1 })
	row := newSearchRow()
	l.search.list.UpdateItem(0, row)
	if want := "Model chat · Smart · on branch 2 of 2"; row.workspace.Text != want {
		t.Errorf("the hit says %q; want %q", row.workspace.Text, want)
	}
	if got := row.question.String(); got != "Q: Do I need a passport for Zanzibar?" {
		t.Errorf("question excerpt %q", got)
	}
	l.search.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	until(t, "the conversation shown at the turn, marked", func() bool {
		return c.conv.ID == first.ConversationID && c.index(other) >= 0 && c.marked == other
	})
	hits, _ := f.app.Conversations().Search(ctx, "zanzibar")
	if len(hits) != 1 || hits[0].Branch != 0 {
		t.Errorf("after opening, the turn's branch is not the one shown: %+v", hits)
	}
	until(t, "the mark gone after a moment", func() bool { return c.marked == 0 })
}
