package mcpserver

import (
	"encoding/json"
)

// HostConfig is what a person pastes into one host's configuration to use Lectern's workspaces
// there, and where that host keeps it on this system.
type HostConfig struct {
	Host string // Claude Desktop, VS Code, Cursor
	Path string // the host's configuration file on this system, or where to find it
	Note string // what else to know ("" when nothing)
	JSON string // the lines to paste
}

// HostConfigs returns the configuration of each host Lectern knows, for the system goos, with
// exe (Lectern's own program, its full path) as the command: a host started from the desktop
// may not see the PATH of the person's shell.
func HostConfigs(goos, exe string) []HostConfig {
	server := stdioServer{Command: exe, Args: []string{"mcp"}}
	vscode := stdioServer{Type: "stdio", Command: exe, Args: []string{"mcp"}}
	return []HostConfig{
		{Host: "Claude Desktop", Path: byOS(goos, "~/Library/Application Support/Claude/claude_desktop_config.json",
			`%APPDATA%\Claude\claude_desktop_config.json`, "~/.config/Claude/claude_desktop_config.json"),
			Note: "Claude Desktop: Settings > Developer > Edit Config opens this file. Restart Claude Desktop after saving.",
			JSON: indent(map[string]any{"mcpServers": map[string]any{"lectern": server}})},
		{Host: "VS Code", Path: byOS(goos, "~/Library/Application Support/Code/User/mcp.json",
			`%APPDATA%\Code\User\mcp.json`, "~/.config/Code/User/mcp.json"),
			Note: "VS Code: the command MCP: Open User Configuration opens this file; .vscode/mcp.json in a folder works too. Its key is \"servers\".",
			JSON: indent(map[string]any{"servers": map[string]any{"lectern": vscode}})},
		{Host: "Cursor", Path: byOS(goos, "~/.cursor/mcp.json", `%USERPROFILE%\.cursor\mcp.json`, "~/.cursor/mcp.json"),
			Note: "Cursor: Settings > MCP > Add new global MCP server opens this file.",
			JSON: indent(map[string]any{"mcpServers": map[string]any{"lectern": server}})},
	}
}

// stdioServer is one server of a host's configuration, its fields in the order people write them.
type stdioServer struct {
	Type    string   `json:"type,omitempty"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
}

// byOS picks the path of the system goos.
func byOS(goos, darwin, windows, other string) string {
	switch goos {
	case "darwin":
		return darwin
	case "windows":
		return windows
	}
	return other
}

// indent is v as indented JSON, as a person reads and pastes it.
func indent(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}
