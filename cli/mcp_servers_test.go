package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lectern mcp add / servers / remove keep the MCP servers a chat may use, their env in the
// keychain; chat --mcp NAME offers the server's tools and runs a call with --yes.
func TestChatWithAnMCPServer(t *testing.T) {
	dir := nodePeers(t)
	newFixture(t, fastConfig())
	everything := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
	config := filepath.Join(t.TempDir(), "servers.json")
	data := fmt.Sprintf(`{"mcpServers": {"everything": {"command": "node", "args": [%q, "stdio"], "env": {"EVERYTHING_TOKEN": "tok-SECRET"}}}}`, everything)
	if err := os.WriteFile(config, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "mcp", "add", config).want(t, 0)
	contains(t, "stdout", r.stdout, "Added everything.")
	r = runCLI(t, "mcp", "servers").want(t, 0)
	contains(t, "stdout", r.stdout, "everything", "node "+everything+" stdio", "starts when a chat first uses its tools")
	settings, _ := os.ReadFile(filepath.Join(os.Getenv("LECTERN_HOME"), "settings.json"))
	if strings.Contains(string(settings), "tok-SECRET") || !strings.Contains(string(settings), "everything") {
		t.Errorf("settings.json: %s", settings)
	}

	r = runCLI(t, "chat", "--mcp", "everything", "--yes", "mcp__everything__echo: hello from the command line").want(t, 0)
	contains(t, "stdout", r.stdout, "The function mcp__everything__echo returned: Echo: hello from the command line")
	contains(t, "stderr", r.stderr, "lectern: tool: “Echo Tool” of the MCP server “everything”: “Echo: hello from the command line”")

	r = runCLI(t, "chat", "--mcp", "nosuch", "hi").want(t, 2)
	contains(t, "stderr", r.stderr, `there is no MCP server called "nosuch"`)
	runCLI(t, "mcp", "remove", "everything").want(t, 0)
	r = runCLI(t, "mcp", "servers").want(t, 0)
	contains(t, "stdout", r.stdout, "No MCP servers")
}
