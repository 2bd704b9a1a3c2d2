package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"lectern/internal/atomicfile"
)

// The key file: where no keychain exists, and only when the user chose it (Settings.KeyFile), the
// API key of a server is kept in a file of its own in the data folder, readable only by the user
// (mode 0600), never in settings.json. With a keychain the key never touches the disk: a key stored
// in the keychain removes its file. Signing out removes it.

// keyFilePrefix starts the name of each key file: api-key-<first 16 hex digits of SHA-256(server)>.
const keyFilePrefix = "api-key-"

// KeyFileNote is the one sentence that explains the choice of a key file.
const KeyFileNote = "Less safe than a keychain: anyone who can read your files can use it."

func init() {
	keyRefused[KeyFromFile] = "The server refused the API key saved in the key file for this server: it is missing or wrong. Enter the key again (desktop: Settings; command line: lectern connect), or create a new one in the service's key management page."
}

// keyFileContent is what a key file holds: the server it belongs to, and its key.
type keyFileContent struct {
	Server string `json:"server"`
	Key    string `json:"key"`
}

// keyFilePath returns the key file of server in dir.
func keyFilePath(dir, server string) string {
	sum := sha256.Sum256([]byte(server))
	return filepath.Join(dir, keyFilePrefix+hex.EncodeToString(sum[:8]))
}

// readKeyFile returns the key kept in dir for server, "" when there is none. A file that is not
// one of Lectern's key files, or is another server's, counts as none.
func readKeyFile(dir, server string) string {
	data, err := os.ReadFile(keyFilePath(dir, server))
	if err != nil {
		return ""
	}
	var c keyFileContent
	if json.Unmarshal(data, &c) != nil || c.Server != server {
		return ""
	}
	return c.Key
}

// writeKeyFile keeps key for server in dir, mode 0600, written atomically.
func writeKeyFile(dir, server, key string) error {
	data, err := json.Marshal(keyFileContent{Server: server, Key: key})
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(keyFilePath(dir, server), append(data, '\n'), 0o600); err != nil {
		// The path holds no key; the error of os.CreateTemp and friends names only the folder.
		return fmt.Errorf("cannot save the key file in %s: %w", dir, err)
	}
	return nil
}

// removeKeyFile removes the key file of server in dir; a missing one is not an error.
func removeKeyFile(dir, server string) error {
	err := os.Remove(keyFilePath(dir, server))
	if err == nil || errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return fmt.Errorf("cannot remove the key file %s: %w", keyFilePath(dir, server), err)
}

// removeKeyFiles removes every key file in dir.
func removeKeyFiles(dir string) error {
	names, _ := filepath.Glob(filepath.Join(dir, keyFilePrefix+"*"))
	var first error
	for _, n := range names {
		if err := os.Remove(n); err != nil && !errors.Is(err, os.ErrNotExist) && first == nil {
			first = fmt.Errorf("cannot remove the key file %s: %w", n, err)
		}
	}
	return first
}

// KeyFile returns the path of the file that keeps server's key when the user chose a key file
// (it may not exist).
func (a *App) KeyFile(server string) string {
	if s, err := ValidateServerURL(server); err == nil {
		server = s
	}
	return keyFilePath(a.home, server)
}

// SetKeyFile turns the key file on or off and saves the choice. On, it is used only where no
// keychain exists: the current server's key kept for this session is written to its file at once.
// Off, every key file is removed; the current key stays in memory for this session.
func (a *App) SetKeyFile(ctx context.Context, on bool) error {
	if err := a.UpdateSettings(func(s *Settings) { s.KeyFile = on }); err != nil {
		return err
	}
	server := a.conn.serverAddr()
	if !on {
		if key, src, _ := a.secrets.Get(server); server != "" && src == KeyFromFile {
			a.secrets.SetSession(server, key)
		}
		a.secrets.useFile(a.home, false)
		return removeKeyFiles(a.home)
	}
	a.secrets.useFile(a.home, true)
	if server == "" || a.DemoMode() {
		return nil
	}
	key, src, err := a.secrets.Get(server)
	if err != nil || src != KeyFromSession || key == "" {
		return err
	}
	if a.secrets.Available() {
		return nil
	}
	_, err = a.secrets.Set(server, key)
	if errors.Is(err, ErrNoKeychain) {
		err = nil
	}
	return err
}
