package uitest

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"lectern/app"
	"lectern/app/ask"
	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/client"
	"lectern/client/emulator"
)

// SeedConversation asks n questions in a new conversation of workspace ws without streaming, and
// returns the conversation.
func SeedConversation(t testing.TB, a *app.App, ws string, n int) records.Conversation {
	t.Helper()
	var conv records.Conversation
	for i := range n {
		q := ask.Question{Workspace: ws, Text: fmt.Sprintf("Question %d: how many days of annual leave?", i)}
		opts := conversations.AskOptions{NoStream: true}
		var turn records.Turn
		var err error
		if conv.ID == 0 {
			turn, err = a.Questions().Ask(context.Background(), q, opts)
			conv.ID = turn.ConversationID
		} else {
			turn, err = a.Conversations().Send(context.Background(), conv.ID, conversations.Message{Text: q.Text}, opts)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	conv, err := a.Conversations().Get(context.Background(), conv.ID)
	if err != nil {
		t.Fatal(err)
	}
	return conv
}

// FastConfig is a demo emulator without its delays: documents ready at once, answers in one go.
func FastConfig() emulator.Config {
	return emulator.Config{ProcessingDelay: -1, ReadyDelay: -1, ThinkDelay: -1, StageDelay: -1, DeltaDelay: -1, ResetEvery: -1}
}

// Core is an application core on a fresh home, connected to a demo emulator (served with cfg) and
// refreshed once: the real app.App a view's tests run over.
func Core(t testing.TB, cfg emulator.Config) (*app.App, *emulator.Emulator, emulator.DemoInfo) {
	t.Helper()
	emu, info := emulator.NewDemo(cfg)
	emu.Serve()
	t.Cleanup(emu.Close)
	a := OpenCore(t, t.TempDir())
	if err := a.SignIn().Connect(context.Background(), emu.URL(), info.Key); err != nil {
		t.Fatal(err)
	}
	if err := a.Workspaces().Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	return a, emu, info
}

// OpenCore opens an application core on the data folder home, without retries, closed when the
// test ends.
func OpenCore(t testing.TB, home string) *app.App { return OpenCoreWith(t, home, nil) }

// OpenCoreWith is OpenCore whose requests go through rt (nil: the default transport).
func OpenCoreWith(t testing.TB, home string, rt http.RoundTripper) *app.App {
	t.Helper()
	a, err := app.Open(context.Background(), app.Options{Home: home, HTTPClient: &http.Client{Transport: rt},
		KeychainTimeout: time.Second, ClientOptions: []client.Option{client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 0})}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	return a
}

// Workspace returns the cached workspace of a named name, failing the test when there is none.
func Workspace(t testing.TB, a *app.App, name string) records.CachedWorkspace {
	t.Helper()
	list, err := a.Workspaces().CachedWorkspaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range list {
		if w.Workspace.Name == name {
			return w
		}
	}
	t.Fatalf("no workspace %q", name)
	return records.CachedWorkspace{}
}

// Main runs a ui package's tests with the keychain mocked and no key in the environment, as every
// such package's TestMain does.
func Main(m *testing.M) {
	keyring.MockInit()
	os.Unsetenv("LECTERN_API_KEY")
	os.Exit(m.Run())
}

// ManyDocs is n ready files of varied names ("Quarterly report 2000 Q1.pdf" …), a large workspace.
func ManyDocs(n int) []client.Document {
	docs := make([]client.Document, n)
	for i := range docs {
		docs[i] = client.Document{DocumentID: fmt.Sprintf("d%05d", i), SourceType: "file", Status: "ready",
			Name: fmt.Sprintf("Quarterly report %d Q%d.pdf", 2000+i/4, 1+i%4), UpdatedAt: "2026-10-20T10:00:00+05:30"}
	}
	return docs
}
