package serve

import (
	"net/http"
	"strings"
	"time"
)

// Stream writes one server-sent event stream: each event flushed, a comment line after
// PingAfter of silence, and the stream faults (stall, cut) applied before the event they hit.
type Stream struct {
	w         http.ResponseWriter
	r         *http.Request
	rc        *http.ResponseController
	comment   string // the keep-alive line, for example ": keep-alive"
	pingAfter time.Duration
	faults    Faults
	last      time.Time
	sent      int  // events written
	done      bool // cut, cancelled or broken
}

// OpenStream answers 200 text/event-stream and returns the stream. comment is the keep-alive
// line sent after pingAfter of silence (0: never).
func OpenStream(w http.ResponseWriter, r *http.Request, comment string, pingAfter time.Duration, f Faults) *Stream {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	s := &Stream{w: w, r: r, rc: http.NewResponseController(w), comment: comment,
		pingAfter: pingAfter, faults: f, last: time.Now()}
	_ = s.rc.Flush()
	return s
}

// Done reports whether the stream ended early (cut, cancelled, broken).
func (s *Stream) Done() bool { return s.done }

// End marks the stream as ended: nothing more is written.
func (s *Stream) End() { s.done = true }

// Event writes "event: name" (when name is not "") and "data: data", unless the stream ended or
// a fault ends it now. It reports whether the event was written.
func (s *Stream) Event(name string, data []byte) bool {
	return !s.done && s.Before() && s.Write(name, data)
}

// Write writes an event without applying faults (for a final event that replaces the one a
// fault hit); false when the stream is broken.
func (s *Stream) Write(name string, data []byte) bool {
	text := "data: " + string(data) + "\n\n"
	if name != "" {
		text = "event: " + name + "\n" + text
	}
	s.write(text)
	s.sent++
	return !s.done
}

// Before applies the stall and cut faults due before the next event; false when the stream
// ended (cut, or the request was cancelled).
func (s *Stream) Before() bool {
	if s.faults.StallFor > 0 && s.sent == s.faults.StallAfter {
		if !SleepCtx(s.r, s.faults.StallFor) {
			s.done = true
			return false
		}
		s.last = time.Now()
	}
	if s.faults.CutStreamAfter > 0 && s.sent >= s.faults.CutStreamAfter {
		s.Cut()
		return false
	}
	return s.r.Context().Err() == nil
}

// Cut drops the connection without ending the chunked body, as a broken network would.
func (s *Stream) Cut() {
	s.done = true
	if conn, _, err := s.rc.Hijack(); err == nil {
		_ = conn.Close()
	}
}

// write sends raw text and flushes it.
func (s *Stream) write(text string) {
	if _, err := s.w.Write([]byte(text)); err != nil {
		s.done = true
		return
	}
	if s.rc.Flush() != nil {
		s.done = true
	}
	s.last = time.Now()
}

// Comment writes the keep-alive line now.
func (s *Stream) Comment() {
	if !s.done {
		s.write(s.comment + "\n\n")
	}
}

// Pieces splits text into deltas of about three words that join back to text exactly.
func Pieces(text string) []string {
	words := strings.SplitAfter(text, " ")
	var out []string
	for i := 0; i < len(words); i += 3 {
		if c := strings.Join(words[i:min(i+3, len(words))], ""); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// Pause waits d, writing the keep-alive line whenever pingAfter passes without an event.
func (s *Stream) Pause(d time.Duration) {
	end := time.Now().Add(d)
	for !s.done {
		next := s.last.Add(s.pingAfter)
		if s.pingAfter <= 0 || !next.Before(end) {
			if !SleepCtx(s.r, time.Until(end)) {
				s.done = true
			}
			return
		}
		if !SleepCtx(s.r, time.Until(next)) {
			s.done = true
			return
		}
		s.Comment()
	}
}
