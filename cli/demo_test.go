package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/app"
)

// syncBuffer is a bytes.Buffer safe for one writer and one reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startDemo runs `lectern demo --addr addr` until the test ends and returns its URL and key.
func startDemo(t *testing.T, addr string) (url, key string) {
	t.Helper()
	url, key, _ = startDemoOutput(t, addr)
	return url, key
}

// startDemoOutput is startDemo that also returns what the demo printed until it serves.
func startDemoOutput(t *testing.T, addr string) (url, key, printed string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	e := &env{stdin: strings.NewReader(""), stdout: out, stderr: out}
	done := make(chan int)
	go func() { done <- run(ctx, e, []string{"demo", "--addr", addr}) }()
	t.Cleanup(func() {
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("demo exited %d:\n%s", code, out.String())
		}
		if !strings.Contains(out.String(), "Demo server stopped") {
			t.Errorf("demo did not say it stopped:\n%s", out.String())
		}
	})
	re := regexp.MustCompile(`export LECTERN_SERVER=(\S+)\n\s*export LECTERN_API_KEY=(\S+)`)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(out.String()); m != nil && strings.Contains(out.String(), "Ctrl-C") {
			return m[1], m[2], out.String()
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("demo printed no URL and key:\n%s", out.String())
	return "", "", ""
}

func TestDemo(t *testing.T) {
	setup(t)
	url, key := startDemo(t, "127.0.0.1:0")
	if !strings.HasPrefix(url, "http://127.0.0.1:") || key == "" {
		t.Fatalf("url %q key %q", url, key)
	}
	t.Setenv("LECTERN_SERVER", url)
	t.Setenv("LECTERN_API_KEY", key)
	r := runCLI(t, "workspaces").want(t, 0)
	if strings.Count(r.stdout, "\n") < 2 {
		t.Fatalf("the demo lists no workspaces:\n%s", r.stdout)
	}
	if strings.Contains(r.stdout, key) {
		t.Error("workspaces printed the key")
	}
	// The model examples that the demo suggests work against it.
	r = runCLI(t, "models").want(t, 0)
	contains(t, "models", r.stdout, "Instant", "Fast", "Smart")
	r = runCLI(t, "chat", "--model", "fast", "What is a context window?").want(t, 0)
	contains(t, "chat", r.stdout, "Lectern demo model", "What is a context window?")
	r = runCLI(t, "search", "sourdough starter", "--max", "2").want(t, 0)
	contains(t, "search", r.stdout, "sourdough")
}

// TestDemoOutput pins what `lectern demo` prints, the server's address aside.
func TestDemoOutput(t *testing.T) {
	setup(t)
	url, _, out := startDemoOutput(t, "127.0.0.1:0")
	want := `Lectern demo server: URL
OpenAI-compatible:   URL/v1   (the /v1 base URL for standard client libraries)
API key:             lk_demo_4f2a9c7e1b3d5a60   (a demo key, valid only on this server)

In another terminal, paste:
  export LECTERN_SERVER=URL
  export LECTERN_API_KEY=lk_demo_4f2a9c7e1b3d5a60

Then try:
  lectern workspaces
  lectern documents "My documents"
  lectern ask "My documents" "How many days of annual leave do employees get?"
  lectern ask --continue "My documents" "Can unused days be carried over?"
  lectern upload "My documents" examples/notes.txt --wait
      (examples/notes.txt is in Lectern's source folder; any .txt, .pdf, .docx, .xlsx or .csv file works)
  lectern documents Finance
  lectern models
  lectern chat --model fast "What is a context window?"
  lectern search "sourdough starter" --max 2
  lectern history

Serving until Ctrl-C.
`
	if got := strings.ReplaceAll(out, url, "URL"); got != want {
		t.Errorf("demo printed:\n%s\nwant:\n%s", got, want)
	}
}

// TestEnvLines: the demo's lines to paste are in the syntax of the shells of each OS (on Windows,
// PowerShell's and cmd.exe's, which have no export).
func TestEnvLines(t *testing.T) {
	const url, key = "http://127.0.0.1:8765", "lk_demo_4f2a9c7e1b3d5a60"
	for goos, want := range map[string]string{
		"linux":  "export LECTERN_SERVER=" + url + "\nexport LECTERN_API_KEY=" + key,
		"darwin": "export LECTERN_SERVER=" + url + "\nexport LECTERN_API_KEY=" + key,
		"windows": `in PowerShell:
  $env:LECTERN_SERVER = "` + url + `"
  $env:LECTERN_API_KEY = "` + key + `"
in cmd.exe:
  set LECTERN_SERVER=` + url + `
  set LECTERN_API_KEY=` + key,
	} {
		if got := strings.Join(envLines(goos, url, key), "\n"); got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", goos, got, want)
		}
	}
}

func TestExport(t *testing.T) {
	newFixture(t, fastConfig())
	runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	runCLI(t, "ask", "Handbook", "Can they be carried over?", "--continue").want(t, 0)
	r := runCLI(t, "history", "--json").want(t, 0)
	id := regexp.MustCompile(`"conversation_id": "?([^",]+)"?`).FindStringSubmatch(r.stdout)
	if id == nil {
		t.Fatalf("no conversation id in:\n%s", r.stdout)
	}
	file := filepath.Join(t.TempDir(), "talk.md")
	runCLI(t, "export", id[1], file).want(t, 0)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	contains(t, "export", string(b), "How many days of paid holiday a year?", "Can they be carried over?", "27", "handbook.txt")
	runCLI(t, "export", "999", file).want(t, 2)
}

// Issue 35, item 10: after Try the demo in the desktop app, lectern history against lectern demo
// listed none of it, while the README promises one history. Every demo server holds the same
// demo, so its conversations are one history whichever demo server made them.
func TestDesktopDemoHistoryIsTheCommandLines(t *testing.T) {
	setup(t)
	desktop, err := app.Open(context.Background(), app.Options{Home: os.Getenv("LECTERN_HOME")})
	if err != nil {
		t.Fatal(err)
	}
	if err := desktop.StartDemo(context.Background()); err != nil { // Try the demo
		t.Fatal(err)
	}
	q := app.Question{Workspace: "My documents", Text: "How many days of annual leave do employees get?"}
	if _, err := desktop.Ask(context.Background(), q, app.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	_ = desktop.Close()

	url, key := startDemo(t, "127.0.0.1:0")
	t.Setenv("LECTERN_SERVER", url)
	t.Setenv("LECTERN_API_KEY", key)
	r := runCLI(t, "history").want(t, 0)
	contains(t, "history", r.stdout, "My documents", "How many days of annual leave do employees get?")
	r = runCLI(t, "ask", "--continue", "My documents", "Can unused days be carried over?").want(t, 0)
	r = runCLI(t, "history").want(t, 0)
	if n := strings.Count(r.stdout, "\n"); n != 2 {
		t.Errorf("--continue went on in the desktop's conversation: want a header and one conversation:\n%s", r.stdout)
	}
}
