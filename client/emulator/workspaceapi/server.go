package workspaceapi

import (
	"net/http"
	"strings"

	"lectern/client/emulator/internal/serve"
)

// Route names used by ServeHTTP and by Failure.Route.
const (
	RouteList   = "GET /workspace"
	RouteAsk    = "POST /workspace"
	RouteUpload = "POST /workspace/documents"
	RouteStatus = "GET /workspace/documents/{id}"
)

// handlerFunc handles one route for an authenticated key.
type handlerFunc func(w http.ResponseWriter, r *http.Request, reqID string, k Key)

// Register adds the workspace endpoints to mux. They also answer every path no other family
// registered, with this family's 404 not_found.
func (e *Service) Register(mux *http.ServeMux) {
	mux.Handle("/", e)
}

// ServeHTTP implements http.Handler: request id, injected faults, authentication, then the route.
func (e *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route, h, aerr := e.route(r)
	reqID := e.core.Begin(w, route)
	if aerr != nil {
		writeErr(w, reqID, aerr)
		return
	}
	if !e.core.ApplyLatency(r) {
		return
	}
	if f := e.core.TakeFailure(route); f != nil {
		writeErr(w, reqID, fromServe(f))
		return
	}
	k, aerr := e.authenticate(r)
	if aerr != nil {
		writeErr(w, reqID, aerr)
		return
	}
	h(w, r, reqID, k)
}

// route picks the handler of r.
func (e *Service) route(r *http.Request) (string, handlerFunc, *apiErr) {
	p := strings.TrimSuffix(r.URL.Path, "/")
	var route string
	var h handlerFunc
	switch {
	case p == "/workspace" && r.Method == http.MethodGet:
		route, h = RouteList, e.handleList
	case p == "/workspace" && r.Method == http.MethodPost:
		route, h = RouteAsk, e.handleAsk
	case p == "/workspace/documents" && r.Method == http.MethodPost:
		route, h = RouteUpload, e.handleUpload
	case strings.HasPrefix(p, "/workspace/documents/") && r.Method == http.MethodGet:
		route, h = RouteStatus, e.handleStatus
	case p == "/workspace" || strings.HasPrefix(p, "/workspace/documents"):
		return "", nil, newErr(http.StatusMethodNotAllowed, "method_not_allowed",
			"method "+r.Method+" is not allowed here")
	default:
		return "", nil, newErr(http.StatusNotFound, "not_found", "no such endpoint")
	}
	return route, h, nil
}

// secretOf returns the key sent in Authorization: Bearer or X-API-Key (spec §5 rule 1).
func secretOf(r *http.Request) string {
	if strings.TrimSpace(r.Header.Get("Authorization")) != "" {
		return serve.Bearer(r)
	}
	return strings.TrimSpace(r.Header.Get("X-API-Key"))
}

// authenticate checks the key (spec §5 rules 1 and 4) and the wrong-key limit: 20 wrong or missing
// keys from one address in 10 minutes, then 429 instead of 401 until the window passes.
func (e *Service) authenticate(r *http.Request) (Key, *apiErr) {
	k, err := e.core.Authenticate(r, secretOf(r), &serve.Error{Status: http.StatusUnauthorized, Code: "api_key_required",
		Message: "send a valid key in Authorization: Bearer <key> or X-API-Key"})
	if err != nil {
		return k, fromServe(err)
	}
	if k.Owner == "" {
		return k, newErr(http.StatusForbidden, "api_key_owner_required",
			"this key has no owner; create a key as a user in the key management page")
	}
	return k, nil
}

// canOpen returns the workspace and the key owner's access to it, or 404 workspace_not_found
// (or workspace_access_lost when the owner lost access). Callers hold e.mu.
func (e *Service) canOpen(k Key, id string) (*workspace, string, *apiErr) {
	w := e.ws[id]
	if w != nil && e.revoked[[2]string{id, k.Owner}] {
		return nil, "", errAccessLost()
	}
	if w == nil || w.access(k.Owner) == "" {
		return nil, "", notFoundWS(id)
	}
	return w, w.access(k.Owner), nil
}

// errAccessLost is 404 workspace_access_lost (spec §5 rule 3).
func errAccessLost() *apiErr {
	return newErr(http.StatusNotFound, "workspace_access_lost", "the key's owner lost access to this workspace")
}

// notFoundWS is 404 workspace_not_found for id.
func notFoundWS(id string) *apiErr {
	return &apiErr{status: http.StatusNotFound, code: "workspace_not_found", param: "workspace_id",
		msg: "no workspace " + quote(id) + " that this key can open"}
}

// quote limits and quotes a client value for an error message.
func quote(s string) string {
	if len(s) > 64 {
		s = s[:64] + "..."
	}
	return "'" + s + "'"
}
