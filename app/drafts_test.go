package app

import (
	"context"
	"testing"
	"time"
)

// Issue 35, item 1: a draft survived switching conversations only, and was lost on quit. Each
// conversation's draft is kept in the database: across a quit, apart from every other
// conversation's, and a new workspace conversation's by its workspace until its first question.
func TestDraftsAreKeptAcrossAQuit(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	convs := f.app.Conversations()
	saved, err := convs.New(ctx, f.ws, "", "")
	if err != nil {
		t.Fatal(err)
	}
	other, err := convs.New(ctx, f.ws, "", "")
	if err != nil {
		t.Fatal(err)
	}
	newInWS, newInOrg := DraftOf(Conversation{WorkspaceID: f.ws}), DraftOf(Conversation{WorkspaceID: f.org})
	for place, text := range map[DraftPlace]string{DraftOf(saved): "half a question", newInWS: "a new one",
		newInOrg: "another new one"} {
		if err := convs.SaveDraft(ctx, place, text); err != nil {
			t.Fatal(err)
		}
	}
	if err := convs.SaveDraft(ctx, DraftOf(saved), "half a question, longer"); err != nil {
		t.Fatal(err)
	}
	_ = f.app.Close()
	reopened := f.open().Conversations()
	for place, want := range map[DraftPlace]string{DraftOf(saved): "half a question, longer", DraftOf(other): "",
		newInWS: "a new one", newInOrg: "another new one"} {
		if got, err := reopened.Draft(ctx, place); err != nil || got != want {
			t.Errorf("after a quit, the draft of %+v is %q (%v), want %q", place, got, err, want)
		}
	}
	if err := reopened.SaveDraft(ctx, newInWS, ""); err != nil {
		t.Fatal(err)
	}
	if got, _ := reopened.Draft(ctx, newInWS); got != "" {
		t.Errorf("an emptied box left the draft %q", got)
	}
}

// A conversation removed for good takes its draft with it; one in the trash keeps it.
func TestADeletedConversationsDraftGoes(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f := newFixture(t, fastEmulatorConfig())
	f.app.Close()
	f.app = f.openWith(func(o *Options) { o.Now = func() time.Time { return now } })
	if err := f.app.UseServer(context.Background(), f.emu.URL(), testKey); err != nil {
		t.Fatal(err)
	}
	ctx := ctxT(t)
	convs := f.app.Conversations()
	conv, err := convs.New(ctx, f.ws, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := convs.SaveDraft(ctx, DraftOf(conv), "kept for later"); err != nil {
		t.Fatal(err)
	}
	if err := convs.Delete(ctx, conv.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := convs.Draft(ctx, DraftOf(conv)); got != "kept for later" {
		t.Errorf("in the trash, the conversation's draft is %q", got)
	}
	if err := f.app.store.emptyTrash(ctx, now.Add(TrashKept+time.Hour)); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := f.app.store.db.QueryRowContext(ctx, "SELECT count(*) FROM drafts").Scan(&n); err != nil || n != 0 {
		t.Errorf("after the trash was emptied, %d drafts are left (%v)", n, err)
	}
}
