package ui

import (
	"context"
	"reflect"
	"testing"

	"fyne.io/fyne/v2"

	"lectern/app/records"
)

// File > New model chat and Ctrl/Cmd+Shift+N each start a model chat with the default tier and
// open it in the conversation pane (issue 21: "New model chat from the list, the menu and a
// shortcut"); no other item of the menu takes the shortcut.
func TestModelMenuAndShortcutStartModelChat(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	item := f.fileMenuItem("New model chat")
	for _, it := range f.u.menu().Items[0].Items {
		if it.Label != item.Label && it.Shortcut != nil && it.Shortcut.ShortcutName() == shortcutNewModelChat.ShortcutName() {
			t.Errorf("%q takes the shortcut too", it.Label)
		}
	}
	if item.Shortcut != shortcutNewModelChat {
		t.Fatalf("File menu item: %+v", item)
	}
	opened := func(after int64) records.Conversation {
		t.Helper()
		until(t, "a model chat opened", func() bool { id := m.chat.ConversationID(); return id != 0 && id != after })
		conv, err := f.app.Conversations().Get(context.Background(), m.chat.ConversationID())
		if err != nil || conv.Kind != records.KindModel || conv.Model != f.app.Models().DefaultTier() {
			t.Fatalf("opened %+v, %v", conv, err)
		}
		return conv
	}
	sh := reflect.ValueOf(f.u.win.Canvas()).Elem().FieldByName("WindowlessCanvas").Interface().(interface{ TypedShortcut(fyne.Shortcut) })
	sh.TypedShortcut(shortcutNewModelChat)
	first := opened(0)
	// the first chat is made one of its own, else New opens it again (nothing was done with it)
	if err := f.app.Models().SetSystemPrompt(context.Background(), first.ID, "Be brief."); err != nil {
		t.Fatal(err)
	}
	item.Action()
	opened(first.ID)
}

// A workspace conversation of another workspace, listed under "All conversations", opens in its own
// workspace: the workspace is chosen first, so the pane never asks one workspace about another's.
func TestModelListOpensOtherWorkspaceConversationInItsWorkspace(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Operations")
	var finance records.CachedWorkspace
	for _, w := range m.list.All() {
		if w.Workspace.Name == "Finance" {
			finance = w
		}
	}
	conv, err := f.app.Conversations().New(context.Background(), finance.WorkspaceID, "", "Budget")
	if err != nil {
		t.Fatal(err)
	}
	m.openConversation(conv)
	until(t, "Finance chosen", func() bool { return m.docs.Workspace().WorkspaceID == finance.WorkspaceID })
	if m.chat.ConversationID() != conv.ID {
		t.Errorf("pane shows conversation %d, want %d", m.chat.ConversationID(), conv.ID)
	}
}

// File > Generate a file… opens a model chat when a workspace's is shown and asks for the prompt
// (issue 22: "Generate a file… through POST /generate"); the prompt makes a turn with its file.
func TestGenerateFileMenuAsksAndMakesTheFile(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	f.fileMenuItem("Generate a file…").Action()
	if m.chat.ModelTier() == "" {
		t.Fatal("Generate a file… must show a model chat")
	}
	overlay := f.u.win.Canvas().Overlays().Top()
	if overlay == nil {
		t.Fatal("Generate a file… must ask for the prompt")
	}
	f.u.win.Canvas().Overlays().Remove(overlay)
	m.chat.GenerateFile("a budget spreadsheet")
	until(t, "the file made", func() bool {
		turns := m.chat.Turns()
		if len(turns) != 1 || turns[0].Status != records.TurnCompleted {
			return false
		}
		_, art := turns[0].Generated()
		return art != nil
	})
}
