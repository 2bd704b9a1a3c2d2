package app

import (
	"context"
	"errors"
	"strings"
	"time"

	"lectern/client"
)

// Notice is a message for the user that is not an error, for example that the API key is kept
// for this session only because no keychain is available.
type Notice struct{ Message string }

func (Notice) isEvent() {}

// APIKey returns the API key for server and where it came from (LECTERN_API_KEY first, then the
// session, then the keychain). KeyNone with a nil error means there is none.
func (a *App) APIKey(server string) (string, KeySource, error) {
	if s, err := ValidateServerURL(server); err == nil {
		server = s
	}
	return a.secrets.Get(server)
}

// KeychainAvailable reports whether the OS keychain answered the last time it was used. When it is
// false, keys are kept in memory for this session only.
func (a *App) KeychainAvailable() bool { return a.secrets.Available() }

// TestConnection lists the workspaces server shows to key, without saving anything.
func (a *App) TestConnection(ctx context.Context, server, key string) ([]client.Workspace, error) {
	u, key, err := checkCredentials(server, key)
	if err != nil {
		return nil, err
	}
	cl, err := a.conn.newClient(u, key)
	if err != nil {
		return nil, err
	}
	var out []client.Workspace
	for ws, err := range cl.AllWorkspaces(ctx, client.ListOptions{Include: "none"}) {
		if err != nil {
			return nil, err
		}
		out = append(out, ws)
	}
	return out, nil
}

// checkCredentials validates and normalises a server address and trims the API key, which must
// not be empty.
func checkCredentials(server, key string) (string, string, error) {
	u, err := ValidateServerURL(server)
	if err != nil {
		return "", "", err
	}
	key = strings.TrimSpace(key)
	if key == "" {
		return "", "", errEmptyKey
	}
	return u, key, nil
}

// Connect makes server (with key) the current server: the address is validated, the key stored in
// the keychain (or, without one, in memory for this session, announced by a Notice event), the
// address saved in the settings, and the cache switched to that server's. It does not contact the
// server; call Refresh next.
func (a *App) Connect(ctx context.Context, server, key string) error {
	u, key, err := checkCredentials(server, key)
	if err != nil {
		return err
	}
	src, err := a.secrets.Set(u, key)
	if err != nil {
		a.bus.Emit(Notice{Message: err.Error()})
	}
	return a.saveAndSwitch(ctx, u, key, src)
}

// errDemoKey refuses a key entered for demo mode, whose key is its own.
var errDemoKey = errors.New("the demo server has its own key: leave the demo (Settings: Connect to another server) to use yours")

// EnterKey sets the API key of the current server, whose cache stays (SetServerKey).
func (a *App) EnterKey(ctx context.Context, key string) error {
	server := a.conn.serverAddr()
	switch {
	case a.DemoMode():
		return errDemoKey
	case server == "":
		return errNotConnected
	}
	return a.SetServerKey(ctx, server, key)
}

// SetServerKey sets the API key of server, the current one or another this computer knows: the
// key is tried first and a key the server refuses is returned as the error and not kept; an
// unreachable server does not stop it. It is then stored like Connect's (keychain; else the key
// file when chosen; else memory). The current server stays current; it does not refresh.
func (a *App) SetServerKey(ctx context.Context, server, key string) error {
	u, key, err := checkCredentials(server, key)
	if err != nil {
		return err
	}
	if _, err := a.TestConnection(ctx, u, key); err != nil && !errors.Is(err, client.ErrUnreachable) {
		return err
	}
	if u == a.conn.serverAddr() && !a.DemoMode() {
		return a.Connect(ctx, u, key)
	}
	if _, err := a.secrets.Set(u, key); err != nil {
		a.bus.Emit(Notice{Message: err.Error()})
	}
	return nil
}

// KnownServer is a server whose workspaces this computer keeps from an earlier connection.
type KnownServer struct {
	Address    string
	LastSynced time.Time
	Current    bool // the server in use (not in demo mode)
}

// KnownServers lists the servers this computer keeps a cache for, the most recently synced first.
func (a *App) KnownServers(ctx context.Context) ([]KnownServer, error) {
	list, err := a.store.syncedServers(ctx)
	current := a.conn.serverAddr()
	for i := range list {
		list[i].Current = list[i].Address == current && !a.DemoMode()
	}
	return list, err
}

// SwitchServer makes server, one this computer knows, the current server again with the key
// stored for it (a missing key puts the connection in the key-needed state), and saves it in the
// settings. Its cache shows at once; call Refresh next.
func (a *App) SwitchServer(ctx context.Context, server string) error {
	u, err := ValidateServerURL(server)
	if err != nil {
		return err
	}
	key, src, _ := a.secrets.Get(u) // an unreadable key is asked for by the key-needed state
	return a.saveAndSwitch(ctx, u, key, src)
}

// UseServer makes server the current server for this process only: the address is validated and
// the cache, conversations and upload queue switch to that server's, but nothing is saved (neither
// the settings nor the keychain), so the saved server is the current one again next time. key,
// when set, is the API key to use; "" means it is looked up when first needed (LECTERN_API_KEY,
// this session's, then the keychain). The command line uses it for a server given by flag or
// environment. Like Connect, it does not contact the server.
func (a *App) UseServer(ctx context.Context, server, key string) error {
	u, err := ValidateServerURL(server)
	if err != nil {
		return err
	}
	a.conn.stopDemo()
	key, src := strings.TrimSpace(key), KeyNone
	if key != "" {
		src = KeyFromSession
	}
	cacheKey := u
	if u != a.Settings().Server { // the saved server keeps its key, as the desktop's
		cacheKey = a.cacheKeyOf(ctx, u, key)
	}
	return a.switchTo(ctx, u, cacheKey, key, src)
}

// saveAndSwitch saves server (a validated address) in the settings, leaving demo mode, and makes
// it current with key, as Connect and SwitchServer do.
func (a *App) saveAndSwitch(ctx context.Context, server, key string, src KeySource) error {
	if err := a.UpdateSettings(func(s *Settings) { s.Server, s.DemoMode = server, false }); err != nil {
		return err
	}
	a.conn.stopDemo()
	return a.switchTo(ctx, server, server, key, src)
}

// switchTo makes server current under cacheKey and tells the views.
func (a *App) switchTo(ctx context.Context, server, cacheKey, key string, src KeySource) error {
	if err := a.use(ctx, server, cacheKey, key, src); err != nil {
		return err
	}
	a.bus.Emit(WorkspacesChanged{})
	a.uploads.kick()
	return nil
}

// use makes server current under cacheKey, with the time of its last complete sync.
func (a *App) use(ctx context.Context, server, cacheKey, key string, src KeySource) error {
	if err := a.conn.use(server, cacheKey, key, src); err != nil {
		return err
	}
	if t, err := a.store.lastSynced(ctx, cacheKey); err == nil && !t.IsZero() {
		a.conn.setState(cacheKey, ConnUnknown, t, nil)
	}
	return nil
}

// SignOut forgets the current server's key (keychain, key file and memory) and the server address. The
// server's cache and conversations stay on this computer for the next time.
func (a *App) SignOut(ctx context.Context) error {
	server := a.conn.serverAddr()
	a.conn.stopDemo()
	var err error
	if server != "" {
		err = a.secrets.Delete(server)
	}
	if e := a.UpdateSettings(func(s *Settings) { s.Server, s.DemoMode = "", false }); e != nil && err == nil {
		err = e
	}
	_ = a.conn.use("", "", "", KeyNone)
	a.bus.Emit(WorkspacesChanged{})
	return err
}

// Server returns the address of the current server ("" when none; the emulator's in demo mode).
func (a *App) Server() string { return a.conn.serverAddr() }

// Connection returns the state of the link to the current server.
func (a *App) Connection() Connection { return a.conn.connection() }
