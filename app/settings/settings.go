// Package settings keeps the person's choices, saved atomically as settings.json in the data folder (never
// the API key), checks a server address, and finds the data folder.
package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"lectern/internal/atomicfile"
)

// Settings are the user's choices, saved as settings.json in the data folder. The API key is never
// part of them.
type Settings struct {
	Server      string `json:"server"`       // normalised by ValidateServerURL; "" when not connected
	DefaultTier string `json:"default_tier"` // "", fast, smart or genius
	Thinking    bool   `json:"thinking"`
	// ModelTier is the tier new model conversations get: "", instant, fast, smart or genius ("" =
	// DefaultTier's, else Fast).
	ModelTier     string            `json:"model_tier,omitempty"`
	Theme         string            `json:"theme"` // system, light, dark or high-contrast
	WindowWidth   float32           `json:"window_width,omitempty"`
	WindowHeight  float32           `json:"window_height,omitempty"`
	LastWorkspace map[string]string `json:"last_workspace,omitempty"` // server address -> workspace id
	DemoMode      bool              `json:"demo_mode,omitempty"`
	// SplitOffset is the share of the window's width the workspace list takes, 0 for the default.
	SplitOffset float64 `json:"split_offset,omitempty"`
	// DocSplitOffset is the share of the right side the open documents panel takes, 0 for the default.
	DocSplitOffset float64 `json:"doc_split_offset,omitempty"`
	// DocumentsOpen: the documents panel beside the conversation is open (the person's choice).
	DocumentsOpen bool `json:"documents_open,omitempty"`
	// DocSort is the documents table's sort column (name, type, status, updated; "" is name),
	// DocSortDesc its direction.
	DocSort       string `json:"doc_sort,omitempty"`
	DocSortDesc   bool   `json:"doc_sort_desc,omitempty"`
	Notifications *bool  `json:"notifications,omitempty"` // OS notifications for uploads; nil means on
	// NotifyAnswers and NotifyOCR: OS notifications for an answer that took over 10 s and for an
	// OCR job that ended, while the window is not in front; nil means on.
	NotifyAnswers *bool `json:"notify_answers,omitempty"`
	NotifyOCR     *bool `json:"notify_ocr,omitempty"`
	// KeepInTray: closing the main window hides it and Lectern keeps running in the system tray
	// (menu bar); nil means the system's default (on, except on Linux).
	KeepInTray *bool `json:"keep_in_tray,omitempty"`
	// KeyFile: where no keychain exists, keep each server's API key in a file of its own in the
	// data folder that only the user can read (0600); never the key itself here. Off by default.
	KeyFile bool `json:"key_file,omitempty"`
	// MCPServers are the MCP servers whose tools model chats may offer (issue 30); the values of
	// their env and headers are kept in the keychain, never here.
	MCPServers []MCPServer `json:"mcp_servers,omitempty"`
	// SyncTarget is the folder or WebDAV address conversations are synced through (issue 32),
	// without a password; "" when sync is not set up. The passphrase is in the keychain.
	SyncTarget string `json:"sync_target,omitempty"`
}

// MCPServer is an MCP server the person added: a command to start (stdio) or a url to reach
// (streamable HTTP). Secrets says its env or headers are kept in the keychain.
type MCPServer struct {
	Name    string   `json:"name"`
	Command string   `json:"command,omitempty"`
	Args    []string `json:"args,omitempty"`
	URL     string   `json:"url,omitempty"`
	Secrets bool     `json:"secrets,omitempty"`
}

const File = "settings.json"

// clone returns a copy that shares no map with s.
func (s Settings) clone() Settings {
	s.LastWorkspace = maps.Clone(s.LastWorkspace)
	s.MCPServers = slices.Clone(s.MCPServers) // their Args are never changed in place
	for _, p := range []**bool{&s.Notifications, &s.NotifyAnswers, &s.NotifyOCR, &s.KeepInTray} {
		if *p != nil {
			v := **p
			*p = &v
		}
	}
	return s
}

// validate checks and normalises the settings in place.
func (s *Settings) validate() error {
	if s.Server != "" {
		u, err := ValidateServerURL(s.Server)
		if err != nil {
			return err
		}
		s.Server = u
	}
	switch s.DefaultTier {
	case "", "fast", "smart", "genius":
	default:
		return fmt.Errorf("the default tier %q is not one of fast, smart or genius", s.DefaultTier)
	}
	switch strings.ToLower(s.ModelTier) {
	case "", "instant", "fast", "smart", "genius":
		s.ModelTier = strings.ToLower(s.ModelTier)
	default:
		return fmt.Errorf("the model tier %q is not one of instant, fast, smart or genius", s.ModelTier)
	}
	switch s.Theme {
	case "":
		s.Theme = "system"
	case "system", "light", "dark", "high-contrast":
	default:
		return fmt.Errorf("the theme %q is not one of system, light, dark or high-contrast", s.Theme)
	}
	if s.WindowWidth < 0 || s.WindowHeight < 0 {
		return errors.New("the window size cannot be negative")
	}
	if s.SplitOffset < 0 || s.SplitOffset > 1 || s.DocSplitOffset < 0 || s.DocSplitOffset > 1 {
		return errors.New("a split position must be between 0 and 1")
	}
	return nil
}

// ValidateServerURL checks a server address and returns it normalised (lower-case scheme and host,
// no trailing slash). It must use https, except on this computer (127.0.0.1, localhost, [::1]),
// where http is allowed; the error says why an address is refused.
func ValidateServerURL(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", errors.New("the server address is empty: type the address you were given, for example https://qa.example.com")
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "HTTP" && u.Scheme != "HTTPS") {
		if !strings.Contains(s, "://") {
			return "", errors.New("the server address does not start with https://: type the full address, for example https://qa.example.com")
		}
		return "", errors.New("the server address is not a web address: type it as https://host, for example https://qa.example.com")
	}
	if u.User != nil {
		return "", errors.New("the server address must not contain a user name or password: the API key is entered separately")
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return "", errors.New("the server address must not contain ? or #: type only the address of the service")
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	if u.Scheme == "http" && !IsLoopback(u.Hostname()) {
		return "", fmt.Errorf("the server address uses http with %s, which would send your API key unencrypted: use https:// (plain http is allowed only for this computer: 127.0.0.1, localhost or [::1])", u.Hostname())
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u.String(), nil
}

// IsLoopback reports whether host names this computer.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// settingsStore keeps the settings in memory and on disk.
type Store struct {
	mu   sync.Mutex
	path string
	cur  Settings
}

// loadSettings reads settings.json from home; a missing file gives the defaults. A file that cannot
// be read as settings is reported and left as it is.
func Load(home string) (*Store, error) {
	st := &Store{path: filepath.Join(home, File), cur: Settings{Theme: "system"}}
	data, err := os.ReadFile(st.path)
	if errors.Is(err, os.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the settings file %s: %w", st.path, err)
	}
	var s Settings
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("the settings file %s is damaged (%v): fix it or move it away, and Lectern starts with default settings", st.path, err)
	}
	if err := s.validate(); err != nil {
		// A hand-edited value that is no longer valid: keep the rest, drop the bad server.
		s.Server = ""
		if s.validate() != nil {
			s = Settings{Theme: "system"}
		}
	}
	st.cur = s
	return st, nil
}

// get returns a copy of the current settings.
func (st *Store) Get() Settings {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.cur.clone()
}

// update applies fn to a copy, validates it, writes it atomically and then makes it current.
// It reports whether anything changed.
func (st *Store) Update(fn func(*Settings)) (bool, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	next := st.cur.clone()
	fn(&next)
	if err := next.validate(); err != nil {
		return false, err
	}
	old, _ := json.Marshal(st.cur)
	now, _ := json.Marshal(next)
	if bytes.Equal(old, now) {
		return false, nil
	}
	data, err := json.MarshalIndent(next, "", "  ")
	if err != nil {
		return false, err
	}
	if err := atomicfile.WriteFile(st.path, append(data, '\n'), 0o600); err != nil {
		return false, fmt.Errorf("cannot save the settings: %w", err)
	}
	st.cur = next
	return true, nil
}

// DefaultHome returns the data folder: $LECTERN_HOME when set, else the OS's per-user config
// folder followed by "lectern".
func DefaultHome() (string, error) {
	if h := os.Getenv("LECTERN_HOME"); h != "" {
		return h, nil
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("cannot find a folder for Lectern's data (%v): set LECTERN_HOME to a folder", err)
	}
	return filepath.Join(dir, "lectern"), nil
}
