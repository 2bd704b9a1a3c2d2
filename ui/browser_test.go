package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"lectern/client"
	"lectern/ui/documents"
)

// Choosing a workspace saves it as the last one of the server.
func TestBrowserSavesTheLastWorkspace(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	m.selectNamed(t, "Finance")
	id := m.docs.Workspace().WorkspaceID
	until(t, "the last workspace saved", func() bool { return f.app.Settings().LastWorkspace[f.app.Server()] == id })
}

func TestBrowserOfflineBannerKeepsTheCachedList(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	count := len(m.list.All())
	f.emu.Close()
	f.u.Refresh()
	until(t, "the offline state", func() bool { return !m.busy && m.banner.root.Visible() })
	if !strings.HasPrefix(m.banner.text.Text, "Offline, last synced at ") {
		t.Errorf("banner: %q", m.banner.text.Text)
	}
	if !strings.Contains(m.banner.why.Text, "Cannot reach") {
		t.Errorf("banner reason: %q", m.banner.why.Text)
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
	b := &slowSync{syncer: f.app, release: make(chan struct{})}
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
