package client

import (
	"context"
	"fmt"
	"net/http"
)

// AnswerStream is a streamed answer: call Next until it returns false, then Err. Deltas are a
// preview (Text); answer.completed is the result (Answer). Unknown events are skipped. Its
// methods are for one goroutine, except Close, which may be called from any goroutine.
type AnswerStream struct {
	s stream[StreamEvent]
	f *answerFormat
}

// failedStream is a stream that ends at once with err.
func failedStream(err error) *AnswerStream {
	s := &AnswerStream{f: &answerFormat{}}
	s.s.failed(err)
	return s
}

// newAnswerStream reads the answer.* events of src.
func newAnswerStream(src *eventSource, redact func(string) string) *AnswerStream {
	f := &answerFormat{redact: redact}
	return &AnswerStream{s: stream[StreamEvent]{src: src, format: f}, f: f}
}

// Next advances to the next known event; false at the end of the stream or on error.
func (s *AnswerStream) Next() bool { return s.s.next() }

// Current returns the event Next moved to. Its Raw is the event's data: read-only.
func (s *AnswerStream) Current() StreamEvent { return s.s.cur }

// Err returns nil after answer.completed; *APIError after answer.failed or a refused request;
// *InterruptedError (errors.Is ErrInterrupted) when the stream ended early; *ValidationError
// when the request failed its checks.
func (s *AnswerStream) Err() error { return s.s.err }

// Close stops the stream and releases the connection. It is safe to call more than once and
// from another goroutine; Err is then *InterruptedError with cause ErrStreamClosed unless the
// answer was already complete.
func (s *AnswerStream) Close() error { return s.s.close() }

// Text returns the preview text received so far, resets applied; after answer.completed, the
// final answer text.
func (s *AnswerStream) Text() string {
	if s.f.answer != nil {
		return s.f.answer.Answer
	}
	return s.s.text.String()
}

// Answer returns the final answer after answer.completed, else nil.
func (s *AnswerStream) Answer() *Answer { return s.f.answer }

// Stage returns the last stage of answer.status (retrieving, computing, reading, writing).
func (s *AnswerStream) Stage() string { return s.f.stage }

// Sources returns the provisional sources, replaced by the final list after answer.completed.
func (s *AnswerStream) Sources() []AnswerSource { return s.f.sources }

// AnswerID returns the answer id carried by the events (prefix wsa_).
func (s *AnswerStream) AnswerID() string { return s.f.answerID }

// RequestID returns the X-Request-ID of the stream's response, when given.
func (s *AnswerStream) RequestID() string { return s.s.requestID() }

// AskStream asks a question and streams the answer. POST /workspace with stream true. It never
// returns nil: a failed check or request shows as Next() false and Err(). The stream has no
// overall time limit: 200 s for its headers, then an idle limit of 60 s (pings count as life).
// Close it when done.
func (c *Client) AskStream(ctx context.Context, r AskRequest) *AnswerStream {
	body, err := r.body(true, "")
	if err != nil {
		return failedStream(err)
	}
	// A server may answer a streamed ask with the plain JSON answer: that is answer.completed.
	src, err := c.openEvents(ctx, &request{method: http.MethodPost, path: "/workspace", body: body}, EventCompleted)
	if err != nil {
		return failedStream(err)
	}
	return newAnswerStream(src, c.redact)
}

// openEvents sends a streamed request and returns its events. A refused request is retried as
// retryWait says, only before any event arrived. When the answer is JSON instead of an event
// stream and wholeBody is not "", the body is one event of that name. The wait for the response
// headers has its own limit (Timeouts.Headers); the idle limit runs once they came.
func (c *Client) openEvents(ctx context.Context, r *request, wholeBody string) (*eventSource, error) {
	sctx, cancel := context.WithCancel(ctx)
	hw := newIdleWatch(c.timeouts.Headers, cancel)
	resp, err := c.openStream(sctx, r, hw)
	hw.stop()
	if hw.fired.Load() {
		if err == nil {
			_ = resp.Body.Close()
		}
		err = &InterruptedError{Cause: fmt.Errorf("%w: no answer within %v", ErrHeaderTimeout, c.timeouts.Headers)}
	}
	if err != nil {
		cancel()
		return nil, err
	}
	if !isJSON(resp.Header.Get("Content-Type")) {
		wholeBody = ""
	}
	w := newIdleWatch(c.timeouts.StreamIdle, cancel)
	src := newEventSource(&idleReader{r: resp.Body, w: w}, wholeBody, resp.Body, cancel, w)
	src.requestID, src.redact, src.route = resp.Header.Get("X-Request-ID"), c.redact, r.method+" "+r.path
	return src, nil
}

// openStream sends a streamed request, retrying what retryWait allows while no answer came; w
// watches the wait for the headers.
func (c *Client) openStream(ctx context.Context, r *request, w *idleWatch) (*http.Response, error) {
	hc := *c.http
	hc.Timeout = 0 // a stream only has its header and idle limits
	for attempt := 0; ; attempt++ {
		w.touch()
		req, err := c.newHTTPRequest(ctx, r, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", "text/event-stream")
		resp, err := c.do(&hc, req)
		if err == nil {
			return resp, nil
		}
		err = r.classify(err)
		wait, ok := c.retryWait(ctx, err, false, attempt)
		if !ok || wait >= w.limit/2 || sleep(ctx, wait) != nil {
			return nil, err // a wait that long would trip the header limit: let the caller decide
		}
	}
}
