package client

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"time"
)

// RetryPolicy says how often a failed request is retried and how long to wait in between.
// Only errors the server marks retryable, and requests that got no answer at all, are retried.
type RetryPolicy struct {
	MaxRetries int           // retries after the first attempt
	BaseDelay  time.Duration // first backoff delay, doubled each retry, with jitter
	MaxDelay   time.Duration // backoff cap; Retry-After is honoured up to max(MaxDelay, 60 s)
}

// DefaultRetryPolicy retries twice, starting at half a second.
var DefaultRetryPolicy = RetryPolicy{MaxRetries: 2, BaseDelay: 500 * time.Millisecond, MaxDelay: 30 * time.Second}

// request describes one API call; body is JSON and may be sent again on a retry.
type request struct {
	stream  *streamSpec // a body streamed from files instead of body (see body.go)
	method  string
	path    string // for example /workspace
	query   url.Values
	body    []byte
	timeout time.Duration
	retry   retryRule
}

// retryRule says which error answers of a request are worth sending it again.
type retryRule uint8

const (
	// retryFlagged retries what the server marks retryable (the workspace endpoints' errors).
	retryFlagged retryRule = iota
	// retryByStatus retries by HTTP status (429, 502, 503, 504), as /v1 error objects carry no
	// retryable flag (model-api.md §7). Never a 400.
	retryByStatus
	// retryLimitOnly is for a request that must not reach the service twice (it saves a message,
	// starts a job, or counts against the shared limit of /chat, /generate and /pdf): only a 429,
	// refused by a limit before anything was done, is sent again after its Retry-After. A 502, 503
	// or 504 is not: a proxy may give it after the service took the request (the retry of
	// model-api.md §7 is for /v1).
	retryLimitOnly
)

// classify marks an *APIError retryable by the request's rule, where the rule is not the server's.
func (r *request) classify(err error) error {
	var ae *APIError
	if r.retry == retryFlagged || !errors.As(err, &ae) {
		return err
	}
	ae.Retryable = ae.StatusCode == http.StatusTooManyRequests || (r.retry == retryByStatus && isGatewayStatus(ae.StatusCode))
	return err
}

// newHTTPRequest builds the request with the key, content type and user agent. body is a
// streamed body (uploads); when it is nil, r.body is sent, and net/http sets its ContentLength
// and GetBody (for redirects and retries of a reused connection) from the *bytes.Reader.
func (c *Client) newHTTPRequest(ctx context.Context, r *request, body io.Reader) (*http.Request, error) {
	if body == nil && r.body != nil {
		body = bytes.NewReader(r.body)
	}
	u := c.base + r.path
	if len(r.query) > 0 {
		u += "?" + r.query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, r.method, u, body)
	if err != nil {
		return nil, &NetError{Method: r.method, Route: r.path, Err: err, msg: c.redact(err.Error())}
	}
	c.setHeaders(req)
	return req, nil
}

// setHeaders sets the headers every request carries.
func (c *Client) setHeaders(req *http.Request) {
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+string(c.key))
	}
	if req.Body != nil && req.Body != http.NoBody {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", c.ua)
}

// do sends req with hc and checks the answer; a non-2xx answer becomes *APIError.
func (c *Client) do(hc *http.Client, req *http.Request) (*http.Response, error) {
	resp, err := hc.Do(req)
	var re *RedirectError
	if errors.As(err, &re) {
		return nil, re // refused before anything went to its target: not retried, not a broken connection
	}
	var fe *FileError
	if errors.As(err, &fe) {
		return nil, fe // a file of the body failed: the request was cut short by us, not by the network
	}
	if err != nil {
		return nil, c.wrapNetError(req.Method, req.URL.Path, req.URL.Host, err)
	}
	if err := c.checkResponse(resp); err != nil {
		return nil, err
	}
	return resp, nil
}

// checkResponse returns nil for a 2xx answer; otherwise it reads and closes the body and
// returns the *APIError it describes.
func (c *Client) checkResponse(resp *http.Response) error {
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrBody))
	_ = resp.Body.Close()
	return parseAPIError(resp.StatusCode, resp.Header, body, c.redact)
}

// call runs r with retries; handle reads the successful response within the attempt's time limit.
func (c *Client) call(ctx context.Context, r *request, handle func(*http.Response) error) error {
	return c.withRetries(ctx, r.method == http.MethodGet, func() error { return c.attempt(ctx, r, handle) })
}

// withRetries runs once until it succeeds or retryWait says to stop, sleeping in between;
// noAnswerOK is passed on to retryWait. It returns the last error.
func (c *Client) withRetries(ctx context.Context, noAnswerOK bool, once func() error) error {
	for attempt := 0; ; attempt++ {
		err := once()
		if err == nil {
			return nil
		}
		wait, ok := c.retryWait(ctx, err, noAnswerOK, attempt)
		if !ok || pause(ctx, wait, err) != nil {
			return err
		}
	}
}

// attempt sends r once.
func (c *Client) attempt(ctx context.Context, r *request, handle func(*http.Response) error) error {
	actx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	req, err := c.newRequest(actx, r)
	if err != nil {
		return err
	}
	resp, err := c.do(c.http, req)
	if err != nil {
		return r.classify(err)
	}
	defer resp.Body.Close()
	if err := handle(resp); err != nil {
		return c.withRoute(err, r.method, r.path, req.URL.Host)
	}
	return nil
}

// retryWait decides whether err is worth another attempt and how long to wait first.
// noAnswerOK allows retrying requests that got no answer (GET).
func (c *Client) retryWait(ctx context.Context, err error, noAnswerOK bool, attempt int) (time.Duration, bool) {
	if attempt >= c.retry.MaxRetries || ctx.Err() != nil {
		return 0, false
	}
	switch e := err.(type) {
	case *APIError:
		if e.StatusCode == http.StatusTooManyRequests && limitRetryOff(ctx) {
			return 0, false
		}
		if e.Retryable && e.RetryAfter > 0 {
			return e.RetryAfter, e.RetryAfter <= c.maxRetryAfter()
		}
		if e.Retryable || (noAnswerOK && e.Code == "" && isGatewayStatus(e.StatusCode)) {
			return c.backoff(attempt), true
		}
	case *NetError:
		if e.Unreachable || noAnswerOK {
			return c.backoff(attempt), true
		}
	case *DecodeError:
		if e.Truncated && noAnswerOK { // a GET whose reply was cut off got no whole answer
			return c.backoff(attempt), true
		}
	}
	return 0, false
}

// noLimitRetryKey marks a context made by WithoutLimitRetry.
type noLimitRetryKey struct{}

// WithoutLimitRetry returns ctx marked so that a request made with it is not sent again after a
// 429 (a limit reached): the *APIError, with its RetryAfter, is returned at once, for a caller
// that waits out the limit itself and shows the wait (the app's tool calls in model chats).
func WithoutLimitRetry(ctx context.Context) context.Context {
	return context.WithValue(ctx, noLimitRetryKey{}, true)
}

// limitRetryOff reports whether ctx came from WithoutLimitRetry.
func limitRetryOff(ctx context.Context) bool { return ctx.Value(noLimitRetryKey{}) != nil }

// retryNoticeKey marks a context made by WithRetryNotice.
type retryNoticeKey struct{}

// WithRetryNotice returns ctx marked so that a request made with it calls notice before it waits
// to be sent again, with the wait and the error that asked for it (an *APIError whose RetryAfter
// is the server's, for a 429 or a 503 with Retry-After): a caller can then show the wait.
func WithRetryNotice(ctx context.Context, notice func(wait time.Duration, err error)) context.Context {
	return context.WithValue(ctx, retryNoticeKey{}, notice)
}

// pause waits d before another attempt after err, telling the context's notice first (see
// WithRetryNotice); it returns ctx's error when ctx ends first.
func pause(ctx context.Context, d time.Duration, err error) error {
	if notice, ok := ctx.Value(retryNoticeKey{}).(func(time.Duration, error)); ok {
		notice(d, err)
	}
	return sleep(ctx, d)
}

// isGatewayStatus reports statuses a proxy gives when the service itself did not answer.
func isGatewayStatus(s int) bool { return s == 502 || s == 503 || s == 504 }

// maxRetryAfter is the longest Retry-After the client waits by itself.
func (c *Client) maxRetryAfter() time.Duration { return max(c.retry.MaxDelay, time.Minute) }

// backoff is the exponential delay of a retry, with jitter between half and all of it.
func (c *Client) backoff(attempt int) time.Duration {
	base := c.retry.BaseDelay
	if base <= 0 {
		base = 500 * time.Millisecond
	}
	d := base << min(attempt, 20)
	if c.retry.MaxDelay > 0 && d > c.retry.MaxDelay {
		d = c.retry.MaxDelay
	}
	return d/2 + rand.N(d/2+1)
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
