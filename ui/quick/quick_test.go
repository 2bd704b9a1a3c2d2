package quick

import (
	"context"
	"errors"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/client"
	"lectern/ui/internal/uitest"
)

var queue = uitest.NewQueue()

func TestMain(m *testing.M) { uitest.Main(m) }

// fakeCore answers every question with the words it was asked, in two deltas, and records the
// questions; fail, when set, is the error of every question.
type fakeCore struct {
	asked []app.Question
	chats []app.ModelMessage
	fail  error
}

func (f *fakeCore) CachedWorkspaces(context.Context) ([]app.CachedWorkspace, error) {
	return []app.CachedWorkspace{
		{Workspace: client.Workspace{WorkspaceID: "ws-1", Name: "Handbook"}},
		{Workspace: client.Workspace{WorkspaceID: "ws-2", Name: "Finance"}},
	}, nil
}

func (f *fakeCore) answer(text string, onUpdate func(app.TurnChanged)) (app.Turn, error) {
	if f.fail != nil {
		return app.Turn{}, f.fail
	}
	onUpdate(app.TurnChanged{ConversationID: 7, TurnID: 1, Status: app.TurnPending, Text: "You asked: "})
	onUpdate(app.TurnChanged{ConversationID: 7, TurnID: 1, Status: app.TurnPending, Text: "You asked: " + text})
	return app.Turn{ID: 1, ConversationID: 7, Status: app.TurnCompleted, Answer: "You asked: " + text}, nil
}

func (f *fakeCore) Ask(_ context.Context, q app.Question, opts app.AskOptions) (app.Turn, error) {
	f.asked = append(f.asked, q)
	return f.answer(q.Text, opts.OnUpdate)
}

func (f *fakeCore) Chat(_ context.Context, m app.ModelMessage, opts app.ChatOptions) (app.Turn, error) {
	f.chats = append(f.chats, m)
	return f.answer(m.Text, opts.OnUpdate)
}

func (f *fakeCore) Explain(err error) app.Explanation { return app.Explanation{Sentence: err.Error()} }

// open shows a Quick ask window over core, the workspace prefer chosen.
func open(t *testing.T, core *fakeCore, prefer string) *Window {
	t.Helper()
	w := New(test.NewTempApp(t), queue.Life(t), core)
	w.Show(prefer)
	queue.Until(t, "the targets", func() bool { return len(w.Targets()) > 0 })
	return w
}

// ask types text and sends it, and waits for the answer's end.
func ask(t *testing.T, w *Window, text string) {
	t.Helper()
	w.SetQuestion(text)
	w.Send()
	queue.Until(t, "the answer", func() bool { _, streaming := w.Answer(); return !streaming })
}

func TestTargetsAreTheWorkspacesThenTheTiers(t *testing.T) {
	w := open(t, &fakeCore{}, "ws-2")
	want := []string{"Workspace: Handbook", "Workspace: Finance", "Model: Instant", "Model: Fast", "Model: Smart", "Model: Genius"}
	if got := w.Targets(); !slices.Equal(got, want) {
		t.Errorf("targets %q, want %q", got, want)
	}
	if w.pick.Selected != "Workspace: Finance" {
		t.Errorf("chosen %q, want the main window's workspace", w.pick.Selected)
	}
	if w.Win().Title() != "Quick ask" {
		t.Errorf("title %q", w.Win().Title())
	}
	if w.Win().Canvas().Focused() != w.QuestionBox() {
		t.Error("the window opens without the keyboard in the question box")
	}
}

// A second question to the same target follows up in the same conversation; another target
// starts a new one.
func TestFollowUpContinuesTheConversation(t *testing.T) {
	core := &fakeCore{}
	w := open(t, core, "ws-1")
	ask(t, w, "first")
	if text, _ := w.Answer(); text != "You asked: first" || w.Conversation() != 7 {
		t.Fatalf("answer %q in conversation %d", text, w.Conversation())
	}
	if w.open.Disabled() {
		t.Error("Open in Lectern is off with a conversation to open")
	}
	ask(t, w, "second")
	w.Choose("Model: Smart")
	ask(t, w, "third")
	if len(core.asked) != 2 || core.asked[0].Continue || !core.asked[1].Continue || core.asked[1].Workspace != "ws-1" {
		t.Errorf("workspace questions %+v: want the second to continue the first", core.asked)
	}
	if len(core.chats) != 1 || core.chats[0].Continue || core.chats[0].Tier != "smart" {
		t.Errorf("model messages %+v: want a new chat with smart", core.chats)
	}
}

func TestFailedQuestionSaysWhy(t *testing.T) {
	w := open(t, &fakeCore{fail: errors.New("the server is unreachable: check your connection")}, "")
	ask(t, w, "anything")
	if !w.errs.Box.Visible() {
		t.Fatal("a failed question shows no error")
	}
	if w.send.Disabled() {
		t.Error("Ask stays off after a failure")
	}
}

func TestOpenInLecternHandsTheConversationOver(t *testing.T) {
	w := open(t, &fakeCore{}, "ws-1")
	var opened int64
	w.OnOpen = func(id int64) { opened = id }
	ask(t, w, "first")
	w.open.OnTapped()
	if opened != 7 {
		t.Errorf("Open in Lectern handed over conversation %d, want 7", opened)
	}
}

func TestEscClosesTheWindow(t *testing.T) {
	w := open(t, &fakeCore{}, "")
	closed := false
	w.Win().SetOnClosed(func() { closed = true })
	w.Win().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if !closed {
		t.Fatal("Esc did not close the Quick ask window")
	}
}
