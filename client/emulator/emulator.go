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
)

// Emulator is an in-process workspace service. It is an http.Handler; Start and ListenAndServe
// also serve it. All methods are safe for concurrent use.
type Emulator struct {
	cfg Config

	mu         sync.Mutex
	keys       map[string]Key
	ws         map[string]*workspace
	seq        int // ids of workspaces, documents, sources and answers
	reqSeq     int // request ids
	epoch      int
	faults     Faults
	wrong      map[string][]time.Time    // wrong-key times per remote address
	revoked    map[[2]string]bool        // (workspace, user) pairs whose access was lost
	daily      map[string]map[string]int // day -> key -> uploads
	ocr        map[string]map[string]int // day -> key -> OCR uploads
	streamed   int                       // streamed answers so far, for Config.ResetEvery
	uploadsOff bool
	requests   map[string]int // requests per route, see Requests

	srv       *httptest.Server
	hsrv      *http.Server
	url       string
	stop      chan struct{} // closed by Close: ends ListenAndServe
	closeOnce sync.Once
}

// New returns an Emulator with no keys and no workspaces.
func New(cfg Config) *Emulator {
	cfg = cfg.normalize()
	return &Emulator{
		cfg:        cfg,
		keys:       map[string]Key{},
		ws:         map[string]*workspace{},
		wrong:      map[string][]time.Time{},
		revoked:    map[[2]string]bool{},
		daily:      map[string]map[string]int{},
		ocr:        map[string]map[string]int{},
		uploadsOff: cfg.UploadsDisabled,
		requests:   map[string]int{},
		epoch:      1,
	}
}

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

// Restart simulates a server restart: every listing cursor stops working (400 invalid_cursor) and
// uploads (documents with a client id) still being read or indexed are lost (their status is then
// 404 document_not_found). A seeded document still being indexed stays.
func (e *Emulator) Restart() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.epoch++
	now := e.cfg.Now()
	for _, w := range e.ws {
		for _, d := range append([]*document(nil), w.docs...) {
			if d.clientID != "" && d.inFlight(now) {
				w.remove(d)
			}
		}
	}
}

// SetUploadsEnabled switches adding documents on or off for the server (off: 404 api_disabled).
func (e *Emulator) SetUploadsEnabled(on bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.uploadsOff = !on
}

// RevokeAccess makes user lose access to a workspace at once (spec §5 rule 3): asking it then gives
// 404 workspace_access_lost and listing no longer shows it.
func (e *Emulator) RevokeAccess(workspaceID, user string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.revoked[[2]string{workspaceID, user}] = true
}

// isRevoked reports whether user lost access to a workspace.
func (e *Emulator) isRevoked(workspaceID, user string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.revoked[[2]string{workspaceID, user}]
}

// nextID returns a new deterministic id with prefix.
func (e *Emulator) nextID(prefix string) string {
	e.seq++
	return fmt.Sprintf("%s%012x", prefix, e.seq)
}

// now returns the configured clock's time.
func (e *Emulator) now() time.Time { return e.cfg.Now() }
