package ui

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"lectern/ui/internal/uitest"
)

// gate holds the requests held matches until open is closed, as a slow server does.
type gate struct {
	held func(r *http.Request) bool
	open chan struct{}
}

func (g *gate) RoundTrip(r *http.Request) (*http.Response, error) {
	if g.held(r) {
		select {
		case <-g.open:
		case <-r.Context().Done():
			return nil, r.Context().Err()
		}
	}
	return http.DefaultTransport.RoundTrip(r)
}

// Issue 36: while the first refresh paged through a long workspace list (about 20 s), the list was
// empty and said "No workspaces yet". It says the workspaces are loading, shows those that have
// arrived while the rest of the refresh runs, and says it is still loading until it ends.
func TestFirstSyncShowsWhatArrivedAndSaysItIsLoading(t *testing.T) {
	f := newFixture(t, fastConfig())
	list := &gate{open: make(chan struct{}), held: func(r *http.Request) bool {
		return r.URL.Path == "/workspace" && r.Method == http.MethodGet && r.URL.Query().Get("workspace_id") == ""
	}}
	docs := &gate{open: make(chan struct{}), held: func(r *http.Request) bool { return r.URL.Query().Get("workspace_id") != "" }}
	f.home = t.TempDir()
	f.app = f.openWith(chain{list, docs})
	t.Cleanup(func() { closeOnce(list.open); closeOnce(docs.open) })
	f.connect()
	u := f.show(core{})
	until(t, "the first refresh", func() bool { return u.main != nil && u.main.busy })
	m := u.main
	drain()
	shown := uitest.VisibleTexts(m.list.Root())
	if strings.Contains(shown, "No workspaces yet") || !strings.Contains(shown, "Loading the workspaces") {
		t.Errorf("while the list is awaited, the workspace list says:\n%s", shown)
	}
	close(list.open) // the list arrives; each workspace's documents are still awaited
	until(t, "the workspaces listed", func() bool { return len(m.list.All()) > 0 })
	if !m.busy {
		t.Fatal("the refresh ended with the documents held")
	}
	if shown := uitest.VisibleTexts(m.list.Root()); !strings.Contains(shown, "Loading more workspaces… (") {
		t.Errorf("with %d workspaces shown and the refresh running, the list says:\n%s", len(m.list.All()), shown)
	}
	close(docs.open)
	until(t, "the refresh's end", func() bool { return !m.busy })
	if shown := uitest.VisibleTexts(m.list.Root()); strings.Contains(strings.ToLower(shown), "loading") {
		t.Errorf("after the refresh the list says:\n%s", shown)
	}
}

// chain is a transport through each gate in turn.
type chain []*gate

func (c chain) RoundTrip(r *http.Request) (*http.Response, error) {
	for _, g := range c[:len(c)-1] {
		if g.held(r) {
			select {
			case <-g.open:
			case <-r.Context().Done():
				return nil, r.Context().Err()
			}
		}
	}
	return c[len(c)-1].RoundTrip(r)
}

func closeOnce(ch chan struct{}) {
	select {
	case <-ch:
	default:
		close(ch)
	}
}

// A start on a cached list is no first refresh: the workspaces shown are the cache's, not the
// first to arrive, so the list says nothing of loading more while the refresh runs. (It did when
// the refresh began before the cache was read, and its italic line made every start load a third
// style's fonts: about 20 MB of peak memory in BenchmarkStartup.)
func TestStartOnACachedListSaysNothingOfLoadingMore(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.connect()
	if err := f.app.Workspaces().Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	_ = f.app.Close()
	list := &gate{open: make(chan struct{}), held: func(r *http.Request) bool {
		return r.URL.Path == "/workspace" && r.Method == http.MethodGet
	}}
	t.Cleanup(func() { closeOnce(list.open) })
	f.app = f.openWith(list)
	u := f.show(core{})
	until(t, "the cached workspaces during the refresh", func() bool {
		return u.main != nil && u.main.busy && len(u.main.list.All()) > 0
	})
	drain()
	if shown := uitest.VisibleTexts(u.main.list.Root()); strings.Contains(shown, "Loading") {
		t.Errorf("the cached list, while the refresh runs, says:\n%s", shown)
	}
}
