package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/ask"
	"lectern/app/conversations"
)

// One search (issue 31): words of an answer typed in the command palette find the turn, the row
// saying its conversation, where it is and the words found; Enter opens the conversation at that
// turn, marked a moment.
func TestSearchPaletteFindsATurnAndOpensTheConversationAtIt(t *testing.T) {
	f, m := settledBrowser(t)
	ctx := t.Context()
	turn, err := f.app.Questions().Ask(ctx, ask.Question{Workspace: "Finance", Text: "When is the office closed?"}, conversations.AskOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Models().NewChat(ctx, "Fast", "", "", "What is new?"); err != nil {
		t.Fatal(err)
	}
	word := answerWord(t, turn.Answer)
	f.typeShortcut(shortcutPalette)
	p := f.u.palette
	test.Type(m.win.Canvas().Focused(), word[:len(word)-1])
	until(t, "the turn found", func() bool { return len(paletteRows(p.Shown(), "Found in: ")) == 1 })
	row := p.Shown()[len(p.Shown())-1]
	if want := "Found in: When is the office closed? · Finance"; row.Label != want {
		t.Errorf("the row says %q; want %q", row.Label, want)
	}
	excerpt := ""
	for _, s := range row.Excerpt {
		excerpt += s.Textual()
	}
	if !strings.Contains(strings.ToLower(excerpt), strings.ToLower(word)) {
		t.Errorf("the excerpt %q lacks the word found, %q", excerpt, word)
	}
	for range len(p.Shown()) - 1 {
		m.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	}
	m.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	until(t, "the conversation open at the turn, marked", func() bool {
		return m.chat.ConversationID() == turn.ConversationID && m.chat.MarkedTurn() == turn.ID
	})
	if p.Visible() {
		t.Error("the palette stays open")
	}
}

// answerWord is a word of the answer that is in no question of the test (the emulator's words).
func answerWord(t *testing.T, answer string) string {
	t.Helper()
	for _, w := range strings.Fields(answer) {
		w = strings.Trim(w, ".,:;!?*()[]")
		if len(w) > 6 && !strings.ContainsAny(w, "0123456789") && !strings.Contains("When is the office closed? What is new?", w) {
			return w
		}
	}
	t.Fatalf("no long word in %q", answer)
	return ""
}
