package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/mcp"
	"lectern/app/records"
	"lectern/internal/procs"
)

// mcpPeers returns the folder of the npm test peers, or skips the test without Node or them.
func mcpPeers(t *testing.T) string {
	t.Helper()
	dir, _ := filepath.Abs(filepath.Join("..", "testdata", "mcp"))
	if _, err := exec.LookPath("node"); err != nil || testing.Short() {
		t.Skip("needs node (make test-deps)")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-everything")); err != nil {
		t.Skip("the npm test peers are not installed: make test-deps")
	}
	return dir
}

// mcpChat is a model chat on Fast that offers the tools of the MCP servers given, added to the app.
func mcpChat(t *testing.T, servers ...mcp.Server) (*fixture, records.Conversation) {
	t.Helper()
	var names []string
	for _, s := range servers {
		names = append(names, s.Name)
	}
	f, conv := toolFixture(t, fastEmulatorConfig(), &v1Recorder{}, records.APIResponses, records.ToolSettings{MCPServers: names})
	for _, s := range servers {
		if err := f.app.Models().MCPServers().AddServer(s); err != nil {
			t.Fatal(err)
		}
	}
	return f, conv
}

// A model chat offers the tools of server-everything beside the built-in ones: the call the model
// makes is checked, consented to, run on the server, and its output goes back to the model; the
// card keeps the server, the tool and its result.
func TestMCPToolCallRunsAfterConsent(t *testing.T) {
	dir := mcpPeers(t)
	everything := mcp.Server{Name: "everything", Command: "node",
		Args: []string{filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js"), "stdio"}}
	f, conv := mcpChat(t, everything)
	ctx := ctxT(t)
	p := &progress{answer: conversations.ConsentOnce}
	turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "mcp__everything__echo: hello from the chat"}, p.options())
	if err != nil || turn.Status != records.TurnCompleted {
		t.Fatalf("%+v, %v", turn, err)
	}
	run := outputPart(t, turn, "mcp__everything__echo")
	if run.State != records.ToolDone || run.MCP == nil || run.MCP.Server != "everything" || run.MCP.Tool != "echo" ||
		!strings.Contains(run.MCP.Result, "hello from the chat") || !strings.Contains(run.Output, "hello from the chat") {
		t.Fatalf("run %+v %+v", run, run.MCP)
	}
	if len(p.asked) != 1 || !strings.Contains(p.asked[0].Summary, "of the MCP server “everything”") {
		t.Errorf("asked %+v", p.asked)
	}
	if !strings.Contains(turn.Answer, "The function mcp__everything__echo returned") {
		t.Errorf("answer %q", turn.Answer)
	}
	// The tool definitions count in the context meter: a chat without them, beside.
	plain, _ := f.app.Models().NewChat(ctx, "Fast", "", records.APIResponses, "")
	without, _ := f.app.Models().Meter(ctx, plain.ID, conversations.Message{Text: "hi"}, nil)
	with, _ := f.app.Models().Meter(ctx, conv.ID, conversations.Message{Text: "hi"}, nil)
	if with.Tokens < without.Tokens+500 {
		t.Errorf("meter %d tokens with server-everything's tools, %d without", with.Tokens, without.Tokens)
	}
	if st := f.app.Models().MCPServers().States(); len(st) != 1 || st[0].Status != mcp.StatusConnected {
		t.Errorf("state %+v", st)
	}
}

// A server that exits in the middle of a call: the card says so with the server's last line of
// stderr, the model is told, and the answer goes on.
func TestMCPServerExitsMidCallInAChat(t *testing.T) {
	dir := mcpPeers(t)
	f, conv := mcpChat(t, mcp.Server{Name: "crashing", Command: "node", Args: []string{filepath.Join(dir, "crashing.mjs")}})
	p := &progress{answer: conversations.ConsentOnce}
	turn, err := f.app.Conversations().Send(ctxT(t), conv.ID, conversations.Message{Text: "mcp__crashing__crash now"}, p.options())
	if err != nil {
		t.Fatal(err)
	}
	run := outputPart(t, turn, "mcp__crashing__crash")
	if run.State != records.ToolFailed || !strings.Contains(run.Reason, "closed the connection") ||
		!strings.Contains(run.Reason, "index file is corrupt") || !strings.Contains(turn.Answer, "The tool failed") {
		t.Fatalf("run %+v, answer %q", run, turn.Answer)
	}
}

// A server that cannot start offers no tools; the chat goes on with the others.
func TestMCPServerThatCannotStartOffersNothing(t *testing.T) {
	f, conv := mcpChat(t, mcp.Server{Name: "missing", Command: "npx-that-is-not-there"})
	p := &progress{answer: conversations.ConsentOnce}
	turn, err := f.app.Conversations().Send(ctxT(t), conv.ID, conversations.Message{Text: "mcp__missing__anything"}, p.options())
	if err != nil || len(turn.Parts) != 0 {
		t.Fatalf("%+v, %v", turn.Parts, err)
	}
	if st := f.app.Models().MCPServers().States(); len(st) != 1 || !strings.Contains(st[0].Words(), "was not found on the PATH") {
		t.Errorf("state %+v", st)
	}
}

// server-everything's slow tool in a chat (10 s in 5 steps, the defaults of its schema): its
// progress notifications reach OnUpdate while it runs, in the run's MCP.Progress; Stop ends the
// call at once, the cancellation reaches the server (it reads a notifications/cancelled of the
// call), the card says the call was stopped and how far it got, and closing the app leaves no
// child process.
func TestMCPSlowToolProgressAndStopInAChat(t *testing.T) {
	dir := mcpPeers(t)
	stdinLog := filepath.Join(t.TempDir(), "stdin.log")
	everything := mcp.Server{Name: "everything", Command: "node", Env: map[string]string{"STDIN_LOG": stdinLog},
		Args: []string{"--import", filepath.Join(dir, "tap-stdin.mjs"),
			filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js"), "stdio"}}
	f, conv := mcpChat(t, everything)
	cs := chatsOf(f.app)
	var mu sync.Mutex
	var seen []records.MCPProgress
	opts := conversations.AskOptions{Consent: (&progress{answer: conversations.ConsentOnce}).consent,
		OnUpdate: func(ev events.TurnChanged) {
			for _, p := range ev.Parts {
				if p.Run == nil || p.Run.MCP == nil || p.Run.MCP.Progress == nil || p.Run.State != records.ToolRunning {
					continue
				}
				mu.Lock()
				seen = append(seen, *p.Run.MCP.Progress)
				if len(seen) == 2 {
					cs.Stop(ev.TurnID)
				}
				mu.Unlock()
			}
		}}
	start := time.Now()
	turn, err := cs.Send(ctxT(t), conv.ID, conversations.Message{Text: "mcp__everything__trigger-long-running-operation"}, opts)
	if took := time.Since(start); took > 8*time.Second {
		t.Errorf("the stopped call took %v; it runs 10 s when not stopped", took)
	}
	run := outputPart(t, turn, "mcp__everything__trigger-long-running-operation")
	if err == nil || turn.Status != records.TurnInterrupted || run.State != records.ToolStopped || run.Reason != "Stopped while it ran." {
		t.Fatalf("stopped: %+v, %+v, %v", turn, run, err)
	}
	mu.Lock()
	if len(seen) < 2 || seen[0] != (records.MCPProgress{Progress: 1, Total: 5}) || seen[1].Progress != 2 || seen[1].Words() != "2 of 5 (40%)" {
		t.Errorf("progress seen: %+v", seen)
	}
	mu.Unlock()
	saved, _ := cs.Turn(ctxT(t), turn.ID)
	if r := saved.Parts[1].Run; r.State != records.ToolStopped || r.MCP.Progress == nil || r.MCP.Progress.Progress < 2 || r.Started.IsZero() {
		t.Errorf("saved run %+v %+v", r, r.MCP)
	}
	waitFor(t, func() bool {
		b, _ := os.ReadFile(stdinLog)
		return strings.Contains(string(b), `"method":"notifications/cancelled"`)
	}, "the server never read the cancellation")
	if err := f.app.Close(); err != nil {
		t.Fatal(err)
	}
	if n := procs.Children(); n != 0 {
		t.Errorf("%d children left after Close", n)
	}
}

// waitFor waits up to 5 s for ok, failing with why.
func waitFor(t *testing.T, ok func() bool, why string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal(why)
		}
	}
}
