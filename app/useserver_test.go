package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/zalando/go-keyring"

	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/secrets"
	"lectern/app/settings"
	"lectern/client"
	"lectern/client/emulator"
)

// otherKey is the key of the second server in the UseServer tests; it is recognisable too.
const otherKey = "lk_OTHERKEY_0a1b2c3d4e5f60718293a4b5c6d7e8f9"

// startOther starts a second emulator whose user bob has a workspace with one document.
func startOther(t *testing.T) (*emulator.Emulator, string) {
	t.Helper()
	other := emulator.Start(fastEmulatorConfig())
	t.Cleanup(other.Close)
	other.AddKey(emulator.Key{Secret: otherKey, Owner: "bob"})
	ws := other.AddWorkspace(emulator.WorkspaceSpec{Name: "Bob's", Owner: "bob"})
	other.AddDocument(ws, "rules.txt", []byte("Meetings start at nine and end by ten."), "ready")
	return other, ws
}

func TestUseServerSavesNeitherSettingsNorKey(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	other, otherWS := startOther(t)
	settingsPath := filepath.Join(f.home, settings.File)
	before, err := os.ReadFile(settingsPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.app.SignIn().UseServer(ctx, other.URL()+"/", otherKey); err != nil {
		t.Fatal(err)
	}
	if f.app.SignIn().Server() != other.URL() {
		t.Fatalf("current server %q, want %q", f.app.SignIn().Server(), other.URL())
	}
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if ids := workspaceIDs(t, f.app); len(ids) != 1 || ids[0] != otherWS {
		t.Fatalf("workspaces of the server in use: %v", ids)
	}
	cs := chatsOf(f.app)
	conv, _ := cs.New(ctx, otherWS, "", "")
	if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "When do meetings start?"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}

	after, err := os.ReadFile(settingsPath)
	if err != nil || !bytes.Equal(before, after) {
		t.Fatalf("settings.json changed (%v):\n%s\nwas\n%s", err, after, before)
	}
	if s := f.app.Settings(); s.Server != f.emu.URL() {
		t.Fatalf("saved server %q, want the connected one %q", s.Server, f.emu.URL())
	}
	if k, err := keyring.Get(secrets.KeyringService, other.URL()); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("the keychain holds %q (%v) for the server in use", k, err)
	}
	if k, _ := keyring.Get(secrets.KeyringService, f.emu.URL()); k != testKey {
		t.Fatal("the saved server's key was changed")
	}

	// The next process starts on the saved server; the other server's conversation is kept
	// under its address, and its key was not kept.
	f.app.Close()
	b := f.open()
	if b.SignIn().Server() != f.emu.URL() {
		t.Fatalf("reopened on %q", b.SignIn().Server())
	}
	if all, _ := b.Conversations().List(ctx, ""); len(all) != 0 {
		t.Fatalf("the saved server shows the other server's conversations: %+v", all)
	}
	if err := b.SignIn().UseServer(ctx, other.URL(), ""); err != nil {
		t.Fatal(err)
	}
	if all, _ := b.Conversations().List(ctx, ""); len(all) != 1 || all[0].ID != conv.ID {
		t.Fatalf("the other server's conversations: %+v", all)
	}
	if _, _, err := b.conn.Current(); err == nil {
		t.Fatal("a client without a key: the key given to UseServer was kept")
	}
}

func TestUseServerRefusesABadAddress(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	for _, addr := range []string{"http://example.com", "ftp://example.com", ""} {
		if err := f.app.SignIn().UseServer(ctxT(t), addr, otherKey); err == nil {
			t.Errorf("UseServer(%q) accepted", addr)
		}
	}
	if f.app.SignIn().Server() != f.emu.URL() {
		t.Fatalf("a refused address changed the server to %q", f.app.SignIn().Server())
	}
}

// Every server this computer knows is listed, its key can be changed while another is in use (a
// refused key is not kept), and switching back uses the key stored for it.
func TestKnownServersKeepTheirKeys(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	other, _ := startOther(t)
	if err := f.app.SignIn().Connect(ctx, other.URL(), otherKey); err != nil {
		t.Fatal(err)
	}
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	list, err := f.app.SignIn().KnownServers(ctx)
	if err != nil || len(list) != 2 || list[0].Address != other.URL() || !list[0].Current ||
		list[1].Address != f.emu.URL() || list[1].Current || list[1].LastSynced.IsZero() {
		t.Fatalf("known servers %+v (%v)", list, err)
	}

	if err := f.app.SignIn().SetServerKey(ctx, f.emu.URL(), otherKey); !connection.IsKeyNeeded(err) && !errors.As(err, new(*client.APIError)) {
		t.Fatalf("a key the first server refuses: %v", err)
	}
	if key, _, _ := f.app.SignIn().APIKey(f.emu.URL()); key != testKey {
		t.Fatalf("the refused key replaced the stored one: %q", secrets.KeyPrefix(key))
	}
	if err := keyring.Delete(secrets.KeyringService, f.emu.URL()); err != nil {
		t.Fatal(err)
	}
	if err := f.app.SignIn().SetServerKey(ctx, f.emu.URL(), " "+testKey+" "); err != nil {
		t.Fatal(err)
	}
	if f.app.SignIn().Server() != other.URL() {
		t.Fatalf("changing another server's key switched to it: %q", f.app.SignIn().Server())
	}
	if key, src, _ := f.app.SignIn().APIKey(f.emu.URL()); key != testKey || src != secrets.KeyFromKeychain {
		t.Fatalf("stored key %q from %v", secrets.KeyPrefix(key), src)
	}

	if err := f.app.SignIn().SwitchServer(ctx, f.emu.URL()); err != nil {
		t.Fatal(err)
	}
	if f.app.SignIn().Server() != f.emu.URL() || f.app.Settings().Server != f.emu.URL() {
		t.Fatalf("server %q, saved %q", f.app.SignIn().Server(), f.app.Settings().Server)
	}
	if err := f.app.Workspaces().Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	ws, err := f.app.Workspaces().CachedWorkspaces(ctx)
	if err != nil || len(ws) != 2 || ws[0].Name != "Ann's notes" {
		t.Fatalf("workspaces after switching back: %+v (%v)", ws, err)
	}
}
