package app

import (
	"context"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"lectern/app/assistant"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/modelchat"
	"lectern/client"
	"lectern/client/emulator"
)

func TestMain(m *testing.M) {
	if os.Getenv(killChildEnv) != "" {
		killChild()
		return
	}
	if os.Getenv(openChildEnv) != "" {
		openChild()
		return
	}
	if os.Getenv(echoServerEnv) != "" {
		echoServer()
		return
	}
	if os.Getenv("LECTERN_KEYRING_IT") == "" {
		keyring.MockInit()
	}
	os.Unsetenv("LECTERN_API_KEY")
	os.Exit(m.Run())
}

// testKey is the key the test emulator accepts; it is recognisable for the key-leak test.
const testKey = "lk_TESTKEY_9f8e7d6c5b4a3928171605f4e3d2c1b0"

// fixture is an app connected to an emulator.
type fixture struct {
	t     *testing.T
	emu   *emulator.Emulator
	app   *App
	home  string
	ws    string            // the owner's personal workspace
	org   string            // an organisation workspace
	rt    http.RoundTripper // transport of the apps opened (nil: default)
	extra []client.Option   // more client options
}

func fastEmulatorConfig() emulator.Config {
	return emulator.Config{ProcessingDelay: -1, ReadyDelay: 150 * time.Millisecond, ThinkDelay: -1,
		StageDelay: -1, DeltaDelay: 2 * time.Millisecond, ResetEvery: -1}
}

// newFixture starts an emulator with one user, a personal workspace and an organisation one, and an
// app (in a fresh home) connected to it.
func newFixture(t *testing.T, cfg emulator.Config) *fixture {
	t.Helper()
	emu := emulator.Start(cfg)
	t.Cleanup(emu.Close)
	emu.AddKey(emulator.Key{Secret: testKey, Owner: "ann", CanAdd: true})
	f := &fixture{t: t, emu: emu, home: t.TempDir()}
	f.ws = emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Ann's notes", Owner: "ann"})
	f.org = emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Policies", Scope: emulator.ScopeOrganization, Members: []string{"ann"}})
	emu.AddDocument(f.ws, "holidays.txt", []byte("The office is closed on 25 December for Christmas."), "ready")
	emu.AddDocument(f.org, "travel.txt", []byte("Travel must be booked two weeks ahead, as far ahead as possible. Trains are the preferred transport."), "ready")
	f.app = f.open()
	if err := f.app.SignIn().Connect(context.Background(), emu.URL(), testKey); err != nil {
		t.Fatal(err)
	}
	return f
}

// open opens an app on the fixture's home.
func (f *fixture) open() *App {
	f.t.Helper()
	a := f.openWith(nil)
	a.Uploads().Start() // as the desktop app does
	return a
}

// openWith opens an app on the fixture's home with options changed by change (when set), as the
// command line does: it works only the uploads it queues or follows.
func (f *fixture) openWith(change func(*Options)) *App {
	f.t.Helper()
	opts := f.options()
	if change != nil {
		change(&opts)
	}
	a, err := Open(context.Background(), opts)
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { _ = a.Close() })
	return a
}

func (f *fixture) options() Options {
	return Options{Home: f.home, HTTPClient: &http.Client{Transport: f.rt}, RetryDelay: 50 * time.Millisecond,
		KeychainTimeout: time.Second, ClientOptions: append([]client.Option{
			client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 2, BaseDelay: 5 * time.Millisecond, MaxDelay: 20 * time.Millisecond}),
			client.WithPollInterval(30*time.Millisecond, 30*time.Millisecond),
		}, f.extra...)}
}

// events records every event of an app.
type eventLog struct {
	ch chan events.Event
}

func record(t *testing.T, a *App) *eventLog {
	e := &eventLog{ch: make(chan events.Event, 100000)}
	unsub := a.Subscribe(func(ev events.Event) { e.ch <- ev })
	t.Cleanup(unsub)
	return e
}

// waitFor returns the first event for which match is true, failing after timeout.
func (e *eventLog) waitFor(t *testing.T, timeout time.Duration, match func(events.Event) bool) events.Event {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case ev := <-e.ch:
			if match(ev) {
				return ev
			}
		case <-deadline:
			t.Fatalf("no matching event within %v", timeout)
			return nil
		}
	}
}

const timeoutShort = 5 * time.Second

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// chats is a core's conversations with the answerers of each kind, as the tests use them.
type chats struct {
	*conversations.Conversations
	*modelchat.Models
	*assistant.Assistant
}

// chatsOf is the chats of a.
func chatsOf(a *App) chats { return chats{a.Conversations(), a.Models(), a.Assistant()} }
