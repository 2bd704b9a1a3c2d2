package mcpserver

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bearer adds a bearer token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// initialize is a first request of a host, as JSON-RPC over HTTP.
const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",` +
	`"capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}`

// post sends initialize with the given Authorization and Origin headers ("" leaves one out).
func post(t *testing.T, url, auth, origin string) int {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, url+Path, strings.NewReader(initialize))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// Over HTTP the token is required, and a page of another site is refused whatever it sends (the
// MCP spec's Origin check against DNS rebinding); a program sends no Origin and is let through.
func TestHTTPNeedsTheTokenAndALocalOrigin(t *testing.T) {
	f := newFixture(t, fastAnswers(), false)
	token := NewToken()
	srv := httptest.NewServer(Handler(f.server, token))
	defer srv.Close()
	cases := []struct {
		auth, origin string
		want         int
	}{
		{"", "", http.StatusUnauthorized},
		{"Bearer wrong", "", http.StatusUnauthorized},
		{"Bearer " + token + "x", "", http.StatusUnauthorized},
		{"Bearer " + token, "https://evil.example", http.StatusForbidden},
		{"Bearer " + token, "http://127.0.0.1.evil.example:8080", http.StatusForbidden},
		{"Bearer " + token, "null", http.StatusForbidden},
		{"", "https://evil.example", http.StatusForbidden},
		{"Bearer " + token, "http://localhost:5173", http.StatusOK},
		{"Bearer " + token, "", http.StatusOK},
	}
	for _, c := range cases {
		if got := post(t, srv.URL, c.auth, c.origin); got != c.want {
			t.Errorf("Authorization %q, Origin %q: %d, want %d", c.auth, c.origin, got, c.want)
		}
	}

	// The Go SDK's client, with the token, lists and asks.
	tr := &mcp.StreamableClientTransport{Endpoint: srv.URL + Path,
		HTTPClient: &http.Client{Transport: bearer{token, http.DefaultTransport}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "go-host", Version: "1"}, nil).Connect(t.Context(), tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res := call(t, cs, ToolAsk, map[string]any{"workspace": f.handbook, "question": "How many days of paid holiday?"})
	if res.IsError || !strings.Contains(text(res), "27") {
		t.Errorf("ask over HTTP: %q", text(res))
	}
}

func TestCheckListen(t *testing.T) {
	for _, c := range []struct {
		addr string
		any  bool
		ok   bool
	}{
		{"127.0.0.1:8765", false, true},
		{"localhost:0", false, true},
		{"[::1]:8765", false, true},
		{"0.0.0.0:8765", false, false},
		{"192.168.1.4:8765", false, false},
		{"0.0.0.0:8765", true, true},
		{"8765", false, false},
	} {
		_, err := CheckListen(c.addr, c.any)
		if (err == nil) != c.ok {
			t.Errorf("CheckListen(%q, %v): %v", c.addr, c.any, err)
		}
	}
}
