package ui

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/connection"
	"lectern/app/settings"
	"lectern/client"
	"lectern/ui/documents"
	"lectern/ui/internal/doclist"
	"lectern/ui/internal/parts"
	"lectern/ui/internal/uitest"
	ltheme "lectern/ui/theme"
)

// pollBackend serves every document as not ready until ready is set, and counts refreshes.
type pollBackend struct {
	documents.Backend
	syncer
	ready     atomic.Bool
	refreshes atomic.Int32
}

func (b *pollBackend) CachedWorkspaceContent(ctx context.Context, id string) ([]client.Document, []client.Source, error) {
	docs, src, err := b.Backend.CachedWorkspaceContent(ctx, id)
	if !b.ready.Load() {
		docs = append([]client.Document(nil), docs...)
		for i := range docs {
			docs[i].Status = client.StatusNotReady
		}
	}
	return docs, src, err
}

func (b *pollBackend) RefreshWorkspace(ctx context.Context, id string) error {
	b.refreshes.Add(1)
	return b.syncer.RefreshWorkspace(ctx, id)
}

// pollingBrowser shows the browser over a backend that counts background refreshes, polling every
// 20 ms.
func pollingBrowser(t *testing.T) (*fixture, *pollBackend, *mainView) {
	t.Helper()
	old := pollEvery
	pollEvery = 20 * time.Millisecond
	t.Cleanup(func() { pollEvery = old })
	f := newFixture(t, fastConfig())
	f.connect()
	b := &pollBackend{Backend: parts.Of(f.app), syncer: f.app.Workspaces()}
	u := f.show(core{docs: b, sync: b})
	until(t, "the browser", driver{u}.settled)
	return f, b, u.main
}

func TestBackgroundRefreshWhileDocumentsAreNotReady(t *testing.T) {
	_, b, m := pollingBrowser(t)
	m.selectNamed(t, "Finance")
	if !m.docs.SelectNamed("scanned-invoice-0042.pdf") {
		t.Fatal("no scanned-invoice-0042.pdf in Finance")
	}
	id := m.docs.Selected().DocumentID
	until(t, "two background refreshes", func() bool { return b.refreshes.Load() >= 2 })
	drain()
	if m.docs.Selected().DocumentID != id || !m.docs.DetailsShown() {
		t.Errorf("the background refresh lost the selected document %q (now %q)", id, m.docs.Selected().DocumentID)
	}
	if m.poll.wsID != m.docs.Workspace().WorkspaceID {
		t.Errorf("polling %q, shown %q", m.poll.wsID, m.docs.Workspace().WorkspaceID)
	}
	b.ready.Store(true)
	until(t, "the refresh to stop", func() bool { return m.poll.wsID == "" && m.poll.timer == nil && !m.poll.running })
	n := b.refreshes.Load()
	time.Sleep(150 * time.Millisecond)
	drain()
	if got := b.refreshes.Load(); got != n {
		t.Errorf("%d refreshes after every document was ready", got-n)
	}
}

func TestBackgroundRefreshWaitsWhileOffline(t *testing.T) {
	f, b, m := pollingBrowser(t)
	u := f.u
	f.emu.Close()
	u.Refresh()
	until(t, "offline", func() bool { return !m.busy && f.app.SignIn().Connection().State == connection.ConnOffline })
	m.selectNamed(t, "Finance")
	time.Sleep(150 * time.Millisecond)
	drain()
	if got := b.refreshes.Load(); got != 0 {
		t.Errorf("%d background refreshes while offline", got)
	}
	if m.poll.wsID == "" {
		t.Error("the background refresh gave up instead of waiting")
	}
}

func TestLayoutSortAndWorkspaceRestoredAfterRestart(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	f.u.win.Resize(fyne.NewSize(900, 650))
	m.selectNamed(t, "Operations")
	m.docs.SortBy(doclist.ColStatus)
	m.docs.SortBy(doclist.ColStatus)
	m.split.SetOffset(0.22)
	m.setDocumentsOpen(true)
	m.docSplit.SetOffset(0.5)
	until(t, "the sort saved", func() bool { s := f.app.Settings(); return s.DocSort == "status" && s.DocSortDesc })
	until(t, "the workspace saved", func() bool { return len(f.app.Settings().LastWorkspace) > 0 })
	f.u.Quit()
	drain()
	if s := f.app.Settings(); s.WindowWidth != 900 || s.WindowHeight != 650 || s.SplitOffset != 0.22 || s.DocSplitOffset != 0.5 || !s.DocumentsOpen {
		t.Errorf("saved %+v", s)
	}
	u := newTestUI(test.NewTempApp(t), f.app, core{})
	u.Show()
	defer u.Close()
	until(t, "the last workspace", func() bool {
		return u.main != nil && u.main.docs.Workspace().Workspace.Name == "Operations" && u.main.docs.Model().Len() > 0
	})
	if got := u.win.Canvas().Size(); got != fyne.NewSize(900, 650) {
		t.Errorf("window %v", got)
	}
	if u.main.split.Offset != 0.22 || u.main.docSize != 0.5 || !u.main.docsOpen {
		t.Errorf("splits %v %v, documents open %v", u.main.split.Offset, u.main.docSize, u.main.docsOpen)
	}
	if col, desc := u.main.docs.Model().Sort(); col != doclist.ColStatus || !desc {
		t.Errorf("sort %v %v", col, desc)
	}
}

// The window's content fits 640×480, the small window the issue names, on the first-run page and
// in the browser at its widest state: a personal workspace with its limits bar, the conversation
// below. (A real window adds its menu bar: make screenshots shows the window at 640×480.)
func TestWindowFits640x480(t *testing.T) {
	small := fyne.NewSize(640, 480)
	fits := func(what string, got fyne.Size) {
		t.Helper()
		if got.Width > small.Width || got.Height > small.Height {
			t.Errorf("%s needs %.0f×%.0f, more than %v", what, got.Width, got.Height, small)
		}
	}
	first := newFixture(t, fastConfig())
	fits("the first-run page", first.show(core{}).win.Content().MinSize())

	f := newFixture(t, fastConfig())
	f.connect()
	u := f.show(core{docs: &limitsBackend{Backend: parts.Of(f.app), lim: quarterUsed}})
	until(t, "the browser", driver{u}.settled)
	u.main.selectNamed(t, "My documents")
	until(t, "the limits bar", u.main.docs.LimitsShown)
	u.win.Resize(small) // labels wrap at this width: their height counts
	drain()
	t.Logf("content minimum at 640 wide: %v", u.win.Content().MinSize())
	fits("the workspace browser", u.win.Content().MinSize())
}

// The window opens on the last workspace's last conversation with its documents folded (a large workspace's
// documents, set then, keep few row dividers: documents.TestFoldedTableOfManyDocumentsKeepsFewSeparators).
// The conversation's intro, the only italic text (a text style's fonts cost Fyne about 8.5 MB on
// first use), is not shown while the last conversation is looked up and opened, not even for the
// moment between the workspace's new conversation and the lookup: showing it measures it, and
// Fyne then asks the theme for the italic font.
func TestOpeningOnTheLastConversationOfManyDocuments(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.connect()
	uitest.SeedConversation(t, f.app, f.info.Personal, 2)
	err := f.app.UpdateSettings(func(s *settings.Settings) {
		s.LastWorkspace = map[string]string{f.app.SignIn().Server(): f.info.Personal}
	})
	if err != nil {
		t.Fatal(err)
	}
	f.fa = test.NewTempApp(t)
	u := newTestUI(f.fa, f.app, core{docs: &largeBackend{Backend: parts.Of(f.app), docs: uitest.ManyDocs(10000)}})
	styles := &fontStyles{Theme: ltheme.For(f.app.Settings().Theme)}
	f.fa.Settings().SetTheme(styles) // before any window: no text is measured in another theme
	u.theme, u.themeSet = f.app.Settings().Theme, true
	u.Show()
	t.Cleanup(func() { u.Close(); drain() })
	until(t, "the browser", driver{u}.settled) // opens on the last workspace
	m, c := u.main, u.main.chat
	if m.docs.Workspace().WorkspaceID != f.info.Personal {
		t.Fatalf("opened on %q, not on the last workspace", m.docs.Workspace().WorkspaceID)
	}
	if c.IntroShown() {
		t.Error("the intro is shown while the last conversation is looked up")
	}
	until(t, "the last conversation and the documents", func() bool {
		return len(c.Turns()) == 2 && m.docs.Model().Len() == 10000
	})
	drain()
	if c.IntroShown() || !m.docs.Folded() {
		t.Fatalf("intro shown %v, documents folded %v", c.IntroShown(), m.docs.Folded())
	}
	if styles.italic.Load() {
		t.Error("the italic fonts were loaded: the intro was measured")
	}
}

// fontStyles is a theme that notes when Fyne asks for the italic font, which it does the first
// time it measures italic text.
type fontStyles struct {
	fyne.Theme
	italic atomic.Bool
}

func (t *fontStyles) Font(s fyne.TextStyle) fyne.Resource {
	if s.Italic {
		t.italic.Store(true)
	}
	return t.Theme.Font(s)
}
