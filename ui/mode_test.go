package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// tapSelectedWorkspace clicks the row of the workspace selected, as a person does.
func tapSelectedWorkspace(t *testing.T, m *mainView) {
	t.Helper()
	name := ""
	if ws, ok := m.list.Workspace(m.list.Selected()); ok {
		name = ws.Workspace.Name
	}
	var row fyne.Tappable // the innermost object taking the click on the row: the last found
	for _, o := range test.LaidOutObjects(m.list.Root()) {
		tap, ok := o.(fyne.Tappable)
		if !ok {
			continue
		}
		for _, in := range test.LaidOutObjects(o) {
			if l, ok := in.(*widget.Label); ok && l.Text == name {
				row = tap
			}
		}
	}
	if row == nil {
		t.Fatalf("no row of %q to click", name)
	}
	test.Tap(row)
}

// Issue 35, item 8: "Clicking the selected workspace from a model or assistant chat does
// nothing." The click shows the workspace's conversation again, and the list its conversations.
func TestClickingTheSelectedWorkspaceLeavesAModelChat(t *testing.T) {
	f, m := settledBrowser(t)
	m.openNamed(t, "My documents")
	m.chat.Ask("How many days of annual leave do employees get?")
	until(t, "the answer", func() bool { text, streaming := m.chat.Answer(); return text != "" && !streaming })
	asked := m.chat.ConversationID()
	for _, open := range []func(){func() { f.typeShortcut(shortcutNewModelChat) }, m.convs.NewAssistant} {
		open()
		until(t, "a model or assistant chat", func() bool { id := m.chat.ConversationID(); return id != 0 && id != asked })
		tapSelectedWorkspace(t, m)
		until(t, "the workspace's conversation again", func() bool { return m.chat.ConversationID() == asked })
		if got := m.convs.Scope(); got != "This workspace" {
			t.Errorf("the conversation list shows %q", got)
		}
	}
}

// "Ctrl+N makes a workspace conversation while the list stays filtered on another kind, so it is
// not listed": the list shows the workspace's conversations with it.
func TestCtrlNShowsTheWorkspacesConversations(t *testing.T) {
	f, m := settledBrowser(t)
	m.openNamed(t, "My documents")
	m.convs.SetScope("Model chats")
	f.typeShortcut(shortcutNewConversation)
	until(t, "a new workspace conversation", func() bool { return m.chat.ConversationID() == 0 && m.chat.ModelTier() == "" })
	if got := m.convs.Scope(); got != "This workspace" {
		t.Errorf("after Ctrl+N the conversation list shows %q", got)
	}
}

// "a file dropped on a model or assistant chat becomes an attachment with nothing saying so":
// every view names what a drop does there, and a drop that became an attachment says so.
func TestEveryViewSaysWhatADropDoes(t *testing.T) {
	f, m := settledBrowser(t)
	m.openNamed(t, "My documents")
	m.chat.NewConversation()
	drain()
	if hint := m.chat.DropHint(); !strings.Contains(hint, "My documents") || !strings.Contains(hint, "add") {
		t.Errorf("a workspace conversation says of a drop: %q", hint)
	}
	f.typeShortcut(shortcutNewModelChat)
	until(t, "the model chat", func() bool { return m.chat.ModelTier() != "" })
	if hint := m.chat.DropHint(); !strings.Contains(hint, "next message") {
		t.Errorf("a model chat says of a drop: %q", hint)
	}
	if !m.chat.TakeFiles([]string{f.home + "/none.png"}) || !strings.Contains(m.chat.DroppedNote(), "not added to a workspace") {
		t.Errorf("a drop on the model chat says %q", m.chat.DroppedNote())
	}
	m.convs.NewAssistant()
	until(t, "the assistant", func() bool {
		return m.chat.ConversationID() != 0 && m.chat.ModelTier() == "" && m.chat.DropHint() != ""
	})
	if hint := m.chat.DropHint(); !strings.Contains(hint, "next message") {
		t.Errorf("an assistant conversation says of a drop: %q", hint)
	}
}
