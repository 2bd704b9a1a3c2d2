package ui

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/ask"
	"lectern/app/conversations"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// typeShortcut types s in the main window, as the desktop driver does when no menu has it.
func (f *fixture) typeShortcut(s fyne.Shortcut) { typeShortcutIn(f.u.win.Canvas(), s) }

// typeShortcutIn types the shortcut s in canvas c, as the window's keyboard does.
func typeShortcutIn(c fyne.Canvas, s fyne.Shortcut) {
	// The test canvas wraps a software canvas, which holds the shortcuts.
	sh := reflect.ValueOf(c).Elem().FieldByName("WindowlessCanvas").Interface().(interface{ TypedShortcut(fyne.Shortcut) })
	sh.TypedShortcut(s)
}

// settledBrowser is the workspace browser once it opened the first workspace's last conversation.
func settledBrowser(t *testing.T) (*fixture, *mainView) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	until(t, "the last conversation looked up", func() bool { return m.lookups.Load() == 0 })
	return f, m
}

// tabsToQuestionBox counts the Tab presses from the focus as it is to the question box.
func tabsToQuestionBox(c fyne.Canvas) int {
	for n := 0; n < 100; n++ {
		if _, ok := c.Focused().(*widgets.Composer); ok {
			return n
		}
		c.FocusNext()
	}
	return -1
}

func TestStartUpFocusesTheQuestionBox(t *testing.T) {
	_, m := settledBrowser(t)
	c := m.win.Canvas()
	if n := tabsToQuestionBox(c); n != 0 {
		t.Errorf("at start-up the question box is %d Tab presses away, want 0 (it has the keyboard)", n)
	}
	m.list.Focus()
	m.openLastConversation(m.docs.Workspace().WorkspaceID)
	until(t, "the last conversation looked up", func() bool { return m.lookups.Load() == 0 })
	if !m.list.Owns(c.Focused()) {
		t.Errorf("opening a workspace's conversation took the keyboard from the list to %T", c.Focused())
	}
}

// A new model chat or assistant conversation (the File menu, Ctrl/Cmd+Shift+N) opens ready to
// type, as a new workspace conversation does: the letters typed next were lost before.
func TestNewChatsTakeTheKeyboard(t *testing.T) {
	f, m := settledBrowser(t)
	c := m.win.Canvas()
	for _, create := range []struct {
		name string
		run  func()
	}{{"new model chat", func() { f.typeShortcut(shortcutNewModelChat) }}, {"new assistant conversation", m.convs.NewAssistant}} {
		m.list.Focus()
		before := m.chat.ConversationID()
		create.run()
		until(t, create.name+" open", func() bool { id := m.chat.ConversationID(); return id != 0 && id != before })
		until(t, create.name+" ready to type", func() bool { return m.chat.Owns(c.Focused()) })
	}
}

func TestTabReachesEveryPaneAndTheQuestionBox(t *testing.T) {
	_, m := settledBrowser(t)
	c := m.win.Canvas()
	c.Unfocus()
	reached := map[string]bool{}
	for range 40 {
		c.FocusNext()
		f := c.Focused()
		for name, owns := range map[string]func(fyne.Focusable) bool{"workspaces": m.list.Owns,
			"conversations": m.convs.Owns, "question box": m.chat.Owns} {
			reached[name] = reached[name] || owns(f)
		}
	}
	if len(reached) != 3 || !reached["workspaces"] || !reached["conversations"] || !reached["question box"] {
		t.Errorf("Tab reached %v", reached)
	}
	c.Unfocus()
	t.Logf("Tab presses from no focus to the question box: %d", tabsToQuestionBox(c))
}

func TestCtrlLFocusesTheQuestionBox(t *testing.T) {
	f, m := settledBrowser(t)
	c := m.win.Canvas()
	m.list.Focus()
	f.typeShortcut(shortcutQuestion)
	if !m.chat.Owns(c.Focused()) {
		t.Errorf("Ctrl+L focused %T, want the question box", c.Focused())
	}
}

func TestF6CyclesThePanes(t *testing.T) {
	f, m := settledBrowser(t)
	c := m.win.Canvas()
	m.setDocumentsOpen(true)
	order := []struct {
		name string
		owns func(fyne.Focusable) bool
	}{{"workspaces", m.list.Owns}, {"conversations", m.convs.Owns}, {"question box", m.chat.Owns}, {"documents", m.docs.Owns}}
	c.Unfocus()
	for round := range 2 {
		for _, p := range order {
			c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF6}) // what a focused widget hands on
			if !p.owns(c.Focused()) {
				t.Fatalf("round %d: F6 focused %T, want the %s", round, c.Focused(), p.name)
			}
		}
	}
	f.u.cyclePanes(true) // Shift+F6: the test driver knows no held Shift
	if !m.chat.Owns(c.Focused()) {
		t.Errorf("Shift+F6 from the documents focused %T, want the question box", c.Focused())
	}
	m.docs.SetFolded(true)
	f.u.cyclePanes(false)
	if !m.list.Owns(c.Focused()) {
		t.Errorf("with the documents folded, F6 from the question box focused %T, want the workspaces", c.Focused())
	}
}

func TestPaletteListsEveryMenuActionAndJumps(t *testing.T) {
	f, m := settledBrowser(t)
	f.typeShortcut(shortcutPalette)
	p := f.u.palette
	if p == nil || !p.Visible() || !p.Owns(m.win.Canvas().Focused()) {
		t.Fatal("Ctrl+K did not open the palette with the keyboard in its box")
	}
	f.typeShortcut(shortcutPalette)
	if f.u.palette != p {
		t.Error("Ctrl+K in the open palette opened another")
	}
	assertPaletteIsTheMenus(t, p.Shown(), m.win.MainMenu())
	box := m.win.Canvas().Focused()
	test.Type(box, "workspace opera")
	if got := p.Shown(); len(got) != 1 || got[0].Label != "Workspace: Operations" {
		t.Fatalf("typing “workspace opera” shows %v", got)
	}
	box.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if p.Visible() || m.docs.Workspace().Workspace.Name != "Operations" {
		t.Errorf("Enter left the palette shown (%v) on %q", p.Visible(), m.docs.Workspace().Workspace.Name)
	}
	f.typeShortcut(shortcutPalette)
	m.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if f.u.palette.Visible() {
		t.Error("Esc did not close the palette")
	}
}

// assertPaletteIsTheMenus fails unless the palette's rows hold every item of the menu bar the
// window shows (sub-menus too), with the same keys, but the palette itself, and no action row
// that no menu has (the rows that jump to a workspace or a conversation aside).
func assertPaletteIsTheMenus(t *testing.T, rows []dialogs.PaletteItem, bar *fyne.MainMenu) {
	t.Helper()
	keys := map[string]string{}
	for _, it := range rows {
		if !strings.HasPrefix(it.Label, "Workspace: ") && !strings.HasPrefix(it.Label, "Conversation: ") {
			keys[it.Label] = it.Keys
		}
	}
	if bar == nil {
		t.Fatal("the window has no menu bar")
	}
	var walk func(path string, items []*fyne.MenuItem)
	walk = func(path string, items []*fyne.MenuItem) {
		for _, item := range items {
			switch {
			case item.IsSeparator || item.Label == "Command palette…":
			case item.ChildMenu != nil:
				walk(path+" > "+item.Label, item.ChildMenu.Items)
			default:
				if got, ok := keys[item.Label]; !ok || got != shortcutText(item.Shortcut) {
					t.Errorf("menu %s, %q (%s): the palette has %q, listed %v", path, item.Label, shortcutText(item.Shortcut), got, ok)
				}
				delete(keys, item.Label)
			}
		}
	}
	for _, menu := range bar.Items {
		walk(menu.Label, menu.Items)
	}
	for label := range keys {
		t.Errorf("the palette lists %q, which no menu has", label)
	}
}

func TestPaletteArrowsRunTheHighlightedAction(t *testing.T) {
	f, m := settledBrowser(t)
	f.typeShortcut(shortcutPalette)
	p := f.u.palette
	box := m.win.Canvas().Focused()
	test.Type(box, "pane")
	if got := p.Shown(); len(got) != 2 || got[0].Label != "Next pane" {
		t.Fatalf("typing “pane” shows %v", got)
	}
	box.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	box.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	// Previous pane, from the question box (which had the keyboard before the palette).
	if p.Visible() || !m.convs.Owns(m.win.Canvas().Focused()) {
		t.Errorf("Down, Enter on “pane”: palette shown %v, focused %T", p.Visible(), m.win.Canvas().Focused())
	}
}

func TestShortcutListIsInTheHelpMenuAndTheREADME(t *testing.T) {
	f, _ := settledBrowser(t)
	menus := f.u.menu().Items
	help := menus[len(menus)-1]
	if help.Label != "Help" || help.Items[0].Label != "Keyboard shortcuts" {
		t.Fatalf("last menu %q, first item %q", help.Label, help.Items[0].Label)
	}
	help.Items[0].Action()
	if f.u.win.Canvas().Overlays().Top() == nil {
		t.Error("Help → Keyboard shortcuts showed nothing")
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(readme)), " ")
	for _, r := range f.u.shortcutRows() {
		if !strings.HasPrefix(r[0], primaryModifier()) && !strings.HasPrefix(r[0], "F6") && !strings.HasPrefix(r[0], "Shift+F6") {
			continue // the keys of the question box and the lists are said in sentences
		}
		want := strings.Replace(r[0], primaryModifier()+"+", "Ctrl/Cmd+", 1) + " " + strings.ToLower(strings.TrimSuffix(r[1], "…"))
		if !strings.Contains(text, want) {
			t.Errorf("README's shortcuts do not say %q", want)
		}
	}
}

// Issue 35: the palette listed conversations by title alone; two conversations of the same first
// question in two workspaces (or a model chat) could not be told apart. Each row says where it is.
func TestPaletteConversationsSayWhereTheyAre(t *testing.T) {
	f, _ := settledBrowser(t)
	ctx := t.Context()
	for _, name := range []string{"My documents", "Finance"} {
		q := ask.Question{Workspace: name, Text: "What is new?"}
		if _, err := f.app.Questions().Ask(ctx, q, conversations.AskOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.app.Models().NewChat(ctx, "Fast", "", "", "What is new?"); err != nil {
		t.Fatal(err)
	}
	f.typeShortcut(shortcutPalette)
	p := f.u.palette
	until(t, "the conversations listed", func() bool { return len(paletteRows(p.Shown(), "Conversation: ")) == 3 })
	got := strings.Join(paletteRows(p.Shown(), "Conversation: "), "\n")
	for _, want := range []string{"Conversation: What is new? · My documents", "Conversation: What is new? · Finance",
		"Conversation: What is new? · Model chat · Fast"} {
		if !strings.Contains(got, want) {
			t.Errorf("the palette lists:\n%s\nwant %q", got, want)
		}
	}
}

// paletteRows are the labels of rows that begin with prefix.
func paletteRows(rows []dialogs.PaletteItem, prefix string) []string {
	var out []string
	for _, r := range rows {
		if strings.HasPrefix(r.Label, prefix) {
			out = append(out, r.Label)
		}
	}
	return out
}
