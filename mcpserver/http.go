package mcpserver

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Path is where the streamable HTTP endpoint answers.
const Path = "/mcp"

// NewToken returns a new bearer token: 32 random bytes, base64url.
func NewToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return base64.RawURLEncoding.EncodeToString(b)
}

// Handler serves s over streamable HTTP at Path to the clients that send token as their bearer
// token. A request whose Origin header is not a loopback address is refused (403) before its
// token is looked at: a web page the person opens cannot reach the server through DNS
// rebinding. A request without Origin (a host program, not a browser) is let through.
func Handler(s *mcp.Server, token string) http.Handler {
	mcpHandler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	mux := http.NewServeMux()
	mux.Handle(Path, mcpHandler)
	return checkOrigin(requireToken(token, mux))
}

// checkOrigin refuses a request from a browser page that is not on this computer.
func checkOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if o := r.Header.Get("Origin"); o != "" && !loopbackOrigin(o) {
			http.Error(w, "Lectern's MCP server takes requests from this computer only: the Origin "+
				"header names another site.", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// loopbackOrigin reports an Origin of this computer: http(s) on localhost or a loopback address.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return loopbackHost(u.Hostname())
}

// loopbackHost reports localhost or a loopback address.
func loopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// requireToken refuses a request without the bearer token (401), comparing in constant time.
func requireToken(token string, next http.Handler) http.Handler {
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if token == "" || subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="lectern"`)
			http.Error(w, "Lectern's MCP server needs its token: send the header \"Authorization: Bearer "+
				"TOKEN\" with the token \"lectern mcp --http\" printed.", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// CheckListen refuses an address that is not on the loopback unless listenAny: the server is for
// the programs of this computer. It returns the address to listen on.
func CheckListen(addr string, listenAny bool) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("%q is not an address to listen on: give HOST:PORT, such as 127.0.0.1:8765", addr)
	}
	if !listenAny && !loopbackHost(host) {
		return "", fmt.Errorf("%s is not a loopback address: Lectern's MCP server listens on this computer "+
			"only (127.0.0.1); --listen-any lets other computers reach it, with its token", host)
	}
	return net.JoinHostPort(host, port), nil
}

// ServeHTTP serves h on l until ctx ends, then shuts down, giving open calls a moment to end.
func ServeHTTP(ctx context.Context, l net.Listener, h http.Handler) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	_ = srv.Shutdown(shut)
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
