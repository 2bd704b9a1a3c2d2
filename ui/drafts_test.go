package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"lectern/ui/widgets"
)

// typeInQuestionBox types text into the question box as keys do (OnChanged sees each change).
func typeInQuestionBox(t *testing.T, m *mainView, text string) {
	t.Helper()
	box, ok := m.chat.QuestionBox().(*widgets.Composer)
	if !ok {
		t.Fatalf("the question box is a %T", m.chat.QuestionBox())
	}
	test.Type(box, text)
}

// Issue 35, item 1: "Type a question, Ctrl+W, start again: the box is empty." The draft is kept in
// the database and comes back in the conversation it was typed in: here a new conversation of a
// workspace that has another, which the window opens when there is no draft. make realwindow does
// the same with keys in the real window.
func TestADraftIsKeptAcrossAQuit(t *testing.T) {
	f, m := settledBrowser(t)
	m.openNamed(t, "My documents")
	m.chat.Ask("What is the remote work policy?")
	until(t, "the answer", func() bool { text, streaming := m.chat.Answer(); return text != "" && !streaming })
	m.convs.OnNew()
	until(t, "a new conversation", func() bool { return m.chat.ConversationID() == 0 })
	typeInQuestionBox(t, m, "How many days of annual leave")
	f.typeShortcut(shortcutQuit)
	drain()

	f.app = f.open() // start again on the same data folder
	u := f.show(core{})
	until(t, "the workspace browser", driver{u}.settled)
	until(t, "the last conversation looked up", func() bool { return u.main.lookups.Load() == 0 })
	until(t, "the draft back in the question box", func() bool { return u.main.chat.Question() == "How many days of annual leave" })
	if id := u.main.chat.ConversationID(); id != 0 {
		t.Errorf("the window opened conversation %d, not the new one the draft was typed in", id)
	}
}

// Each conversation keeps its own draft: another conversation opens with its own (an empty box
// when it has none), and the draft comes back with its conversation, a model chat's too.
func TestEachConversationKeepsItsDraft(t *testing.T) {
	f, m := settledBrowser(t)
	m.openNamed(t, "My documents")
	m.chat.Ask("How many days of annual leave do employees get?")
	until(t, "the answer", func() bool { text, streaming := m.chat.Answer(); return text != "" && !streaming })
	asked := m.chat.ConversationID()
	typeInQuestionBox(t, m, "And in the first year?")

	m.convs.OnNew() // New conversation
	until(t, "a new conversation's empty box", func() bool { return m.chat.ConversationID() == 0 && m.chat.Question() == "" })
	typeInQuestionBox(t, m, "Who approves expenses?")

	f.typeShortcut(shortcutNewModelChat)
	until(t, "the model chat's empty box", func() bool { return m.chat.ModelTier() != "" && m.chat.Question() == "" })
	model := m.chat.ConversationID()
	typeInQuestionBox(t, m, "What is a context window?")

	conv, err := f.app.Conversations().Get(t.Context(), asked)
	if err != nil {
		t.Fatal(err)
	}
	m.openConversation(conv)
	until(t, "the asked conversation's draft", func() bool { return m.chat.Question() == "And in the first year?" })
	m.convs.OnNew()
	until(t, "the new conversation's draft", func() bool { return m.chat.Question() == "Who approves expenses?" })
	chat, err := f.app.Conversations().Get(t.Context(), model)
	if err != nil {
		t.Fatal(err)
	}
	m.openConversation(chat)
	until(t, "the model chat's draft", func() bool { return m.chat.Question() == "What is a context window?" })
}
