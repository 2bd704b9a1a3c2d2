package workspaceapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"lectern/client"
	"lectern/client/emulator/internal/serve"
)

// sse writes the events of one answer stream (spec §6): every data object carries the answer id
// and a sequence_number counting from 0; each event is flushed; ": ping" follows PingAfter of
// silence. It also applies the stream faults.
type sse struct {
	w         http.ResponseWriter
	r         *http.Request
	rc        *http.ResponseController
	id        string
	reqID     string
	seq       int
	last      time.Time
	pingAfter time.Duration
	f         serve.Faults
	lose      func()      // access-lost fault: revoke the workspace
	lost      func() bool // whether the key's owner lost the workspace meanwhile (RevokeAccess)
	done      bool        // the stream ended (cut, failed, cancelled)
}

// stream answers q as text/event-stream.
func (e *Service) stream(w http.ResponseWriter, r *http.Request, reqID string, k Key, q *askRequest, p *plan, f serve.Faults) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	s := &sse{w: w, r: r, rc: http.NewResponseController(w), id: p.id, reqID: reqID, last: time.Now(),
		pingAfter: e.cfg.PingAfter, f: f, lose: func() { e.RevokeAccess(q.workspaceID, k.Owner) },
		lost: func() bool { return e.isRevoked(q.workspaceID, k.Owner) }}
	_ = s.rc.Flush()
	s.send(client.EventCreated, map[string]any{"object": "workspace.answer", "workspace_id": q.workspaceID,
		"model": q.model, "created": p.created, "status": "in_progress"})
	a := buildAnswer(q, p, reqID)
	e.streamBody(s, q, a)
	if s.f.AccessLostAfter > 0 && !s.done {
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
		s.pause(e.cfg.StageDelay)
	}
	s.pause(e.cfg.ThinkDelay)
	parts := chunks(a.Answer.Answer)
	if e.resetThisTime() {
		for _, c := range parts[:(len(parts)+1)/2] {
			s.send(client.EventDelta, map[string]any{"delta": c})
			s.pause(e.cfg.DeltaDelay)
		}
		s.send(client.EventReset, map[string]any{"reason": "revised"})
	}
	for _, c := range parts {
		s.send(client.EventDelta, map[string]any{"delta": c})
		s.pause(e.cfg.DeltaDelay)
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

// chunks splits text into pieces of about three words that join back to text exactly.
func chunks(text string) []string {
	words := strings.SplitAfter(text, " ")
	var out []string
	for i := 0; i < len(words); i += 3 {
		if c := strings.Join(words[i:min(i+3, len(words))], ""); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// send writes one event unless the stream ended; faults fire before the event they replace.
func (s *sse) send(event string, data map[string]any) {
	if s.done || !s.beforeEvent() {
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
	s.write("event: " + event + "\ndata: " + string(b) + "\n\n")
	s.seq++
}

// sendAnswer writes answer.completed with the full Answer object.
func (s *sse) sendAnswer(a answerJSON) {
	if s.done || !s.beforeEvent() {
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
	s.write("event: " + client.EventCompleted + "\ndata: " + string(b) + "\n\n")
	s.seq++
	s.done = true
}

// accessLost ends the stream with answer.failed workspace_access_lost and revokes the workspace.
func (s *sse) accessLost() {
	s.lose()
	s.f.AccessLostAfter = 0
	if !s.done && s.r.Context().Err() == nil {
		err := errAccessLost()
		s.emit(client.EventFailed, map[string]any{"request_id": s.reqID, "error": map[string]any{
			"code": err.code, "message": err.msg}})
	}
	s.done = true
}

// beforeEvent applies the faults due before event number s.seq; it reports whether to send it.
func (s *sse) beforeEvent() bool {
	if s.f.StallFor > 0 && s.seq == s.f.StallAfter {
		if !serve.SleepCtx(s.r, s.f.StallFor) {
			s.done = true
			return false
		}
		s.last = time.Now()
	}
	if s.f.CutStreamAfter > 0 && s.seq >= s.f.CutStreamAfter {
		s.cut()
		return false
	}
	if (s.f.AccessLostAfter > 0 && s.seq >= s.f.AccessLostAfter) || s.lost() {
		s.accessLost()
		return false
	}
	return s.r.Context().Err() == nil
}

// cut drops the connection without ending the chunked body, as a broken network would.
func (s *sse) cut() {
	s.done = true
	if conn, _, err := s.rc.Hijack(); err == nil {
		_ = conn.Close()
	}
}

// write sends raw text and flushes it.
func (s *sse) write(text string) {
	if _, err := s.w.Write([]byte(text)); err != nil {
		s.done = true
		return
	}
	if s.rc.Flush() != nil {
		s.done = true
	}
	s.last = time.Now()
}

// pause waits d, sending ": ping" whenever PingAfter passes without an event.
func (s *sse) pause(d time.Duration) {
	end := time.Now().Add(d)
	for !s.done {
		next := s.last.Add(s.pingAfter)
		if !next.Before(end) {
			if !serve.SleepCtx(s.r, time.Until(end)) {
				s.done = true
			}
			return
		}
		if !serve.SleepCtx(s.r, time.Until(next)) {
			s.done = true
			return
		}
		s.write(": ping\n\n")
	}
}
