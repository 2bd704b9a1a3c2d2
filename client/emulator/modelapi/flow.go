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

// modelFailure returns the injected model failure as an error, nil when none.
func (p prepared) modelFailure() *serve.Error {
	if p.faults.ModelFail.Code == "" {
		return nil
	}
	return modelError(p.faults.ModelFail.Code)
}
