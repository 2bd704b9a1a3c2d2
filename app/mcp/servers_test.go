package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"lectern/app/secrets"
	"lectern/app/settings"
)

// Servers pasted as JSON are kept in settings.json without their env and headers, which go to the
// keychain; they come back whole, and removing one forgets its secrets.
func TestServersKeepSecretsInTheKeychain(t *testing.T) {
	keyring.MockInit()
	home := t.TempDir()
	st, err := settings.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	sec := secrets.NewSecrets(0)
	s := NewServers(st, sec)
	defer s.Close()
	added, err := s.Add([]byte(`{"mcpServers": {
		"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"], "env": {"GITHUB_TOKEN": "ghp_SECRET1"}},
		"remote": {"type": "streamable-http", "url": "https://mcp.example/mcp", "headers": {"Authorization": "Bearer SECRET2"}}}}`))
	if err != nil || len(added) != 2 {
		t.Fatalf("%v %v", added, err)
	}
	data, _ := os.ReadFile(filepath.Join(home, settings.File))
	if strings.Contains(string(data), "SECRET") || !strings.Contains(string(data), "server-github") {
		t.Errorf("settings.json: %s", data)
	}
	again := NewServers(st, sec) // as after a restart
	defer again.Close()
	list, err := again.List()
	if err != nil || len(list) != 2 || list[0].Env["GITHUB_TOKEN"] != "ghp_SECRET1" || list[1].Headers["Authorization"] != "Bearer SECRET2" {
		t.Fatalf("after a restart: %+v %v", list, err)
	}
	if st := again.States(); len(st) != 2 || st[0].Status != StatusIdle || st[0].Words() != "starts when a chat first uses its tools" {
		t.Errorf("states: %+v", st)
	}
	if err := again.Remove("github"); err != nil {
		t.Fatal(err)
	}
	if v, _, _ := sec.Stored(secretEntry("github")); v != "" {
		t.Errorf("the removed server's secrets are kept: %q", v)
	}
	if list, _ := again.List(); len(list) != 1 || list[0].Name != "remote" {
		t.Errorf("after Remove: %+v", list)
	}
	if err := again.AddServer(Server{Name: "bad name", Command: "x"}); err == nil {
		t.Error("a server with a space in its name was added")
	}
}
