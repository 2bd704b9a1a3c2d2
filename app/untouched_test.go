package app

import (
	"testing"

	"lectern/app/conversations"
	"lectern/app/records"
)

// New, pressed again, takes the conversation nothing was done with instead of listing one more
// empty "New conversation"; anything done with a conversation (a message, a system prompt, another
// tier, a workspace for the assistant, a pin) makes it one of its own.
func TestUntouchedConversationIsTakenAgain(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	if _, ok, err := cs.Untouched(ctx, records.KindModel, "Fast"); ok || err != nil {
		t.Fatalf("an untouched chat before any: %v, %v", ok, err)
	}
	fresh, err := cs.NewChat(ctx, "Fast", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if got, ok, err := cs.Untouched(ctx, records.KindModel, "Fast"); !ok || err != nil || got.ID != fresh.ID || !got.Updated.After(fresh.Created.Add(-1)) {
		t.Fatalf("the new chat is not taken again: %+v, %v, %v", got, ok, err)
	}
	if _, ok, _ := cs.Untouched(ctx, records.KindModel, "Smart"); ok {
		t.Error("a Fast chat was taken for Smart")
	}
	if _, ok, _ := cs.Untouched(ctx, records.KindAssistant, ""); ok {
		t.Error("a model chat was taken for the assistant")
	}
	touch := map[string]func(id int64) error{
		"a system prompt": func(id int64) error { return cs.SetSystemPrompt(ctx, id, "Be brief.") },
		"another tier":    func(id int64) error { return cs.SetTier(ctx, id, "Smart") },
		"a pin":           func(id int64) error { return cs.Pin(ctx, id) },
		"a title":         func(id int64) error { return cs.Rename(ctx, id, "Budget") },
		"a message": func(id int64) error {
			_, err := cs.Send(ctx, id, conversations.Message{Text: "Hello"}, conversations.AskOptions{})
			return err
		},
	}
	for what, do := range touch {
		conv, err := cs.NewChat(ctx, "Fast", "", "", "")
		if err == nil {
			err = do(conv.ID)
		}
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if got, ok, _ := cs.Untouched(ctx, records.KindModel, "Fast"); ok && got.ID == conv.ID {
			t.Errorf("a chat with %s was taken as untouched", what)
		}
	}
	asst, err := cs.NewAssistant(ctx, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if got, ok, _ := cs.Untouched(ctx, records.KindAssistant, ""); !ok || got.ID != asst.ID {
		t.Fatalf("the new assistant conversation is not taken again: %+v, %v", got, ok)
	}
	if _, err := cs.SetAssistantWorkspace(ctx, asst.ID, f.ws); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := cs.Untouched(ctx, records.KindAssistant, ""); ok {
		t.Error("an assistant conversation with a workspace chosen was taken as untouched")
	}
}
