package ui

import (
	"context"
	"reflect"
	"testing"

	"fyne.io/fyne/v2"

	"lectern/app/ask"
	"lectern/app/conversations"
	"lectern/ui/internal/uitest"
)

// Ctrl/Cmd+Shift+E turns web search on and off in the model chat shown, and the File menu (so the
// palette and the shortcut list) carries it with its keys (issue 22: "a toggle by the question box
// (with a shortcut)"); in a workspace conversation it does nothing.
func TestToolWebSearchShortcut(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	found := false
	for _, a := range f.u.actions() {
		found = found || a.label == "Web search on or off" && a.shortcut == shortcutWebSearch
	}
	if !found {
		t.Fatal("no action Web search on or off with its shortcut")
	}
	sh := reflect.ValueOf(f.u.win.Canvas()).Elem().FieldByName("WindowlessCanvas").Interface().(interface{ TypedShortcut(fyne.Shortcut) })
	sh.TypedShortcut(shortcutWebSearch)
	if m.chat.WebSearchOn() {
		t.Error("the shortcut turned web search on in a workspace conversation")
	}
	m.chat.NewModelChat()
	sh.TypedShortcut(shortcutWebSearch)
	if !m.chat.WebSearchOn() {
		t.Fatal("the shortcut did not turn web search on")
	}
	sh.TypedShortcut(shortcutWebSearch)
	if m.chat.WebSearchOn() {
		t.Error("the shortcut did not turn web search off again")
	}
}

// A source chip of a workspace a model consulted shows that workspace's documents with the
// document selected, and the model chat stays shown (issue 22: "its sources as chips that open
// the document").
func TestToolConsultedSourceOpensItsDocument(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Operations")
	mine := uitest.Workspace(t, f.app, "My documents")
	turn, err := f.app.Questions().Ask(context.Background(), ask.Question{Workspace: mine.WorkspaceID,
		Text: "How many days of annual leave do employees get?"}, conversations.AskOptions{NoStream: true})
	if err != nil || len(turn.Sources) == 0 {
		t.Fatalf("no sources: %v", err)
	}
	m.chat.NewModelChat()
	m.chat.OnSourceIn(mine.WorkspaceID, turn.Sources[0])
	until(t, "the document selected", func() bool { return m.docs.Selected().DocumentID == turn.Sources[0].DocumentID })
	if m.docs.Workspace().WorkspaceID != mine.WorkspaceID || !m.docsOpen || m.chat.ModelTier() == "" {
		t.Errorf("documents of %q, panel open %v, model chat shown %v", m.docs.Workspace().Workspace.Name, m.docsOpen, m.chat.ModelTier() != "")
	}
}
