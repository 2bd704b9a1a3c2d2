package mcp

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"

	"lectern/app/secrets"
	"lectern/app/settings"
)

// SettingsStore reads and changes the saved settings (*settings.Store).
type SettingsStore interface {
	Get() settings.Settings
	Update(fn func(*settings.Settings)) (bool, error)
}

// SecretStore keeps secrets as API keys are kept: the keychain, else the key file when chosen,
// else memory (*secrets.Secrets).
type SecretStore interface {
	Stored(name string) (string, secrets.KeySource, error)
	Set(name, value string) (secrets.KeySource, error)
	Delete(name string) error
}

// Servers is the room of the MCP servers a person added: their configuration (settings.json,
// their env and headers in the keychain) and the Manager that runs them.
type Servers struct {
	*Manager
	settings SettingsStore
	secrets  SecretStore
	mu       sync.Mutex // around loaded and the changes of the configuration
	loaded   bool       // the manager has the saved servers
}

// NewServers returns the servers kept in st and sec; they start when first needed.
func NewServers(st SettingsStore, sec SecretStore) *Servers {
	version := "dev"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		version = bi.Main.Version
	}
	return &Servers{Manager: NewManager(version), settings: st, secrets: sec}
}

// secretEntry is the keychain entry of a server's env and headers.
func secretEntry(name string) string { return "lectern-mcp-server:" + name }

// serverSecrets is what the keychain keeps of a server.
type serverSecrets struct {
	Env     map[string]string `json:"env,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
}

// List returns the servers added, with their secrets, and hands them to the manager the first
// time. A secret the keychain cannot give is said in the error; the server is listed without it.
func (s *Servers) List() ([]Server, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.list()
}

// list is List, with mu held.
func (s *Servers) list() ([]Server, error) {
	var out []Server
	var errs []error
	for _, c := range s.settings.Get().MCPServers {
		srv := Server{Name: c.Name, Command: c.Command, Args: c.Args, URL: c.URL}
		if c.Secrets {
			raw, _, err := s.secrets.Stored(secretEntry(c.Name))
			var sec serverSecrets
			if err == nil && raw != "" {
				err = json.Unmarshal([]byte(raw), &sec)
			}
			if err != nil || raw == "" {
				errs = append(errs, fmt.Errorf("the env and headers of %s could not be read from the keychain: add it again", c.Name))
			}
			srv.Env, srv.Headers = sec.Env, sec.Headers
		}
		out = append(out, srv)
	}
	if !s.loaded {
		s.loaded = true
		s.Set(out)
	}
	return out, errors.Join(errs...)
}

// Add adds the servers of the mcpServers JSON data (a server of the same name is replaced): their
// env and headers go to the keychain, the rest to the settings. It returns the servers added.
func (s *Servers) Add(data []byte) ([]Server, error) {
	added, err := ParseServers(data)
	if err != nil {
		return nil, err
	}
	return added, s.save(added)
}

// AddServer adds one server, as the form gives it.
func (s *Servers) AddServer(srv Server) error {
	if err := srv.Check(); err != nil {
		return err
	}
	return s.save([]Server{srv})
}

// save keeps added beside the servers there are, replacing those of the same names.
func (s *Servers) save(added []Server) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	saved := make([]settings.MCPServer, 0, len(added))
	for _, a := range added {
		c := settings.MCPServer{Name: a.Name, Command: a.Command, Args: a.Args, URL: a.URL}
		if len(a.Env) > 0 || len(a.Headers) > 0 {
			data, _ := json.Marshal(serverSecrets{Env: a.Env, Headers: a.Headers})
			if _, err := s.secrets.Set(secretEntry(a.Name), string(data)); err != nil &&
				!errors.Is(err, secrets.ErrNoKeychain) {
				return fmt.Errorf("the env and headers of %s could not be kept: %v", a.Name, err)
			}
			c.Secrets = true
		}
		saved = append(saved, c)
	}
	_, err := s.settings.Update(func(st *settings.Settings) {
		st.MCPServers = slices.DeleteFunc(st.MCPServers, func(c settings.MCPServer) bool {
			return slices.ContainsFunc(saved, func(n settings.MCPServer) bool { return n.Name == c.Name })
		})
		st.MCPServers = append(st.MCPServers, saved...)
		slices.SortFunc(st.MCPServers, func(a, b settings.MCPServer) int { return cmp.Compare(a.Name, b.Name) })
	})
	if err != nil {
		return err
	}
	s.loaded = false
	_, err = s.list()
	return err
}

// Remove removes the server called name, ends it and forgets its secrets.
func (s *Servers) Remove(name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.settings.Update(func(st *settings.Settings) {
		st.MCPServers = slices.DeleteFunc(st.MCPServers, func(c settings.MCPServer) bool { return c.Name == name })
	}); err != nil {
		return err
	}
	_ = s.secrets.Delete(secretEntry(name))
	s.loaded = false
	_, err := s.list()
	return err
}

// Tools starts the server called name when needed and returns its tools (Manager.Tools), the
// saved servers loaded first.
func (s *Servers) Tools(ctx context.Context, name string) ([]Tool, error) {
	s.load()
	return s.Manager.Tools(ctx, name)
}

// Call calls a tool of the server called name (Manager.Call), the saved servers loaded first.
func (s *Servers) Call(ctx context.Context, name, tool string, args json.RawMessage, onProgress func(Progress)) (Result, error) {
	s.load()
	return s.Manager.Call(ctx, name, tool, args, onProgress)
}

// States returns the state of every saved server (Manager.States).
func (s *Servers) States() []State {
	s.load()
	return s.Manager.States()
}

// load hands the saved servers to the manager once; a secret that cannot be read shows when the
// server is used.
func (s *Servers) load() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.loaded {
		_, _ = s.list()
	}
}
