package toolsapi

import (
	"net/http"

	"lectern/client/emulator/internal/serve"
)

// errorBody is the /v1 error object (model-api.md §2), which the tool endpoints share.
type errorBody struct {
	Error errorJSON `json:"error"`
}

type errorJSON struct {
	Message   string  `json:"message"`
	Type      string  `json:"type"`
	Code      string  `json:"code"`
	Param     *string `json:"param"`
	RequestID string  `json:"request_id"`
}

// errorType names the kind of error by status, as hosted-model APIs do.
func errorType(status int) string {
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

// writeErr writes e as the error object, with Retry-After when a wait applies.
func writeErr(w http.ResponseWriter, reqID string, e *serve.Error) {
	out := errorJSON{Message: e.Message, Type: errorType(e.Status), Code: e.Code, RequestID: reqID}
	if e.Param != "" {
		out.Param = &e.Param
	}
	serve.SetRetryAfter(w, e.RetryAfter)
	serve.WriteJSON(w, e.Status, errorBody{Error: out})
}

// bad is 400 with code about param.
func bad(code, param, msg string) *serve.Error {
	return &serve.Error{Status: http.StatusBadRequest, Code: code, Param: param, Message: msg}
}

// invalid is 400 invalid_request_error about param.
func invalid(param, msg string) *serve.Error { return bad("invalid_request_error", param, msg) }
