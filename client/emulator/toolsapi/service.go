package toolsapi

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"lectern/client/emulator/internal/serve"
)

// Route names, for Failure.Route and Core.Requests.
const (
	RoutePDF        = "POST /pdf"
	RouteOCR        = "POST /ocr"
	RouteOCRJob     = "GET /ocr/jobs/{job_id}"
	RouteSearch     = "POST /websearch"
	RouteGenerate   = "POST /generate"
	RouteDownload   = "GET /office/artifacts/{artifact_id}/download"
	RouteChat       = "POST /chat"
	RouteWorkspaces = "GET /workspaces"
)

// maxBody caps a request body: a chat request may be 150 MB (model-api.md §8), in base64.
const maxBody = 210 << 20

// Config tunes the tool endpoints. Zero values take the defaults; a negative duration means none
// (instant), a negative count switches the limit off.
type Config struct {
	// PerMinute is the shared limit of /chat, /generate and /pdf per person. Default 10.
	PerMinute int
	// OCRQueueDelay is how long a job stays queued. Default 1 s.
	OCRQueueDelay time.Duration
	// OCRPageDelay is how long a job runs per page. Default 1 s.
	OCRPageDelay time.Duration
	// OCRFailPattern is a glob (path.Match, on the lower-case file name) of OCR jobs that end
	// failed. Default "*unreadable*"; "-" matches nothing.
	OCRFailPattern string
	// ArtifactTTL is how long a generated file can be downloaded. Default 1 hour.
	ArtifactTTL time.Duration
}

// normalize fills the defaults of c.
func (c Config) normalize() Config {
	c.PerMinute = serve.Count(c.PerMinute, 10)
	c.OCRQueueDelay = serve.Duration(c.OCRQueueDelay, time.Second)
	c.OCRPageDelay = serve.Duration(c.OCRPageDelay, time.Second)
	if c.OCRFailPattern == "" {
		c.OCRFailPattern = "*unreadable*"
	}
	c.ArtifactTTL = serve.Duration(c.ArtifactTTL, time.Hour)
	return c
}

// Service answers the tool endpoints. All methods are safe for concurrent use.
type Service struct {
	cfg  Config
	core *serve.Core

	mu         sync.Mutex
	seq        int
	recent     map[string][]time.Time // person -> admitted /chat, /generate, /pdf times
	blocked    map[string]bool        // persons without internet access
	jobs       map[string]*ocrJob
	artifacts  map[string]*artifact
	workspaces []Workspace
	chats      map[string][]Chat // person -> saved messages
}

// New returns the tool endpoints over core.
func New(cfg Config, core *serve.Core) *Service {
	return &Service{cfg: cfg.normalize(), core: core, recent: map[string][]time.Time{},
		blocked: map[string]bool{}, jobs: map[string]*ocrJob{}, artifacts: map[string]*artifact{},
		chats: map[string][]Chat{}}
}

// Register adds the tool routes to mux.
func (s *Service) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /pdf", s.handle(RoutePDF, true, s.handlePDF))
	mux.HandleFunc("POST /ocr", s.handle(RouteOCR, false, s.handleOCR))
	mux.HandleFunc("GET /ocr/jobs/{job_id}", s.handle(RouteOCRJob, false, s.handleOCRJob))
	mux.HandleFunc("POST /websearch", s.handle(RouteSearch, false, s.handleSearch))
	mux.HandleFunc("POST /generate", s.handle(RouteGenerate, true, s.handleGenerate))
	mux.HandleFunc("GET /office/artifacts/{artifact_id}/download", s.handle(RouteDownload, false, s.handleDownload))
	mux.HandleFunc("POST /chat", s.handle(RouteChat, true, s.handleChat))
	mux.HandleFunc("GET /workspaces", s.handle(RouteWorkspaces, false, s.handleWorkspaces))
}

// handler serves one route for a person (the key's owner, or the key when it has none).
type handler func(w http.ResponseWriter, r *http.Request, reqID, person string)

// handle wraps h with what every tool request goes through: request id, injected faults, the
// key, JSON bodies, and the request limits (the shared per-person one when limited is set).
func (s *Service) handle(route string, limited bool, h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		reqID := s.core.Begin(w, route)
		if !s.core.ApplyLatency(r) {
			return
		}
		if err := s.core.TakeFailure(route); err != nil {
			writeErr(w, reqID, err)
			return
		}
		person, err := s.authenticate(r)
		if err == nil && r.Method == http.MethodPost {
			err = checkJSON(r)
		}
		var release func()
		if err == nil {
			release, err = s.admit(r, person, limited)
		}
		if err != nil {
			writeErr(w, reqID, err)
			return
		}
		defer release()
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		h(w, r, reqID, person)
	}
}

// authenticate checks the Bearer key (model-api.md §5) and returns the person it answers as.
func (s *Service) authenticate(r *http.Request) (string, *serve.Error) {
	secret := serve.Bearer(r)
	k, err := s.core.Authenticate(r, secret, serve.InvalidV1Key())
	if err != nil {
		return "", err
	}
	if k.Owner != "" {
		return k.Owner, nil
	}
	return "key:" + secret, nil
}

// checkJSON refuses a body that is not declared as JSON (415).
func checkJSON(r *http.Request) *serve.Error {
	if !serve.IsJSON(r) {
		return &serve.Error{Status: http.StatusUnsupportedMediaType, Code: "invalid_request_error",
			Message: "send the body as JSON with Content-Type: application/json"}
	}
	return nil
}

// admit passes the per-address limits of the core and, for /chat, /generate and /pdf, the shared
// per-person limit; a refused request is counted nowhere.
func (s *Service) admit(r *http.Request, person string, limited bool) (func(), *serve.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.core.Now()
	times := serve.Within(s.recent[person], now, time.Minute)
	s.recent[person] = times
	if wait, full := serve.WindowWait(times, now, time.Minute, s.cfg.PerMinute); limited && full {
		return nil, &serve.Error{Status: http.StatusTooManyRequests, Code: "rate_limit_exceeded",
			Message:    fmt.Sprintf("%d requests a minute across /chat, /generate and /pdf; wait Retry-After seconds", s.cfg.PerMinute),
			RetryAfter: max(wait, time.Second)}
	}
	release, err := s.core.Admit(serve.Admission{Address: serve.RemoteHost(r)})
	if err != nil {
		return nil, err
	}
	if limited {
		s.recent[person] = append(times, now)
	}
	return release, nil
}

// nextID returns a new id with prefix; callers hold s.mu.
func (s *Service) nextID(prefix string) string {
	s.seq++
	return fmt.Sprintf("%s_%012x", prefix, s.seq)
}
