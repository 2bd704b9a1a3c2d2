package secrets

import (
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
const KeyFilePrefix = "api-key-"

// KeyFileNote is the one sentence that explains the choice of a key file.
const KeyFileNote = "Less safe than a keychain: anyone who can read your files can use it."

// keyFileContent is what a key file holds: the server it belongs to, and its key.
type keyFileContent struct {
	Server string `json:"server"`
	Key    string `json:"key"`
}

// keyFilePath returns the key file of server in dir.
func KeyFilePath(dir, server string) string {
	sum := sha256.Sum256([]byte(server))
	return filepath.Join(dir, KeyFilePrefix+hex.EncodeToString(sum[:8]))
}

// readKeyFile returns the key kept in dir for server, "" when there is none. A file that is not
// one of Lectern's key files, or is another server's, counts as none.
func readKeyFile(dir, server string) string {
	data, err := os.ReadFile(KeyFilePath(dir, server))
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
	if err := atomicfile.WriteFile(KeyFilePath(dir, server), append(data, '\n'), 0o600); err != nil {
		// The path holds no key; the error of os.CreateTemp and friends names only the folder.
		return fmt.Errorf("cannot save the key file in %s: %w", dir, err)
	}
	return nil
}

// removeKeyFile removes the key file of server in dir; a missing one is not an error.
func removeKeyFile(dir, server string) error {
	err := os.Remove(KeyFilePath(dir, server))
	if err == nil || errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return fmt.Errorf("cannot remove the key file %s: %w", KeyFilePath(dir, server), err)
}

// removeKeyFiles removes every key file in dir.
func RemoveKeyFiles(dir string) error {
	names, _ := filepath.Glob(filepath.Join(dir, KeyFilePrefix+"*"))
	var first error
	for _, n := range names {
		if err := os.Remove(n); err != nil && !errors.Is(err, os.ErrNotExist) && first == nil {
			first = fmt.Errorf("cannot remove the key file %s: %w", n, err)
		}
	}
	return first
}
