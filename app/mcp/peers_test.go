package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/internal/procs"
)

// The client against MCP servers Lectern did not write: @modelcontextprotocol/server-everything
// (pinned in testdata/mcp, installed by make test-deps) over stdio and streamable HTTP.

// peers returns the folder of the npm test peers, or skips the test without Node or them.
func peers(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts Node processes")
	}
	dir, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "mcp"))
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: make test-deps installs it")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-everything")); err != nil {
		t.Skip("the npm test peers are not installed: make test-deps runs npm ci in testdata/mcp")
	}
	return dir
}

// everythingStdio is server-everything started over stdio.
func everythingStdio(dir string) Server {
	return Server{Name: "everything", Command: "node",
		Args: []string{filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js"), "stdio"}}
}

// everythingHTTP starts server-everything over streamable HTTP on 127.0.0.1, requiring header,
// and returns its address.
func everythingHTTP(t *testing.T, dir, header string) string {
	t.Helper()
	cmd := exec.Command("node", filepath.Join(dir, "everything-http.mjs"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "REQUIRE_HEADER="+header)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if url, ok := strings.CutPrefix(sc.Text(), "listening "); ok {
			go func() { _, _ = bufio.NewReader(out).WriteTo(discard{}) }()
			return url
		}
	}
	t.Fatal("everything-http.mjs printed no address")
	return ""
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// byName finds a tool.
func byName(tools []Tool, name string) *Tool {
	for i := range tools {
		if tools[i].Name == name {
			return &tools[i]
		}
	}
	return nil
}

// checkEverything checks what a connected server-everything offers and answers: tools with and
// without an output schema, a call's text, structured content, a tool error.
func checkEverything(t *testing.T, m *Manager, name string) {
	t.Helper()
	ctx := t.Context()
	if st := m.States(); len(st) != 1 || st[0].Status != StatusIdle {
		t.Fatalf("before first use: %+v", st)
	}
	tools, err := m.Tools(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	st := m.States()[0]
	if st.Status != StatusConnected || st.Tools != len(tools) || !strings.HasPrefix(st.Words(), "connected with ") {
		t.Errorf("state: %+v %q", st, st.Words())
	}
	echo, structured := byName(tools, "echo"), byName(tools, "get-structured-content")
	if echo == nil || structured == nil || byName(tools, "trigger-long-running-operation") == nil {
		t.Fatalf("tools: %d, no echo, get-structured-content or trigger-long-running-operation", len(tools))
	}
	if echo.OutputSchema != nil || structured.OutputSchema == nil || !json.Valid(echo.InputSchema) {
		t.Errorf("output schemas: echo %s, get-structured-content %s", echo.OutputSchema, structured.OutputSchema)
	}
	res, err := m.Call(ctx, name, "echo", json.RawMessage(`{"message":"hello from Lectern"}`), nil)
	if err != nil || res.IsError || !strings.Contains(res.Text, "hello from Lectern") {
		t.Errorf("echo: %+v %v", res, err)
	}
	res, err = m.Call(ctx, name, "get-structured-content", json.RawMessage(`{"location":"New York"}`), nil)
	if err != nil || res.IsError || res.Structured == nil {
		t.Errorf("get-structured-content: %+v %v", res, err)
	}
	res, err = m.Call(ctx, name, "get-sum", json.RawMessage(`{"a":"one","b":2}`), nil)
	if err == nil && !res.IsError {
		t.Errorf("get-sum with a string: %+v", res)
	}
}

func TestEverythingOverStdio(t *testing.T) {
	dir := peers(t)
	m := NewManager("test")
	defer m.Close()
	m.Set([]Server{everythingStdio(dir)})
	checkEverything(t, m, "everything")
}

func TestEverythingOverStreamableHTTP(t *testing.T) {
	dir := peers(t)
	url := everythingHTTP(t, dir, "X-Api-Key:k-123")
	m := NewManager("test")
	defer m.Close()
	m.Set([]Server{{Name: "everything", URL: url, Headers: map[string]string{"X-Api-Key": "k-123"}}})
	checkEverything(t, m, "everything")

	m.Set([]Server{{Name: "nokey", URL: url}})
	if _, err := m.Tools(t.Context(), "nokey"); err == nil {
		t.Error("a server that refused the request (401) connected")
	} else if st := m.States()[0]; st.Status != StatusFailed || st.Words() == "" {
		t.Errorf("state of the refused server: %+v", st)
	}
}

// A slow tool sends progress; cancelling the call (Stop) ends it at once, and the server goes on
// answering.
func TestSlowToolProgressAndStop(t *testing.T) {
	dir := peers(t)
	m := NewManager("test")
	defer m.Close()
	m.Set([]Server{everythingStdio(dir)})
	ctx, cancel := context.WithCancel(t.Context())
	var mu sync.Mutex
	var got []Progress
	start := time.Now()
	_, err := m.Call(ctx, "everything", "trigger-long-running-operation", json.RawMessage(`{"duration":20,"steps":40}`),
		func(p Progress) {
			mu.Lock()
			got = append(got, p)
			if len(got) == 2 {
				cancel()
			}
			mu.Unlock()
		})
	if err == nil || ctx.Err() == nil {
		t.Fatalf("the stopped call: %v", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the stopped call took %v", took)
	}
	mu.Lock()
	if len(got) < 2 || got[0].Total != 40 || got[1].Progress <= got[0].Progress {
		t.Errorf("progress: %+v", got)
	}
	mu.Unlock()
	res, err := m.Call(t.Context(), "everything", "echo", json.RawMessage(`{"message":"still here"}`), nil)
	if err != nil || !strings.Contains(res.Text, "still here") {
		t.Errorf("after Stop: %+v %v", res, err)
	}
}

// A server that exits mid-call: the call says so with its last line of stderr, the next use
// starts it again, and after a second exit it stays down with the reason on its card.
func TestServerThatExitsMidCall(t *testing.T) {
	dir := peers(t)
	m := NewManager("test")
	defer m.Close()
	m.Set([]Server{{Name: "crashing", Command: "node", Args: []string{filepath.Join(dir, "crashing.mjs")}}})
	_, err := m.Call(t.Context(), "crashing", "crash", json.RawMessage(`{}`), nil)
	if err == nil || !strings.Contains(err.Error(), "closed the connection") || !strings.Contains(err.Error(), "index file is corrupt") {
		t.Fatalf("the call the server died in: %v", err)
	}
	waitState(t, m, func(s State) bool { return s.Status == StatusIdle && strings.Contains(s.Problem, "corrupt") })
	res, err := m.Call(t.Context(), "crashing", "ok", json.RawMessage(`{}`), nil)
	if err != nil || res.Text != "ok" {
		t.Fatalf("after the restart: %+v %v", res, err)
	}
	if w := m.States()[0].Words(); !strings.Contains(w, "restarted after: the server closed the connection") {
		t.Errorf("card after the restart: %q", w)
	}
	_, _ = m.Call(t.Context(), "crashing", "crash", json.RawMessage(`{}`), nil)
	waitState(t, m, func(s State) bool { return s.Status == StatusFailed })
	if _, err := m.Call(t.Context(), "crashing", "ok", json.RawMessage(`{}`), nil); err == nil ||
		!strings.Contains(err.Error(), "corrupt") {
		t.Errorf("a server that ended twice was started again: %v", err)
	}
}

// waitState waits until the only server's state passes ok.
func waitState(t *testing.T, m *Manager, ok func(State) bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok(m.States()[0]) {
		if time.Now().After(deadline) {
			t.Fatalf("state: %+v", m.States()[0])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A command that is not on the PATH is said so, with the PATH Lectern sees.
func TestCommandNotFound(t *testing.T) {
	m := NewManager("test")
	defer m.Close()
	m.Set([]Server{{Name: "missing", Command: "npx-that-is-not-there"}})
	_, err := m.Tools(t.Context(), "missing")
	if err == nil || !strings.Contains(err.Error(), "npx-that-is-not-there was not found on the PATH that Lectern sees: "+os.Getenv("PATH")) {
		t.Errorf("%v", err)
	}
}

// Every child ends with Lectern: five servers connected, then Close, and no process of this test
// is left.
func TestNoChildLeftAfterClose(t *testing.T) {
	dir := peers(t)
	m := fiveConnected(t, dir)
	if n := procs.Children(); n < 5 {
		t.Fatalf("%d children while five servers run", n)
	}
	m.Close()
	if n := procs.Children(); n != 0 {
		t.Errorf("%d children left after Close", n)
	}
}

// fiveConnected is a manager of five stdio servers (server-everything), each connected.
func fiveConnected(t testing.TB, dir string) *Manager {
	t.Helper()
	m := NewManager("test")
	var servers []Server
	for i := range 5 {
		s := everythingStdio(dir)
		s.Name = "everything" + strconv.Itoa(i)
		servers = append(servers, s)
	}
	m.Set(servers)
	for _, s := range servers {
		if _, err := m.Tools(t.Context(), s.Name); err != nil {
			t.Fatal(err)
		}
	}
	return m
}
