package conversation

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/ui/internal/life"
	"lectern/ui/internal/parts"
	"lectern/ui/widgets"
)

const (
	opsID     = "org_demo_operations"
	financeID = "org_demo_finance"
	sharedID  = "ws_demo_shared"
)

// convFixture is a conversation list over an app connected to a demo emulator and refreshed, in
// a test window, with the app's events forwarded to it as the window will.
type convFixture struct {
	*fixture
	ctx    context.Context
	cancel context.CancelFunc
	win    fyne.Window
	c      *List
	opened []records.Conversation // what OnSelected was called with
}

func newConvFixture(t *testing.T) *convFixture {
	t.Helper()
	f := &convFixture{fixture: newFixture(t, fastConfig())}
	f.ctx, f.cancel = context.WithCancel(context.Background())
	t.Cleanup(f.cancel)
	f.win = test.NewTempWindow(t, nil)
	f.c = NewList(life.Life{Ctx: f.ctx, Do: uiQueue.Do, Now: time.Now}, parts.Of(f.app), StoreOf(f.app), f.win)
	f.c.OnSelected = func(conv records.Conversation) { f.opened = append(f.opened, conv) }
	f.win.SetContent(f.c.Root())
	f.win.Resize(fyne.NewSize(420, 640))
	unsub := f.app.Subscribe(func(ev events.Event) { uiQueue.Do(func() { f.c.Handle(ev) }) })
	t.Cleanup(func() { unsub(); drain() })
	return f
}

// newConv starts a conversation titled title in workspace ws.
func (f *convFixture) newConv(ws, title string) records.Conversation {
	f.t.Helper()
	conv, err := f.app.Conversations().New(f.ctx, ws, "", title)
	if err != nil {
		f.t.Fatal(err)
	}
	return conv
}

// ask asks question in a new conversation of ws and returns the saved turn.
func (f *convFixture) ask(ws, question string) records.Turn {
	f.t.Helper()
	conv := f.newConv(ws, "")
	turn, err := f.app.Conversations().Send(f.ctx, conv.ID, conversations.Message{Text: question}, conversations.AskOptions{})
	if err != nil {
		f.t.Fatal(err)
	}
	return turn
}

// showWith shows workspace ws and waits until the rows are titled want.
func (f *convFixture) showWith(ws string, want ...string) {
	f.t.Helper()
	f.c.Show(ws)
	f.waitTitles(want...)
}

func (f *convFixture) waitTitles(want ...string) {
	f.t.Helper()
	until(f.t, "rows "+strings.Join(want, "|"), func() bool { return slices.Equal(f.c.titles(), want) })
}

// titles lists the rows' titles as shown.
func (c *List) titles() []string {
	out := []string{}
	for _, r := range c.shownRows() {
		out = append(out, r.title.Text)
	}
	return out
}

// shownRows are the rows as the list shows them.
func (c *List) shownRows() []*conversationRow {
	var out []*conversationRow
	for i := range c.list.Length() {
		r := newConversationRow(func(int64, fyne.CanvasObject) {})
		c.list.UpdateItem(i, r)
		out = append(out, r)
	}
	return out
}

// stored reports whether the app still has conversation id.
func (f *convFixture) stored(id int64) bool {
	_, err := f.app.Conversations().Get(context.Background(), id)
	return err == nil
}

func TestConvListNewestFirstSelectAndNew(t *testing.T) {
	f := newConvFixture(t)
	first, second := f.newConv(opsID, "First"), f.newConv(opsID, "Second")
	f.newConv(financeID, "Elsewhere")
	f.showWith(opsID, "Second", "First")
	f.c.list.Select(1)
	if len(f.opened) != 1 || f.opened[0].ID != first.ID {
		t.Fatalf("OnSelected: %+v", f.opened)
	}
	f.c.SelectConversation(second.ID)
	if f.c.selected != second.ID || len(f.opened) != 1 {
		t.Errorf("selectConversation: selected %d, OnSelected %d times", f.c.selected, len(f.opened))
	}
	news := 0
	f.c.OnNew = func() { news++ }
	f.c.NewConversation()
	if news != 1 || f.c.selected != 0 {
		t.Errorf("newConversation: OnNew %d times, selected %d", news, f.c.selected)
	}
	// A conversation highlighted before the list has it is highlighted when it arrives.
	third := f.newConv(opsID, "Third")
	f.c.SelectConversation(third.ID)
	f.waitTitles("Third", "Second", "First")
	if f.c.selected != third.ID || len(f.opened) != 1 {
		t.Errorf("after reload: selected %d, OnSelected %d times", f.c.selected, len(f.opened))
	}
}

func TestConvListEmptyStateAndReloadOnChange(t *testing.T) {
	f := newConvFixture(t)
	f.showWith(sharedID)
	until(t, "the empty state", func() bool { return f.c.empty.Visible() && f.c.loaded })
	if !strings.HasPrefix(f.c.empty.Text, "No conversations yet") {
		t.Errorf("empty text: %q", f.c.empty.Text)
	}
	f.newConv(sharedID, "Made elsewhere")
	f.waitTitles("Made elsewhere")
	if f.c.empty.Visible() {
		t.Error("the empty text stays over the rows")
	}
}

func TestConvListLoadFailureIsSaid(t *testing.T) {
	f := newConvFixture(t)
	_ = f.app.Close()
	f.c.Show(opsID)
	until(t, "the load error", func() bool { return f.c.errView.Message() != "" })
	if !f.c.empty.Visible() || f.c.empty.Text != "The conversations could not be loaded." {
		t.Errorf("empty text after a failed load: %q", f.c.empty.Text)
	}
}

func TestConvListRename(t *testing.T) {
	f := newConvFixture(t)
	conv := f.newConv(opsID, "Old title")
	f.showWith(opsID, "Old title")
	f.c.rename(conv.ID, "Budget notes")
	f.waitTitles("Budget notes")
	f.c.rename(conv.ID, "   ")
	until(t, "the refusal", func() bool { return f.c.errView.Message() != "" })
	if !strings.Contains(f.c.errView.Message(), "title is empty") {
		t.Errorf("refusal: %q", f.c.errView.Message())
	}
	// Through the dialog: the title box has the keyboard, Enter renames.
	f.c.askRename(records.Conversation{ID: conv.ID, WorkspaceID: opsID, Title: "Budget notes"})
	entry, ok := f.win.Canvas().Focused().(*widgets.Entry)
	if !ok || entry.Text != "Budget notes" {
		t.Fatalf("focused in the rename dialog: %T", f.win.Canvas().Focused())
	}
	entry.SetText("Via the dialog")
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	f.waitTitles("Via the dialog")
	if f.c.errView.Message() != "" {
		t.Errorf("the error stays after a rename: %q", f.c.errView.Message())
	}
}

func TestConvListDeleteThenUndoKeepsIt(t *testing.T) {
	f := newConvFixture(t)
	keep, other := f.newConv(opsID, "Keep me"), f.newConv(opsID, "Other")
	f.showWith(opsID, "Other", "Keep me")
	f.c.list.Select(1)
	f.c.UndoTimeout = 100 * time.Millisecond
	f.c.remove(keep)
	if got := f.c.titles(); !slices.Equal(got, []string{"Other"}) || !f.c.undoBar.Visible() {
		t.Fatalf("after delete: rows %v, undo bar shown %v", got, f.c.undoBar.Visible())
	}
	if n := len(f.opened); n != 2 || f.opened[1].ID != 0 {
		t.Fatalf("deleting the open conversation should call OnSelected with none: %+v", f.opened)
	}
	f.c.undoDelete()
	if got := f.c.titles(); !slices.Equal(got, []string{"Other", "Keep me"}) || f.c.undoBar.Visible() {
		t.Fatalf("after undo: rows %v, undo bar shown %v", got, f.c.undoBar.Visible())
	}
	if f.c.selected != keep.ID || f.opened[len(f.opened)-1].ID != keep.ID {
		t.Errorf("undo should reopen it: selected %d", f.c.selected)
	}
	time.Sleep(300 * time.Millisecond)
	drain()
	if !f.stored(keep.ID) || !f.stored(other.ID) {
		t.Error("a conversation brought back was deleted")
	}
}

func TestConvListDeleteTimesOutThenDeletes(t *testing.T) {
	f := newConvFixture(t)
	gone := f.newConv(opsID, "Delete me")
	f.newConv(opsID, "Stay")
	f.showWith(opsID, "Stay", "Delete me")
	f.c.UndoTimeout = 50 * time.Millisecond
	f.c.remove(gone)
	if !f.stored(gone.ID) {
		t.Fatal("deleted before the undo time ran out")
	}
	until(t, "the deletion", func() bool { return !f.stored(gone.ID) })
	until(t, "the undo bar to go", func() bool { return !f.c.undoBar.Visible() })
	drain()
	if got := f.c.titles(); !slices.Equal(got, []string{"Stay"}) {
		t.Errorf("rows after the deletion: %v", got)
	}
}

func TestConvListDeleteIsForgottenWhenTheAppQuits(t *testing.T) {
	f := newConvFixture(t)
	conv := f.newConv(opsID, "Nothing lost")
	f.showWith(opsID, "Nothing lost")
	f.c.UndoTimeout = 50 * time.Millisecond
	f.c.remove(conv)
	f.cancel() // as UI.Close does when the app quits
	time.Sleep(200 * time.Millisecond)
	drain()
	if !f.stored(conv.ID) {
		t.Error("a deletion pending when the app quit was carried out")
	}
}

func TestConvListExportWritesMarkdown(t *testing.T) {
	f := newConvFixture(t)
	turn := f.ask(opsID, "What is the warranty period?")
	f.showWith(opsID, "What is the warranty period?")
	dir, asked := t.TempDir(), ""
	f.c.chooseExport = func(name string, then func(string)) { asked = name; then(filepath.Join(dir, name)) }
	f.c.askExport(f.c.all[0])
	if asked != "What is the warranty period.md" {
		t.Errorf("proposed file name %q", asked)
	}
	path := filepath.Join(dir, asked)
	until(t, "the export", func() bool { _, err := os.Stat(path); return err == nil })
	md, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(md), "# What is the warranty period?") || !strings.Contains(string(md), turn.Answer[:20]) {
		t.Errorf("export:\n%s", md)
	}
	until(t, "the confirmation", func() bool { return f.c.done.Text() == "Exported to "+path })
	f.c.export(f.c.all[0].ID, filepath.Join(dir, "missing", "x.md"))
	until(t, "the export error", func() bool { return f.c.errView.Message() != "" })
}

func TestConvExportFileName(t *testing.T) {
	for title, want := range map[string]string{
		"What is a/b?":       "What is a-b.md",
		"  ..hidden  ":       "hidden.md",
		"":                   "Conversation.md",
		"Line\nbreak <tag>*": "Linebreak tag.md",
	} {
		if got := exportFileName(title); got != want {
			t.Errorf("exportFileName(%q) = %q, want %q", title, got, want)
		}
	}
}

func TestConvWhenText(t *testing.T) {
	now := time.Date(2026, 11, 23, 15, 30, 0, 0, time.Local)
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{now.Add(-20 * time.Second), "just now"},
		{now.Add(-time.Minute), "1 minute ago"},
		{now.Add(-25 * time.Minute), "25 minutes ago"},
		{now.Add(-3 * time.Hour), "12:30"},
		{now.Add(-24 * time.Hour), "yesterday 15:30"},
		{now.Add(-30 * 24 * time.Hour), "24 Oct"},
		{now.AddDate(-1, 0, 0), "23 Nov 2025"},
	} {
		if got := whenText(c.t, now); got != c.want {
			t.Errorf("whenText(%v) = %q, want %q", c.t, got, c.want)
		}
	}
}

func TestConvListArrowsAndEnterOpen(t *testing.T) {
	f := newConvFixture(t)
	first, second := f.newConv(opsID, "First"), f.newConv(opsID, "Second")
	f.showWith(opsID, "Second", "First")
	f.c.SelectConversation(second.ID)
	f.c.Focus()
	f.c.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if len(f.opened) != 0 {
		t.Fatalf("Down opened %+v", f.opened)
	}
	f.c.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(f.opened) != 1 || f.opened[0].ID != first.ID {
		t.Errorf("Down and Enter from Second opened %+v, want First", f.opened)
	}
}
