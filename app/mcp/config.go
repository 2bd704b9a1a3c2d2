// Package mcp is Lectern as an MCP client: the servers a person adds (Settings → Tools → MCP
// servers, or the mcpServers JSON they already use in another host) become a second source of
// tools for the model chats' tool loop, beside the built-in ones. A server is started (stdio) or
// reached (streamable HTTP) when its tools are first needed, is restarted once after a crash with
// the reason kept for its card, and every child process ends with Lectern (Manager.Close). Its
// state is said in words: connected with N tools, or what is wrong.
package mcp

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Server is one MCP server as a person configured it: a command to start (stdio) or the address
// of a remote one (streamable HTTP). Env and Headers hold secrets: they are kept in the keychain,
// not with the rest (see Secrets).
type Server struct {
	Name    string            `json:"name"`
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"-"`
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"-"`
}

// Remote reports a server reached over streamable HTTP rather than started.
func (s Server) Remote() bool { return s.URL != "" }

// serverNamePattern is what a server's name may be: it is part of the names of its tools, which
// the model endpoints take as [A-Za-z0-9_-]{1,64}.
var serverNamePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,24}$`)

// hostEntry is one server of a host's mcpServers: the fields hosts write, in their spellings.
type hostEntry struct {
	Type      string            `json:"type"`
	Transport string            `json:"transport"`
	Command   string            `json:"command"`
	Args      []string          `json:"args"`
	Env       map[string]string `json:"env"`
	URL       string            `json:"url"`
	ServerURL string            `json:"serverUrl"`
	HTTPURL   string            `json:"httpUrl"`
	Headers   map[string]string `json:"headers"`
	Disabled  bool              `json:"disabled"`
}

// ParseServers reads the mcpServers JSON that hosts use: {"mcpServers": {NAME: {...}}}, VS Code's
// {"servers": {...}}, or the bare map of servers. A server is stdio (command, args, env) or remote
// (url, or serverUrl or httpUrl, and headers); a remote one must be streamable HTTP, whatever
// spelling its type uses (http, streamableHttp, streamable-http, streamable_http). Servers come
// back sorted by name; disabled ones are left out.
func ParseServers(data []byte) ([]Server, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("this is not JSON that Lectern can read (%v): paste the \"mcpServers\" part of the host's configuration", err)
	}
	body := data
	for _, key := range []string{"mcpServers", "servers", "mcp_servers"} {
		if raw, ok := top[key]; ok {
			body = raw
			break
		}
	}
	var entries map[string]hostEntry
	if err := json.Unmarshal(body, &entries); err != nil {
		return nil, fmt.Errorf("the servers are not in the form {\"NAME\": {\"command\": ...}}: %v", err)
	}
	var out []Server
	for name, e := range entries {
		if e.Disabled {
			continue
		}
		s, err := e.server(name)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no server found: the JSON should name at least one, as {\"mcpServers\": {\"NAME\": {\"command\": \"npx\", \"args\": [...]}}}")
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// server checks e and returns it as the server called name.
func (e hostEntry) server(name string) (Server, error) {
	s := Server{Name: name, Command: strings.TrimSpace(e.Command), Args: e.Args, Env: e.Env,
		URL: strings.TrimSpace(firstOf(e.URL, e.ServerURL, e.HTTPURL)), Headers: e.Headers}
	kind := strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(firstOf(e.Type, e.Transport)))
	switch {
	case kind == "sse":
		return s, fmt.Errorf("%s uses the old SSE transport, which Lectern does not speak: give it the server's streamable HTTP address", name)
	case kind != "" && kind != "stdio" && kind != "http" && kind != "streamablehttp":
		return s, fmt.Errorf("%s has the type %q, which Lectern does not know: use stdio (a command) or streamable HTTP (a url)", name, e.Type+e.Transport)
	}
	return s, s.Check()
}

// Check says what is wrong with s, in words; nil when it can be used.
func (s Server) Check() error {
	switch {
	case !serverNamePattern.MatchString(s.Name):
		return fmt.Errorf("the name %q cannot be used: up to 24 letters, digits, - or _ (it is part of the names of its tools)", s.Name)
	case s.Command == "" && s.URL == "":
		return fmt.Errorf("%s has neither a command to start nor a url to reach", s.Name)
	case s.Command != "" && s.URL != "":
		return fmt.Errorf("%s has both a command and a url: keep one", s.Name)
	case s.URL != "" && !strings.HasPrefix(s.URL, "http://") && !strings.HasPrefix(s.URL, "https://"):
		return fmt.Errorf("%s: the url must start with http:// or https://", s.Name)
	}
	return nil
}

// firstOf returns the first of vs that is not empty.
func firstOf(vs ...string) string {
	if i := slices.IndexFunc(vs, func(v string) bool { return v != "" }); i >= 0 {
		return vs[i]
	}
	return ""
}
