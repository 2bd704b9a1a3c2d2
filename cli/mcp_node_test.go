package cli

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"lectern/app/records"
	"lectern/client/emulator"
)

// The MCP server against a client Lectern did not write: the official TypeScript SDK's (pinned in
// testdata/mcp, installed by make test-deps), driven by testdata/mcp/host.mjs as a host would.

// nodePeers returns the folder of the npm test peers, or skips the test when Node or the
// installed peers are missing.
func nodePeers(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts Node and Lectern processes")
	}
	dir, _ := filepath.Abs(filepath.Join("..", "testdata", "mcp"))
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: make test-deps installs it")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		t.Skip("the npm test peers are not installed: make test-deps runs npm ci in testdata/mcp")
	}
	return dir
}

// readmeSnippet returns the mcpServers JSON of the README's section on other AI apps.
func readmeSnippet(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "## Use your workspaces in other AI apps (MCP)")
	m := regexp.MustCompile("(?s)```json\n(.*?)```").FindStringSubmatch(section)
	if !ok || m == nil {
		t.Fatal("the README has no mcpServers snippet in its section on other AI apps")
	}
	return m[1]
}

// hostReport is what host.mjs prints.
type hostReport struct {
	Server struct{ Name, Version string }
	Tools  []struct {
		Name            string
		Title           string
		HasOutputSchema bool
	}
	Workspaces struct{ Workspaces []struct{ ID, Name string } }
	Answer     struct {
		Text       string
		IsError    bool
		Structured struct {
			Found   bool
			Answer  string
			Sources []struct {
				Name string
				Used bool
			}
			RequestID string `json:"request_id"`
		}
	}
	Progress      []struct{ Progress float64 }
	Cancelled     string
	AfterCancel   int
	WrongToken    string
	ForeignOrigin string
}

// runHost runs host.mjs with args and the question's environment, and returns its report.
func runHost(t *testing.T, dir string, env []string, args ...string) hostReport {
	t.Helper()
	cmd := exec.Command("node", append([]string{filepath.Join(dir, "host.mjs")}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Env = append(cmd.Env, "LECTERN_TEST_WORKSPACE=Handbook", "LECTERN_TEST_QUESTION=How many days of paid holiday?")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("host.mjs %v: %v\nstderr: %s", args, err, stderr.String())
	}
	if strings.Contains(string(out), testKey) || strings.Contains(stderr.String(), testKey) {
		t.Errorf("the API key reached the host: %s %s", out, stderr.String())
	}
	var r hostReport
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("host.mjs printed %s: %v", out, err)
	}
	return r
}

// checkHostReport checks what a host saw: the tools, the workspaces, an answer with its sources
// and progress, a cancelled ask, and the server still answering after it.
func checkHostReport(t *testing.T, r hostReport) {
	t.Helper()
	if r.Server.Name != "lectern" || len(r.Tools) != 3 {
		t.Errorf("server %+v, tools %+v", r.Server, r.Tools)
	}
	for _, tool := range r.Tools {
		if tool.Title == "" || !tool.HasOutputSchema {
			t.Errorf("tool %+v", tool)
		}
	}
	if len(r.Workspaces.Workspaces) < 2 {
		t.Errorf("workspaces: %+v", r.Workspaces)
	}
	a := r.Answer
	if a.IsError || !a.Structured.Found || !strings.Contains(a.Structured.Answer, "27") ||
		len(a.Structured.Sources) == 0 || a.Structured.Sources[0].Name != "handbook.txt" || a.Structured.RequestID == "" {
		t.Errorf("answer: %+v", a)
	}
	if !strings.Contains(a.Text, "Sources:") || !strings.Contains(a.Text, "handbook.txt") {
		t.Errorf("answer text: %q", a.Text)
	}
	if len(r.Progress) < 2 {
		t.Errorf("progress: %+v", r.Progress)
	}
	if r.Cancelled == "" || r.AfterCancel < 2 {
		t.Errorf("cancelled ask: %q, then %d workspaces", r.Cancelled, r.AfterCancel)
	}
}

// checkHostHistory checks that both asks are in the history: the answered one completed, the
// cancelled one interrupted.
func checkHostHistory(t *testing.T, server string) {
	t.Helper()
	a := openData(t, server)
	deadline := time.Now().Add(10 * time.Second)
	for {
		convs, err := a.Conversations().List(t.Context(), "")
		var states []records.TurnStatus
		for _, c := range convs {
			if c.Kind != records.KindHost || c.Host != "Claude Desktop (test)" {
				t.Errorf("a host's question is kept as %s from %q", c.Kind, c.Host)
			}
			turns, _ := a.Conversations().Turns(t.Context(), c.ID)
			for _, turn := range turns {
				states = append(states, turn.Status)
			}
		}
		if len(states) == 2 && states[0] == records.TurnInterrupted && states[1] == records.TurnCompleted {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("history: %v %v", states, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// slowCLIAnswers streams answers with stages and slow deltas: the host has time to cancel.
func slowCLIAnswers() emulator.Config {
	c := fastConfig()
	c.StageDelay, c.DeltaDelay = 80*time.Millisecond, 40*time.Millisecond
	return c
}

// A host started from the README's snippet (the TypeScript SDK's stdio client) asks a workspace
// and gets the answer with its sources.
func TestMCPHostFromTheReadmeSnippet(t *testing.T) {
	dir := nodePeers(t)
	f := newFixture(t, slowCLIAnswers())
	config := filepath.Join(t.TempDir(), "claude_desktop_config.json")
	if err := os.WriteFile(config, []byte(readmeSnippet(t)), 0o600); err != nil {
		t.Fatal(err)
	}
	// The host passes only its own few variables and the snippet's env to Lectern: the test adds
	// the test's data folder and server, as a person's keychain and settings would give them.
	childEnv, _ := json.Marshal(map[string]string{"LECTERN_TEST_AS_CLI": "1", "LECTERN_TEST_KEYRING_MOCK": "1",
		"LECTERN_HOME": os.Getenv("LECTERN_HOME"), "LECTERN_SERVER": f.srv.URL, "LECTERN_API_KEY": testKey})
	r := runHost(t, dir, []string{"LECTERN_TEST_BIN=" + os.Args[0], `LECTERN_TEST_BIN_ARGS=["-test.run=^$","--"]`,
		"LECTERN_TEST_ENV=" + string(childEnv)}, "stdio", config)
	checkHostReport(t, r)
	checkHostHistory(t, f.srv.URL)
	h := runCLI(t, "history").want(t, 0)
	if !strings.Contains(h.stdout, "Handbook, asked from Claude Desktop (test)") {
		t.Errorf("lectern history:\n%s", h.stdout)
	}
}

// The TypeScript SDK's streamable HTTP client reaches `lectern mcp --http` with the token it
// printed; a wrong token and a foreign Origin are refused.
func TestMCPHostOverHTTP(t *testing.T) {
	dir := nodePeers(t)
	f := newFixture(t, slowCLIAnswers())
	srv := lecternCmd(t, "mcp", "--http", "127.0.0.1:0")
	srv.Env = append(srv.Env, "LECTERN_TEST_KEYRING_MOCK=1")
	out, err := srv.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	srv.Stderr = &stderr
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Process.Kill()
	url, token := readMCPLines(t, bufio.NewScanner(out))
	r := runHost(t, dir, nil, "http", url, token)
	checkHostReport(t, r)
	if !strings.Contains(r.WrongToken, "needs its token") || !strings.Contains(r.ForeignOrigin, "from this computer only") {
		t.Errorf("wrong token: %q; foreign Origin: %q", r.WrongToken, r.ForeignOrigin)
	}
	_ = srv.Process.Signal(syscall.SIGINT)
	if err := srv.Wait(); err != nil {
		t.Errorf("lectern mcp --http after Ctrl-C: %v\n%s", err, stderr.String())
	}
	if strings.Contains(stderr.String(), testKey) {
		t.Errorf("stderr carries the key: %s", stderr.String())
	}
	checkHostHistory(t, f.srv.URL)
}

// readMCPLines reads the address and the token that lectern mcp --http prints.
func readMCPLines(t *testing.T, sc *bufio.Scanner) (url, token string) {
	t.Helper()
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "Lectern's MCP server: "); ok {
			url = v
		}
		if v, ok := strings.CutPrefix(line, "Token: "); ok {
			token = v
		}
		if url != "" && token != "" {
			return url, token
		}
	}
	t.Fatalf("lectern mcp --http printed no address and token: %v", sc.Err())
	return "", ""
}
