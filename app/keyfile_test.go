package app

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/secrets"
	"lectern/app/settings"
	"lectern/app/signin"

	"github.com/zalando/go-keyring"
)

// noKeychain makes go-keyring fail as it does on Linux without a Secret Service, until the test ends.
func noKeychain(t *testing.T) {
	t.Helper()
	keyring.MockInitWithError(errors.New("org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided"))
	t.Cleanup(keyring.MockInit)
}

// keyFiles lists the key files in home.
func keyFiles(t *testing.T, home string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(home, secrets.KeyFilePrefix+"*"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestMissingKeyIsItsOwnState: without a keychain the key is gone after a restart; a refresh then
// says the key is needed (not offline), a refused key is not kept, and the right one brings the
// same server back online with its cache.
func TestMissingKeyIsItsOwnState(t *testing.T) {
	noKeychain(t)
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	f.app.Close()
	b := f.open()
	if err := b.Workspaces().Refresh(ctx); !connection.IsKeyNeeded(err) {
		t.Fatalf("refresh without a key = %v", err)
	}
	if c := b.SignIn().Connection(); c.State != connection.ConnKeyNeeded || c.State.String() != "key needed" {
		t.Fatalf("state without a key = %v", c.State)
	}
	if ids := workspaceIDs(t, b); len(ids) != 2 {
		t.Fatalf("cache while the key is needed: %v", ids)
	}
	if err := b.SignIn().EnterKey(ctx, "lk_wrong_key_000000000000"); err == nil {
		t.Fatal("a refused key was accepted")
	}
	if k, _, _ := b.SignIn().APIKey(f.emu.URL()); k != "" {
		t.Fatal("a refused key was kept")
	}
	if err := b.SignIn().EnterKey(ctx, testKey); err != nil {
		t.Fatal(err)
	}
	if err := b.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if c := b.SignIn().Connection(); c.State != connection.ConnOnline || b.SignIn().Server() != f.emu.URL() {
		t.Fatalf("after the key: %v on %q", c.State, b.SignIn().Server())
	}
}

// TestRefusedKeyIsKeyNeeded: a key the server refuses is the key-needed state too.
func TestRefusedKeyIsKeyNeeded(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if err := f.app.SignIn().Connect(ctx, f.emu.URL(), "lk_revoked_key_0000000000"); err != nil {
		t.Fatal(err)
	}
	if err := f.app.Workspaces().Refresh(ctx); err == nil {
		t.Fatal("refresh with a refused key succeeded")
	}
	if c := f.app.SignIn().Connection(); c.State != connection.ConnKeyNeeded {
		t.Fatalf("state with a refused key = %v", c.State)
	}
}

// TestKeyFileOptIn: where no keychain exists and the user chose it, the key is kept in a file of
// its own, mode 0600, never in settings.json; it survives a restart and sign-out removes it.
func TestKeyFileOptIn(t *testing.T) {
	noKeychain(t)
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if n := keyFiles(t, f.home); len(n) != 0 {
		t.Fatalf("key files before the choice: %v", n)
	}
	if err := f.app.SignIn().SetKeyFile(ctx, true); err != nil {
		t.Fatal(err)
	}
	files := keyFiles(t, f.home)
	if len(files) != 1 || files[0] != f.app.SignIn().KeyFile(f.emu.URL()) {
		t.Fatalf("key files %v, want %s", files, f.app.SignIn().KeyFile(f.emu.URL()))
	}
	fi, err := os.Stat(files[0])
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v (%v)", fi.Mode().Perm(), err)
	}
	if data, _ := os.ReadFile(files[0]); !strings.Contains(string(data), testKey) {
		t.Fatal("the key file does not hold the key")
	}
	if data, _ := os.ReadFile(filepath.Join(f.home, settings.File)); strings.Contains(string(data), testKey) ||
		!strings.Contains(string(data), `"key_file": true`) {
		t.Fatalf("settings.json: %s", data)
	}
	f.app.Close()
	b := f.open()
	if k, src, err := b.SignIn().APIKey(f.emu.URL()); k != testKey || src != secrets.KeyFromFile || err != nil {
		t.Fatalf("after a restart: %q, %v, %v", secrets.KeyPrefix(k), src, err)
	}
	if err := b.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if err := b.SignIn().SignOut(ctx); err != nil {
		t.Fatal(err)
	}
	if n := keyFiles(t, f.home); len(n) != 0 {
		t.Fatalf("key files after sign-out: %v", n)
	}
	assertNoKeyInHome(t, f.home, testKey)
}

// TestKeyFileOffRemovesIt: turning the choice off removes every key file; the key stays for the
// session.
func TestKeyFileOffRemovesIt(t *testing.T) {
	noKeychain(t)
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if err := f.app.SignIn().SetKeyFile(ctx, true); err != nil {
		t.Fatal(err)
	}
	if err := f.app.SignIn().SetKeyFile(ctx, false); err != nil {
		t.Fatal(err)
	}
	if n := keyFiles(t, f.home); len(n) != 0 {
		t.Fatalf("key files after turning it off: %v", n)
	}
	if k, src, _ := f.app.SignIn().APIKey(f.emu.URL()); k != testKey || src != secrets.KeyFromSession {
		t.Fatalf("after turning it off: %v", src)
	}
	assertNoKeyInHome(t, f.home, testKey)
}

// TestKeyFileUnusedWithKeychain: with a keychain the choice changes nothing: the key never
// touches the disk.
func TestKeyFileUnusedWithKeychain(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if err := f.app.SignIn().SetKeyFile(ctx, true); err != nil {
		t.Fatal(err)
	}
	if err := f.app.SignIn().Connect(ctx, f.emu.URL(), testKey); err != nil {
		t.Fatal(err)
	}
	if _, src, _ := f.app.SignIn().APIKey(f.emu.URL()); src != secrets.KeyFromKeychain {
		t.Fatalf("key from %v", src)
	}
	if n := keyFiles(t, f.home); len(n) != 0 {
		t.Fatalf("key files with a keychain: %v", n)
	}
	assertNoKeyInHome(t, f.home, testKey)
}

// TestEnterKeyRefusedInDemo: the demo's key is its own.
func TestEnterKeyRefusedInDemo(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if err := f.app.SignIn().StartDemo(ctx); err != nil {
		t.Fatal(err)
	}
	if err := f.app.SignIn().EnterKey(ctx, testKey); !errors.Is(err, signin.ErrDemoKey) {
		t.Fatalf("EnterKey in demo mode = %v", err)
	}
}

// TestKeyFileMovesToALaterKeychain: a keychain that appears after the key file was chosen takes
// the key, and the file goes.
func TestKeyFileMovesToALaterKeychain(t *testing.T) {
	noKeychain(t)
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if err := f.app.SignIn().SetKeyFile(ctx, true); err != nil {
		t.Fatal(err)
	}
	f.app.Close()
	keyring.MockInit()
	b := f.open()
	if !b.SignIn().KeychainAvailable() {
		t.Fatal("the keychain is not seen")
	}
	if k, src, _ := b.SignIn().APIKey(f.emu.URL()); k != testKey || src != secrets.KeyFromKeychain {
		t.Fatalf("key from %v", src)
	}
	if n := keyFiles(t, f.home); len(n) != 0 {
		t.Fatalf("key files once a keychain exists: %v", n)
	}
	assertNoKeyInHome(t, f.home, testKey)
}

func TestNoKeychainKeepsKeyForSessionOnly(t *testing.T) {
	keyring.MockInitWithError(errors.New("org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided"))
	defer keyring.MockInit()
	home := t.TempDir()
	a, err := Open(context.Background(), Options{Home: home, KeychainTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ev := record(t, a)
	const key = "no-keychain-key-123456"
	if err := a.SignIn().Connect(context.Background(), "https://qa.example.com", key); err != nil {
		t.Fatal(err)
	}
	n := ev.waitFor(t, timeoutShort, func(e events.Event) bool { _, ok := e.(events.Notice); return ok }).(events.Notice)
	if !strings.Contains(n.Message, "no system keychain") || !strings.Contains(n.Message, "this session only") {
		t.Fatalf("notice = %q", n.Message)
	}
	if a.SignIn().KeychainAvailable() {
		t.Fatal("KeychainAvailable = true")
	}
	if k, src, err := a.SignIn().APIKey("https://qa.example.com"); k != key || src != secrets.KeyFromSession || err != nil {
		t.Fatalf("APIKey = %q, %v, %v", k, src, err)
	}
	a.Close()
	assertNoKeyInHome(t, home, key)
	b, err := Open(context.Background(), Options{Home: home, KeychainTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if k, src, _ := b.SignIn().APIKey("https://qa.example.com"); k != "" || src != secrets.KeyNone {
		t.Fatalf("the session key survived a restart: %q, %v", k, src)
	}
	if _, _, err := b.conn.Current(); err == nil || !strings.Contains(err.Error(), "no API key") {
		t.Fatalf("Client without key = %v", err)
	}
}
