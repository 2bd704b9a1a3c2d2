package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"lectern/internal/words"
)

// What the client accepts from a server, whatever the server does: no redirects, and a size cap
// on every response body. Going over a cap is a *TooLargeError, never memory growth.
const (
	// MaxListBody caps one page of GET /workspace: at most 50 workspaces, or 200 documents with
	// workspace_id (spec §8). 200 entries with 200-character names fit in well under 1 MiB; 16 MiB
	// leaves room for workspaces that list their documents inline.
	MaxListBody = 16 << 20
	// MaxRecordBody caps an upload record (POST and GET /workspace/documents): a few hundred bytes
	// of fields, a 200-character name and up to 16 metadata pairs.
	MaxRecordBody = 1 << 20
	// MaxAnswerBody caps a non-streamed answer, JSON or text, and the preview text of a streamed
	// one: the same as MaxEventSize, since answer.completed carries the whole answer in one event.
	MaxAnswerBody = MaxEventSize
)

// RedirectError is an answer that redirected the request elsewhere. The spec names no redirects,
// so Lectern follows none: neither the key nor a body went to Location.
type RedirectError struct {
	Method, Route string // the request that was redirected, for example POST /workspace
	StatusCode    int    // 301, 302, 303, 307 or 308
	Location      string // where the server wanted the request to go, key removed
}

// Error names the request, the status and the target.
func (e *RedirectError) Error() string {
	return fmt.Sprintf("client: %s %s: the server answered HTTP %d, a redirect to %s, which Lectern does not follow",
		e.Method, e.Route, e.StatusCode, e.Location)
}

// refuseRedirects is the http.Client's CheckRedirect: it stops before the next request is made,
// so nothing is sent to the redirect's target.
func (c *Client) refuseRedirects(req *http.Request, via []*http.Request) error {
	e := &RedirectError{Location: c.redact(req.URL.Redacted())}
	if len(via) > 0 {
		e.Method, e.Route = via[0].Method, via[0].URL.Path
	}
	if req.Response != nil {
		e.StatusCode = req.Response.StatusCode
	}
	return e
}

// withoutRedirects returns a copy of h that refuses every redirect.
func (c *Client) withoutRedirects(h *http.Client) *http.Client {
	hc := *h
	hc.CheckRedirect = c.refuseRedirects
	return &hc
}

// TooLargeError is a response body, a stream event or a streamed answer larger than Lectern
// accepts; reading stopped at the cap.
type TooLargeError struct {
	What      string // "reply", "event" or "answer"
	Limit     int64  // the cap in bytes
	RequestID string // from X-Request-ID, when given
	route     string
}

// Error names what was too large and the cap.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("client: %s: the server sent a%s larger than %s, more than Lectern accepts",
		e.route, article(e.What), words.Bytes(e.Limit))
}

// article is " an event", " a reply"...
func article(what string) string {
	if what != "" && (what[0] == 'a' || what[0] == 'e') {
		return "n " + what
	}
	return " " + what
}

// errOverCap is returned by capReader once more bytes than its cap arrive.
var errOverCap = errors.New("client: body over its size cap")

// capReader reads at most left bytes of r; one byte more is errOverCap, so that a body that fits
// exactly is told from one that does not.
type capReader struct {
	r    io.Reader
	left int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left < 0 {
		return 0, errOverCap
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n - 1, errOverCap
	}
	return n, err
}

// readCapped reads all of r up to limit bytes; more is errOverCap.
func readCapped(r io.Reader, limit int64) ([]byte, error) {
	return io.ReadAll(&capReader{r: r, left: limit})
}

// decodeInto returns a handler that decodes a JSON body of at most limit bytes into out.
func decodeInto(out any, limit int64) func(*http.Response) error {
	return decodeCounted(out, limit, nil)
}

// decodeCounted is decodeInto that also adds the bytes read to *n (when n is set): a listing
// counts what all its pages hold.
func decodeCounted(out any, limit int64, n *int64) func(*http.Response) error {
	return func(resp *http.Response) error {
		cr := &capReader{r: resp.Body, left: limit}
		err := json.NewDecoder(cr).Decode(out)
		if n != nil {
			*n += limit - max(cr.left, 0)
		}
		return bodyError(err, limit, resp.Header.Get("X-Request-ID"))
	}
}

// bodyError classifies an error of reading a body of at most limit bytes: over the cap, cut off,
// not JSON, or (returned as it is) a connection that broke.
func bodyError(err error, limit int64, requestID string) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errOverCap):
		return &TooLargeError{What: "reply", Limit: limit, RequestID: requestID}
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		return &DecodeError{Truncated: true, RequestID: requestID, err: err}
	case errors.As(err, &se) || errors.As(err, &te):
		return &DecodeError{RequestID: requestID, err: err}
	}
	return err
}

// DecodeError is a successful answer whose body, or one of whose stream events, could not be read.
type DecodeError struct {
	Event     string // the stream event that could not be read; "" for a whole body
	Truncated bool   // the body ended in the middle of its JSON: the reply was cut off
	RequestID string // from X-Request-ID, when given
	route     string
	err       error
}

// Error names the route (or event) and the cause.
func (e *DecodeError) Error() string {
	what := e.route
	if e.Event != "" {
		what = "event " + e.Event
	}
	if e.Truncated {
		return "client: " + what + ": the server's reply was cut off"
	}
	msg := "client: " + what + ": the server's answer could not be read"
	if e.err != nil {
		msg += ": " + e.err.Error()
	}
	return msg
}

// Unwrap returns the JSON or read error.
func (e *DecodeError) Unwrap() error { return e.err }

// withRoute names the route of a body error made by a handler, or wraps any other error of
// reading the body as a *NetError.
func (c *Client) withRoute(err error, method, route, host string) error {
	switch e := err.(type) {
	case *DecodeError:
		e.route = method + " " + route
		return e
	case *TooLargeError:
		e.route = method + " " + route
		return e
	}
	return c.wrapNetError(method, route, host, err)
}
