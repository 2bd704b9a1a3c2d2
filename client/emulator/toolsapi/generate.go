package toolsapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"lectern/client/emulator/engine"
	"lectern/client/emulator/internal/serve"
)

// artifact is a generated Office file.
type artifact struct {
	id, person, filename, mime, kind, title string
	data                                    []byte
	created, expires                        time.Time
}

// Office file kinds.
const (
	mimeDOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	mimeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
)

// generateRequest is the body of POST /generate.
type generateRequest struct {
	Model  string `json:"model"`
	Prompt string `json:"prompt"`
	Stream bool   `json:"stream"`
}

// handleGenerate answers POST /generate: a text, and a file when the prompt asks for one.
func (s *Service) handleGenerate(w http.ResponseWriter, r *http.Request, reqID, person string) {
	start := time.Now()
	var q generateRequest
	if err := decodeBody(r, &q); err != nil {
		writeErr(w, reqID, err)
		return
	}
	prompt := strings.TrimSpace(q.Prompt)
	if prompt == "" {
		writeErr(w, reqID, invalid("prompt", "send a prompt"))
		return
	}
	out := map[string]any{}
	a := s.makeArtifact(person, prompt)
	if a == nil {
		out["response"] = "Here is a short answer to: " + prompt + "\n\nNo file was asked for, so none was made."
	} else {
		out["response"] = "I wrote " + a.filename + " for: " + prompt
		out["office_artifact"] = a.json(true)
	}
	out["duration_ms"] = time.Since(start).Milliseconds()
	serve.WriteJSON(w, http.StatusOK, out)
}

// makeArtifact writes the file a prompt asks for (nil when it asks for none) and keeps it.
func (s *Service) makeArtifact(person, prompt string) *artifact {
	lower := strings.ToLower(prompt)
	a := &artifact{person: person, title: firstWords(prompt, 8)}
	switch {
	case containsAny(lower, "spreadsheet", "excel", "xlsx", "table", "budget"):
		a.kind, a.mime, a.filename = "xlsx", mimeXLSX, "generated.xlsx"
		a.data = engine.MakeXLSX([][]string{{"Item", "Amount"}, {"Planning", "1200"}, {"Materials", "800"}, {"Total", "2000"}})
	case containsAny(lower, "word", "docx", "document", "report", "letter"):
		a.kind, a.mime, a.filename = "docx", mimeDOCX, "generated.docx"
		a.data = engine.MakeDOCX([]string{a.title, "This document was written by the Lectern emulator for the prompt:", prompt})
	default:
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a.id, a.created = s.nextID("art"), s.core.Now()
	a.expires = a.created.Add(s.cfg.ArtifactTTL)
	s.artifacts[a.id] = a
	return a
}

// json is the office_artifact object.
func (a *artifact) json(available bool) map[string]any {
	return map[string]any{"artifact_id": a.id, "available": available,
		"created_at": a.created.UTC().Format(time.RFC3339), "expires_at": a.expires.UTC().Format(time.RFC3339),
		"filename": a.filename, "kind": a.kind, "logical_pages": 1, "mime": a.mime,
		"page_count_mode": "logical", "size": len(a.data), "title": a.title}
}

// containsAny reports whether s contains one of words.
func containsAny(s string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// handleDownload answers GET /office/artifacts/{artifact_id}/download with the file's bytes.
func (s *Service) handleDownload(w http.ResponseWriter, r *http.Request, reqID, person string) {
	s.mu.Lock()
	a := s.artifacts[r.PathValue("artifact_id")]
	s.mu.Unlock()
	switch {
	case a == nil || a.person != person:
		writeErr(w, reqID, &serve.Error{Status: http.StatusNotFound, Code: "artifact_not_found",
			Message: "no file with this id for this key"})
		return
	case !s.core.Now().Before(a.expires):
		writeErr(w, reqID, &serve.Error{Status: http.StatusGone, Code: "artifact_expired",
			Message: "this file has expired; generate it again"})
		return
	}
	w.Header().Set("Content-Type", a.mime)
	w.Header().Set("Content-Disposition", `attachment; filename="`+a.filename+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(a.data)))
	_, _ = w.Write(a.data)
}
