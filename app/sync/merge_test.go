package sync

import (
	"context"
	"strings"
	"testing"
)

// offlinePair is two data folders that synced once, then edited offline (the proof):
// new conversations on both, turns added to one conversation on both (the same question
// answered on two computers: two branches), one conversation renamed on both (B first, A
// later), one deleted on A (later) while B added a turn to it.
func offlinePair(t *testing.T) (a, b *device, target Target) {
	ctx := context.Background()
	target = Folder{Dir: t.TempDir()}
	a, b = newDevice(t, epoch), newDevice(t, epoch)
	a.conversation("shared", "first question")
	a.conversation("renamed", "q")
	a.conversation("deleted", "q")
	a.sync(target)
	if res := b.at(1).sync(target); res.In.Conversations != 3 || res.In.Turns != 3 {
		t.Fatalf("B's first round: %s, want 3 conversations and 3 turns in", res)
	}
	a.at(10).conversation("a new", "from A")
	a.turn(a.id("shared"), "second question")
	must(t, a.at(30).st.RenameConversation(ctx, "srv", a.id("renamed"), "renamed on A"))
	must(t, a.at(40).st.TrashConversation(ctx, "srv", a.id("deleted")))

	b.at(11).conversation("b new", "from B")
	b.turn(b.id("shared"), "second question, asked on B")
	must(t, b.at(20).st.RenameConversation(ctx, "srv", b.id("renamed"), "renamed on B"))
	b.at(35).turn(b.id("deleted"), "a turn B added")
	return a, b, target
}

// The two offline folders end with the same union in both orders; the later rename wins, the
// deleted conversation is in the trash on both and comes back with B's turn, and the two
// answers to the second question are two branches of one parent.
func TestSyncTwoOfflineFoldersMergeInBothOrders(t *testing.T) {
	for _, aFirst := range []bool{true, false} {
		a, b, target := offlinePair(t)
		first, second := a, b
		if !aFirst {
			first, second = b, a
		}
		first.at(50).sync(target)
		second.at(51).sync(target)
		first.at(52).sync(target)
		if da, db := a.dump(), b.dump(); da != db {
			t.Fatalf("A first=%v: the two folders differ:\nA:\n%s\nB:\n%s", aFirst, da, db)
		}
		for _, d := range []*device{a, b} {
			if n := d.count("SELECT count(*) FROM conversations"); n != 5 {
				t.Errorf("%d conversations, want 5 (3 shared, one new on each)", n)
			}
			if n := d.count("SELECT count(*) FROM conversations WHERE title = 'renamed on A'"); n != 1 {
				t.Errorf("the later rename (A's) did not win:\n%s", d.dump())
			}
			if n := d.count("SELECT count(*) FROM turns t JOIN conversations c ON c.id = t.conversation_id WHERE c.title = 'shared' AND t.parent_id != 0"); n != 2 {
				t.Errorf("%d turns after the shared first question, want 2 branches", n)
			}
			del := d.id("deleted")
			if n := d.count("SELECT count(*) FROM conversations WHERE id = ? AND deleted_at != 0", del); n != 1 {
				t.Fatalf("the conversation deleted on A is not in the trash:\n%s", d.dump())
			}
			if _, err := d.st.RestoreConversation(context.Background(), "srv", del); err != nil {
				t.Fatal(err)
			}
			turns, err := d.st.Turns(context.Background(), del)
			if err != nil || len(turns) != 2 || turns[1].Question != "a turn B added" {
				t.Errorf("restored: %d turns (%v), want its first and B's new one", len(turns), err)
			}
		}
	}
}

// A second round with nothing new sends and applies nothing, and reads no batch again.
func TestSyncRoundWithNothingNewDoesNothing(t *testing.T) {
	a, b, target := offlinePair(t)
	a.sync(target)
	if res := b.sync(target); res.Out == 0 || res.Batches != 1 {
		t.Fatalf("B's round after A's: %+v, want A's new batch in and B's changes out", res)
	}
	if res := a.sync(target); res.Out != 0 || res.Batches != 1 {
		t.Fatalf("A's round after B's: %+v, want B's batch in and nothing out (what came in is B's)", res)
	}
	for _, d := range []*device{a, b} {
		if res := d.sync(target); res.Out != 0 || res.Batches != 0 {
			t.Errorf("a round with nothing new: %+v (%s)", res, res)
		}
	}
	if got := (Result{Out: 1}).String(); !strings.Contains(got, "nothing in, 1 out") {
		t.Errorf("String %q", got)
	}
}
