package workspaceapi

import (
	"fmt"
	"net/http"
	"time"

	"lectern/client/emulator/internal/serve"
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

// writeErr writes e as the JSON error body with Retry-After when a wait applies.
func writeErr(w http.ResponseWriter, reqID string, e *apiErr) {
	serve.SetRetryAfter(w, e.retryAfter)
	writeJSON(w, e.status, Error{
		Code: e.code, Message: e.msg, Param: e.param, Retryable: e.retryable(), RequestID: reqID,
	})
}

// writeJSON writes v as a JSON body with status.
func writeJSON(w http.ResponseWriter, status int, v any) { serve.WriteJSON(w, status, v) }

// fromServe converts an error of the shared core to this family's.
func fromServe(e *serve.Error) *apiErr {
	if e == nil {
		return nil
	}
	return &apiErr{status: e.Status, code: e.Code, msg: e.Message, param: e.Param, retryAfter: e.RetryAfter}
}
