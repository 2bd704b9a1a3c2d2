package conversation

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/records"
	"lectern/client/emulator"
	"lectern/ui/internal/uitest"
	"lectern/ui/widgets"
)

// assistantPane shows a new assistant conversation, saved as New assistant conversation saves
// it, once its turns (none) and the workspaces the assistant may use are read.
func assistantPane(t *testing.T, f *fixture) *Pane {
	t.Helper()
	c := f.pane()
	conv, err := f.app.Assistant().NewAssistant(context.Background(), "", "")
	if err != nil {
		t.Fatal(err)
	}
	c.Open(conv, 0)
	until(t, "the workspace picker of a new assistant conversation", func() bool {
		return c.assist.chooser.Visible() && len(c.assist.workspaces) == 2
	})
	return c
}

// A new assistant conversation (issue 22) offers the workspaces of GET /workspaces to pin, says
// that the server keeps the conversation too, takes files as chips (an old .doc refused with what
// to save it as, model-api.md §4), and sends them with the first message and the pin: the turn
// names the files, the answer is drawn as Markdown, and the pin is said instead of the picker.
func TestAssistantPaneAttachesPinsAndAnswers(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := assistantPane(t, f)
	if !c.assist.top.Visible() || !c.assist.attach.Visible() || c.askBar.Visible() || c.model.top.Visible() ||
		!strings.Contains(c.intro.Text, "assistant") || c.send.Text != "Send" {
		t.Fatal("the assistant's controls are not the ones shown")
	}
	if !hasText(c.assist.top, "also saved on the server, in the key owner's chat history") {
		t.Error("the server-history line is missing")
	}
	dir := t.TempDir()
	ferry, old := filepath.Join(dir, "ferry.txt"), filepath.Join(dir, "minutes.doc")
	_ = os.WriteFile(ferry, []byte("Ferry timetable\nThe boat leaves at nine from pier 4."), 0o600)
	_ = os.WriteFile(old, []byte("old"), 0o600)
	if !c.TakeFiles([]string{ferry, old}) {
		t.Fatal("an assistant conversation did not take files")
	}
	until(t, "one file taken, one refused", func() bool { return len(c.AttachedFiles()) == 1 && c.Error() != "" })
	if !strings.Contains(c.Error(), "save it as .docx first") || !hasText(c.assist.files.box, "ferry.txt · 52 bytes") {
		t.Fatalf("error %q, chips %v", c.Error(), c.AttachedFiles())
	}
	if !c.PickAssistantWorkspace("My documents") {
		t.Fatal("the demo's workspace is not offered")
	}
	c.Ask("When does the boat leave?")
	until(t, "the answer", func() bool { _, streaming := c.Answer(); return !streaming && len(c.Turns()) == 1 })
	turn := c.Turns()[0]
	text, _ := c.Answer()
	if turn.Status != records.TurnCompleted || !strings.Contains(text, "nine") || len(turn.Attachments) != 1 {
		t.Fatalf("turn %+v, answer %q", turn, text)
	}
	if v := c.views[turn.ID]; v == nil || !v.files.Visible() || !hasText(v.files, "ferry.txt") {
		t.Error("the turn does not name its file")
	}
	if len(c.AttachedFiles()) != 0 || c.assist.chooser.Visible() || !strings.Contains(c.assist.pinned.Text, "My documents") {
		t.Errorf("after sending: files %v, pin %q", c.AttachedFiles(), c.assist.pinned.Text)
	}
	chats := f.emu.Tools.Chats(emulator.DemoUser)
	if len(chats) != 1 || !chats[0].Pinned || chats[0].WorkspaceID != f.info.Personal || len(chats[0].Attachments) != 1 {
		t.Fatalf("server history: %+v", chats)
	}
	// An edited message goes again with its own files; a file attached meanwhile waits for the next.
	c.TakeFiles([]string{ferry})
	until(t, "a file for the next message", func() bool { return len(c.AttachedFiles()) == 1 })
	c.editTurn(turn)
	c.input.SetText("From which pier?")
	c.sendQuestion()
	until(t, "the edited message answered", func() bool {
		_, streaming := c.Answer()
		return !streaming && len(c.Turns()) == 1 && c.Turns()[0].Question == "From which pier?"
	})
	if edited := c.Turns()[0]; len(edited.Attachments) != 1 || len(c.AttachedFiles()) != 1 {
		t.Fatalf("edited turn files %v, waiting %v", edited.Attachments, c.AttachedFiles())
	}
}

// A chip's remove button takes its file off the next message; the same file is attached once, and
// a conversation of another kind never gives them to the assistant.
func TestAssistantPaneRemovesFilesAndOnlyTakesThemInItsKind(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := assistantPane(t, f)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.md")
	_ = os.WriteFile(a, []byte("alpha"), 0o600)
	_ = os.WriteFile(b, []byte("beta"), 0o600)
	c.TakeFiles([]string{a, b})
	until(t, "two chips", func() bool { return len(c.AttachedFiles()) == 2 })
	c.TakeFiles([]string{a})
	drain()
	if len(c.AttachedFiles()) != 2 {
		t.Fatalf("the same file twice: %v", c.AttachedFiles())
	}
	chip := c.assist.files.box.Objects[0].(*fyne.Container)
	test.Tap(chip.Objects[1].(*widgets.Button))
	if got := c.AttachedFiles(); len(got) != 1 || got[0] != "b.md" {
		t.Fatalf("after removing a.txt: %v", got)
	}
	c.NewModelChat()
	c.TakeFiles([]string{a}) // a model chat takes a drop for its own message (images, PDFs)
	drain()
	if slices.Contains(c.AttachedFiles(), "a.txt") || c.assist.top.Visible() || c.assist.attach.Visible() {
		t.Fatalf("in a model chat the assistant's files are %v, or its controls show", c.AttachedFiles())
	}
}

// hasText reports whether a visible label or button under o shows text.
func hasText(o fyne.CanvasObject, text string) bool {
	return strings.Contains(uitest.VisibleTexts(o), text)
}
