package modelapi

import (
	"net/http"

	"lectern/client/emulator/internal/serve"
)

// errorBody is the /v1 error object (model-api.md §2).
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
	case status == http.StatusNotFound:
		return "not_found_error"
	case status == http.StatusTooManyRequests:
		return "rate_limit_error"
	case status >= 500:
		return "server_error"
	}
	return "invalid_request_error"
}

// toJSON is e as the /v1 error object.
func toJSON(e *serve.Error, reqID string) errorJSON {
	out := errorJSON{Message: e.Message, Type: errorType(e.Status), Code: e.Code, RequestID: reqID}
	if e.Param != "" {
		out.Param = &e.Param
	}
	return out
}

// writeErr writes e with Retry-After when a wait applies.
func writeErr(w http.ResponseWriter, reqID string, e *serve.Error) {
	serve.SetRetryAfter(w, e.RetryAfter)
	serve.WriteJSON(w, e.Status, errorBody{Error: toJSON(e, reqID)})
}

// bad is a 400 error with code about param.
func bad(code, param, msg string) *serve.Error {
	return &serve.Error{Status: http.StatusBadRequest, Code: code, Param: param, Message: msg}
}

// invalid is 400 invalid_request_error about param.
func invalid(param, msg string) *serve.Error { return bad("invalid_request_error", param, msg) }

// unsupported is 400 unsupported_parameter about param.
func unsupported(param, msg string) *serve.Error { return bad("unsupported_parameter", param, msg) }

// modelError is the error of a model failure with code: its status by the spec's table.
func modelError(code string) *serve.Error {
	status := http.StatusBadGateway
	switch code {
	case "model_unavailable":
		status = http.StatusServiceUnavailable
	case "model_timeout":
		status = http.StatusGatewayTimeout
	}
	return &serve.Error{Status: status, Code: code, Message: "the model failed: " + code}
}
