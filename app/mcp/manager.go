package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Status is where a server is in its life.
type Status int

// The statuses of a server.
const (
	StatusIdle      Status = iota // not started: it starts when its tools are first needed
	StatusStarting                // starting, or connecting
	StatusConnected               // connected, its tools listed
	StatusFailed                  // it could not start, or ended twice: Problem says why
)

// State is a server's state, for its card in Settings and in a chat.
type State struct {
	Name    string
	Status  Status
	Tools   int    // the tools it offers, once connected
	Problem string // what went wrong last, in words ("" when nothing did)
}

// Words says the state in a sentence: "connected with 12 tools", or what is wrong.
func (s State) Words() string {
	switch s.Status {
	case StatusStarting:
		return "starting…"
	case StatusConnected:
		w := fmt.Sprintf("connected with %d tools", s.Tools)
		if s.Tools == 1 {
			w = "connected with 1 tool"
		}
		if s.Problem != "" {
			w += " (restarted after: " + s.Problem + ")"
		}
		return w
	case StatusFailed:
		return s.Problem
	}
	if s.Problem != "" {
		return "not running: " + s.Problem
	}
	return "starts when a chat first uses its tools"
}

// terminateAfter is how long a server is given to exit after its stdin is closed, then after
// SIGTERM, before it is killed.
const terminateAfter = 2 * time.Second

// connectTimeout bounds a server's start and handshake.
const connectTimeout = 30 * time.Second

// Manager keeps the connections to the configured servers. Its methods are safe for concurrent
// use.
type Manager struct {
	version string
	mu      sync.Mutex
	conns   map[string]*conn
	closed  bool
}

// NewManager returns a manager of no servers; version is Lectern's, sent in the handshake.
func NewManager(version string) *Manager {
	return &Manager{version: version, conns: map[string]*conn{}}
}

// Set makes servers the configured ones: a server removed or changed is stopped, a new one
// waits until its tools are needed.
func (m *Manager) Set(servers []Server) {
	m.mu.Lock()
	old := m.conns
	m.conns = map[string]*conn{}
	var stop []*conn
	for _, s := range servers {
		if c, ok := old[s.Name]; ok && sameServer(c.cfg, s) {
			m.conns[s.Name] = c
			delete(old, s.Name)
			continue
		}
		m.conns[s.Name] = &conn{cfg: s, version: m.version}
	}
	for _, c := range old {
		stop = append(stop, c)
	}
	m.mu.Unlock()
	for _, c := range stop {
		c.stop()
	}
}

// sameServer reports whether a and b start or reach the same server the same way.
func sameServer(a, b Server) bool {
	return fmt.Sprint(a.Command, a.Args, a.Env, a.URL, a.Headers) == fmt.Sprint(b.Command, b.Args, b.Env, b.URL, b.Headers)
}

// States returns every configured server's state, by name.
func (m *Manager) States() []State {
	m.mu.Lock()
	conns := make([]*conn, 0, len(m.conns))
	for _, c := range m.conns {
		conns = append(conns, c)
	}
	m.mu.Unlock()
	out := make([]State, 0, len(conns))
	for _, c := range conns {
		out = append(out, c.state())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// server returns the connection of the server called name.
func (m *Manager) server(name string) (*conn, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, errors.New("the MCP servers are closed: Lectern is closing")
	}
	c, ok := m.conns[name]
	if !ok {
		return nil, fmt.Errorf("there is no MCP server called %q in Settings > Tools > MCP servers", name)
	}
	return c, nil
}

// Close ends every server: each is asked to exit (its stdin closed), then terminated, then killed.
func (m *Manager) Close() error {
	m.mu.Lock()
	m.closed = true
	conns := m.conns
	m.conns = map[string]*conn{}
	m.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(c.stop)
	}
	wg.Wait()
	return nil
}

// conn is one server's connection: started when first needed, restarted once after it ended.
type conn struct {
	cfg      Server
	version  string
	mu       sync.Mutex
	session  *mcp.ClientSession
	tools    []*mcp.Tool
	status   Status
	problem  string
	restarts int
	stderr   *tail
	stopping bool
	progress sync.Map // progress token -> func(*mcp.ProgressNotificationParams)
}

// state returns c's state.
func (c *conn) state() State {
	c.mu.Lock()
	defer c.mu.Unlock()
	return State{Name: c.cfg.Name, Status: c.status, Tools: len(c.tools), Problem: c.problem}
}

// maxRestarts is how often a server that ended is started again before it is left failed.
const maxRestarts = 1

// connected returns c's session, starting the server when it is not running: the first time,
// and once more after it ended.
func (c *conn) connected(ctx context.Context) (*mcp.ClientSession, []*mcp.Tool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.session != nil {
		return c.session, c.tools, nil
	}
	if c.status == StatusFailed || c.stopping {
		return nil, nil, errors.New(c.problem)
	}
	if c.problem != "" { // it ran and ended: a restart
		if c.restarts >= maxRestarts {
			c.status = StatusFailed
			return nil, nil, errors.New(c.problem)
		}
		c.restarts++
	}
	c.status = StatusStarting
	s, tools, err := c.start(ctx)
	if err != nil {
		c.status, c.problem = StatusFailed, err.Error()
		return nil, nil, err
	}
	c.session, c.tools, c.status = s, tools, StatusConnected
	go c.watch(s)
	return s, tools, nil
}

// start starts or reaches the server and lists its tools.
func (c *conn) start(ctx context.Context) (*mcp.ClientSession, []*mcp.Tool, error) {
	ctx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	t, err := c.transport()
	if err != nil {
		return nil, nil, err
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "lectern", Title: "Lectern", Version: c.version},
		&mcp.ClientOptions{ProgressNotificationHandler: c.onProgress})
	s, err := client.Connect(ctx, t, nil)
	if err != nil {
		return nil, nil, c.startError(err)
	}
	var tools []*mcp.Tool
	for tool, err := range s.Tools(ctx, nil) {
		if err != nil {
			_ = s.Close()
			return nil, nil, fmt.Errorf("%s did not list its tools: %v", c.cfg.Name, err)
		}
		tools = append(tools, tool)
	}
	return s, tools, nil
}

// transport is how c's server is reached: a child process over stdio, or streamable HTTP.
func (c *conn) transport() (mcp.Transport, error) {
	if c.cfg.Remote() {
		return &mcp.StreamableClientTransport{Endpoint: c.cfg.URL, MaxRetries: -1,
			HTTPClient: &http.Client{Transport: withHeaders{c.cfg.Headers, http.DefaultTransport}}}, nil
	}
	path, err := exec.LookPath(c.cfg.Command)
	if err != nil {
		return nil, fmt.Errorf("%s was not found on the PATH that Lectern sees: %s; give its full path as the command",
			c.cfg.Command, os.Getenv("PATH"))
	}
	cmd := exec.Command(path, c.cfg.Args...)
	cmd.Env = os.Environ()
	for k, v := range c.cfg.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	c.stderr = &tail{}
	cmd.Stderr = c.stderr
	endWithParent(cmd)
	return &mcp.CommandTransport{Command: cmd, TerminateDuration: terminateAfter}, nil
}

// startError words a failed start: the server's last lines of stderr when it wrote any.
func (c *conn) startError(err error) error {
	if c.stderr != nil {
		if last := c.stderr.lastLines(3); last != "" {
			return fmt.Errorf("%s did not start: %s", c.cfg.Name, last)
		}
	}
	return fmt.Errorf("%s did not answer: %v", c.cfg.Name, err)
}

// watch waits for s to end; an end Lectern did not ask for is kept as the reason, and the next
// use starts the server again (once).
func (c *conn) watch(s *mcp.ClientSession) {
	err := s.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.session != s {
		return
	}
	c.session, c.tools = nil, nil
	if c.stopping {
		c.status = StatusIdle
		return
	}
	c.status, c.problem = StatusIdle, c.endedWords(err)
	if c.restarts >= maxRestarts {
		c.status = StatusFailed
	}
}

// endedWords says why the server's connection ended.
func (c *conn) endedWords(err error) string {
	w := "the server closed the connection"
	if c.stderr != nil {
		if last := c.stderr.lastLines(3); last != "" {
			return w + ": " + last
		}
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		w += ": " + err.Error()
	}
	return w
}

// stop ends c's server and waits for it.
func (c *conn) stop() {
	c.mu.Lock()
	c.stopping = true
	s := c.session
	c.mu.Unlock()
	if s != nil {
		_ = s.Close()
	}
}

// onProgress hands a progress notification to the call that asked for it.
func (c *conn) onProgress(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
	if fn, ok := c.progress.Load(req.Params.ProgressToken); ok {
		fn.(func(*mcp.ProgressNotificationParams))(req.Params)
	}
}

// withHeaders adds a remote server's headers to each request.
type withHeaders struct {
	headers map[string]string
	next    http.RoundTripper
}

func (w withHeaders) RoundTrip(r *http.Request) (*http.Response, error) {
	if len(w.headers) > 0 {
		r = r.Clone(r.Context())
		for k, v := range w.headers {
			r.Header.Set(k, v)
		}
	}
	return w.next.RoundTrip(r)
}

// tail keeps the last few KiB a server wrote to stderr.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailBytes = 4 << 10

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailBytes {
		t.buf = t.buf[len(t.buf)-tailBytes:]
	}
	return len(p), nil
}

// lastLines returns the last n lines that are not blank, joined by " / ".
func (t *tail) lastLines(n int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var lines []string
	for _, l := range strings.Split(string(t.buf), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " / ")
}
