package ui

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"lectern/app"
	"lectern/internal/instance"
	"lectern/ui/internal/work"
	"lectern/ui/quick"
)

// quickAsk opens the Quick ask window as `lectern quick` does, asks question of target there and
// waits for the answer's end.
func (f *fixture) quickAsk(target, question string) *quick.Window {
	f.t.Helper()
	f.u.handleRequest(instance.Request{Quick: true})
	q := f.u.QuickWindow()
	if q == nil {
		f.t.Fatal("`lectern quick` opened no Quick ask window")
	}
	until(f.t, "the Quick ask window's targets", func() bool { return slices.Contains(q.Targets(), target) })
	if !q.Choose(target) {
		f.t.Fatalf("the Quick ask window has no target %q: %q", target, q.Targets())
	}
	q.SetQuestion(question)
	q.Send()
	until(f.t, "the quick answer", func() bool { text, streaming := q.Answer(); return text != "" && !streaming })
	return q
}

// Issue 33: `lectern quick` opens a window titled "Quick ask"; its question is kept as a normal
// conversation of the workspace, and Open in Lectern continues it in the main window.
func TestQuickAskKeepsANormalConversation(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	q := f.quickAsk("Workspace: My documents", "How many days of annual leave do employees get?")
	if got := q.Win().Title(); got != "Quick ask" {
		t.Errorf("the window is titled %q, want Quick ask", got)
	}
	if text, _ := q.Answer(); !strings.Contains(text, "25 days") {
		t.Errorf("the quick answer is %q, want the handbook's 25 days", text)
	}
	conv, err := f.app.Conversations().Get(context.Background(), q.Conversation())
	if err != nil || conv.Kind != app.KindWorkspace || conv.Title != "How many days of annual leave do employees get?" {
		t.Fatalf("the quick question's conversation = %+v, %v; want a workspace conversation titled by it", conv, err)
	}
	turns, _ := f.app.Conversations().Turns(context.Background(), conv.ID)
	if len(turns) != 1 || !turns[0].Status.Answered() {
		t.Fatalf("the conversation holds %+v, want the one answered turn", turns)
	}
	f.u.continueConversation(conv.ID)
	until(t, "the conversation's answer in the main window", func() bool {
		text, _ := m.chat.Answer()
		return m.chat.ConversationID() == conv.ID && strings.Contains(text, "25 days")
	})
}

// A question to a model tier goes to a model chat, which is kept as well.
func TestQuickAskOfAModelTier(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	q := f.quickAsk("Model: Fast", "Say hello in one word.")
	conv, err := f.app.Conversations().Get(context.Background(), q.Conversation())
	if err != nil || conv.Kind != app.KindModel || conv.Model != "Fast" {
		t.Fatalf("the quick question's conversation = %+v, %v; want a model chat with Fast", conv, err)
	}
}

// A second `lectern quick` brings the open window back rather than opening another.
func TestQuickAskOpensOnce(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	f.u.handleRequest(instance.Request{Quick: true})
	first := f.u.QuickWindow()
	f.u.handleRequest(instance.Request{Quick: true})
	if f.u.QuickWindow() != first {
		t.Fatal("a second quick request opened another window")
	}
	n := 0
	for _, w := range f.fa.Driver().AllWindows() {
		if w.Title() == quick.Title {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d Quick ask windows, want 1", n)
	}
	first.Win().Close()
	if f.u.QuickWindow() != nil {
		t.Error("the closed Quick ask window is still held")
	}
}

// pngFile writes a small PNG image and returns its path.
func pngFile(t *testing.T, name string) string {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	return writeTestFile(t, t.TempDir(), name, buf.Bytes())
}

// Issue 33: a file opened with Lectern asks first; Add to the workspace goes through the intake.
func TestOpenWithAsksThenAddsToTheWorkspace(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	path := writeTestFile(t, t.TempDir(), "opened.txt", []byte("A file opened with Lectern."))
	f.u.handleRequest(instance.Request{Files: []string{path}})
	until(t, "the question", func() bool { return f.u.openForm.asked(f.u.win) != "" })
	if q := f.u.openForm.asked(f.u.win); !strings.Contains(q, "“opened.txt”") {
		t.Errorf("the question is %q", q)
	}
	if len(m.uploads.Items()) != 0 {
		t.Fatal("the file was queued before the person said where")
	}
	if got := f.u.openForm.workspace.Selected; got != "My documents" {
		t.Errorf("the workspace offered is %q, want the one shown", got)
	}
	f.u.openForm.add.OnTapped()
	until(t, "the file queued", func() bool { return stateOf(m.uploads, "opened.txt") != "" })
	if f.u.openForm.asked(f.u.win) != "" {
		t.Error("the question stays after Add")
	}
}

// A file refused by the intake (a type the service does not take) is listed with its reason, as a
// drop of it is.
func TestOpenWithRefusedFileSaysWhy(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	f.u.handleRequest(instance.Request{Files: []string{writeTestFile(t, t.TempDir(), "notes.md", []byte("# markdown"))}})
	until(t, "the question", func() bool { return f.u.openForm.asked(f.u.win) != "" })
	f.u.openForm.add.OnTapped()
	until(t, "the refusal", func() bool {
		it, ok := m.uploads.Item("notes.md")
		return ok && it.Refused() && strings.Contains(it.Reason, ".md")
	})
}

// Ask about it in a model chat opens a new one holding the file for its next message.
func TestOpenWithModelChatTakesTheFile(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	path := pngFile(t, "opened-picture.png")
	f.u.handleRequest(instance.Request{Files: []string{path}})
	until(t, "the question", func() bool { return f.u.openForm.asked(f.u.win) != "" })
	f.u.openForm.model.OnTapped()
	until(t, "the image attached to a new model chat", func() bool {
		return m.chat.ModelTier() != "" && slices.Contains(m.chat.Attached(), "opened-picture.png")
	})
}

// Files opened on the first-run page are asked about once the workspace browser shows.
func TestOpenWithWaitsForTheBrowser(t *testing.T) {
	f := newFixture(t, fastConfig())
	u := f.show(core{})
	u.handleRequest(instance.Request{Files: []string{writeTestFile(t, t.TempDir(), "early.txt", []byte("Early."))}})
	if u.openForm.asked(u.win) != "" {
		t.Fatal("the question was asked over the first-run page")
	}
	f.connect()
	u.showMain()
	until(t, "the question", func() bool { return strings.Contains(u.openForm.asked(u.win), "early.txt") })
}

// labels are a menu's labels, separators left out.
func labels(m *fyne.Menu) []string {
	var out []string
	for _, it := range m.Items {
		if !it.IsSeparator {
			out = append(out, it.Label)
		}
	}
	return out
}

// menuItem is m's item labelled label, nil when none.
func menuItem(m *fyne.Menu, label string) *fyne.MenuItem {
	for _, it := range m.Items {
		if it.Label == label {
			return it
		}
	}
	return nil
}

// Issue 33: the tray lists the work running (answers, OCR jobs, uploads with their percent) and
// pauses the uploads.
func TestTrayListsTheWorkRunningAndPausesUploads(t *testing.T) {
	cfg := uploadConfig()
	cfg.ProcessingDelay = 3 * time.Second // the upload answer waits: the file stays "sending"
	f := newFixture(t, cfg)
	m := f.browser()
	m.selectNamed(t, "My documents")
	want := []string{"Show Lectern", "Quick ask…", "New model chat", "Nothing running", "Pause uploads", "Quit"}
	if got := labels(f.u.trayMenu()); !slices.Equal(got, want) {
		t.Errorf("the idle tray menu is %q, want %q", got, want)
	}
	f.u.work.Set("a", work.Answer, "Answering: leave policy")
	f.u.work.Set("o", work.OCR, "OCR: scan.pdf, page 2 of 5")
	driver{f.u}.addFiles(writeTestFile(t, t.TempDir(), "slow.txt", []byte("A slow upload.")))
	until(t, "the upload in the tray", func() bool {
		return slices.Contains(labels(f.u.trayMenu()), "Uploading slow.txt: 100%")
	})
	got := labels(f.u.trayMenu())
	if i, j := slices.Index(got, "Answering: leave policy"), slices.Index(got, "OCR: scan.pdf, page 2 of 5"); i < 0 || j < i {
		t.Errorf("the tray menu %q lacks the answer and the OCR job, in that order", got)
	}
	if it := menuItem(f.u.trayMenu(), "Answering: leave policy"); it == nil || !it.Disabled {
		t.Error("a line of work is a menu item that does something")
	}
	menuItem(f.u.trayMenu(), "Pause uploads").Action()
	if !f.app.Uploads().Paused() {
		t.Fatal("Pause uploads did not pause them")
	}
	if menuItem(f.u.trayMenu(), "Resume uploads") == nil {
		t.Errorf("the paused tray menu %q offers no Resume uploads", labels(f.u.trayMenu()))
	}
	menuItem(f.u.trayMenu(), "Resume uploads").Action()
	if f.app.Uploads().Paused() {
		t.Error("Resume uploads did not resume them")
	}
}

// fakeTray is a desktop.App that keeps the menu it was given.
type fakeTray struct{ menu *fyne.Menu }

func (f *fakeTray) SetSystemTrayMenu(m *fyne.Menu)  { f.menu = m }
func (f *fakeTray) SetSystemTrayIcon(fyne.Resource) {}
func (f *fakeTray) SetSystemTrayWindow(fyne.Window) {}

// With Keep running in the tray, closing the window hides it: the app and its work go on.
func TestCloseKeepsRunningInTheTray(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	fake := &fakeTray{}
	f.u.tray = &tray{u: f.u, app: fake}
	f.u.tray.show()
	if fake.menu == nil || menuItem(fake.menu, "Show Lectern") == nil {
		t.Fatal("the tray got no menu")
	}
	on := true
	if err := f.app.UpdateSettings(func(s *app.Settings) { s.KeepInTray = &on }); err != nil {
		t.Fatal(err)
	}
	f.u.closeWindow()
	if !slices.Contains(f.fa.Driver().AllWindows(), f.u.win) {
		t.Fatal("closing the window with Keep running in the tray closed it")
	}
	if f.u.lf.Ctx.Err() != nil {
		t.Fatal("closing the window into the tray stopped the window's work")
	}
	off := false
	if err := f.app.UpdateSettings(func(s *app.Settings) { s.KeepInTray = &off }); err != nil {
		t.Fatal(err)
	}
	f.u.closeWindow()
	if slices.Contains(f.fa.Driver().AllWindows(), f.u.win) {
		t.Error("without Keep running in the tray, closing the window left it open")
	}
}

// Issue 33: an answer that took longer than 10 s is told through the OS while no window is in
// front, unless Settings turned that kind off; a quick one is not.
func TestSlowAnswerNotifiesOutOfSight(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.browser()
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	f.u.lf.Now = func() time.Time { return now }
	var got []string
	oldF, oldS := windowFocused, sendNotification
	focusedNow := false
	windowFocused = func() bool { return focusedNow }
	sendNotification = func(n *fyne.Notification, _ func()) { got = append(got, n.Title+": "+n.Content) }
	t.Cleanup(func() { windowFocused, sendNotification = oldF, oldS })
	answer := func(took time.Duration) {
		f.u.work.Set("a", work.Answer, "Answering: leave")
		now = now.Add(took)
		f.u.work.End("a", work.AnswerEnded(app.Turn{Status: app.TurnCompleted}, nil, "How much leave?"))
	}
	answer(11 * time.Second)
	answer(4 * time.Second)
	focusedNow = true
	answer(30 * time.Second)
	focusedNow = false
	off := false
	if err := f.app.UpdateSettings(func(s *app.Settings) { s.NotifyAnswers = &off }); err != nil {
		t.Fatal(err)
	}
	answer(30 * time.Second)
	if want := []string{"Answer ready: How much leave?"}; !slices.Equal(got, want) {
		t.Errorf("notifications %q, want %q (only the slow answer while out of sight, with the kind on)", got, want)
	}
}

func TestBatchText(t *testing.T) {
	ready := func(n string) app.UploadFinished { return app.UploadFinished{Name: n, Status: "ready"} }
	failed := func(n, why string) app.UploadFinished {
		return app.UploadFinished{Name: n, Status: "failed", Reason: why}
	}
	for _, c := range []struct {
		done        []app.UploadFinished
		title, body string
	}{
		{[]app.UploadFinished{ready("a.txt")}, "Ready: a.txt", "“a.txt” can now be asked in Lectern."},
		{[]app.UploadFinished{ready("a.txt"), ready("b.txt"), ready("c.txt")}, "3 files ready",
			"“a.txt”, “b.txt” and “c.txt” can now be asked in Lectern."},
		{[]app.UploadFinished{failed("x.pdf", "The file is empty.")}, "Not added: x.pdf", "The file is empty."},
		{[]app.UploadFinished{ready("a.txt"), failed("x.pdf", "empty")}, "1 ready, 1 not added",
			"“a.txt” can now be asked; x.pdf not added (the uploads list says why)."},
	} {
		if title, body := batchText(c.done); title != c.title || body != c.body {
			t.Errorf("batchText = %q / %q, want %q / %q", title, body, c.title, c.body)
		}
	}
}

// An upload batch is told once, when its last file ends, and not when that kind is off.
func TestUploadBatchNotifiesOnce(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	var got []*fyne.Notification
	var click func()
	oldF, oldS := windowFocused, sendNotification
	windowFocused = func() bool { return false }
	sendNotification = func(n *fyne.Notification, open func()) { got = append(got, n); click = open }
	t.Cleanup(func() { windowFocused, sendNotification = oldF, oldS })
	dir := t.TempDir()
	driver{f.u}.addFiles(writeTestFile(t, dir, "one.txt", []byte("One.")), writeTestFile(t, dir, "two.txt", []byte("Two.")))
	until(t, "a notification", func() bool { return len(got) == 1 })
	until(t, "both ready", func() bool {
		return stateOf(m.uploads, "one.txt") == "ready" && stateOf(m.uploads, "two.txt") == "ready"
	})
	drain()
	if len(got) != 1 || got[0].Title != "2 files ready" {
		t.Fatalf("notifications %+v, want one for the batch of two", got)
	}
	click() // where the system tells of clicks (Linux), the uploads' list opens
	until(t, "the uploads list open", m.uploads.Open)
	off := false
	if err := f.app.UpdateSettings(func(s *app.Settings) { s.Notifications = &off }); err != nil {
		t.Fatal(err)
	}
	driver{f.u}.addFiles(writeTestFile(t, dir, "three.txt", []byte("Three.")))
	until(t, "three ready", func() bool { return stateOf(m.uploads, "three.txt") == "ready" })
	drain()
	if len(got) != 1 {
		t.Errorf("a notification was sent with uploads' notifications off: %+v", got[1:])
	}
}
