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
)

func writeTestFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// item returns the panel's row named name.
func (p *uploadsPanel) item(name string) (uploadItem, bool) {
	for _, it := range p.items {
		if it.Entry.Name == name {
			return it, true
		}
	}
	return uploadItem{}, false
}

// stateOf returns the words on the row named name ("" when there is none).
func (p *uploadsPanel) stateOf(name string) string {
	it, ok := p.item(name)
	if !ok {
		return ""
	}
	w, _ := uploadStateWords(it)
	return w
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
	m.intake.onChanged = func() {
		for _, it := range m.intake.items {
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
	p := m.intake
	until(t, "the batch to finish", func() bool {
		return p.stateOf("minutes.txt") == "ready" && p.stateOf("large.txt") == "ready" &&
			p.stateOf("draft-budget-2027.txt") == "failed" && p.stateOf("unreadable-scan.txt") == "failed"
	})
	if !p.open || !p.body.Visible() {
		t.Error("the panel did not open by itself")
	}
	for name, want := range map[string]string{"notes.md": "save it as .txt", "huge.pdf": "at most"} {
		if it, _ := p.item(name); !it.refused() || !strings.Contains(it.Reason, want) {
			t.Errorf("%s: %+v; want refused with %q", name, it, want)
		}
	}
	if !full["large.txt"] {
		t.Error("the progress of large.txt never reached 100 %")
	}
	if it, _ := p.item("unreadable-scan.txt"); !strings.Contains(uploadDetail(it), "could not read") {
		t.Errorf("indexing failure shown as %q", uploadDetail(it))
	}
	until(t, "the new documents in the table", func() bool {
		names := strings.Join(m.rowNames(), "|")
		return strings.Contains(names, "minutes.txt") && strings.Contains(names, "large.txt")
	})
	until(t, "the ready upload in the scope picker", func() bool {
		return slices.Contains(m.chat.picker.sel.Options, "minutes.txt")
	})
	dup, _ := p.item("draft-budget-2027.txt")
	if dup.Entry.SuggestedName != "draft-budget-2027 (2).txt" {
		t.Fatalf("duplicate: %+v", dup.Entry)
	}
	p.retry(dup)
	until(t, "the duplicate sent under its new name", func() bool { return p.stateOf("draft-budget-2027 (2).txt") == "ready" })
	if p.count.Visible() {
		t.Errorf("the badge shows %q with nothing running", p.count.Text)
	}
	p.clearFinished()
	until(t, "finished rows cleared", func() bool { return len(p.items) == 1 })
	if p.items[0].Entry.Name != "unreadable-scan.txt" {
		t.Errorf("left after Clear finished: %+v", p.items)
	}
}

func fileURI(p string) fyne.URI { return storage.NewFileURI(p) }

func TestIntakeDropOnWorkspaceThatCannotTakeFiles(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	p := writeTestFile(t, t.TempDir(), "memo.txt", []byte("A memo."))
	m.selectNamed(t, "Finance")
	f.u.AddFiles(p)
	until(t, "the reason", func() bool { return m.intake.notice.Visible() })
	if txt := m.intake.notice.Text; !strings.Contains(txt, "organisation") || !strings.Contains(txt, "“My documents”") {
		t.Errorf("notice %q", txt)
	}
	if len(m.intake.items) != 0 {
		t.Errorf("rows for a refused drop: %+v", m.intake.items)
	}
	m.selectNamed(t, "Employee handbook (published)")
	f.u.AddFiles(p)
	until(t, "the server's refusal", func() bool { return m.intake.stateOf("memo.txt") == "failed" })
	it, _ := m.intake.item("memo.txt")
	if it.Entry.ErrorCode != "workspace_read_only" || !strings.Contains(it.Entry.Error, "published") {
		t.Fatalf("published: %+v", it.Entry)
	}
	f.u.AddFiles(p)
	until(t, "the remembered reason", func() bool { return strings.Contains(m.intake.notice.Text, "published") })
	if !strings.Contains(m.intake.notice.Text, "“My documents”") {
		t.Errorf("notice %q", m.intake.notice.Text)
	}
}

func TestLimitsBarFromStatusCall(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	until(t, "the limits bar", func() bool { return m.docs.limits.root.Visible() })
	if !strings.Contains(m.docs.limits.daily.Text, "Uploads left today: 200 of 200") {
		t.Errorf("daily: %q", m.docs.limits.daily.Text)
	}
	m.selectNamed(t, "Leadership team")
	drain()
	if m.docs.limits.root.Visible() {
		t.Error("limits shown for a shared workspace")
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
	f.u.AddFiles(paths...)
	until(t, "a file being sent", func() bool { return m.intake.stateOf("one.txt") == "sending" })
	f.u.Close()
	drain()
	_ = f.app.Close()
	f.app = f.open()
	f.app.Uploads().Start() // as ui.Run does
	u := f.show(nil)
	until(t, "the browser again", u.Settled)
	p := u.main.intake
	until(t, "the panel showing them resume", func() bool { return len(p.items) == 4 && p.open })
	until(t, "every file ready", func() bool {
		for _, n := range names {
			if p.stateOf(n) != "ready" {
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

func TestIntakeNotifiesWhenNotFocusedAndQuitAsks(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	var got []*fyne.Notification
	oldF, oldS := windowFocused, sendNotification
	windowFocused = func() bool { return false }
	sendNotification = func(n *fyne.Notification) { got = append(got, n) }
	t.Cleanup(func() { windowFocused, sendNotification = oldF, oldS })
	f.u.AddFiles(writeTestFile(t, t.TempDir(), "notice.txt", []byte("Notify me.")))
	until(t, "a notification", func() bool { return len(got) == 1 })
	if !strings.Contains(got[0].Title, "Ready") || !strings.Contains(got[0].Title, "notice.txt") {
		t.Errorf("notification %+v", got[0])
	}
	m.intake.items = append(m.intake.items, uploadItem{Entry: app.Upload{ID: 99, Name: "x.txt", State: app.UploadSending}})
	f.u.Quit()
	if f.u.win.Canvas().Overlays().Top() == nil {
		t.Fatal("Quit with an upload running did not ask first")
	}
}

func TestUploadRowWordsForWarningsAndUnknownTokens(t *testing.T) {
	it := uploadItem{Entry: app.Upload{ID: 1, State: app.UploadReady, Warnings: []string{"ocr_used", "pages_skipped"}}}
	if got := uploadDetail(it); got != "Ready to ask · read with OCR (scanned pages), pages_skipped" {
		t.Errorf("ready with warnings: %q", got)
	}
	it.Entry.State, it.Entry.Status = app.UploadProcessing, "quarantined"
	if w, _ := uploadStateWords(it); w != "quarantined" {
		t.Errorf("unknown status shown as %q", w)
	}
	it.Entry.Status = "not_ready"
	if w, _ := uploadStateWords(it); w != "indexing" {
		t.Errorf("not_ready shown as %q", w)
	}
	it.Entry.State, it.Entry.Error = app.UploadSending, "The server is busy. Lectern tries again by itself at 12:00."
	if w, _ := uploadStateWords(it); w != "waiting" || !strings.Contains(uploadDetail(it), "by itself") {
		t.Errorf("waiting shown as %q: %q", w, uploadDetail(it))
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
