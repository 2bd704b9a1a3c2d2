// Package secrets keeps the API keys: the OS keychain (one entry per server), LECTERN_API_KEY over
// it, and where no keychain exists memory for the session or, when the person chose it, a key file
// of mode 0600 in the data folder. No key reaches a log line, an error string or settings.json.
package secrets

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/zalando/go-keyring"
)

// KeySource says where an API key came from.
type KeySource int

// The places an API key can come from.
const (
	KeyNone         KeySource = iota // no key for this server
	KeyFromEnv                       // LECTERN_API_KEY
	KeyFromKeychain                  // the OS keychain
	KeyFromSession                   // memory only, for this session (no keychain available, or demo)
	KeyFromFile                      // a key file only the user can read (no keychain, and the user chose it)
)

// String names the source in words.
func (k KeySource) String() string {
	switch k {
	case KeyFromEnv:
		return "the LECTERN_API_KEY environment variable"
	case KeyFromKeychain:
		return "the system keychain"
	case KeyFromSession:
		return "memory, for this session only"
	case KeyFromFile:
		return "a key file in the data folder that only you can read"
	default:
		return "nowhere"
	}
}

const (
	KeyringService         = "lectern"
	envAPIKey              = "LECTERN_API_KEY"
	envServer              = "LECTERN_SERVER"
	defaultKeychainTimeout = 3 * time.Second
)

// ErrNoKeychain says that no OS keychain answered; the key is then kept in memory for this
// session only.
var ErrNoKeychain = errors.New("no system keychain is available (on Linux: no Secret Service such as GNOME Keyring or KWallet is running), so the API key is kept in memory for this session only and must be entered again next time")

// errEmptyKey refuses an empty API key.
var ErrEmptyKey = errors.New("the API key is empty: paste the key from the service's key management page")

// errKeychainTimeout says that the keychain did not answer in time (often a locked keyring).
var errKeychainTimeout = errors.New("the system keychain did not answer in time; it may be locked: unlock it (for example by logging in again) and retry")

// Secrets stores API keys: in the OS keychain (service "lectern", one entry per server address),
// overridden by LECTERN_API_KEY, or, when no keychain is available, in memory or (only when the
// user chose it, see useFile) in a key file of mode 0600. With a keychain it never writes a key to
// a file, and its errors never contain a key.
type Secrets struct {
	timeout time.Duration
	chainMu sync.Mutex // one keychain call at a time (see call)
	mu      sync.Mutex
	session map[string]string // server -> key, kept for this session only
	noChain bool              // the keychain failed; later calls still try it
	known   bool              // a keychain call has answered (or failed) at least once
	fileDir string            // the folder of the key files ("" before useFile)
	fileOn  bool              // the user chose a key file where no keychain exists
}

// useFile sets the folder of the key files and whether the user chose to keep keys there when no
// keychain is available.
func (s *Secrets) UseFile(dir string, on bool) {
	s.mu.Lock()
	s.fileDir, s.fileOn = dir, on
	s.mu.Unlock()
}

// fileChoice returns the key files' folder and whether they are in use.
func (s *Secrets) fileChoice() (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fileDir, s.fileOn && s.fileDir != ""
}

// probeUser is the keychain entry Available looks up when no call has told yet whether a keychain
// exists; it is never written.
const probeUser = "lectern-keychain-probe"

// NewSecrets returns key storage whose keychain calls give up after timeout (0 means 3 s).
func NewSecrets(timeout time.Duration) *Secrets {
	if timeout <= 0 {
		timeout = defaultKeychainTimeout
	}
	return &Secrets{timeout: timeout, session: map[string]string{}}
}

// call runs fn on its own goroutine and gives up after the timeout: go-keyring can block for ever
// on a locked Linux keyring. A call that times out is left to finish in the background. Calls run
// one at a time: a keychain asked twice at once may prompt twice to be unlocked, and go-keyring's
// providers (its test mock among them) are not all safe for concurrent use. A call queued behind a
// hung one times out like it.
func (s *Secrets) call(fn func() (string, error)) (string, error) {
	type result struct {
		v   string
		err error
	}
	ch := make(chan result, 1)
	go func() {
		s.chainMu.Lock()
		defer s.chainMu.Unlock()
		v, err := fn()
		ch <- result{v, err}
	}()
	t := time.NewTimer(s.timeout)
	defer t.Stop()
	select {
	case r := <-ch:
		return r.v, r.err
	case <-t.C:
		return "", errKeychainTimeout
	}
}

// Get returns the key for server and where it came from; KeyNone with a nil error means there is
// none. An unavailable keychain is not an error here: Available reports it.
func (s *Secrets) Get(server string) (string, KeySource, error) {
	if k := EnvAPIKey(); k != "" {
		return k, KeyFromEnv, nil
	}
	return s.Stored(server)
}

// Stored returns the secret kept under name (a server's key, or another of Lectern's secrets such
// as the MCP server's token), LECTERN_API_KEY left aside; KeyNone with a nil error when there is
// none.
func (s *Secrets) Stored(name string) (string, KeySource, error) {
	server := name
	s.mu.Lock()
	k, ok := s.session[server]
	s.mu.Unlock()
	if ok {
		return k, KeyFromSession, nil
	}
	if dir, on := s.fileChoice(); on {
		if k := readKeyFile(dir, server); k != "" {
			return k, s.moveToKeychain(server, k), nil
		}
	}
	k, err := s.call(func() (string, error) { return keyring.Get(KeyringService, server) })
	switch {
	case err == nil:
		s.setNoChain(false)
		return k, KeyFromKeychain, nil
	case errors.Is(err, keyring.ErrNotFound):
		s.setNoChain(false)
		return "", KeyNone, nil
	case errors.Is(err, errKeychainTimeout):
		return "", KeyNone, err
	default:
		s.setNoChain(true)
		return "", KeyNone, nil
	}
}

// moveToKeychain moves a key read from its key file into the keychain when a keychain has
// answered since (one was installed or started after the file was chosen): with a keychain the key
// does not stay on disk. It returns where the key is now.
func (s *Secrets) moveToKeychain(server, key string) KeySource {
	s.mu.Lock()
	chain := s.known && !s.noChain
	s.mu.Unlock()
	if !chain {
		return KeyFromFile
	}
	if src, err := s.Set(server, key); err == nil && src == KeyFromKeychain {
		return KeyFromKeychain
	}
	return KeyFromFile
}

// EnvAPIKey returns the key set in LECTERN_API_KEY, trimmed; "" when none. It is the one place
// the environment's key is read: it overrides every stored key.
func EnvAPIKey() string { return strings.TrimSpace(os.Getenv(envAPIKey)) }

// EnvServer returns the server address set in LECTERN_SERVER, trimmed and not checked; "" when
// none. The command line uses it when --server is not given; the desktop's first-run page offers it.
func EnvServer() string { return strings.TrimSpace(os.Getenv(envServer)) }

// Set stores key for server in the keychain, and removes its key file if there was one. When no
// keychain is available it keeps the key in the key file if the user chose one (KeyFromFile), else
// in memory, returning KeyFromSession with ErrNoKeychain (wrapped), which the caller shows as a
// notice, not as a failure.
func (s *Secrets) Set(server, key string) (KeySource, error) {
	if key == "" {
		return KeyNone, ErrEmptyKey
	}
	_, err := s.call(func() (string, error) { return "", keyring.Set(KeyringService, server, key) })
	if err == nil {
		s.setNoChain(false)
		s.mu.Lock()
		delete(s.session, server)
		s.mu.Unlock()
		if dir, _ := s.fileChoice(); dir != "" {
			_ = removeKeyFile(dir, server)
		}
		return KeyFromKeychain, nil
	}
	if errors.Is(err, errKeychainTimeout) {
		s.SetSession(server, key)
		return KeyFromSession, fmt.Errorf("%w; until then the key is kept in memory for this session only", err)
	}
	s.setNoChain(true)
	if dir, on := s.fileChoice(); on {
		if werr := writeKeyFile(dir, server, key); werr == nil {
			s.mu.Lock()
			delete(s.session, server)
			s.mu.Unlock()
			return KeyFromFile, nil
		}
	}
	s.SetSession(server, key)
	return KeyFromSession, ErrNoKeychain
}

// SetSession keeps key for server in memory only, for this session (demo mode uses it).
func (s *Secrets) SetSession(server, key string) {
	s.mu.Lock()
	s.session[server] = key
	s.mu.Unlock()
}

// Delete forgets the key for server, in memory, in its key file and in the keychain. A missing
// entry is not an error.
func (s *Secrets) Delete(server string) error {
	s.mu.Lock()
	delete(s.session, server)
	s.mu.Unlock()
	if dir, _ := s.fileChoice(); dir != "" {
		if err := removeKeyFile(dir, server); err != nil {
			return err
		}
	}
	_, err := s.call(func() (string, error) { return "", keyring.Delete(KeyringService, server) })
	if err == nil || errors.Is(err, keyring.ErrNotFound) {
		return nil
	}
	if errors.Is(err, errKeychainTimeout) {
		return err
	}
	s.setNoChain(true)
	return nil
}

// Available reports whether the keychain answered the last time it was asked. Before any call it
// asks once, for an entry that never exists, so that the first window can already say where a key
// will be kept; it may block up to the keychain timeout (call it off the UI goroutine). A keychain
// that does not answer in time (a locked keyring waiting for its password) counts as available.
func (s *Secrets) Available() bool {
	s.mu.Lock()
	known := s.known
	s.mu.Unlock()
	if !known {
		s.probe()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.noChain
}

// probe asks the keychain for probeUser and records whether it answered.
func (s *Secrets) probe() {
	_, err := s.call(func() (string, error) { return keyring.Get(KeyringService, probeUser) })
	switch {
	case err == nil, errors.Is(err, keyring.ErrNotFound), errors.Is(err, errKeychainTimeout):
		s.setNoChain(false)
	default:
		s.setNoChain(true)
	}
}

func (s *Secrets) setNoChain(v bool) {
	s.mu.Lock()
	s.noChain = v
	s.known = true
	s.mu.Unlock()
}

// KeyPrefix returns the first 12 characters of key, its public prefix, for display only.
func KeyPrefix(key string) string {
	r := []rune(key)
	if len(r) > 12 {
		r = r[:12]
	}
	return string(r)
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
