package workspaceapi

import (
	"encoding/json"
	"net/http"

	"lectern/client"
	"lectern/client/emulator/internal/serve"
)

// sse writes the events of one answer stream (spec §6): every data object carries the answer id
// and a sequence_number counting from 0; each event is flushed; ": ping" follows PingAfter of
// silence. It also applies the stream faults.
type sse struct {
	*serve.Stream // writing, pings, and the stall and cut faults
	r             *http.Request
	id            string
	reqID         string
	seq           int
	f             serve.Faults
	lose          func()      // access-lost fault: revoke the workspace
	lost          func() bool // whether the key's owner lost the workspace meanwhile (RevokeAccess)
}

// stream answers q as text/event-stream.
func (e *Service) stream(w http.ResponseWriter, r *http.Request, reqID string, k Key, q *askRequest, p *plan, f serve.Faults) {
	s := &sse{Stream: serve.OpenStream(w, r, ": ping", e.cfg.PingAfter, f), r: r, id: p.id, reqID: reqID,
		f: f, lose: func() { e.RevokeAccess(q.workspaceID, k.Owner) },
		lost: func() bool { return e.isRevoked(q.workspaceID, k.Owner) }}
	s.send(client.EventCreated, map[string]any{"object": "workspace.answer", "workspace_id": q.workspaceID,
		"model": q.model, "created": p.created, "status": "in_progress"})
	a := buildAnswer(q, p, reqID)
	e.streamBody(s, q, a)
	if s.f.AccessLostAfter > 0 && !s.Done() {
		s.accessLost()
	}
	s.sendAnswer(a)
}

// streamBody sends the stages, the provisional sources and the deltas (with a reset now and then).
func (e *Service) streamBody(s *sse, q *askRequest, a answerJSON) {
	stages := []string{"retrieving", "reading", "writing"}
	if a.Coverage != nil && a.Coverage.Mode == "compute" {
		stages = []string{"retrieving", "computing", "writing"}
	}
	for _, st := range stages {
		if st == "writing" && q.includeSources && a.Sources != nil {
			s.send(client.EventSources, map[string]any{"sources": *a.Sources})
		}
		s.send(client.EventStatus, map[string]any{"stage": st})
		s.Pause(e.cfg.StageDelay)
	}
	s.Pause(e.cfg.ThinkDelay)
	parts := serve.Pieces(a.Answer.Answer)
	if e.resetThisTime() {
		for _, c := range parts[:(len(parts)+1)/2] {
			s.send(client.EventDelta, map[string]any{"delta": c})
			s.Pause(e.cfg.DeltaDelay)
		}
		s.send(client.EventReset, map[string]any{"reason": "revised"})
	}
	for _, c := range parts {
		s.send(client.EventDelta, map[string]any{"delta": c})
		s.Pause(e.cfg.DeltaDelay)
	}
}

// resetThisTime counts a streamed answer and reports whether it gets an answer.reset
// (every Config.ResetEvery answers, deterministically).
func (e *Service) resetThisTime() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.streamed++
	return e.cfg.ResetEvery > 0 && e.streamed%e.cfg.ResetEvery == 0
}

// send writes one event unless the stream ended; faults fire before the event they replace.
func (s *sse) send(event string, data map[string]any) {
	if s.Done() || !s.beforeEvent() {
		return
	}
	s.emit(event, data)
}

// emit writes one event without applying faults.
func (s *sse) emit(event string, data map[string]any) {
	data["id"], data["answer_id"], data["sequence_number"] = s.id, s.id, s.seq
	b, err := json.Marshal(data)
	if err != nil {
		return
	}
	s.Write(event, b)
	s.seq++
}

// sendAnswer writes answer.completed with the full Answer object.
func (s *sse) sendAnswer(a answerJSON) {
	if s.Done() || !s.beforeEvent() {
		return
	}
	b, err := json.Marshal(struct {
		answerJSON
		AnswerID       string `json:"answer_id"`
		SequenceNumber int    `json:"sequence_number"`
	}{a, s.id, s.seq})
	if err != nil {
		return
	}
	s.Write(client.EventCompleted, b)
	s.seq++
	s.End()
}

// accessLost ends the stream with answer.failed workspace_access_lost and revokes the workspace.
func (s *sse) accessLost() {
	s.lose()
	s.f.AccessLostAfter = 0
	if !s.Done() && s.r.Context().Err() == nil {
		err := errAccessLost()
		s.emit(client.EventFailed, map[string]any{"request_id": s.reqID, "error": map[string]any{
			"code": err.code, "message": err.msg}})
	}
	s.End()
}

// beforeEvent applies the faults due before event number s.seq (stall and cut, then access
// lost); it reports whether to send it.
func (s *sse) beforeEvent() bool {
	if !s.Before() {
		return false
	}
	if (s.f.AccessLostAfter > 0 && s.seq >= s.f.AccessLostAfter) || s.lost() {
		s.accessLost()
		return false
	}
	return true
}
