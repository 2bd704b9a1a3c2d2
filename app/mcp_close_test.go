package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/zalando/go-keyring"

	"lectern/app/mcp"
	"lectern/internal/procs"
)

// Every MCP server Lectern started ends with it: App.Close leaves no child process (issue 30).
func TestCloseEndsTheMCPServers(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("..", "testdata", "mcp"))
	if _, err := exec.LookPath("node"); err != nil || testing.Short() {
		t.Skip("needs node (make test-deps)")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules")); err != nil {
		t.Skip("the npm test peers are not installed: make test-deps")
	}
	keyring.MockInit()
	a := openHome(t, t.TempDir())
	crashing := mcp.Server{Name: "crashing", Command: "node", Args: []string{filepath.Join(dir, "crashing.mjs")}}
	if err := a.Models().MCPServers().AddServer(crashing); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Models().MCPServers().Tools(t.Context(), "crashing"); err != nil {
		t.Fatal(err)
	}
	if n := procs.Children(); n != 1 {
		t.Fatalf("%d children while one server runs", n)
	}
	_ = a.Close()
	if n := procs.Children(); n != 0 {
		t.Errorf("%d children left after Close", n)
	}
}
