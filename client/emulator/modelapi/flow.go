package modelapi

import (
	"net/http"

	"lectern/client/emulator/internal/serve"
)

// prepared is a request that passed every check, with what answering it needs.
type prepared struct {
	q       *request
	tier    Tier
	maxOut  int
	faults  serve.Faults
	release func() // gives back the limits' slots
}

// serveAnswer is what both answer endpoints do: prepare the request, then stream the answer or
// write it whole (built by whole), or the error of an injected or checked model failure.
func (s *Service) serveAnswer(w http.ResponseWriter, r *http.Request, reqID string, k serve.Key,
	decode func(fields) (*request, *serve.Error), messagesParam string,
	stream func(http.ResponseWriter, *http.Request, string, prepared), whole func(prepared, outcome) any) {
	p, ok := s.prepare(w, r, reqID, k, decode, messagesParam)
	if !ok {
		return
	}
	defer p.release()
	if p.q.stream {
		stream(w, r, reqID, p)
		return
	}
	o := s.answer(p.q, p.maxOut)
	if err := p.modelFailure(); err != nil {
		o.err = err
	}
	if o.err != nil {
		writeErr(w, reqID, o.err)
		return
	}
	serve.WriteJSON(w, http.StatusOK, whole(p, o))
}

// prepare reads, counts and checks a request with decode; messagesParam names the conversation
// field in errors (input or messages). On failure the error is written and ok is false.
func (s *Service) prepare(w http.ResponseWriter, r *http.Request, reqID string, k serve.Key,
	decode func(fields) (*request, *serve.Error), messagesParam string) (p prepared, ok bool) {
	f, err := readBody(w, r)
	var q *request
	if err == nil {
		q, err = decode(f)
	}
	release, lerr := s.admit(r, k, f != nil && isJSON(f["stream"], "true"))
	if lerr != nil {
		writeErr(w, reqID, lerr)
		return p, false
	}
	if err == nil {
		p, err = s.checkRequest(q, k, messagesParam)
	}
	if err != nil {
		release()
		writeErr(w, reqID, err)
		return p, false
	}
	p.release = release
	return p, true
}

// checkRequest applies the tier's checks.
func (s *Service) checkRequest(q *request, k serve.Key, messagesParam string) (prepared, *serve.Error) {
	tier, err := s.tierFor(q.model, k)
	if err != nil {
		return prepared{}, err
	}
	maxOut, err := checkForTier(q, tier, messagesParam)
	if err != nil {
		return prepared{}, err
	}
	return prepared{q: q, tier: tier, maxOut: maxOut, faults: s.core.Faults()}, nil
}

// streamedAnswer is the answer of a streamed request: an injected model failure ends it before
// any text, unless the failure waits for some deltas of a text answer (sendDeltas sends it then).
func (s *Service) streamedAnswer(p prepared) outcome {
	o := s.answer(p.q, p.maxOut)
	if err := p.modelFailure(); err != nil && (p.faults.ModelFail.AfterDeltas <= 0 || len(o.calls) > 0) {
		o.err = err
	}
	return o
}

// sendDeltas sends text in pieces (one when the answer is structured: it was checked in full),
// pausing between them. An injected model failure after some deltas is handed to failed instead
// of the rest; false then.
func (s *Service) sendDeltas(st *serve.Stream, p prepared, text string, send func(delta string), failed func(*serve.Error)) bool {
	deltas := serve.Pieces(text)
	if p.q.structured() {
		deltas = []string{text}
	}
	failAt := min(p.faults.ModelFail.AfterDeltas, len(deltas))
	for i := 0; i <= len(deltas); i++ {
		if err := p.modelFailure(); err != nil && i == failAt {
			failed(err)
			return false
		}
		if i == len(deltas) {
			break
		}
		send(deltas[i])
		st.Pause(s.cfg.DeltaDelay)
	}
	return true
}

// modelFailure returns the injected model failure as an error, nil when none.
func (p prepared) modelFailure() *serve.Error {
	if p.faults.ModelFail.Code == "" {
		return nil
	}
	return modelError(p.faults.ModelFail.Code)
}
