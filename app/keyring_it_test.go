package app

import (
	"context"
	"os"
	"testing"
	"time"

	"lectern/app/secrets"

	"github.com/zalando/go-keyring"
)

// TestKeyringRealSecretService stores, reads and deletes a key in a real Secret Service. It runs
// only with LECTERN_KEYRING_IT=1, inside a D-Bus session with an unlocked keyring: see
// scripts/keyring-it.sh.
func TestKeyringRealSecretService(t *testing.T) {
	if os.Getenv("LECTERN_KEYRING_IT") != "1" {
		t.Skip("set LECTERN_KEYRING_IT=1 (scripts/keyring-it.sh) to use a real Secret Service")
	}
	const server = "https://keyring-it.example.com"
	const key = "lk_KEYRING_IT_5c4b3a29180716f5e4d3"
	home := t.TempDir()
	a, err := Open(context.Background(), Options{Home: home, KeychainTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.SignIn().Connect(context.Background(), server, key); err != nil {
		t.Fatal(err)
	}
	if !a.SignIn().KeychainAvailable() {
		t.Fatal("the Secret Service was not used")
	}
	if got, err := keyring.Get("lectern", server); err != nil || got != key {
		t.Fatalf("keyring entry = %q, %v", got, err)
	}
	a.Close()
	assertNoKeyInHome(t, home, key)
	b, err := Open(context.Background(), Options{Home: home, KeychainTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got, src, err := b.SignIn().APIKey(server); got != key || src != secrets.KeyFromKeychain || err != nil {
		t.Fatalf("after restart: %q from %v, %v", got, src, err)
	}
	if err := b.SignIn().SignOut(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := keyring.Get("lectern", server); err != keyring.ErrNotFound {
		t.Fatalf("after SignOut the entry is still there: %v", err)
	}
}
