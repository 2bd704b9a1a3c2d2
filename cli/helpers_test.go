package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"lectern/client"
	"lectern/client/emulator"
)

// testKey is the API key of the tests' user; it must never appear in any output.
const testKey = "sk-lectern-test-0123456789abcdefSECRET"

// fixture is an emulator seeded for the command-line tests, behind a server that records the
// bodies of the questions asked.
type fixture struct {
	emu      *emulator.Emulator
	srv      *httptest.Server
	personal string // alice's own workspace (uploads allowed)
	handbook string // a workspace with the handbook and many notes
	mu       sync.Mutex
	asks     []map[string]any  // POST /workspace bodies, in order
	requests []string          // every request as "METHOD /path?query", in order
	metadata map[string]string // when set, added to each question on its way to the emulator
}

// requestLog returns the requests the server received since the last call, and forgets them.
func (f *fixture) requestLog() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.requests
	f.requests = nil
	return out
}

// setup isolates the test's local data and keychain, and clears the environment.
func setup(t *testing.T) {
	t.Helper()
	keyring.MockInit()
	t.Setenv("LECTERN_HOME", t.TempDir())
	t.Setenv("LECTERN_SERVER", "")
	t.Setenv("LECTERN_API_KEY", "")
}

// newFixture starts a seeded emulator and points LECTERN_SERVER and LECTERN_API_KEY at it.
func newFixture(t *testing.T, cfg emulator.Config) *fixture {
	t.Helper()
	setup(t)
	f := &fixture{emu: emulator.New(cfg)}
	f.emu.AddKey(emulator.Key{Secret: testKey, Owner: "alice", CanAdd: true})
	f.personal = f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Alice Notes", Owner: "alice"})
	f.handbook = f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Handbook", Owner: "alice"})
	f.emu.AddDocument(f.handbook, "handbook.txt", []byte(handbookText), "")
	f.emu.AddManyDocuments(f.handbook, 130) // more than one page of 100
	for i := range 23 {                     // more than one page of 20 workspaces
		f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: fmt.Sprintf("Team %02d", i), Owner: "alice"})
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.record))
	t.Cleanup(f.srv.Close)
	t.Setenv("LECTERN_SERVER", f.srv.URL)
	t.Setenv("LECTERN_API_KEY", testKey)
	return f
}

const handbookText = `Holiday policy. Every employee has 27 days of paid holiday a year.
Unused holiday days may be carried over until the end of March.
Expenses. Travel expenses are refunded within 14 days when the receipt is attached.`

// record keeps the body of each question, then lets the emulator answer.
func (f *fixture) record(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.requests = append(f.requests, r.Method+" "+r.URL.RequestURI())
	f.mu.Unlock()
	if r.Method == http.MethodPost && r.URL.Path == "/workspace" {
		body, _ := io.ReadAll(r.Body)
		var m map[string]any
		_ = json.Unmarshal(body, &m)
		f.mu.Lock()
		f.asks = append(f.asks, m)
		if f.metadata != nil {
			body = withMetadata(body, f.metadata)
		}
		f.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
	}
	f.emu.ServeHTTP(w, r)
}

// withMetadata returns the question body with metadata added: the server echoes it in the answer
// object, which shows that the command line prints the server's object, not one of its own.
func withMetadata(body []byte, md map[string]string) []byte {
	var m map[string]any
	if json.Unmarshal(body, &m) != nil {
		return body
	}
	m["metadata"] = md
	out, err := json.Marshal(m)
	if err != nil {
		return body
	}
	return out
}

// lastAsk returns the body of the latest question.
func (f *fixture) lastAsk(t *testing.T) map[string]any {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.asks) == 0 {
		t.Fatal("no question reached the server")
	}
	return f.asks[len(f.asks)-1]
}

// result is what one run of the command line produced.
type result struct {
	code           int
	stdout, stderr string
}

// runCLI runs the command line in-process with quick status polling.
func runCLI(t *testing.T, args ...string) result {
	t.Helper()
	return runWith(t, context.Background(), nil, args...)
}

// runWith runs the command line with ctx; terminal says whether stdout is a terminal (nil: no).
func runWith(t *testing.T, ctx context.Context, terminal *bool, args ...string) result {
	t.Helper()
	return runEnv(t, ctx, &env{terminal: terminal}, args...)
}

// runEnv runs the command line in e (its hooks set by the caller) with empty stdin, unless e has one.
func runEnv(t *testing.T, ctx context.Context, e *env, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	if e.stdin == nil {
		e.stdin = strings.NewReader("")
	}
	e.stdout, e.stderr = &out, &errb
	e.clientOptions = []client.Option{client.WithPollInterval(5*time.Millisecond, 10*time.Millisecond)}
	code := run(ctx, e, args)
	r := result{code: code, stdout: out.String(), stderr: errb.String()}
	if strings.Contains(r.stdout+r.stderr, testKey) {
		t.Errorf("lectern %v printed the API key:\n%s%s", args, r.stdout, r.stderr)
	}
	return r
}

// want fails unless r ended with code.
func (r result) want(t *testing.T, code int) result {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
	}
	return r
}

// contains fails unless s contains every part.
func contains(t *testing.T, what, s string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(s, p) {
			t.Errorf("%s does not contain %q:\n%s", what, p, s)
		}
	}
}

// yes is a terminal flag for runWith.
func yes() *bool { b := true; return &b }

// fastConfig makes uploads and answers quick.
func fastConfig() emulator.Config {
	return emulator.Config{ProcessingDelay: 20 * time.Millisecond, ReadyDelay: 60 * time.Millisecond,
		ThinkDelay: -1, StageDelay: -1, DeltaDelay: -1, ResetEvery: -1}
}
