package ui

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/ui/dialogs"
	"lectern/ui/internal/uitest"
)

// Issue 25: every custom widget says itself to a screen reader (fyne.Accessible, Fyne 2.8), and
// so does every control a person acts on and every status badge. The test walks each screen as it
// is shown (the window's content and what is laid over it) with uitest.Unlabelled, and checks that
// the screen was really reached by a label only it gives.

// assertLabelled fails on every object of a window a screen reader could not name, and on a
// screen whose top layer does not give each label wanted.
var assertLabelled = uitest.AssertLabelled

// closeOverlays takes away what is laid over the main window (a dialog, the palette, a popover).
func (f *fixture) closeOverlays() {
	uitest.CloseOverlays(f.u.win)
	drain()
}

// demoBrowser shows the first-run page, checks it, and takes the demo from it: the workspace
// browser over the demo server (which has the model's demo function and schema).
func demoBrowser(t *testing.T) (*fixture, *mainView) {
	f := newFixture(t, fastConfig())
	p := firstRunPage(t, f)
	f.u.win.Resize(fyne.NewSize(1200, 900))
	assertLabelled(t, f.u.win, "first run", "Try the demo")
	test.Tap(p.demo)
	until(t, "the demo browser", driver{f.u}.settled)
	return f, f.u.main
}

func TestAccessibilityLabelsOnEveryScreen(t *testing.T) {
	f, m := demoBrowser(t)
	w := f.u.win
	m.selectNamed(t, "My documents")
	driver{f.u}.ask("How many vacation days do employees get?")
	until(t, "the answer", func() bool {
		_, streaming := driver{f.u}.answer()
		return !streaming && len(m.chat.Turns()) == 1
	})
	assertLabelled(t, w, "a conversation", "Question", "Answer, ", "Source 1, employee-handbook.docx, ",
		"My documents, Personal workspace, Owner, 3 documents", "How many vacation days do employees get?, My documents, ")

	m.setDocumentsOpen(true)
	until(t, "the documents", func() bool { return !m.docs.Loading() })
	assertLabelled(t, w, "the documents panel", "Filter by name, type, status")

	driver{f.u}.addFiles(writeTestFile(t, t.TempDir(), "travel-policy.txt", []byte("Travel is booked through the office.")))
	m.uploads.SetOpen(true)
	until(t, "the upload listed", func() bool { return len(m.uploads.Items()) == 1 })
	assertLabelled(t, w, "the uploads", "Upload travel-policy.txt, ", "Close uploads")
	f.closeOverlays()

	f.typeShortcut(shortcutPalette)
	assertLabelled(t, w, "the command palette", "Command palette, ")
	f.closeOverlays()

	for _, d := range f.shellDialogs() {
		d.open()
		drain()
		assertLabelled(t, w, d.name, d.label)
		f.closeOverlays()
	}

	f.u.ShowSettings()
	drain()
	sw := f.u.SettingsWindow()
	assertLabelled(t, sw, "Settings", "Theme: ", "Default tier: ")
	for button, want := range map[string]string{"Connect to another server": "Server address",
		"Trash…": "Close", "Leave the demo": "Yes"} {
		assertDialogLabelled(t, sw, button, want)
	}
	sw.Close()
}

// assertDialogLabelled presses the button read as button in w, checks the dialog it opens as
// assertLabelled does (want among its labels), and closes it with Esc's DismissTop.
func assertDialogLabelled(t *testing.T, w fyne.Window, button, want string) {
	t.Helper()
	b, ok := uitest.FindAccessible(button, w.Content()).(fyne.Tappable)
	if !ok {
		t.Fatalf("no %q in the window", button)
	}
	test.Tap(b)
	drain()
	if w.Canvas().Overlays().Top() == nil {
		t.Fatalf("%q opened no dialog", button)
	}
	assertLabelled(t, w, "the dialog of "+button, want)
	dialogs.DismissTop(w.Canvas())
	drain()
}

func TestAccessibilityLabelsOnModelChatCards(t *testing.T) {
	f, m := demoBrowser(t)
	ask := func(question string) {
		t.Helper()
		m.chat.TypeQuestion(question)
		driver{f.u}.questionBox().(interface{ TypedKey(*fyne.KeyEvent) }).TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		until(t, "the model's answer", func() bool {
			_, streaming := driver{f.u}.answer()
			turns := m.chat.Turns()
			return !streaming && len(turns) == 1 && turns[0].Question == question && turns[0].Status != records.TurnPending
		})
	}
	newChat := func(format string) {
		t.Helper()
		before := m.chat.ConversationID()
		m.convs.NewModelChat()
		until(t, "a new model chat set up", func() bool {
			id := m.chat.ConversationID()
			return id != 0 && id != before && driver{f.u}.setUpModelChat("Fast", "", format)
		})
	}
	newChat("")
	assertDialogLabelled(t, f.u.win, "Save as preset", "Preset name")
	ask("What does get_weather say for Lisbon today?")
	assertLabelled(t, f.u.win, "a model chat with a function call", "Function call: get_weather, ")

	if _, err := f.app.Models().SaveSchema(context.Background(), modelchat.ExampleSchema()); err != nil {
		t.Fatal(err)
	}
	newChat("JSON: " + modelchat.ExampleSchema().Name)
	ask("List three office supplies with their prices.")
	assertLabelled(t, f.u.win, "a model chat with a JSON answer", "JSON answer, ")
}
