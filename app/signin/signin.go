// Package signin is which server and which key are in use: connect (the key kept in the keychain,
// else the key file when chosen, else memory), switch to a server this computer knows, use one for
// this process only, sign out, enter a key, demo mode; and the state of the connection.
package signin

import (
	"context"
	"errors"
	"strings"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/secrets"
	"lectern/app/settings"
	"lectern/app/store"
	"lectern/app/uploads"
	"lectern/app/workspaces"
	"lectern/client"
)

// APIKey returns the API key for server and where it came from (LECTERN_API_KEY first, then the
// session, then the keychain). KeyNone with a nil error means there is none.
func (s *Session) APIKey(server string) (string, secrets.KeySource, error) {
	if s, err := settings.ValidateServerURL(server); err == nil {
		server = s
	}
	return s.secrets.Get(server)
}

// KeychainAvailable reports whether the OS keychain answered the last time it was used. When it is
// false, keys are kept in memory for this session only.
func (s *Session) KeychainAvailable() bool { return s.secrets.Available() }

// TestConnection lists the workspaces server shows to key, without saving anything.
func (s *Session) TestConnection(ctx context.Context, server, key string) ([]client.Workspace, error) {
	u, key, err := checkCredentials(server, key)
	if err != nil {
		return nil, err
	}
	cl, err := s.conn.NewClient(u, key)
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
	u, err := settings.ValidateServerURL(server)
	if err != nil {
		return "", "", err
	}
	key = strings.TrimSpace(key)
	if key == "" {
		return "", "", secrets.ErrEmptyKey
	}
	return u, key, nil
}

// Connect makes server (with key) the current server: the address is validated, the key stored in
// the keychain (or, without one, in memory for this session, announced by a Notice event), the
// address saved in the settings, and the cache switched to that server's. It does not contact the
// server; call Refresh next.
func (s *Session) Connect(ctx context.Context, server, key string) error {
	u, key, err := checkCredentials(server, key)
	if err != nil {
		return err
	}
	src, err := s.secrets.Set(u, key)
	if err != nil {
		s.bus.Emit(events.Notice{Message: err.Error()})
	}
	return s.saveAndSwitch(ctx, u, key, src)
}

// errDemoKey refuses a key entered for demo mode, whose key is its own.
var ErrDemoKey = errors.New("the demo server has its own key: leave the demo (Settings: Connect to another server) to use yours")

// EnterKey sets the API key of the current server, whose cache stays (SetServerKey).
func (s *Session) EnterKey(ctx context.Context, key string) error {
	server := s.conn.ServerAddr()
	switch {
	case s.DemoMode():
		return ErrDemoKey
	case server == "":
		return connection.ErrNotConnected
	}
	return s.SetServerKey(ctx, server, key)
}

// SetServerKey sets the API key of server, the current one or another this computer knows: the
// key is tried first and a key the server refuses is returned as the error and not kept; an
// unreachable server does not stop it. It is then stored like Connect's (keychain; else the key
// file when chosen; else memory). The current server stays current; it does not refresh.
func (s *Session) SetServerKey(ctx context.Context, server, key string) error {
	u, key, err := checkCredentials(server, key)
	if err != nil {
		return err
	}
	if _, err := s.TestConnection(ctx, u, key); err != nil && !errors.Is(err, client.ErrUnreachable) {
		return err
	}
	if u == s.conn.ServerAddr() && !s.DemoMode() {
		return s.Connect(ctx, u, key)
	}
	if _, err := s.secrets.Set(u, key); err != nil {
		s.bus.Emit(events.Notice{Message: err.Error()})
	}
	return nil
}

// KnownServers lists the servers this computer keeps a cache for, the most recently synced first.
func (s *Session) KnownServers(ctx context.Context) ([]records.KnownServer, error) {
	list, err := s.store.SyncedServers(ctx, demoCacheKey)
	current := s.conn.ServerAddr()
	for i := range list {
		list[i].Current = list[i].Address == current && !s.DemoMode()
	}
	return list, err
}

// SwitchServer makes server, one this computer knows, the current server again with the key
// stored for it (a missing key puts the connection in the key-needed state), and saves it in the
// settings. Its cache shows at once; call Refresh next.
func (s *Session) SwitchServer(ctx context.Context, server string) error {
	u, err := settings.ValidateServerURL(server)
	if err != nil {
		return err
	}
	key, src, _ := s.secrets.Get(u) // an unreadable key is asked for by the key-needed state
	return s.saveAndSwitch(ctx, u, key, src)
}

// UseServer makes server the current server for this process only: the address is validated and
// the cache, conversations and upload queue switch to that server's, but nothing is saved (neither
// the settings nor the keychain), so the saved server is the current one again next time. key,
// when set, is the API key to use; "" means it is looked up when first needed (LECTERN_API_KEY,
// this session's, then the keychain). The command line uses it for a server given by flag or
// environment. Like Connect, it does not contact the server.
func (s *Session) UseServer(ctx context.Context, server, key string) error {
	u, err := settings.ValidateServerURL(server)
	if err != nil {
		return err
	}
	s.conn.StopDemo()
	key, src := strings.TrimSpace(key), secrets.KeyNone
	if key != "" {
		src = secrets.KeyFromSession
	}
	cacheKey := u
	if u != s.settings.Get().Server { // the saved server keeps its key, as the desktop's
		cacheKey = s.cacheKeyOf(ctx, u, key)
	}
	return s.switchTo(ctx, u, cacheKey, key, src)
}

// saveAndSwitch saves server (a validated address) in the settings, leaving demo mode, and makes
// it current with key, as Connect and SwitchServer do.
func (s *Session) saveAndSwitch(ctx context.Context, server, key string, src secrets.KeySource) error {
	if err := s.update(func(s *settings.Settings) { s.Server, s.DemoMode = server, false }); err != nil {
		return err
	}
	s.conn.StopDemo()
	return s.switchTo(ctx, server, server, key, src)
}

// switchTo makes server current under cacheKey and tells the views.
func (s *Session) switchTo(ctx context.Context, server, cacheKey, key string, src secrets.KeySource) error {
	if err := s.use(ctx, server, cacheKey, key, src); err != nil {
		return err
	}
	s.bus.Emit(events.WorkspacesChanged{})
	s.uploads.Kick()
	return nil
}

// use makes server current under cacheKey, with the time of its last complete sync.
func (s *Session) use(ctx context.Context, server, cacheKey, key string, src secrets.KeySource) error {
	if err := s.conn.Use(server, cacheKey, key, src); err != nil {
		return err
	}
	if t, err := s.store.LastSynced(ctx, cacheKey); err == nil && !t.IsZero() {
		s.conn.SetState(cacheKey, connection.ConnUnknown, t, nil)
	}
	return nil
}

// SignOut forgets the current server's key (keychain, key file and memory) and the server address. The
// server's cache and conversations stay on this computer for the next time.
func (s *Session) SignOut(ctx context.Context) error {
	server := s.conn.ServerAddr()
	s.conn.StopDemo()
	var err error
	if server != "" {
		err = s.secrets.Delete(server)
	}
	if e := s.update(func(s *settings.Settings) { s.Server, s.DemoMode = "", false }); e != nil && err == nil {
		err = e
	}
	_ = s.conn.Use("", "", "", secrets.KeyNone)
	s.bus.Emit(events.WorkspacesChanged{})
	return err
}

// Server returns the address of the current server ("" when none; the emulator's in demo mode).
func (s *Session) Server() string { return s.conn.ServerAddr() }

// Connection returns the state of the link to the current server.
func (s *Session) Connection() connection.Connection { return s.conn.Connection() }

// KeyFile returns the path of the file that keeps server's key when the user chose a key file
// (it may not exist).
func (s *Session) KeyFile(server string) string {
	if s, err := settings.ValidateServerURL(server); err == nil {
		server = s
	}
	return secrets.KeyFilePath(s.home, server)
}

// SetKeyFile turns the key file on or off and saves the choice. On, it is used only where no
// keychain exists: the current server's key kept for this session is written to its file at once.
// Off, every key file is removed; the current key stays in memory for this session.
func (s *Session) SetKeyFile(ctx context.Context, on bool) error {
	if err := s.update(func(s *settings.Settings) { s.KeyFile = on }); err != nil {
		return err
	}
	server := s.conn.ServerAddr()
	if !on {
		if key, src, _ := s.secrets.Get(server); server != "" && src == secrets.KeyFromFile {
			s.secrets.SetSession(server, key)
		}
		s.secrets.UseFile(s.home, false)
		return secrets.RemoveKeyFiles(s.home)
	}
	s.secrets.UseFile(s.home, true)
	if server == "" || s.DemoMode() {
		return nil
	}
	key, src, err := s.secrets.Get(server)
	if err != nil || src != secrets.KeyFromSession || key == "" {
		return err
	}
	if s.secrets.Available() {
		return nil
	}
	_, err = s.secrets.Set(server, key)
	if errors.Is(err, secrets.ErrNoKeychain) {
		err = nil
	}
	return err
}

// Session is which server and which key are in use: connect, switch, sign out, the key file,
// demo mode.
type Session struct {
	home     string
	secrets  *secrets.Secrets
	conn     *connection.Manager
	store    *store.DB
	bus      *events.Bus
	sync     *workspaces.Sync
	uploads  *uploads.Queue
	settings *settings.Store
	// update changes the settings as App.UpdateSettings does (SettingsChanged when they change).
	update func(fn func(*settings.Settings)) error
}

// UseSaved makes the server saved in the settings current, as the app opens (demo mode is started
// anew by the front-end, not here).
func (s *Session) UseSaved(ctx context.Context) {
	if saved := s.settings.Get(); saved.Server != "" && !saved.DemoMode {
		_ = s.use(ctx, saved.Server, saved.Server, "", secrets.KeyNone)
	}
}

// newSession makes the sign-in of the data folder home; update changes the settings (and says so).
func New(home string, keys *secrets.Secrets, conn *connection.Manager, st *store.DB, bus *events.Bus,
	sync *workspaces.Sync, queue *uploads.Queue, saved *settings.Store, update func(func(*settings.Settings)) error) *Session {
	return &Session{home: home, secrets: keys, conn: conn, store: st, bus: bus, sync: sync, uploads: queue,
		settings: saved, update: update}
}
