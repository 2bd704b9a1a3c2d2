// Package emulator is an in-process implementation of the Workspace Question-Answering Service,
// faithful to ../shared/spec/workspace-api.md and model-api.md: tests of every layer and the app's
// demo mode run against it. It is started like an httptest.Server (Start) or served on a real
// address (ListenAndServe).
//
// The service is organised by API family, each a package with a Register(*http.ServeMux) method
// that adds its routes to the one address:
//
//	workspaceapi/     the workspace endpoints (/workspace, /workspace/documents)
//	modelapi/         the model endpoints (/v1/models, /v1/responses, /v1/chat/completions)
//	toolsapi/         the auxiliary tools (/pdf, /ocr, /websearch, ...): see toolsapi/doc.go
//	internal/serve/   what they share: keys, request ids, faults, limits, errors, event streams
//	engine/           the answer engine of the workspace endpoints
//	smallmodel/       the small deterministic model behind /v1
//
// Emulator composes them over one serve.Core, so a key, a fault or a limit applies to all.
package emulator

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"time"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/modelapi"
	"lectern/client/emulator/toolsapi"
	"lectern/client/emulator/workspaceapi"
)

// Emulator is an in-process service: every API family on one address. It is an http.Handler;
// Start and ListenAndServe also serve it. All methods are safe for concurrent use. The workspace
// family's methods (AddWorkspace, AddDocument, Restart, RevokeAccess, ...) are promoted from
// *workspaceapi.Service.
type Emulator struct {
	*workspaceapi.Service
	// Tools is the auxiliary tool family (/pdf, /ocr, /websearch, /generate, /chat): its settings
	// for tests and the demo (BlockInternet, CancelOCR, SetWorkspaces, Chats).
	Tools *toolsapi.Service

	core *serve.Core
	mux  *http.ServeMux

	mu        sync.Mutex
	srv       *httptest.Server
	hsrv      *http.Server
	url       string
	stop      chan struct{} // closed by Close: ends ListenAndServe
	closeOnce sync.Once
}

// New returns an Emulator with no keys and no workspaces.
func New(cfg Config) *Emulator {
	core := serve.NewCore(cfg.shared())
	e := &Emulator{core: core, mux: http.NewServeMux()}
	e.Tools = toolsapi.New(cfg.tools(), core)
	e.Tools.Register(e.mux)
	e.Service = workspaceapi.New(cfg.workspace(), core)
	e.Service.Register(e.mux)
	modelapi.New(cfg.models(), core).Register(e.mux)
	return e
}

// ServeHTTP implements http.Handler: each family answers its own routes.
func (e *Emulator) ServeHTTP(w http.ResponseWriter, r *http.Request) { e.mux.ServeHTTP(w, r) }

// AddKey registers an API key (replacing one with the same Secret) for every family.
func (e *Emulator) AddKey(k Key) { e.core.AddKey(k) }

// RevokeKey revokes an API key on every family (401 from then on).
func (e *Emulator) RevokeKey(secret string) { e.core.RevokeKey(secret) }

// SetFaults replaces the injected faults of every family.
func (e *Emulator) SetFaults(f Faults) { e.core.SetFaults(f) }

// Requests returns how many requests reached a route (RouteList, RouteResponses, ...), or all
// requests for "", counted before faults and authentication.
func (e *Emulator) Requests(route string) int { return e.core.Requests(route) }

// Start returns a new Emulator served by an httptest.Server on a loopback address; see URL and Close.
func Start(cfg Config) *Emulator {
	return New(cfg).Serve()
}

// Serve starts serving e on an httptest.Server (as Start does) and returns e, for an Emulator
// built with New or NewDemo.
func (e *Emulator) Serve() *Emulator {
	srv := httptest.NewServer(e)
	e.mu.Lock()
	e.srv, e.url = srv, srv.URL
	e.mu.Unlock()
	return e
}

// ListenAndServe serves e on addr (for example "127.0.0.1:8765" or ":0") until ctx is done, then
// shuts the server down. It returns the base URL once the address listens.
func (e *Emulator) ListenAndServe(ctx context.Context, addr string) (string, error) {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return "", fmt.Errorf("emulator: listen on %s: %w", addr, err)
	}
	hs := &http.Server{Handler: e, ReadHeaderTimeout: 30 * time.Second}
	e.mu.Lock()
	e.hsrv = hs
	e.url = "http://" + dialable(ln.Addr())
	e.mu.Unlock()
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			_ = ln.Close()
		}
	}()
	stop := e.stopCh()
	go func() {
		select {
		case <-ctx.Done():
		case <-stop:
		}
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
		_ = hs.Close() // streams still running after the grace period are cut
	}()
	return e.URL(), nil
}

// dialable returns addr as host:port that a local client can dial: an unspecified host (":8080",
// "0.0.0.0") becomes 127.0.0.1.
func dialable(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return addr.String()
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port))
}

// URL returns the base URL the emulator is served on ("" when it is not served).
func (e *Emulator) URL() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.url
}

// stopCh returns the channel that Close closes.
func (e *Emulator) stopCh() chan struct{} {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.stop == nil {
		e.stop = make(chan struct{})
	}
	return e.stop
}

// Close stops the server started by Start, Serve or ListenAndServe. It may be called again.
func (e *Emulator) Close() {
	e.mu.Lock()
	srv, hs := e.srv, e.hsrv
	e.srv, e.hsrv = nil, nil
	e.mu.Unlock()
	e.closeOnce.Do(func() { close(e.stopCh()) })
	if srv != nil {
		srv.CloseClientConnections()
		srv.Close()
	}
	if hs != nil {
		_ = hs.Close()
	}
}
