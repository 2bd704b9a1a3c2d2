package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Error is the error body of the workspace endpoints (spec §7): code, message, retryable and
// request_id, plus param when one field is at fault.
type Error struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	Param     string `json:"param,omitempty"`
	Retryable bool   `json:"retryable"`
	RequestID string `json:"request_id"`
}

// apiErr is an error answer before it is written.
type apiErr struct {
	status     int
	code, msg  string
	param      string
	retryAfter time.Duration
}

// Error implements error.
func (e *apiErr) Error() string { return fmt.Sprintf("%d %s: %s", e.status, e.code, e.msg) }

// newErr builds an apiErr.
func newErr(status int, code, msg string) *apiErr {
	return &apiErr{status: status, code: code, msg: msg}
}

// paramErr builds a 400 error about one field.
func paramErr(code, param, msg string) *apiErr {
	return &apiErr{status: http.StatusBadRequest, code: code, param: param, msg: msg}
}

// invalid builds 400 invalid_request about param.
func invalid(param, msg string) *apiErr { return paramErr("invalid_request", param, msg) }

// retryable reports whether the client may retry e.
func (e *apiErr) retryable() bool {
	return e.status == http.StatusTooManyRequests || e.status >= 500 || e.retryAfter > 0
}

// retryAfterSeconds rounds d up to whole seconds, at least 1.
func retryAfterSeconds(d time.Duration) int {
	s := int((d + time.Second - 1) / time.Second)
	return max(s, 1)
}

// writeErr writes e as the JSON error body with Retry-After when a wait applies.
func writeErr(w http.ResponseWriter, reqID string, e *apiErr) {
	if e.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds(e.retryAfter)))
	}
	writeJSON(w, e.status, Error{
		Code: e.code, Message: e.msg, Param: e.param, Retryable: e.retryable(), RequestID: reqID,
	})
}

// writeJSON writes v as a JSON body with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"code":"internal_error","message":"encoding failed","retryable":true}`)
		status = http.StatusInternalServerError
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}
