package client

import (
	"context"
	"fmt"
	"net/http"
)

// newAnswerStream reads the answer.* events of src: deltas are a preview (Text), answer.completed
// the result (Final().Answer); unknown events are skipped.
func newAnswerStream(src *eventSource, redact func(string) string) *Stream[StreamEvent] {
	return newStream[StreamEvent](src, &answerFormat{redact: redact})
}

// AskStream asks a question and streams the answer. POST /workspace with stream true. It never
// returns nil: a failed check or request shows as Next() false and Err(). The stream has no
// overall time limit: 200 s for its headers, then an idle limit of 60 s (pings count as life).
// Close it when done.
func (c *Client) AskStream(ctx context.Context, r AskRequest) *Stream[StreamEvent] {
	body, err := r.body(true, "")
	if err != nil {
		return failedStream[StreamEvent](err)
	}
	// A server may answer a streamed ask with the plain JSON answer: that is answer.completed.
	src, err := c.openEvents(ctx, &request{method: http.MethodPost, path: "/workspace", body: body}, EventCompleted)
	if err != nil {
		return failedStream[StreamEvent](err)
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
		if !ok || wait >= w.limit/2 || pause(ctx, wait, err) != nil {
			return nil, err // a wait that long would trip the header limit: let the caller decide
		}
	}
}
