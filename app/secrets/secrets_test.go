package secrets

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

func TestSecretsKeychainEnvAndSession(t *testing.T) {
	keyring.MockInit()
	s := NewSecrets(time.Second)
	const server = "https://qa.example.com"
	if k, src, err := s.Get(server); k != "" || src != KeyNone || err != nil {
		t.Fatalf("Get on empty keychain = %q, %v, %v", k, src, err)
	}
	if src, err := s.Set(server, "secret-1"); src != KeyFromKeychain || err != nil {
		t.Fatalf("Set = %v, %v", src, err)
	}
	if k, src, _ := s.Get(server); k != "secret-1" || src != KeyFromKeychain {
		t.Fatalf("Get = %q, %v", k, src)
	}
	if k, _ := keyring.Get("lectern", server); k != "secret-1" {
		t.Fatalf("keychain entry (service lectern, user = server) = %q", k)
	}
	t.Setenv("LECTERN_API_KEY", "from-env")
	if k, src, _ := s.Get(server); k != "from-env" || src != KeyFromEnv {
		t.Fatalf("with LECTERN_API_KEY: Get = %q, %v", k, src)
	}
	os.Unsetenv("LECTERN_API_KEY")
	if err := s.Delete(server); err != nil {
		t.Fatal(err)
	}
	if k, _, _ := s.Get(server); k != "" {
		t.Fatal("key still there after Delete")
	}
	if err := s.Delete(server); err != nil {
		t.Fatalf("deleting a missing key: %v", err)
	}
	if !s.Available() {
		t.Fatal("a working keychain reported unavailable")
	}
}

func TestKeychainCallsTimeOut(t *testing.T) {
	s := NewSecrets(50 * time.Millisecond)
	release := make(chan struct{})
	defer close(release)
	start := time.Now()
	_, err := s.call(func() (string, error) { <-release; return "", nil })
	if !errors.Is(err, errKeychainTimeout) || time.Since(start) > 2*time.Second {
		t.Fatalf("call = %v after %v; want a timeout after 50 ms", err, time.Since(start))
	}
	if !strings.Contains(err.Error(), "locked") {
		t.Errorf("timeout message %q does not say what to do", err)
	}
}

func TestKeyPrefix(t *testing.T) {
	if got := KeyPrefix("abcdefghijklmnopqrstuvwxyz"); got != "abcdefghijkl" {
		t.Fatalf("KeyPrefix = %q", got)
	}
	if got := KeyPrefix("short"); got != "short" {
		t.Fatalf("KeyPrefix = %q", got)
	}
}

// TestKeychainAvailableBeforeAnyKeyIsStored: the first-run window says where a key will be kept
// before the user has entered one, so Available must find out on its own that there is no keychain.
func TestKeychainAvailableBeforeAnyKeyIsStored(t *testing.T) {
	keyring.MockInitWithError(errors.New("org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided"))
	defer keyring.MockInit()
	if NewSecrets(time.Second).Available() {
		t.Fatal("with no Secret Service, Available = true before any call")
	}
	keyring.MockInit()
	if !NewSecrets(time.Second).Available() {
		t.Fatal("with a working keychain, Available = false")
	}
}
