package ui

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
)

// transcriptShare is the share of the window's height the conversation's turns take.
func (m *mainView) transcriptShare() float32 {
	return m.chat.Transcript().Size().Height / m.win.Canvas().Size().Height
}

// layoutSizes are the window sizes of issue 20 and the least share of the height the
// conversation takes at each: 1280×800, the default size, and 640×480.
var layoutSizes = []struct {
	size fyne.Size
	want float32
}{{fyne.NewSize(1280, 800), 0.70}, {fyne.NewSize(1100, 700), 0.70}, {fyne.NewSize(640, 480), 0.55}}

// checkShares resizes the window to each of layoutSizes and checks the conversation's share.
func checkShares(t *testing.T, m *mainView, what string) {
	t.Helper()
	for _, s := range layoutSizes {
		m.win.Resize(s.size)
		drain()
		got := m.transcriptShare()
		t.Logf("%v×%v, %s: the conversation takes %.1f%% of the height", s.size.Width, s.size.Height, what, 100*got)
		if got < s.want {
			t.Errorf("%v×%v, %s: the conversation takes %.1f%% of the height, want %.0f%%", s.size.Width, s.size.Height, what, 100*got, 100*s.want)
		}
	}
}

// The conversation is the window's main area: its turns take at least 70% of the window's height
// at the default size and at 1280×800, and 55% at 640×480, with the documents shown or not and
// uploads running (issue 20; peers give the transcript the whole height minus the composer).
func TestConversationFillsTheWindow(t *testing.T) {
	cfg := uploadConfig()
	cfg.ProcessingDelay = 2 * time.Second // the uploads stay running while measured
	f := newFixture(t, cfg)
	m := f.browser()
	m.openNamed(t, "My documents")
	m.setDocumentsOpen(false)
	checkShares(t, m, "documents closed")
	m.setDocumentsOpen(true)
	if !m.docs.SelectNamed("customer-support-faq.txt") {
		t.Fatal("no customer-support-faq.txt in My documents")
	}
	checkShares(t, m, "documents open, a document's details shown")
	dir := t.TempDir()
	driver{f.u}.addFiles(writeTestFile(t, dir, "a.txt", []byte("one")), writeTestFile(t, dir, "b.txt", []byte("two")))
	until(t, "the uploads strip", func() bool { return strings.HasPrefix(m.uploads.StripText(), "Uploading 2 files to My documents") })
	checkShares(t, m, "documents open, uploads running")
}

// The documents panel stays as the person left it: closed, neither another workspace (with or
// without a conversation) brings it back; Documents reopens it and Ctrl/Cmd+D closes it, each
// saved for the next start.
func TestDocumentsPanelIsNotReopenedByItself(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.openNamed(t, "My documents")
	m.setDocumentsOpen(false)
	for _, name := range []string{"Finance", "Leadership team", "My documents"} {
		m.openNamed(t, name)
		drain()
		if !m.docs.Folded() || m.docSplit.Trailing.Visible() {
			t.Fatalf("the documents came back on selecting %s", name)
		}
	}
	m.docsB.OnTapped()
	if !m.docsOpen || !m.docSplit.Trailing.Visible() || m.docs.Folded() {
		t.Error("the Documents button did not open the panel")
	}
	until(t, "the choice saved", func() bool { return f.app.Settings().DocumentsOpen })
	sh := reflect.ValueOf(f.u.win.Canvas()).Elem().FieldByName("WindowlessCanvas").Interface().(interface{ TypedShortcut(fyne.Shortcut) })
	sh.TypedShortcut(shortcutDocs)
	if m.docsOpen || m.docSplit.Trailing.Visible() {
		t.Error("Ctrl+D did not close the panel")
	}
	until(t, "the choice saved", func() bool { return !f.app.Settings().DocumentsOpen })
}
