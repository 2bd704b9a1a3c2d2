package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"lectern/internal/safetext"
)

// Sentinel errors; test with errors.Is.
var (
	// ErrUnreachable reports that the server could not be reached at all (DNS, refused, no route).
	ErrUnreachable = errors.New("client: server unreachable")
	// ErrInterrupted reports an answer stream that ended without its final event (answer.completed
	// or answer.failed; response.completed, .incomplete or .failed; data: [DONE]).
	ErrInterrupted = errors.New("client: answer interrupted")
	// ErrIdleTimeout is the cause of an interrupted stream that stayed silent past its idle limit.
	ErrIdleTimeout = errors.New("client: stream idle timeout")
	// ErrHeaderTimeout is the cause of an interrupted stream whose response headers did not come
	// within Timeouts.Headers: nothing of the answer arrived.
	ErrHeaderTimeout = errors.New("client: no response headers in time")
	// ErrStreamClosed is the cause of an interrupted stream that the caller closed.
	ErrStreamClosed = errors.New("client: stream closed")
	// ErrFileChanged is the cause of a *FileError whose file had another size than announced
	// when it was read to be sent.
	ErrFileChanged = errors.New("client: the file changed size while it was being sent")
)

// APIError is an error answered by the service, whatever shape its body had.
type APIError struct {
	StatusCode int           // HTTP status; 0 for a streamed answer.failed
	Code       string        // machine code, for example key_not_allowed; "" when none was given
	Message    string        // the server's message, key removed, shortened
	Param      string        // the field at fault, when given
	Type       string        // the /v1 error type, when given
	RequestID  string        // from the body, else from X-Request-ID
	Retryable  bool          // the server's retryable flag
	RetryAfter time.Duration // from the Retry-After header (or body), 0 when none
	Snippet    string        // start of a body that was not JSON
}

// Error returns a one-line technical description; it never contains the key.
func (e *APIError) Error() string {
	var b strings.Builder
	b.WriteString("service api: ") // the workspace endpoints and /v1 alike
	if e.StatusCode > 0 {
		fmt.Fprintf(&b, "HTTP %d", e.StatusCode)
	} else {
		b.WriteString("stream failed")
	}
	if e.Code != "" {
		b.WriteString(" " + e.Code)
	}
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	} else if e.Snippet != "" {
		b.WriteString(": " + strconv.Quote(e.Snippet))
	}
	if e.Param != "" {
		b.WriteString(" (param " + e.Param + ")")
	}
	if e.RequestID != "" {
		b.WriteString(" (request id " + e.RequestID + ")")
	}
	return b.String()
}

// IsCode reports whether err is (or wraps) an *APIError with the given code.
func IsCode(err error, code string) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.Code == code
}

// InterruptedError is an answer stream that stopped before its final event. Text holds the
// preview text received (resets applied); Cause says why, when known.
type InterruptedError struct {
	Text      string
	Cause     error
	RequestID string // the stream's X-Request-ID, when given
}

// Error describes the interruption and its cause.
func (e *InterruptedError) Error() string {
	if e.Cause == nil {
		return "client: answer interrupted: the stream ended before the answer was complete"
	}
	return "client: answer interrupted: " + e.Cause.Error()
}

// Unwrap returns ErrInterrupted and the cause, so errors.Is works with both.
func (e *InterruptedError) Unwrap() []error {
	if e.Cause == nil {
		return []error{ErrInterrupted}
	}
	return []error{ErrInterrupted, e.Cause}
}

// maxMessage bounds server text kept in an error.
const (
	maxMessage = 500
	maxSnippet = 200
	maxErrBody = 64 << 10
)

// errorFields is the union of the error object shapes: /v1 {"error":{...}} and top-level.
type errorFields struct {
	Error      json.RawMessage `json:"error"`
	Code       json.RawMessage `json:"code"`
	Message    json.RawMessage `json:"message"`
	Param      json.RawMessage `json:"param"`
	Type       json.RawMessage `json:"type"`
	RequestID  json.RawMessage `json:"request_id"`
	Retryable  json.RawMessage `json:"retryable"`
	RetryAfter json.RawMessage `json:"retry_after"`
}

// parseAPIError builds an *APIError from a status, headers and a body (read up to maxErrBody).
// It never fails: an unreadable body becomes a snippet. redact removes the key from text.
func parseAPIError(status int, h http.Header, body []byte, redact func(string) string) *APIError {
	e := &APIError{StatusCode: status}
	if !fillFromJSON(e, body) {
		e.Snippet = snippet(body)
	}
	if h != nil {
		if e.RequestID == "" {
			e.RequestID = clean(h.Get("X-Request-ID"), 100)
		}
		if d, ok := parseRetryAfter(h.Get("Retry-After"), time.Now()); ok {
			e.RetryAfter = d
		}
	}
	if redact != nil {
		e.Message, e.Snippet, e.Param = redact(e.Message), redact(e.Snippet), redact(e.Param)
		e.Code, e.Type, e.RequestID = redact(e.Code), redact(e.Type), redact(e.RequestID)
	}
	return e
}

// fillFromJSON fills e from a JSON error body; false when the body is not a JSON object.
func fillFromJSON(e *APIError, body []byte) bool {
	var top errorFields
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || trimmed[0] != '{' || json.Unmarshal(trimmed, &top) != nil {
		return false
	}
	var inner errorFields
	if len(top.Error) > 0 && top.Error[0] == '{' && json.Unmarshal(top.Error, &inner) == nil {
		apply(e, &inner)
	} else if s := rawText(top.Error); s != "" {
		if isToken(s) && rawText(top.Code) == "" {
			e.Code = s
		} else {
			e.Message = clean(s, maxMessage)
		}
	}
	apply(e, &top)
	return true
}

// apply copies fields of f into e where e has none yet.
func apply(e *APIError, f *errorFields) {
	setIf := func(dst *string, raw json.RawMessage, max int) {
		if *dst == "" {
			*dst = clean(rawText(raw), max)
		}
	}
	setIf(&e.Code, f.Code, 100)
	setIf(&e.Message, f.Message, maxMessage)
	setIf(&e.Param, f.Param, 100)
	setIf(&e.Type, f.Type, 100)
	setIf(&e.RequestID, f.RequestID, 100)
	if b := rawText(f.Retryable); b == "true" {
		e.Retryable = true
	}
	if s := rawText(f.RetryAfter); s != "" && e.RetryAfter == 0 {
		if d, ok := parseRetryAfter(s, time.Now()); ok {
			e.RetryAfter = d
		}
	}
}

// rawText renders a JSON scalar as text: strings unquoted, numbers and booleans as written.
func rawText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
		return ""
	}
	if raw[0] == '{' || raw[0] == '[' {
		return ""
	}
	return string(raw)
}

// isToken reports whether s looks like a code such as invalid_request.
func isToken(s string) bool {
	if s == "" || len(s) > 100 {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '.' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// snippet is a short, printable start of a body that was not JSON.
func snippet(body []byte) string {
	if len(body) > 4*maxSnippet {
		body = body[:4*maxSnippet]
	}
	return clean(string(body), maxSnippet)
}

// clean makes server text safe to show: escape sequences and controls removed by the one
// sanitiser (safetext), valid UTF-8, single spaces, at most max runes.
func clean(s string, max int) string {
	var b strings.Builder
	n, space := 0, false
	for _, r := range safetext.OneLine(s) {
		if r == utf8.RuneError || unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if n >= max {
			b.WriteString("…")
			break
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// parseRetryAfter reads Retry-After as seconds (integer or decimal) or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		if f < 0 || f > 86400*7 || f != f {
			return 0, false
		}
		return time.Duration(f * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

// firstNonEmpty returns the first of s that is not empty.
func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
