package mcpserver

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/zalando/go-keyring"

	"lectern/app"
	"lectern/client/emulator"
)

// testKey is the API key of the tests' user; no result, error or log may carry it.
const testKey = "sk-lectern-test-0123456789abcdefSECRET"

const handbookText = `Holiday policy. Every employee has 27 days of paid holiday a year.
Unused holiday days may be carried over until the end of March.
Expenses. Travel expenses are refunded within 14 days when the receipt is attached.`

// fixture is an app on an emulator with alice's workspaces, served by the MCP server.
type fixture struct {
	emu      *emulator.Emulator
	srv      *httptest.Server
	app      *app.App
	home     string
	handbook string // the workspace with the handbook
	server   *mcp.Server
}

// fastAnswers streams answers without pauses.
func fastAnswers() emulator.Config {
	return emulator.Config{ProcessingDelay: 20 * time.Millisecond, ReadyDelay: 60 * time.Millisecond,
		ThinkDelay: -1, StageDelay: -1, DeltaDelay: -1, ResetEvery: -1}
}

// newFixture starts the emulator, opens an app on it (the key from LECTERN_API_KEY, as a host's
// configuration may set it) and makes the MCP server over the app's rooms.
func newFixture(t testing.TB, cfg emulator.Config, uploads bool) *fixture {
	t.Helper()
	keyring.MockInit()
	t.Setenv("LECTERN_API_KEY", testKey)
	f := &fixture{emu: emulator.New(cfg), home: t.TempDir()}
	f.emu.AddKey(emulator.Key{Secret: testKey, Owner: "alice", CanAdd: true})
	f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Alice Notes", Owner: "alice"})
	f.handbook = f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Handbook", Owner: "alice"})
	f.emu.AddDocument(f.handbook, "handbook.txt", []byte(handbookText), "")
	f.emu.AddDocument(f.handbook, "travel-notes.txt", []byte("Trains are booked by the office."), "")
	f.srv = httptest.NewServer(f.emu)
	t.Cleanup(f.srv.Close)
	a, err := app.Open(t.Context(), app.Options{Home: f.home})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if err := a.SignIn().UseServer(t.Context(), f.srv.URL, ""); err != nil {
		t.Fatal(err)
	}
	f.app = a
	b := Backend{Workspaces: a.Workspaces(), Asker: a.Questions(), History: a.Conversations(), Describe: a.Describe,
		Log: NewCallLog(f.home)}
	if uploads {
		b.Uploads = a.Uploads()
	}
	f.server = New(b, "test")
	return f
}

// connect connects an MCP client named name to the server in memory; opts may be nil.
func (f *fixture) connect(t testing.TB, name string, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := f.server.Connect(t.Context(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	c := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1"}, opts)
	cs, err := c.Connect(t.Context(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// call calls tool with args and fails the test on a protocol error (a tool error is a result).
func call(t testing.TB, cs *mcp.ClientSession, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	assertNoKey(t, tool, res)
	return res
}

// text joins a result's text contents.
func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}
