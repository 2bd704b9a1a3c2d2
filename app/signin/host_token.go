package signin

import (
	"errors"

	"lectern/app/secrets"
)

// hostTokenEntry is the keychain entry (and key file name) of the MCP server's bearer token; a
// server's key is kept under its address, which never looks like this.
const hostTokenEntry = "lectern-mcp-http-token"

// HostToken returns the bearer token of `lectern mcp --http` and where it is kept: the one kept
// before, else (or with renew) one made by newToken and kept as an API key is (the keychain, else
// the key file when chosen, else memory for this process only, with a nil error).
func (s *Session) HostToken(renew bool, newToken func() string) (string, secrets.KeySource, error) {
	if !renew {
		tok, src, err := s.secrets.Stored(hostTokenEntry)
		if err != nil || tok != "" {
			return tok, src, err
		}
	}
	tok := newToken()
	src, err := s.secrets.Set(hostTokenEntry, tok)
	if errors.Is(err, secrets.ErrNoKeychain) {
		err = nil // kept in memory: a new token each run, which the person is shown
	}
	return tok, src, err
}
