package workspaceapi

import (
	"net/http"
	"strconv"
)

// handleAsk serves POST /workspace: a JSON answer, a text answer (format text) or a stream.
func (e *Service) handleAsk(w http.ResponseWriter, r *http.Request, reqID string, k Key) {
	q, err := readAsk(w, r)
	if err != nil {
		writeErr(w, reqID, err)
		return
	}
	p, err := e.plan(k, q)
	if err != nil {
		writeErr(w, reqID, err)
		return
	}
	f := e.core.StreamFaults()
	if q.stream {
		e.stream(w, r, reqID, k, q, p, f)
		return
	}
	if f.AccessLostAfter > 0 {
		writeErr(w, reqID, e.loseAccess(k, q.workspaceID))
		return
	}
	a := buildAnswer(q, p, reqID)
	if r.Context().Err() != nil {
		return
	}
	if q.text {
		writeText(w, a)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// loseAccess removes the workspace from the key owner's reach and returns 404
// workspace_access_lost (spec §5 rule 3).
func (e *Service) loseAccess(k Key, workspaceID string) *apiErr {
	e.RevokeAccess(workspaceID, k.Owner)
	return errAccessLost()
}

// writeText writes a format text answer: the answer as text/plain, details in X-Service-* headers
// (spec §4 POST /workspace rule 5).
func writeText(w http.ResponseWriter, a answerJSON) {
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Service-Found", strconv.FormatBool(a.Found))
	h.Set("X-Service-Model", a.Model)
	h.Set("X-Service-Sources", strconv.Itoa(a.nSources))
	h.Set("Content-Length", strconv.Itoa(len(a.Answer.Answer)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(a.Answer.Answer))
}
