package ui

import (
	"context"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"lectern/app/ask"
	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/client"
	"lectern/client/emulator"
	"lectern/ui/documents"
)

// Choosing a workspace saves it as the last one of the server.
func TestBrowserSavesTheLastWorkspace(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Finance")
	id := m.docs.Workspace().WorkspaceID
	until(t, "the last workspace saved", func() bool { return f.app.Settings().LastWorkspace[f.app.SignIn().Server()] == id })
}

func TestBrowserOfflineBannerKeepsTheCachedList(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	count := len(m.list.All())
	f.emu.Close()
	f.u.Refresh()
	until(t, "the offline state", func() bool { return !m.busy && m.banner.Root().Visible() })
	if !strings.HasPrefix(m.banner.Text(), "Offline, last updated at ") {
		t.Errorf("banner: %q", m.banner.Text())
	}
	if !strings.Contains(m.banner.Text(), "Cannot reach") {
		t.Errorf("banner reason: %q", m.banner.Text())
	}
	if m.status.state.Text != "Offline" {
		t.Errorf("status: %q", m.status.state.Text)
	}
	drain()
	if len(m.list.All()) != count {
		t.Errorf("offline list has %d workspaces, want the %d cached", len(m.list.All()), count)
	}
	m.selectNamed(t, "Operations")
	if len(m.rowNames()) == 0 {
		t.Error("cached documents are not shown offline")
	}
}

func TestBrowserRestartShowsCacheAtOnceThenRefreshes(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Operations")
	until(t, "settings saved", func() bool { return len(f.app.Settings().LastWorkspace) > 0 })
	f.u.Quit()
	drain()
	// A second window over the same home, as after a restart: the last workspace is selected again.
	b := &slowSync{syncer: f.app.Workspaces(), release: make(chan struct{})}
	u := newTestUI(test.NewTempApp(t), f.app, core{sync: b})
	u.Show()
	defer u.Close()
	until(t, "the cached list", func() bool { return u.main != nil && len(u.main.list.All()) > 0 })
	if !u.main.busy || !u.main.syncing.Visible() {
		t.Error("no refresh indicator while the background refresh runs")
	}
	until(t, "the last workspace", func() bool { return u.main.docs.Workspace().Workspace.Name == "Operations" })
	close(b.release)
	until(t, "the refresh", func() bool { return !u.main.busy })
	if u.main.syncing.Visible() {
		t.Error("the refresh indicator stays after the refresh")
	}
}

// slowSync holds Refresh until release is closed.
type slowSync struct {
	syncer
	release chan struct{}
}

func (s *slowSync) Refresh(ctx context.Context) error {
	<-s.release
	return s.syncer.Refresh(ctx)
}

// quarterUsed is a personal workspace's limits with a quarter of its space used.
var quarterUsed = client.Limits{WorkspaceBytesLimit: 100 << 20, WorkspaceBytesUsed: 25 << 20, DailyUploadsLimit: 200,
	DailyUploadsRemaining: 195, DailyOCRLimit: 20, DailyOCRRemaining: 18}

// limitsBackend reports lim as the limits of every workspace.
type limitsBackend struct {
	documents.Backend
	lim client.Limits
}

func (b *limitsBackend) WorkspaceLimits(string) (client.Limits, bool) { return b.lim, true }

func (b *limitsBackend) UploadLimits(context.Context, string) (client.Limits, bool) {
	return b.lim, true
}

// largeBackend serves docs as the content of every workspace.
type largeBackend struct {
	documents.Backend
	docs []client.Document
}

func (b *largeBackend) CachedWorkspaceContent(context.Context, string) ([]client.Document, []client.Source, error) {
	return b.docs, nil, nil
}

// workspace_access_lost ends the answer in words, and the workspace leaves the list.
func TestChatAccessLost(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Finance")
	c := m.chat
	until(t, "the chat pane", c.CanAsk)
	f.emu.SetFaults(emulator.Faults{AccessLostAfter: 3})
	c.Ask("What is the total revenue by region?")
	until(t, "Finance to leave the list, said in words", func() bool {
		return !slices.ContainsFunc(m.list.All(), func(w records.CachedWorkspace) bool { return w.Workspace.Name == "Finance" }) &&
			strings.Contains(m.listErr.Message(), "can no longer open “Finance”")
	})
	convs, _ := f.app.Conversations().List(context.Background(), "")
	turns, _ := f.app.Conversations().Turns(context.Background(), convs[0].ID)
	if len(turns) != 1 || turns[0].ErrorCode != "workspace_access_lost" || !strings.Contains(turns[0].Error, "no longer has access") {
		t.Fatalf("saved turn %+v", turns)
	}
}

// A source tapped in an answer is selected in the documents table.
func TestChatSourceSelectsDocument(t *testing.T) {
	m, turn := answeredWithSources(t)
	m.chat.OnSource(turn.Sources[0]) // what the pane calls when the source is tapped
	if got := m.docs.Selected().DocumentID; got != turn.Sources[0].DocumentID {
		t.Fatalf("selected %q, want %s", got, turn.Sources[0].DocumentID)
	}
}

// A source is matched by id and name: when its document is no longer there (a restarted server
// gave its id to another document), the window says so and selects nothing else.
func TestChatSourceGoneSaysSoAndSelectsNothingElse(t *testing.T) {
	m, turn := answeredWithSources(t)
	src := turn.Sources[0]
	src.Name = "removed-policy.txt" // the id now names another document
	m.chat.OnSource(src)
	if got := m.docs.Selected(); got.DocumentID != "" {
		t.Errorf("selected %q (%s) for a document no longer there", got.Name, got.DocumentID)
	}
	if got := m.docs.ShownText(); got != "“removed-policy.txt” is no longer in this workspace" {
		t.Errorf("says %q", got)
	}
}

// answeredWithSources is the window on My documents and a question answered there with sources.
func answeredWithSources(t *testing.T) (*mainView, records.Turn) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	turn, err := f.app.Questions().Ask(context.Background(), ask.Question{Workspace: m.docs.Workspace().WorkspaceID,
		Text: "How many days of annual leave do employees get?"}, conversations.AskOptions{NoStream: true})
	if err != nil || len(turn.Sources) == 0 {
		t.Fatalf("no sources: %v", err)
	}
	return m, turn
}
