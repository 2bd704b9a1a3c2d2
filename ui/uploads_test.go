package ui

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"lectern/app"
	"lectern/client/emulator"
	"lectern/ui/uploads"
)

func writeTestFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// stateOf returns the words on the row named name ("" when there is none).
func stateOf(p *uploads.Panel, name string) string {
	it, _ := p.Item(name)
	return it.State()
}

func uploadConfig() emulator.Config {
	cfg := fastConfig()
	cfg.ReadyDelay = 200 * time.Millisecond
	return cfg
}

func TestIntakeDropMixedBatch(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	full := map[string]bool{} // rows seen with every byte sent while sending
	m.uploads.OnChanged = func() {
		for _, it := range m.uploads.Items() {
			if it.Entry.State == app.UploadSending && it.Entry.Size > 0 && it.Entry.Sent == it.Entry.Size {
				full[it.Entry.Name] = true
			}
		}
	}
	dir := t.TempDir()
	big := make([]byte, 2<<20)
	for i := range big {
		big[i] = 'a' + byte(i%26)
	}
	f.u.dropped(fyne.NewPos(0, 0), []fyne.URI{
		fileURI(writeTestFile(t, dir, "minutes.txt", []byte("Minutes: the budget was approved."))),
		fileURI(writeTestFile(t, dir, "large.txt", big)),
		fileURI(writeTestFile(t, dir, "notes.md", []byte("# notes"))),
		fileURI(writeTestFile(t, dir, "huge.pdf", make([]byte, 3<<20+1))),
		fileURI(writeTestFile(t, dir, "draft-budget-2027.txt", []byte("another draft"))),
		fileURI(writeTestFile(t, dir, "unreadable-scan.txt", []byte("the emulator fails this one"))),
	})
	p := m.uploads
	until(t, "the batch to finish", func() bool {
		return stateOf(p, "minutes.txt") == "ready" && stateOf(p, "large.txt") == "ready" &&
			stateOf(p, "draft-budget-2027.txt") == "failed" && stateOf(p, "unreadable-scan.txt") == "failed"
	})
	if !p.Open() {
		t.Error("the panel did not open by itself")
	}
	for name, want := range map[string]string{"notes.md": "save it as .txt", "huge.pdf": "at most"} {
		if it, _ := p.Item(name); !it.Refused() || !strings.Contains(it.Reason, want) {
			t.Errorf("%s: %+v; want refused with %q", name, it, want)
		}
	}
	if !full["large.txt"] {
		t.Error("the progress of large.txt never reached 100 %")
	}
	if it, _ := p.Item("unreadable-scan.txt"); !strings.Contains(it.Detail(), "could not read") {
		t.Errorf("indexing failure shown as %q", it.Detail())
	}
	until(t, "the new documents in the table", func() bool {
		names := strings.Join(m.rowNames(), "|")
		return strings.Contains(names, "minutes.txt") && strings.Contains(names, "large.txt")
	})
	until(t, "the ready upload in the scope picker", func() bool {
		return slices.Contains(m.chat.Scopes(), "minutes.txt")
	})
	dup, _ := p.Item("draft-budget-2027.txt")
	if dup.Entry.SuggestedName != "draft-budget-2027 (2).txt" {
		t.Fatalf("duplicate: %+v", dup.Entry)
	}
	p.Retry(dup)
	until(t, "the duplicate sent under its new name", func() bool { return stateOf(p, "draft-budget-2027 (2).txt") == "ready" })
	if p.CountShown() {
		t.Error("the badge shows a count with nothing running")
	}
	p.ClearFinished()
	until(t, "finished rows cleared", func() bool { return len(p.Items()) == 1 })
	if p.Items()[0].Entry.Name != "unreadable-scan.txt" {
		t.Errorf("left after Clear finished: %+v", p.Items())
	}
}

// A drop onto the window while a model chat is shown attaches the images to its next message;
// nothing goes to the workspace's uploads.
func TestModelImageDropGoesToTheModelChat(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	m.chat.NewModelChat()
	pic := writeTestFile(t, t.TempDir(), "dot.gif", []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"))
	f.u.dropped(fyne.NewPos(0, 0), []fyne.URI{fileURI(pic)})
	until(t, "the image attached", func() bool { return slices.Equal(m.chat.Attached(), []string{"dot.gif"}) })
	if len(m.uploads.Items()) != 0 {
		t.Errorf("the drop went to the uploads too: %d rows", len(m.uploads.Items()))
	}
}

func fileURI(p string) fyne.URI { return storage.NewFileURI(p) }

func TestIntakeDropOnWorkspaceThatCannotTakeFiles(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	p := writeTestFile(t, t.TempDir(), "memo.txt", []byte("A memo."))
	m.selectNamed(t, "Finance")
	driver{f.u}.addFiles(p)
	until(t, "the reason", func() bool { return m.uploads.Notice() != "" })
	if txt := m.uploads.Notice(); !strings.Contains(txt, "organisation") || !strings.Contains(txt, "“My documents”") {
		t.Errorf("notice %q", txt)
	}
	if len(m.uploads.Items()) != 0 {
		t.Errorf("rows for a refused drop: %+v", m.uploads.Items())
	}
	m.selectNamed(t, "Employee handbook (published)")
	driver{f.u}.addFiles(p)
	until(t, "the server's refusal", func() bool { return stateOf(m.uploads, "memo.txt") == "failed" })
	it, _ := m.uploads.Item("memo.txt")
	if it.Entry.ErrorCode != "workspace_read_only" || !strings.Contains(it.Entry.Error, "published") {
		t.Fatalf("published: %+v", it.Entry)
	}
	driver{f.u}.addFiles(p)
	until(t, "the remembered reason", func() bool { return strings.Contains(m.uploads.Notice(), "published") })
	if !strings.Contains(m.uploads.Notice(), "“My documents”") {
		t.Errorf("notice %q", m.uploads.Notice())
	}
}

func TestIntakeRestartMidBatchLosesNothingSendsNothingTwice(t *testing.T) {
	cfg := uploadConfig()
	cfg.ProcessingDelay = 700 * time.Millisecond // the upload answer waits: files stay "sending"
	f := newFixture(t, cfg)
	m := f.browser()
	m.selectNamed(t, "My documents")
	dir := t.TempDir()
	names := []string{"one.txt", "two.txt", "three.txt", "four.txt"}
	var paths []string
	for _, n := range names {
		paths = append(paths, writeTestFile(t, dir, n, []byte("The file called "+n)))
	}
	driver{f.u}.addFiles(paths...)
	until(t, "a file being sent", func() bool { return stateOf(m.uploads, "one.txt") == "sending" })
	f.u.Close()
	drain()
	_ = f.app.Close()
	f.app = f.open()
	f.app.Uploads().Start() // as ui.Run does
	u := f.show(core{})
	until(t, "the browser again", driver{u}.settled)
	p := u.main.uploads
	until(t, "the strip showing them resume", func() bool {
		return len(p.Items()) == 4 && strings.HasPrefix(p.StripText(), "Uploading ")
	})
	until(t, "every file ready", func() bool {
		for _, n := range names {
			if stateOf(p, n) != "ready" {
				return false
			}
		}
		return true
	})
	docs, _, _ := f.app.CachedWorkspaceContent(context.Background(), f.info.Personal)
	seen := map[string]int{}
	for _, d := range docs {
		seen[d.Name]++
	}
	for _, n := range names {
		if seen[n] != 1 {
			t.Errorf("%s is %d times in the workspace", n, seen[n])
		}
	}
	if n := f.emu.Requests(emulator.RouteUpload); n > len(names)+1 {
		t.Errorf("%d upload requests for %d files (at most the one cut mid-way may go again)", n, len(names))
	}
}

func TestIntakeNotifiesWhenNotFocused(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	var got []*fyne.Notification
	oldF, oldS := windowFocused, sendNotification
	windowFocused = func() bool { return false }
	sendNotification = func(n *fyne.Notification, _ func()) { got = append(got, n) }
	t.Cleanup(func() { windowFocused, sendNotification = oldF, oldS })
	driver{f.u}.addFiles(writeTestFile(t, t.TempDir(), "notice.txt", []byte("Notify me.")))
	until(t, "a notification", func() bool { return len(got) == 1 })
	if !strings.Contains(got[0].Title, "Ready") || !strings.Contains(got[0].Title, "notice.txt") {
		t.Errorf("notification %+v", got[0])
	}
}

func TestQuitAsksWhileAnUploadRuns(t *testing.T) {
	cfg := uploadConfig()
	cfg.ProcessingDelay = 5 * time.Second // the upload answer waits: the file stays "sending"
	f := newFixture(t, cfg)
	m := f.browser()
	m.selectNamed(t, "My documents")
	driver{f.u}.addFiles(writeTestFile(t, t.TempDir(), "slow.txt", []byte("Slow.")))
	until(t, "a running upload", func() bool { return m.uploads.RunningCount() > 0 })
	f.u.Quit()
	if f.u.win.Canvas().Overlays().Top() == nil {
		t.Fatal("Quit with an upload running did not ask first")
	}
}

func TestIntakeCtrlOOpensTheFilePicker(t *testing.T) {
	f := newFixture(t, uploadConfig())
	f.browser()
	f.u.pickFiles()
	if f.u.win.Canvas().Overlays().Top() == nil {
		t.Fatal("Ctrl/Cmd+O showed no file picker")
	}
}

// After Clear finished the uploads popover says there is nothing, and how to add files, rather
// than showing an empty pane; the strip is gone.
func TestUploadsEmptyAfterClearSaysWhatToDo(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	dir := t.TempDir()
	driver{f.u}.addFiles(writeTestFile(t, dir, "minutes.txt", []byte("Minutes: the budget was approved.")))
	p := m.uploads
	until(t, "the upload ready", func() bool { return stateOf(p, "minutes.txt") == "ready" })
	p.SetOpen(true)
	p.ClearFinished()
	until(t, "the rows cleared", func() bool { return len(p.Items()) == 0 })
	if !p.EmptyShown() {
		t.Error("the empty popover says nothing")
	}
	if txt := p.StripText(); txt != "" {
		t.Errorf("the strip still says %q with nothing running", txt)
	}
}
