package serve

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"time"
)

// Error is an error answer before a family writes it in its own body shape: the workspace
// endpoints' {code, message, retryable, ...} or /v1's {error: {message, type, code, param, ...}}.
type Error struct {
	Status     int
	Code       string
	Message    string
	Param      string        // the request field at fault, "" when none
	RetryAfter time.Duration // sent as Retry-After when positive
}

// Error implements error.
func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

// RetryAfterSeconds rounds d up to whole seconds, at least 1.
func RetryAfterSeconds(d time.Duration) int {
	s := int((d + time.Second - 1) / time.Second)
	return max(s, 1)
}

// SetRetryAfter sets the Retry-After header when d is positive.
func SetRetryAfter(w http.ResponseWriter, d time.Duration) {
	if d > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(RetryAfterSeconds(d)))
	}
}

// WriteJSON writes v as a JSON body with status and an exact Content-Length.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"code":"server_error","message":"encoding failed"}`)
		status = http.StatusInternalServerError
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// V1Error is the /v1 error object (model-api.md §2), which the tool endpoints share:
// {"error": {message, type, code, param, request_id}}.
type V1Error struct {
	Error V1ErrorFields `json:"error"`
}

// V1ErrorFields are the fields of a V1Error.
type V1ErrorFields struct {
	Message   string  `json:"message"`
	Type      string  `json:"type"`
	Code      string  `json:"code"`
	Param     *string `json:"param"`
	RequestID string  `json:"request_id"`
}

// NewV1Error is e as the /v1 error object of request reqID.
func NewV1Error(e *Error, reqID string) V1Error {
	out := V1ErrorFields{Message: e.Message, Type: v1ErrorType(e.Status), Code: e.Code, RequestID: reqID}
	if e.Param != "" {
		out.Param = &e.Param
	}
	return V1Error{Error: out}
}

// v1ErrorType names the kind of error by status, as hosted-model APIs do.
func v1ErrorType(status int) string {
	switch {
	case status == http.StatusUnauthorized:
		return "authentication_error"
	case status == http.StatusForbidden:
		return "permission_error"
	case status == http.StatusNotFound || status == http.StatusGone:
		return "not_found_error"
	case status == http.StatusTooManyRequests:
		return "rate_limit_error"
	case status >= 500:
		return "server_error"
	}
	return "invalid_request_error"
}

// WriteV1Error writes e as the /v1 error object, with Retry-After when a wait applies.
func WriteV1Error(w http.ResponseWriter, reqID string, e *Error) {
	SetRetryAfter(w, e.RetryAfter)
	WriteJSON(w, e.Status, NewV1Error(e, reqID))
}

// BadRequest is a 400 error with code about param.
func BadRequest(code, param, msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: code, Param: param, Message: msg}
}

// IsJSON reports whether r's body is declared as JSON (Content-Type application/json, with any
// parameters): every family answers 415 otherwise, each in its own words.
func IsJSON(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}
