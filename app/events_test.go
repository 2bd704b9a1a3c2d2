package app

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/secrets"
)

func TestBusDeliversInOrderOffTheCallerAndSurvivesPanics(t *testing.T) {
	b := events.NewBus()
	defer b.Close()
	release := make(chan struct{})
	var mu sync.Mutex
	var got []int64
	unsub := b.Subscribe(func(e events.Event) {
		<-release // a slow subscriber must not block Emit
		mu.Lock()
		got = append(got, e.(events.UploadChanged).ID)
		mu.Unlock()
	})
	b.Subscribe(func(events.Event) { panic("a bad view") })
	done := make(chan struct{})
	go func() {
		for i := int64(1); i <= 100; i++ {
			b.Emit(events.UploadChanged{ID: i})
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Emit blocked on a slow subscriber")
	}
	close(release)
	b.Flush()
	mu.Lock()
	for i, id := range got {
		if id != int64(i+1) {
			t.Fatalf("event %d has id %d: out of order", i, id)
		}
	}
	if len(got) != 100 {
		t.Fatalf("delivered %d of 100", len(got))
	}
	mu.Unlock()
	unsub()
	unsub() // twice is fine
	b.Emit(events.UploadChanged{ID: 101})
	b.Flush()
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 100 {
		t.Fatal("an unsubscribed callback was called")
	}
}

func TestBusConcurrentUse(t *testing.T) {
	b := events.NewBus()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				u := b.Subscribe(func(events.Event) {})
				b.Emit(events.WorkspacesChanged{})
				u()
			}
		}()
	}
	wg.Wait()
	b.Close()
	b.Emit(events.WorkspacesChanged{}) // after Close: dropped, no panic
}

func TestConnectTestConnectionAndSignOut(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	a := f.app
	ws, err := a.SignIn().TestConnection(ctx, f.emu.URL(), testKey)
	if err != nil || len(ws) != 2 {
		t.Fatalf("TestConnection = %d workspaces, %v", len(ws), err)
	}
	if _, err := a.SignIn().TestConnection(ctx, f.emu.URL(), "wrong-key-000000000"); err == nil {
		t.Fatal("a wrong key passed TestConnection")
	}
	if got := a.Settings().Server; got != f.emu.URL() {
		t.Fatalf("saved server = %q", got)
	}
	if k, src, _ := a.SignIn().APIKey(f.emu.URL()); k != testKey || src != secrets.KeyFromKeychain {
		t.Fatalf("APIKey = %q, %v", k, src)
	}
	if err := a.SignIn().Connect(ctx, f.emu.URL(), " "); err == nil {
		t.Fatal("an empty key was accepted")
	}
	// A new session finds the server in the settings and the key in the keychain.
	a.Close()
	b := f.open()
	if b.SignIn().Server() != f.emu.URL() {
		t.Fatalf("Server after reopen = %q", b.SignIn().Server())
	}
	if err := b.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if err := b.SignIn().SignOut(ctx); err != nil {
		t.Fatal(err)
	}
	if b.SignIn().Server() != "" || b.Settings().Server != "" {
		t.Fatal("SignOut kept the server")
	}
	if k, _, _ := b.SignIn().APIKey(f.emu.URL()); k != "" {
		t.Fatal("SignOut kept the key")
	}
	if _, _, err := b.conn.Current(); err == nil {
		t.Fatal("Client after SignOut succeeded")
	}
}

func TestLectern_API_KEYOverridesTheKeychain(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	f.app.secrets.Delete(f.emu.URL())
	f.app.Close()
	t.Setenv("LECTERN_API_KEY", testKey)
	a := f.open()
	if k, src, _ := a.SignIn().APIKey(f.emu.URL()); k != testKey || src != secrets.KeyFromEnv {
		t.Fatalf("APIKey = %q, %v", k, src)
	}
	if err := a.Workspaces().Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestDemoMode(t *testing.T) {
	a, err := Open(context.Background(), Options{Home: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ctx := ctxT(t)
	if err := a.SignIn().StartDemo(ctx); err != nil {
		t.Fatal(err)
	}
	if !a.SignIn().DemoMode() || !a.Settings().DemoMode || a.Settings().Server != "" {
		t.Fatalf("demo mode %v, settings %+v", a.SignIn().DemoMode(), a.Settings())
	}
	if k, src, _ := a.SignIn().APIKey(a.SignIn().Server()); k == "" || src != secrets.KeyFromSession {
		t.Fatalf("demo key from %v", src)
	}
	ws, err := a.Workspaces().CachedWorkspaces(ctx)
	if err != nil || len(ws) < 3 {
		t.Fatalf("demo workspaces = %d, %v", len(ws), err)
	}
	docs, _, _ := a.Workspaces().CachedWorkspaceContent(ctx, ws[0].WorkspaceID)
	if len(docs) == 0 {
		t.Fatal("demo workspace without documents")
	}
	if a.SignIn().Connection().State != connection.ConnOnline {
		t.Fatalf("demo connection = %+v", a.SignIn().Connection())
	}
	for _, w := range ws { // the demo's published workspace is not offered for files
		if strings.Contains(w.Name, "(published)") && w.TakesFiles() {
			t.Errorf("%q offered for files", w.Name)
		}
	}
}
