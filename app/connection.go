package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

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
	Why        Explanation // Err told to a person
	Server     string      // the server address it describes
}

// NoKeyError says that no API key is known for Server: none is stored, or the keychain could not
// be read (Err).
type NoKeyError struct {
	Server string
	Err    error
}

func (e *NoKeyError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("cannot read the API key for %s: %v; set LECTERN_API_KEY instead", e.Server, e.Err)
	}
	return fmt.Sprintf("no API key is stored for %s: connect again and enter your key (command line: set "+
		"LECTERN_API_KEY, or run \"lectern connect %s\" so that the key is kept in the keychain)", e.Server, e.Server)
}

func (e *NoKeyError) Unwrap() error { return e.Err }

// IsKeyNeeded reports whether err means that a key must be entered for the server: none is known
// (*NoKeyError), or the server refused the one sent (api_key_required).
func IsKeyNeeded(err error) bool {
	var nk *NoKeyError
	return errors.As(err, &nk) || client.IsCode(err, "api_key_required")
}

// connManager holds the current server, its client and the connection state. Sync,
// conversations and uploads ask it for the client and the cache key of the current server.
type connManager struct {
	bus     *Bus
	secrets *Secrets
	http    *http.Client
	extra   []client.Option

	mu     sync.Mutex
	server string // the base address in use
	key    string // the cache key: the server address, or "demo"
	cl     *client.Client
	source KeySource // where cl's API key came from
	state  Connection
	demo   *demoServer
}

func newConnManager(bus *Bus, secrets *Secrets, h *http.Client, extra ...client.Option) *connManager {
	return &connManager{bus: bus, secrets: secrets, http: h, extra: extra}
}

// use switches to server, whose data is stored under cacheKey. key, when set, is the API key to
// use and src where it came from (else the stored one is looked up when the client is first needed).
func (m *connManager) use(server, cacheKey, key string, src KeySource) error {
	var cl *client.Client
	if key != "" {
		c, err := m.newClient(server, key)
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
	m.bus.Emit(ConnectionChanged{Connection: st})
	return nil
}

func (m *connManager) newClient(server, key string) (*client.Client, error) {
	opts := []client.Option{client.WithBaseURL(server), client.WithAPIKey(key)}
	if m.http != nil {
		opts = append(opts, client.WithHTTPClient(m.http))
	}
	return client.NewClient(append(opts, m.extra...)...)
}

// current returns the client of the current server and its cache key.
func (m *connManager) current() (*client.Client, string, error) {
	m.mu.Lock()
	server, key, cl := m.server, m.key, m.cl
	m.mu.Unlock()
	if server == "" {
		return nil, "", errNotConnected
	}
	if cl != nil {
		return cl, key, nil
	}
	apiKey, src, err := m.secrets.Get(server)
	if err != nil || apiKey == "" {
		return nil, key, &NoKeyError{Server: server, Err: err}
	}
	cl, err = m.newClient(server, apiKey)
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
		return nil, "", errNotConnected
	}
	return cl, key, nil
}

// keySource says where the current client's API key came from (KeyNone before it is known).
func (m *connManager) keySource() KeySource {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.source
}

// describe tells err to a person in one line, as saved with a failed answer or upload.
func (m *connManager) describe(err error) string { return explain(err, m.keySource()).String() }

// cacheKey returns the key under which the current server's data is stored ("" when none).
func (m *connManager) cacheKey() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.key
}

// serverAddr returns the address of the current server ("" when none).
func (m *connManager) serverAddr() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.server
}

// connection returns the connection state.
func (m *connManager) connection() Connection {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state
}

// setState changes the state of the connection of cacheKey (ignored when the server has
// changed meanwhile) and emits ConnectionChanged when it differs. Offline because of the key
// (none known, or refused) is ConnKeyNeeded.
func (m *connManager) setState(cacheKey string, st ConnState, synced time.Time, err error) {
	if st == ConnOffline && IsKeyNeeded(err) {
		st = ConnKeyNeeded
	}
	m.mu.Lock()
	if m.key != cacheKey {
		m.mu.Unlock()
		return
	}
	next := Connection{State: st, LastSynced: synced, Err: err, Why: explain(err, m.source), Server: m.server}
	if next.LastSynced.IsZero() {
		next.LastSynced = m.state.LastSynced
	}
	same := next.State == m.state.State && next.LastSynced.Equal(m.state.LastSynced) && next.Err == m.state.Err
	m.state = next
	m.mu.Unlock()
	if !same {
		m.bus.Emit(ConnectionChanged{Connection: next})
	}
}

// observe updates the connection state from the outcome of a request: a success brings an
// offline connection back online; an unreachable server, or an answer whose connection broke,
// makes it offline (the reconnector then checks the server, and a server still there is online
// again at its first check).
func (m *connManager) observe(cacheKey string, err error) {
	m.mu.Lock()
	cur := m.state.State
	m.mu.Unlock()
	switch {
	case err == nil && (cur == ConnOffline || cur == ConnUnknown || cur == ConnKeyNeeded):
		m.setState(cacheKey, ConnOnline, time.Time{}, nil)
	case err != nil && (errors.Is(err, client.ErrUnreachable) || linkBroke(err)) && cur != ConnSyncing:
		m.setState(cacheKey, ConnOffline, time.Time{}, err)
	}
}

// linkBroke reports an answer stream whose connection ended before its last event: closed with no
// error, or broken (a killed server looks so, issue 36), not stopped by the person, silent past its
// limits or cut at its size limit.
func linkBroke(err error) bool {
	var ie *client.InterruptedError
	if !errors.As(err, &ie) || errors.Is(err, context.Canceled) || errors.Is(err, errStopped) {
		return false
	}
	var ne *client.NetError
	return ie.Cause == nil || errors.As(ie.Cause, &ne) && !ne.Timeout
}

// stopDemo stops demo mode's in-process server, if it runs.
func (m *connManager) stopDemo() {
	m.mu.Lock()
	d := m.demo
	m.demo = nil
	m.mu.Unlock()
	if d != nil {
		d.close()
	}
}
