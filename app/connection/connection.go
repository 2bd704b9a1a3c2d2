// Package connection holds the link to the current server: its address and cache key, its client
// (the API key read when first needed), the state of the link (online, syncing, offline, key
// needed) told through the function it is given, the checks that bring an offline server back, and
// demo mode's in-process server.
package connection

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"lectern/app/explain"
	"lectern/app/secrets"
	"lectern/client"
)

// ConnState is the state of the link to the current server.
type ConnState int

// The connection states.
const (
	ConnUnknown   ConnState = iota // not checked yet (or no server)
	ConnOnline                     // the last request reached the server
	ConnSyncing                    // a refresh is running
	ConnOffline                    // the server could not be reached: the cache answers
	ConnKeyNeeded                  // no API key is known for the server, or it refused the key: the cache answers
)

// String names the state.
func (s ConnState) String() string {
	switch s {
	case ConnOnline:
		return "online"
	case ConnSyncing:
		return "syncing"
	case ConnOffline:
		return "offline"
	case ConnKeyNeeded:
		return "key needed"
	default:
		return "unknown"
	}
}

// Connection is the state of the link to the current server, the time of its last complete sync,
// and the error that made it offline (App.Explain tells it).
type Connection struct {
	State      ConnState
	LastSynced time.Time
	Err        error
	Why        explain.Explanation // Err told to a person
	Server     string              // the server address it describes
}

// IsKeyNeeded reports whether err means that a key must be entered for the server: none is known
// (*NoKeyError), or the server refused the one sent (api_key_required).
func IsKeyNeeded(err error) bool {
	var nk *secrets.NoKeyError
	return errors.As(err, &nk) || client.IsCode(err, "api_key_required")
}

// connManager holds the current server, its client and the connection state. Sync,
// conversations and uploads ask it for the client and the cache key of the current server.
type Manager struct {
	notify  func(Connection) // told every change of the state (the wiring puts it on the bus)
	secrets *secrets.Secrets
	http    *http.Client
	extra   []client.Option

	mu     sync.Mutex
	server string // the base address in use
	key    string // the cache key: the server address, or "demo"
	cl     *client.Client
	source secrets.KeySource // where cl's API key came from
	state  Connection
	demo   *demoServer
}

func NewManager(notify func(Connection), secrets *secrets.Secrets, h *http.Client, extra ...client.Option) *Manager {
	return &Manager{notify: notify, secrets: secrets, http: h, extra: extra}
}

// use switches to server, whose data is stored under cacheKey. key, when set, is the API key to
// use and src where it came from (else the stored one is looked up when the client is first needed).
func (m *Manager) Use(server, cacheKey, key string, src secrets.KeySource) error {
	var cl *client.Client
	if key != "" {
		c, err := m.NewClient(server, key)
		if err != nil {
			return err
		}
		cl = c
	}
	m.mu.Lock()
	m.server, m.key, m.cl, m.source = server, cacheKey, cl, src
	m.state = Connection{State: ConnUnknown, Server: server}
	st := m.state
	m.mu.Unlock()
	m.notify(st)
	return nil
}

func (m *Manager) NewClient(server, key string) (*client.Client, error) {
	opts := []client.Option{client.WithBaseURL(server), client.WithAPIKey(key)}
	if m.http != nil {
		opts = append(opts, client.WithHTTPClient(m.http))
	}
	return client.NewClient(append(opts, m.extra...)...)
}

// current returns the client of the current server and its cache key.
func (m *Manager) Current() (*client.Client, string, error) {
	m.mu.Lock()
	server, key, cl := m.server, m.key, m.cl
	m.mu.Unlock()
	if server == "" {
		return nil, "", ErrNotConnected
	}
	if cl != nil {
		return cl, key, nil
	}
	apiKey, src, err := m.secrets.Get(server)
	if err != nil || apiKey == "" {
		return nil, key, &secrets.NoKeyError{Server: server, Err: err}
	}
	cl, err = m.NewClient(server, apiKey)
	if err != nil {
		return nil, key, err
	}
	m.mu.Lock()
	if m.server == server && m.cl == nil {
		m.cl, m.source = cl, src
	}
	cl = m.cl
	m.mu.Unlock()
	if cl == nil {
		return nil, "", ErrNotConnected
	}
	return cl, key, nil
}

// keySource says where the current client's API key came from (KeyNone before it is known).
func (m *Manager) KeySource() secrets.KeySource {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.source
}

// describe tells err to a person in one line, as saved with a failed answer or upload.
func (m *Manager) Describe(err error) string { return explain.Explain(err, m.KeySource()).String() }

// cacheKey returns the key under which the current server's data is stored ("" when none).
func (m *Manager) CacheKey() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.key
}

// serverAddr returns the address of the current server ("" when none).
func (m *Manager) ServerAddr() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.server
}

// connection returns the connection state.
func (m *Manager) Connection() Connection {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state
}

// setState changes the state of the connection of cacheKey (ignored when the server has
// changed meanwhile) and emits ConnectionChanged when it differs. Offline because of the key
// (none known, or refused) is ConnKeyNeeded.
func (m *Manager) SetState(cacheKey string, st ConnState, synced time.Time, err error) {
	if st == ConnOffline && IsKeyNeeded(err) {
		st = ConnKeyNeeded
	}
	m.mu.Lock()
	if m.key != cacheKey {
		m.mu.Unlock()
		return
	}
	next := Connection{State: st, LastSynced: synced, Err: err, Why: explain.Explain(err, m.source), Server: m.server}
	if next.LastSynced.IsZero() {
		next.LastSynced = m.state.LastSynced
	}
	same := next.State == m.state.State && next.LastSynced.Equal(m.state.LastSynced) && next.Err == m.state.Err
	m.state = next
	m.mu.Unlock()
	if !same {
		m.notify(next)
	}
}

// observe updates the connection state from the outcome of a request: a success brings an
// offline connection back online; an unreachable server, or an answer whose connection broke,
// makes it offline (the reconnector then checks the server, and a server still there is online
// again at its first check).
func (m *Manager) Observe(cacheKey string, err error) {
	m.mu.Lock()
	cur := m.state.State
	m.mu.Unlock()
	switch {
	case err == nil && (cur == ConnOffline || cur == ConnUnknown || cur == ConnKeyNeeded):
		m.SetState(cacheKey, ConnOnline, time.Time{}, nil)
	case err != nil && (errors.Is(err, client.ErrUnreachable) || linkBroke(err)) && cur != ConnSyncing:
		m.SetState(cacheKey, ConnOffline, time.Time{}, err)
	}
}

// ErrStopped is the cause of an answer the person stopped (Stop): it says nothing of the link.
var ErrStopped = errors.New("stopped by the user")

// linkBroke reports an answer stream whose connection ended before its last event: closed with no
// error, or broken (a killed server looks so, issue 36), not stopped by the person, silent past its
// limits or cut at its size limit.
func linkBroke(err error) bool {
	var ie *client.InterruptedError
	if !errors.As(err, &ie) || errors.Is(err, context.Canceled) || errors.Is(err, ErrStopped) {
		return false
	}
	var ne *client.NetError
	return ie.Cause == nil || errors.As(ie.Cause, &ne) && !ne.Timeout
}

// stopDemo stops demo mode's in-process server, if it runs.
func (m *Manager) StopDemo() {
	m.mu.Lock()
	d := m.demo
	m.demo = nil
	m.mu.Unlock()
	if d != nil {
		d.close()
	}
}

// errNotConnected is returned when no server is chosen.
var ErrNotConnected = errors.New("not connected to a server: enter the server address and your API key first (desktop: Connect; command line: lectern connect)")

// setDemo makes d demo mode's server, stopped by stopDemo.
func (m *Manager) SetDemo(d *DemoServer) {
	m.mu.Lock()
	m.demo = &demoServer{d}
	m.mu.Unlock()
}

// demoMode reports whether demo mode's server is the current one.
func (m *Manager) DemoMode() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.demo != nil
}
