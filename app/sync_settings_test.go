package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/settings"
	appsync "lectern/app/sync"
)

// syncingHome is a data folder whose clock is the test's.
type syncingHome struct {
	*App
	clock *syncClock
}

func openSyncingHome(t *testing.T, target string, start time.Time) syncingHome {
	t.Helper()
	c := &syncClock{t: start}
	a, err := Open(context.Background(), Options{Home: t.TempDir(), Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if err := a.Conversations().Sync().SetUp(target, ""); err != nil {
		t.Fatal(err)
	}
	return syncingHome{a, c}
}

// change sets the home's clock to minutes after 03:00, then changes its settings with fn.
func (h syncingHome) change(t *testing.T, minutes int, fn func(*settings.Settings)) {
	t.Helper()
	h.clock.t = time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC).Add(time.Duration(minutes) * time.Minute)
	if err := h.UpdateSettings(fn); err != nil {
		t.Fatal(err)
	}
}

func (h syncingHome) sync(t *testing.T, minutes int) appsync.Result {
	t.Helper()
	h.clock.t = time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC).Add(time.Duration(minutes) * time.Minute)
	res, err := h.Conversations().Sync().Round(context.Background())
	if err != nil || len(res.Problems) > 0 {
		t.Fatalf("round: %v %q", err, res.Problems)
	}
	return res
}

// The person's preferences sync, the later change of each winning; the server, the key file
// choice, the MCP servers, the window and the sync target stay on their computer; a computer
// set up later does not send its defaults over the first one's choices.
func TestSyncSettingsLastChangeWins(t *testing.T) {
	t.Setenv(appsync.EnvPassphrase, "correct horse battery staple")
	dir := t.TempDir()
	a := openSyncingHome(t, dir, time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC))
	off := false
	a.change(t, 1, func(s *settings.Settings) {
		s.Theme, s.DefaultTier, s.Thinking, s.Notifications = "dark", "smart", true, &off
		s.Server, s.KeyFile, s.WindowWidth = "https://qa.example.com", true, 1234
		s.MCPServers = []settings.MCPServer{{Name: "files", Command: "/opt/mcp-files"}}
	})
	a.sync(t, 2)

	b := openSyncingHome(t, t.TempDir(), time.Date(2030, 1, 2, 3, 3, 0, 0, time.UTC)) // set up later, elsewhere first
	b.change(t, 3, func(s *settings.Settings) { s.SyncTarget = dir })
	res := b.sync(t, 4)
	if !strings.Contains(res.String(), "settings in") {
		t.Errorf("B's round: %s, want settings in", res)
	}
	got := b.Settings()
	if got.Theme != "dark" || got.DefaultTier != "smart" || !got.Thinking || got.Notifications == nil || *got.Notifications {
		t.Errorf("B's preferences after sync: theme %q tier %q thinking %v notifications %v", got.Theme, got.DefaultTier, got.Thinking, got.Notifications)
	}
	if got.Server != "" || got.KeyFile || got.WindowWidth != 0 || len(got.MCPServers) != 0 || got.SyncTarget != dir {
		t.Errorf("B got what stays on A: server %q key file %v width %v MCP %v target %q", got.Server, got.KeyFile, got.WindowWidth, got.MCPServers, got.SyncTarget)
	}
	a.sync(t, 5)
	if got := a.Settings(); got.Theme != "dark" || got.DefaultTier != "smart" {
		t.Errorf("B's defaults went over A's choices: theme %q tier %q", got.Theme, got.DefaultTier)
	}

	// Offline, A changes the theme at minute 10 and B at 20, B the tier too: B's theme wins on
	// both, whichever syncs first, and each keeps the other's change of another setting.
	a.change(t, 10, func(s *settings.Settings) { s.Theme, s.ModelTier = "light", "genius" })
	b.change(t, 20, func(s *settings.Settings) { s.Theme, s.DefaultTier = "high-contrast", "fast" })
	b.sync(t, 21)
	a.sync(t, 22)
	b.sync(t, 23)
	for name, h := range map[string]syncingHome{"A": a, "B": b} {
		s := h.Settings()
		if s.Theme != "high-contrast" || s.DefaultTier != "fast" || s.ModelTier != "genius" {
			t.Errorf("%s: theme %q tier %q model tier %q, want high-contrast, fast, genius", name, s.Theme, s.DefaultTier, s.ModelTier)
		}
	}
	if got := a.Settings(); got.Server != "https://qa.example.com" || !got.KeyFile || len(got.MCPServers) != 1 {
		t.Errorf("A lost what stays on it: %+v", got)
	}
}

// A round that brings conversations tells the lists of their workspaces to refresh, and every
// round ends with SyncEnded; automatic sync does a round soon after a change here.
func TestSyncRoundEventsAndAutomaticSync(t *testing.T) {
	t.Setenv(appsync.EnvPassphrase, "correct horse battery staple")
	dir := t.TempDir()
	a := openSyncingHome(t, dir, time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC))
	b := openSyncingHome(t, dir, time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC))
	ctx := context.Background()
	if _, err := a.store.CreateConversation(ctx, "srv", records.Conversation{WorkspaceID: "ws", Title: "From A"}); err != nil {
		t.Fatal(err)
	}
	a.bus.Emit(events.ConversationsChanged{WorkspaceID: "ws"}) // as the conversations service does
	got := make(chan events.Event, 100)
	b.Subscribe(func(ev events.Event) {
		switch ev.(type) {
		case events.ConversationsChanged, events.SyncEnded:
			got <- ev
		}
	})
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	go a.Conversations().Sync().Auto(runCtx) // A's new conversation was a change: a round soon
	deadline := time.After(20 * time.Second)
	for {
		_, at, err := a.Conversations().Sync().Last()
		if !at.IsZero() {
			if err != nil {
				t.Fatalf("A's automatic round: %v", err)
			}
			break
		}
		select {
		case <-deadline:
			t.Fatal("automatic sync did no round after a change")
		case <-time.After(50 * time.Millisecond):
		}
	}
	b.sync(t, 1)
	var sawList, sawEnd bool
	for !sawList || !sawEnd {
		select {
		case ev := <-got:
			_, isEnd := ev.(events.SyncEnded)
			sawEnd = sawEnd || isEnd
			sawList = sawList || !isEnd
		case <-time.After(10 * time.Second):
			t.Fatalf("B's round: list refreshed %v, sync ended %v", sawList, sawEnd)
		}
	}
	if res, _, _ := b.Conversations().Sync().Last(); res.In.Conversations != 1 {
		t.Errorf("B's last round: %s", res)
	}
}
