package app

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"lectern/client"
)

func TestReconnectDelayGrowsToItsCap(t *testing.T) {
	var got []time.Duration
	for n := range 8 {
		got = append(got, reconnectDelay(n, 5*time.Second, 2*time.Minute))
	}
	want := []time.Duration{5, 10, 20, 40, 80, 120, 120, 120}
	for i := range want {
		if got[i] != want[i]*time.Second {
			t.Fatalf("delays %v; want %v seconds", got, want)
		}
	}
}

// unplugged is a transport that fails to dial while down, as a server that went away does, and
// counts the requests tried meanwhile.
type unplugged struct {
	down  atomic.Bool
	tried atomic.Int32
	mu    sync.Mutex
	at    []time.Time
}

func (u *unplugged) RoundTrip(r *http.Request) (*http.Response, error) {
	if u.down.Load() {
		u.tried.Add(1)
		u.mu.Lock()
		u.at = append(u.at, time.Now())
		u.mu.Unlock()
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	}
	return http.DefaultTransport.RoundTrip(r)
}

// openUnplugged opens an app whose requests go through u, checking an offline server first after
// first and at most max apart, connected to s.
func openUnplugged(t *testing.T, s *scriptServer, u *unplugged, first, max time.Duration) *App {
	t.Helper()
	a, err := Open(context.Background(), Options{Home: t.TempDir(), HTTPClient: &http.Client{Transport: u},
		ReconnectFirst: first, ReconnectMax: max,
		ClientOptions: []client.Option{client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 0})}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if err := a.Connect(context.Background(), s.srv.URL, testKey); err != nil {
		t.Fatal(err)
	}
	return a
}

// While offline the app checks the server by itself, further apart each time, and comes back
// online (telling the front-ends) when the server answers; online, it checks nothing.
func TestOfflineComesBackOnlineByItself(t *testing.T) {
	s := newScriptServer(t, "wa")
	u := &unplugged{}
	a := openUnplugged(t, s, u, 40*time.Millisecond, 160*time.Millisecond)
	if err := a.Refresh(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	ev := record(t, a)
	u.down.Store(true)
	if err := a.Refresh(ctxT(t)); err == nil || a.Connection().State != ConnOffline {
		t.Fatalf("refresh %v, state %v; want offline", err, a.Connection().State)
	}
	time.Sleep(700 * time.Millisecond)
	checks := int(u.tried.Load()) - 1 // the refresh's own request first
	// 40, 80, 160, 160 ms ... apart: about 5 checks in 700 ms, where a fixed 40 ms pace makes 17.
	if checks < 2 || checks > 9 {
		t.Fatalf("%d checks while offline for 700 ms", checks)
	}
	u.down.Store(false)
	ev.waitFor(t, timeoutShort, func(e Event) bool {
		cc, ok := e.(ConnectionChanged)
		return ok && cc.Connection.State == ConnOnline
	})
	tried := u.tried.Load()
	time.Sleep(300 * time.Millisecond)
	u.down.Store(true) // any check now would be counted
	time.Sleep(300 * time.Millisecond)
	if u.tried.Load() != tried {
		t.Fatal("checks went on while online")
	}
}

// A refresh that the server's going away cut short is finished once the server is back, without
// fetching again what had arrived.
func TestBackOnlineFinishesTheRefreshThatWasCut(t *testing.T) {
	s := newScriptServer(t, "wa", "wb", "wc")
	u := &unplugged{}
	a := openUnplugged(t, s, u, 20*time.Millisecond, 40*time.Millisecond)
	s.script(func() {
		s.failWS["wb"] = func(w http.ResponseWriter) { u.down.Store(true); http.Error(w, "gone", http.StatusBadGateway) }
	})
	ev := record(t, a)
	if err := a.Refresh(ctxT(t)); err == nil || a.Connection().State != ConnOffline {
		t.Fatalf("refresh %v, state %v; want offline", err, a.Connection().State)
	}
	s.script(func() { delete(s.failWS, "wb") })
	u.down.Store(false)
	ev.waitFor(t, timeoutShort, func(e Event) bool {
		_, ok := e.(DocumentsChanged)
		return ok && s.fetchCount("wc") == 1
	})
	ev.waitFor(t, timeoutShort, func(e Event) bool {
		cc, ok := e.(ConnectionChanged)
		return ok && cc.Connection.State == ConnOnline
	})
	// wb answered 502 before the server went away: it is fetched again, wa is not.
	if s.fetchCount("wa") != 1 || s.fetchCount("wb") != 2 {
		t.Fatalf("fetches: wa %d, wb %d", s.fetchCount("wa"), s.fetchCount("wb"))
	}
	if w := cachedByID(t, a)["wb"]; w.SyncError != "" {
		t.Fatalf("wb still marked: %q", w.SyncError)
	}
}

// Issue 36: six seconds after the server was killed in the middle of an answer, the status still
// said Online, until the next question. The app says what it last saw: the answer's connection
// broke, so the connection is offline, and comes back online by itself once the server answers.
func TestServerGoneMidStreamIsOffline(t *testing.T) {
	s := newScriptServer(t, "wa")
	u := &unplugged{}
	s.ask = func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte(sseEvent("answer.delta", `{"delta":"The first words"}`)))
		w.(http.Flusher).Flush()
		u.down.Store(true) // the server process is gone: its connections close, no new one is taken
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	}
	a := openUnplugged(t, s, u, 50*time.Millisecond, 100*time.Millisecond)
	turn, _, err := askOnScript(t, a, s, nil)
	if err == nil || turn.Status == TurnCompleted {
		t.Fatalf("the cut answer ended %v, %+v", err, turn)
	}
	if st := a.Connection().State; st != ConnOffline {
		t.Fatalf("after the server went away mid-answer the connection is %v; want offline", st)
	}
	ev := record(t, a)
	u.down.Store(false)
	ev.waitFor(t, timeoutShort, func(e Event) bool {
		cc, ok := e.(ConnectionChanged)
		return ok && cc.Connection.State == ConnOnline
	})
}

// An answer the person stopped mid-stream says nothing of the server: the connection stays online.
func TestAnswerStoppedMidStreamStaysOnline(t *testing.T) {
	s := newScriptServer(t, "wa")
	s.ask = sseAsk(0, sseEvent("answer.delta", `{"delta":"The first words"}`), "HANG")
	a := openOnScript(t, s)
	var once sync.Once
	turn, _, _ := askOnScript(t, a, s, func(ev TurnChanged) {
		if ev.Text != "" {
			once.Do(func() { go a.Conversations().Stop(ev.TurnID) })
		}
	})
	if turn.Status != TurnInterrupted {
		t.Fatalf("stopped mid-stream: %+v", turn)
	}
	if st := a.Connection().State; st != ConnOnline {
		t.Fatalf("after a stop the connection is %v (%v)", st, a.Connection().Err)
	}
}
