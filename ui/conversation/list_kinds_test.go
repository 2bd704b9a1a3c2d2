package conversation

import (
	"context"
	"strings"
	"testing"
	"time"

	"lectern/app/records"
	"lectern/ui/internal/life"
	"lectern/ui/internal/parts"
)

// captions lists the rows' captions (kind and time) as shown.
func (c *List) captions() []string {
	out := []string{}
	for _, r := range c.shownRows() {
		out = append(out, r.when.Text)
	}
	return out
}

// newModelChat starts a model chat with tier, titled title.
func (f *convFixture) newModelChat(tier, title string) records.Conversation {
	f.t.Helper()
	conv, err := f.app.Models().NewChat(f.ctx, tier, "", "", title)
	if err != nil {
		f.t.Fatal(err)
	}
	return conv
}

// workspaceName is the name of workspace id as the app has it.
func (f *convFixture) workspaceName(id string) string {
	f.t.Helper()
	wss, err := f.app.Workspaces().CachedWorkspaces(f.ctx)
	if err != nil {
		f.t.Fatal(err)
	}
	for _, ws := range wss {
		if ws.WorkspaceID == id {
			return ws.Name
		}
	}
	f.t.Fatalf("no workspace %s", id)
	return ""
}

// The list shows this workspace's conversations as before; the filter shows every kind in one
// list, the workspace conversations of every workspace, or the model chats; each row's caption
// names its workspace or the tier of its model chat (issue 21: "each marked with its kind").
func TestModelListEveryKindWithFilter(t *testing.T) {
	f := newConvFixture(t)
	f.newConv(opsID, "Ops")
	f.newConv(financeID, "Finance")
	f.newModelChat("Smart", "Poem")
	f.showWith(opsID, "Ops")
	f.c.SetScope(scopeAll)
	f.waitTitles("Poem", "Finance", "Ops")
	caps := f.c.captions()
	if !strings.HasPrefix(caps[0], "Model chat · Smart · ") || !strings.HasPrefix(caps[2], f.workspaceName(opsID)+" · ") {
		t.Errorf("captions %q", caps)
	}
	f.c.SetScope(scopeModelChats)
	f.waitTitles("Poem")
	f.c.SetScope(scopeWorkspaces)
	f.waitTitles("Finance", "Ops")
	f.c.Show(financeID) // every workspace's conversations stay while another workspace is chosen
	f.waitTitles("Finance", "Ops")
	f.c.SetScope(scopeThisWorkspace)
	f.waitTitles("Finance")
}

// Pin from the row's menu puts a conversation first, says so in its caption, and the pin is
// stored: a list over the app opened again shows it first; Unpin takes it back.
func TestModelListPinsFirstAndSurviveRestart(t *testing.T) {
	f := newConvFixture(t)
	older := f.newConv(opsID, "Older")
	f.newConv(opsID, "Newer")
	f.showWith(opsID, "Newer", "Older")
	if item := f.c.pinItem(older); item.Label != "Pin to top" {
		t.Fatalf("menu offers %q", item.Label)
	}
	f.c.togglePin(older)
	f.waitTitles("Older", "Newer")
	if caps := f.c.captions(); !strings.HasPrefix(caps[0], "Pinned · ") || strings.HasPrefix(caps[1], "Pinned") {
		t.Errorf("captions %q", caps)
	}
	_ = f.app.Close()
	drain()
	f.app = f.open()
	f.connect()
	again := NewList(life.Life{Ctx: f.ctx, Do: uiQueue.Do, Now: time.Now}, parts.Of(f.app), StoreOf(f.app), f.win)
	f.c = again
	f.showWith(opsID, "Older", "Newer")
	pinned, _ := f.c.conversation(older.ID)
	if item := f.c.pinItem(pinned); item.Label != "Unpin" {
		t.Fatalf("menu of a pinned row offers %q", item.Label)
	}
	f.c.togglePin(pinned)
	f.waitTitles("Newer", "Older")
}

// New model chat creates a chat with the default tier and opens it: through OnNewModelChat when
// the pane sets it, else as a selected conversation. Pressed again, it opens the chat nothing was
// done with yet rather than a second empty one.
func TestModelListNewModelChat(t *testing.T) {
	f := newConvFixture(t)
	f.showWith(opsID)
	f.c.NewModelChat()
	until(t, "the new chat opened", func() bool { return len(f.opened) == 1 })
	conv := f.opened[0]
	if conv.Kind != records.KindModel || conv.Model != f.app.Models().DefaultTier() || f.c.selected != conv.ID {
		t.Fatalf("opened %+v, selected %d", conv, f.c.selected)
	}
	var hooked []records.Conversation
	f.c.OnNewModelChat = func(conv records.Conversation) { hooked = append(hooked, conv) }
	f.c.NewModelChat() // nothing was done with the first: it is opened again, not a second empty one
	until(t, "the hook called", func() bool { return len(hooked) == 1 })
	if len(f.opened) != 1 || hooked[0].ID != conv.ID {
		t.Fatalf("the hook must open the chat instead of OnSelected: %d opened; %d opened again, want %d",
			len(f.opened), hooked[0].ID, conv.ID)
	}
	if err := f.app.Models().SetSystemPrompt(context.Background(), conv.ID, "Be brief."); err != nil {
		t.Fatal(err)
	}
	f.c.NewModelChat()
	until(t, "the hook called again", func() bool { return len(hooked) == 2 })
	if hooked[1].ID == conv.ID {
		t.Fatal("a chat with a system prompt was taken as a new one")
	}
	f.c.SetScope(scopeModelChats)
	until(t, "both chats listed", func() bool { return f.c.list.Length() == 2 })
	if _, err := f.app.Conversations().Get(context.Background(), hooked[1].ID); err != nil {
		t.Errorf("the chat is not stored: %v", err)
	}
}

// The conversation shown is always in the list: a new model chat or assistant conversation, made
// while the list shows "This workspace" (which lists neither), switches the filter to its kind
// with its row selected, and a workspace conversation opened after brings the workspace's back.
func TestListRevealsTheKindOfTheConversationShown(t *testing.T) {
	f := newConvFixture(t)
	ops := f.newConv(opsID, "Ops")
	f.showWith(opsID, "Ops")
	f.c.NewModelChat()
	until(t, "the new chat opened", func() bool { return len(f.opened) == 1 })
	chat := f.opened[0]
	until(t, "the model chats listed, the new one selected", func() bool {
		return f.c.kindFilter.Selected == scopeModelChats && f.c.position(chat.ID) >= 0 && f.c.selected == chat.ID
	})
	f.c.NewAssistant()
	until(t, "the assistant conversation listed", func() bool {
		return len(f.opened) == 2 && f.c.kindFilter.Selected == scopeAssistant && f.c.position(f.opened[1].ID) >= 0
	})
	f.c.Reveal(ops)
	until(t, "this workspace's conversations listed again", func() bool {
		return f.c.kindFilter.Selected == scopeThisWorkspace && f.c.position(ops.ID) >= 0 && f.c.selected == ops.ID
	})
	f.c.SetScope(scopeAll)
	f.c.Reveal(chat)
	if f.c.kindFilter.Selected != scopeAll {
		t.Errorf("a filter that lists every kind changed to %q", f.c.kindFilter.Selected)
	}
}
