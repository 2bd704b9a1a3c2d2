package conversation

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/conversations"
	"lectern/app/records"
)

// questions are the questions shown, in order.
func questions(c *Pane) string {
	var q []string
	for _, t := range c.turns {
		q = append(q, t.Question)
	}
	return strings.Join(q, " | ")
}

// TestBranchEditAnEarlierQuestion: Edit on the first of three questions makes another version of
// it in its place, the turns after the old one gone from view with ‹ 2/2 › on the question; the
// pager's ‹ shows version 1 with its two later turns again, and the choice is kept for the next
// opening; the pager's buttons read what they do.
func TestBranchEditAnEarlierQuestion(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	first := ask(t, c, "How many days of annual leave do employees get?")
	ask(t, c, "Can unused days be carried over?")
	ask(t, c, "Who approves leave?")
	before := questions(c)
	v := c.views[first.ID]
	if v.edit.Hidden || v.pager.box.Visible() {
		t.Fatal("the first question offers no Edit, or a pager without other versions")
	}
	test.Tap(v.edit)
	edited := ask(t, c, "How many days of leave do part-time staff get?")
	if len(c.turns) != 1 || c.turns[0].ID != edited.ID || edited.ID == first.ID {
		t.Fatalf("after the edit the pane shows %q", questions(c))
	}
	p := c.views[edited.ID].pager
	if !p.box.Visible() || p.place.Text != "2/2" || !p.next.Disabled() || p.prev.Disabled() {
		t.Fatalf("the edited question's pager: shown %v, %q, ‹ disabled %v, › disabled %v", p.box.Visible(), p.place.Text, p.prev.Disabled(), p.next.Disabled())
	}
	if !strings.Contains(p.prev.AccessibilityLabel(), "Previous version of this question (this is version 2 of 2)") {
		t.Errorf("‹ reads %q", p.prev.AccessibilityLabel())
	}
	assertLabelled(t, c.win, "a question with two versions", "Previous version of this question (this is version 2 of 2)", "Next version of this question (this is version 2 of 2)")
	test.Tap(p.prev)
	until(t, "version 1 with its later turns", func() bool { return questions(c) == before })
	if got := c.views[c.turns[0].ID].pager.place.Text; got != "1/2" {
		t.Errorf("version 1's pager reads %q", got)
	}
	conv, _ := f.app.Conversations().Get(context.Background(), c.ConversationID())
	again := f.pane()
	again.Open(conv, 0)
	until(t, "the conversation opened again", func() bool { return len(again.turns) == 3 })
	if questions(again) != before {
		t.Errorf("opened again: %q, want the version last shown", questions(again))
	}
}

// TestBranchAltRightFromTheQuestionBox: Alt+Right (SwitchVersion) with the keyboard in the question
// box switches the newest question shown that has other versions; from a turn's button, that
// turn's question, and the keyboard stays on its pager.
func TestBranchAltRightFromTheQuestionBox(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	ask(t, c, "How many days of annual leave do employees get?")
	second := ask(t, c, "Can unused days be carried over?")
	c.retryTurn(second.ID)
	until(t, "the second question asked again", func() bool {
		return c.streaming == nil && len(c.turns) == 2 && c.turns[1].ID != second.ID && c.turns[1].Status == records.TurnCompleted
	})
	retried := c.turns[1].ID
	c.FocusInput()
	c.SwitchVersion(-1)
	until(t, "version 1 of the second question", func() bool { return len(c.turns) == 2 && c.turns[1].ID == second.ID })
	c.list.ScrollToBottom()
	drain()
	pager := c.views[second.ID].pager
	c.win.Canvas().Focus(pager.next)
	c.SwitchVersion(1)
	until(t, "version 2 again", func() bool { return len(c.turns) == 2 && c.turns[1].ID == retried })
	if got := c.win.Canvas().Focused(); got != c.views[retried].pager.prev {
		t.Errorf("after switching from the pager the keyboard is on %T, not on the new pager's ‹", got)
	}
}

// TestCompareTwoTiersSideBySide: one question to two tiers shows two columns, each streamed to its
// end with its tier, tokens and time; Continue with this one shows that answer as version 1 of 2
// of the question, after the turn before, and closes the comparison.
func TestCompareTwoTiersSideBySide(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	first := ask(t, c, "How many days of annual leave do employees get?")
	c.compare("Can unused days be carried over?", []conversations.CompareTarget{{Tier: "fast"}, {Tier: "smart"}},
		[]string{"Tier Fast", "Tier Smart"})
	cmp := c.comparing
	until(t, "both answers", func() bool { return cmp.columns[0].ended && cmp.columns[1].ended })
	for i, col := range cmp.columns {
		if col.answer.Text() == "" || !strings.Contains(col.facts.Text, "tokens in") ||
			col.choose.Disabled() {
			t.Fatalf("column %d: %q / %q, Continue disabled %v", i, col.answer.Text(), col.facts.Text, col.choose.Disabled())
		}
	}
	if !cmp.stop.Disabled() {
		t.Error("Stop all is offered after every answer ended")
	}
	chosen := cmp.columns[0].turnID
	test.Tap(cmp.columns[0].choose)
	until(t, "the chosen answer shown", func() bool {
		return c.comparing == nil && len(c.turns) == 2 && c.turns[1].ID == chosen
	})
	if c.turns[0].ID != first.ID || c.turns[1].Branch != (records.BranchPlace{Index: 1, Count: 2}) {
		t.Fatalf("after Continue: %q, %+v", questions(c), c.turns[1].Branch)
	}
}

// TestCompareColumnsScrollInANarrowWindow: four columns in a window narrower than four columns keep
// their width and scroll sideways; none is squeezed under its narrowest.
func TestCompareColumnsScrollInANarrowWindow(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	c.win.Resize(fyne.NewSize(700, 600))
	ask(t, c, "How many days of annual leave do employees get?")
	c.compare("Who approves leave?", []conversations.CompareTarget{{Tier: "fast"}, {Tier: "smart"}, {Tier: "genius"}, {Tier: "fast", WorkspaceID: f.info.Published}},
		[]string{"Tier Fast", "Tier Smart", "Tier Genius", "Workspace Published"})
	cmp := c.comparing
	until(t, "every answer", func() bool {
		for _, col := range cmp.columns {
			if !col.ended {
				return false
			}
		}
		return true
	})
	drain()
	for i, col := range cmp.columns {
		if w := col.box.Size().Width; w < compareColumnWidth {
			t.Errorf("column %d is %.0f wide, under its narrowest %d", i, w, compareColumnWidth)
		}
		if i > 0 {
			prev := cmp.columns[i-1].box
			if prev.Position().X+prev.Size().Width > col.box.Position().X {
				t.Errorf("columns %d and %d overlap", i-1, i)
			}
		}
	}
	cmp.dialog.Hide()
}

// TestCompareAcrossWorkspacesSaysWhichAnswered: the column of another workspace says, before
// Continue with this one, that the questions after it still ask this conversation's workspace;
// continued with, its turn says "Answered from" that workspace, by name, also when the
// conversation is opened again; the next question asks the conversation's own workspace and says
// nothing of the kind.
func TestCompareAcrossWorkspacesSaysWhichAnswered(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	ask(t, c, "How many days of annual leave do employees get?")
	_, list := c.compareChoices()
	c.learnNames(list)
	c.compare("Who approves leave?", []conversations.CompareTarget{{Tier: "fast"}, {Tier: "fast", WorkspaceID: f.info.Published}},
		[]string{"Tier Fast", "Workspace Employee handbook (published)"})
	cmp := c.comparing
	until(t, "both answers", func() bool { return cmp.columns[0].ended && cmp.columns[1].ended })
	own, other := cmp.columns[0], cmp.columns[1]
	// Spanning workspaces, each column names its workspace and tier.
	if own.title.Text != "My documents · Fast" || other.title.Text != "Employee handbook (published) · Fast" {
		t.Errorf("column titles %q and %q, want each to name its workspace and tier", own.title.Text, other.title.Text)
	}
	if own.note.Visible() || !other.note.Visible() ||
		!strings.Contains(other.note.Text, "the questions after it still ask My documents, this conversation's workspace") {
		t.Fatalf("notes: own %v %q, other %v %q", own.note.Visible(), own.note.Text, other.note.Visible(), other.note.Text)
	}
	chosen := other.turnID
	test.Tap(other.choose)
	until(t, "the other workspace's answer shown", func() bool {
		return c.comparing == nil && len(c.turns) == 2 && c.turns[1].ID == chosen
	})
	const said = "Answered from Employee handbook (published)"
	if c.turns[1].WorkspaceID != f.info.Published || c.view(1).from.Hidden || c.view(1).from.Text != said || !c.view(0).from.Hidden {
		t.Fatalf("the turn: %q, label %q (hidden %v)", c.turns[1].WorkspaceID, c.view(1).from.Text, c.view(1).from.Hidden)
	}
	conv, before := c.conv, c.view(1)
	c.wsNames = map[string]string{} // opened again, the names are read with the turns
	c.Open(conv, 0)
	until(t, "the workspace named when opened again", func() bool {
		return len(c.turns) == 2 && c.view(1) != before && c.view(1).from.Text == said
	})
	next := ask(t, c, "Can unused days be carried over?")
	if next.WorkspaceID != "" || next.ParentID != chosen || !c.view(2).from.Hidden {
		t.Fatalf("the follow-up: %+v, label hidden %v", next, c.view(2).from.Hidden)
	}
	if saved, _ := f.app.Conversations().Get(context.Background(), conv.ID); saved.WorkspaceID != c.ws.WorkspaceID {
		t.Errorf("the conversation's workspace became %q", saved.WorkspaceID)
	}
}
