package mcp

import (
	"strings"
	"testing"
)

// The JSON hosts use, in their spellings: Claude Desktop's mcpServers, VS Code's servers, a bare
// map; url, serverUrl or httpUrl; every spelling of streamable HTTP.
func TestParseServersTakesTheHostsSpellings(t *testing.T) {
	data := `{"mcpServers": {
		"everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"], "env": {"TOKEN": "s3cret"}},
		"remote1": {"type": "streamableHttp", "url": "https://mcp.example/mcp", "headers": {"Authorization": "Bearer x"}},
		"remote2": {"type": "streamable-http", "serverUrl": "https://mcp.example/mcp"},
		"remote3": {"transport": "streamable_http", "httpUrl": "http://127.0.0.1:9/mcp"},
		"remote4": {"type": "http", "url": "https://mcp.example/mcp"},
		"off": {"command": "x", "disabled": true}
	}}`
	got, err := ParseServers([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 5 || got[0].Name != "everything" || got[0].Env["TOKEN"] != "s3cret" || got[0].Remote() {
		t.Fatalf("servers: %+v", got)
	}
	for _, s := range got[1:] {
		if !s.Remote() || s.URL == "" {
			t.Errorf("%s is not remote: %+v", s.Name, s)
		}
	}
	if got[1].Headers["Authorization"] != "Bearer x" {
		t.Errorf("headers: %+v", got[1].Headers)
	}
	vs, err := ParseServers([]byte(`{"servers": {"fs": {"type": "stdio", "command": "mcp-fs"}}}`))
	if err != nil || len(vs) != 1 || vs[0].Command != "mcp-fs" {
		t.Errorf("VS Code's form: %+v %v", vs, err)
	}
	bare, err := ParseServers([]byte(`{"fs": {"command": "mcp-fs"}}`))
	if err != nil || len(bare) != 1 {
		t.Errorf("bare map: %+v %v", bare, err)
	}
}

// What cannot be used is said in words that name the server and what to do.
func TestParseServersRefusesInWords(t *testing.T) {
	for data, want := range map[string]string{
		`not json`:                  "not JSON",
		`{"mcpServers": {}}`:        "no server found",
		`{"mcpServers": {"a": {}}}`: "neither a command",
		`{"mcpServers": {"a": {"type": "sse", "url": "http://x"}}}`:     "old SSE transport",
		`{"mcpServers": {"a": {"type": "websocket", "url": "ws://x"}}}`: "does not know",
		`{"mcpServers": {"a b": {"command": "x"}}}`:                     "cannot be used",
		`{"mcpServers": {"a": {"url": "ftp://x"}}}`:                     "http:// or https://",
		`{"mcpServers": {"a": {"command": "x", "url": "http://x"}}}`:    "keep one",
	} {
		_, err := ParseServers([]byte(data))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", data, err, want)
		}
	}
}

// Whatever is pasted, ParseServers answers servers that pass Check, or an error; it never panics.
func FuzzParseServers(f *testing.F) {
	f.Add([]byte(`{"mcpServers": {"a": {"command": "npx", "args": ["-y", "x"], "env": {"K": "v"}}}}`))
	f.Add([]byte(`{"servers": {"b": {"type": "streamable-http", "url": "https://x/mcp", "headers": {"A": "b"}}}}`))
	f.Add([]byte(`{"c": {"serverUrl": "http://127.0.0.1:1/mcp", "disabled": false}}`))
	f.Add([]byte(`[1, 2]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		servers, err := ParseServers(data)
		if err != nil {
			return
		}
		for _, s := range servers {
			if cerr := s.Check(); cerr != nil {
				t.Errorf("%+v passed the parse but not Check: %v", s, cerr)
			}
		}
	})
}
