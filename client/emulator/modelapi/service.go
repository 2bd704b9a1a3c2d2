package modelapi

import (
	"errors"
	"io"
	"net/http"
	"sync"

	"lectern/client/emulator/internal/serve"
)

// Route names, for Failure.Route and Core.Requests.
const (
	RouteModels    = "GET /v1/models"
	RouteResponses = "POST /v1/responses"
	RouteChat      = "POST /v1/chat/completions"
)

// maxBody caps a request body: 20 MiB of images in base64 and the rest of the conversation.
const maxBody = 32 << 20

// Service answers the model endpoints. All methods are safe for concurrent use.
type Service struct {
	cfg  Config
	core *serve.Core

	mu  sync.Mutex
	seq int // ids of responses, items and calls
}

// New returns the model endpoints over core.
func New(cfg Config, core *serve.Core) *Service {
	return &Service{cfg: cfg.normalize(), core: core}
}

// Register adds the /v1 routes to mux; any other /v1 path is 404 in the /v1 error shape.
func (s *Service) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /v1/models", s.handle(RouteModels, s.handleModels))
	mux.HandleFunc("POST /v1/responses", s.handle(RouteResponses, s.handleResponses))
	mux.HandleFunc("POST /v1/chat/completions", s.handle(RouteChat, s.handleChat))
	mux.HandleFunc("/v1/", s.handle("", nil))
}

// handler serves one route for an authenticated key.
type handler func(w http.ResponseWriter, r *http.Request, reqID string, k serve.Key)

// handle wraps h with what every /v1 request goes through: request id, the endpoint switch,
// injected faults and the key (model-api.md §5).
func (s *Service) handle(route string, h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		reqID := s.core.Begin(w, route)
		if err := s.gate(route, h == nil); err != nil {
			writeErr(w, reqID, err)
			return
		}
		if !s.core.ApplyLatency(r) {
			return
		}
		if err := s.core.TakeFailure(route); err != nil {
			writeErr(w, reqID, err)
			return
		}
		k, err := s.authenticate(r)
		if err != nil {
			writeErr(w, reqID, err)
			return
		}
		h(w, r, reqID, k)
	}
}

// gate refuses unknown /v1 paths and endpoints turned off.
func (s *Service) gate(route string, unknown bool) *serve.Error {
	off := (route == RouteResponses && s.cfg.ResponsesOff) || (route == RouteChat && s.cfg.ChatOff)
	switch {
	case unknown:
		return &serve.Error{Status: http.StatusNotFound, Code: "not_found",
			Message: "no such endpoint; /v1 has GET /v1/models, POST /v1/responses and POST /v1/chat/completions"}
	case off:
		return &serve.Error{Status: http.StatusNotFound, Code: "api_disabled", Message: "this endpoint is turned off"}
	}
	return nil
}

// authenticate checks the Bearer key; past the wrong-key limit the answer is 429.
func (s *Service) authenticate(r *http.Request) (serve.Key, *serve.Error) {
	return s.core.Authenticate(r, serve.Bearer(r), serve.InvalidV1Key())
}

// readBody checks Content-Type and reads the body as one JSON object.
func readBody(w http.ResponseWriter, r *http.Request) (fields, *serve.Error) {
	if !serve.IsJSON(r) {
		return nil, &serve.Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type",
			Message: "send the body as JSON with Content-Type application/json"}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, invalid("", "the request is larger than 32 MiB")
	}
	if err != nil {
		return nil, invalid("", "the body could not be read")
	}
	return parseObject(body, "")
}

// admit counts a request toward the limits; a refused one counts nowhere.
func (s *Service) admit(r *http.Request, k serve.Key, stream bool) (func(), *serve.Error) {
	return s.core.Admit(serve.Admission{Address: serve.RemoteHost(r), Key: k.Secret, Stream: stream})
}

// nextID returns a new id with prefix.
func (s *Service) nextID(prefix string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	return prefix + hex12(s.seq)
}
