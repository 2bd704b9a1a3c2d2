package workspaceapi

import (
	"fmt"
	"sync"
	"time"

	"lectern/client/emulator/internal/serve"
)

// Service is the workspace endpoints' state: workspaces, documents, uploads and answers. It is an
// http.Handler for the routes of Register. All methods are safe for concurrent use.
type Service struct {
	cfg  Config
	core *serve.Core // keys, request ids, faults and the clock, shared with the other families

	mu         sync.Mutex
	ws         map[string]*workspace
	seq        int // ids of workspaces, documents, sources and answers
	epoch      int
	revoked    map[[2]string]bool        // (workspace, user) pairs whose access was lost
	daily      map[string]map[string]int // day -> key -> uploads
	ocr        map[string]map[string]int // day -> key -> OCR uploads
	streamed   int                       // streamed answers so far, for Config.ResetEvery
	uploadsOff bool
}

// New returns a Service with no workspaces, using core for keys, faults, request ids and time.
func New(cfg Config, core *serve.Core) *Service {
	cfg = cfg.normalize()
	return &Service{
		cfg:        cfg,
		core:       core,
		ws:         map[string]*workspace{},
		revoked:    map[[2]string]bool{},
		daily:      map[string]map[string]int{},
		ocr:        map[string]map[string]int{},
		uploadsOff: cfg.UploadsDisabled,
		epoch:      1,
	}
}

// Restart simulates a server restart: every listing cursor stops working (400 invalid_cursor) and
// uploads (documents with a client id) still being read or indexed are lost (their status is then
// 404 document_not_found). A seeded document still being indexed stays.
func (e *Service) Restart() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.epoch++
	now := e.now()
	for _, w := range e.ws {
		for _, d := range append([]*document(nil), w.docs...) {
			if d.clientID != "" && d.inFlight(now) {
				w.remove(d)
			}
		}
	}
}

// SetUploadsEnabled switches adding documents on or off for the server (off: 404 api_disabled).
func (e *Service) SetUploadsEnabled(on bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.uploadsOff = !on
}

// RevokeAccess makes user lose access to a workspace at once (spec §5 rule 3): asking it then gives
// 404 workspace_access_lost and listing no longer shows it.
func (e *Service) RevokeAccess(workspaceID, user string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.revoked[[2]string{workspaceID, user}] = true
}

// isRevoked reports whether user lost access to a workspace.
func (e *Service) isRevoked(workspaceID, user string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.revoked[[2]string{workspaceID, user}]
}

// nextID returns a new deterministic id with prefix.
func (e *Service) nextID(prefix string) string {
	e.seq++
	return fmt.Sprintf("%s%012x", prefix, e.seq)
}

// now returns the shared clock's time.
func (e *Service) now() time.Time { return e.core.Now() }
