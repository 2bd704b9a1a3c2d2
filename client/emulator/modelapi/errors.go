package modelapi

import (
	"net/http"

	"lectern/client/emulator/internal/serve"
)

// writeErr writes e as the /v1 error object, with Retry-After when a wait applies.
func writeErr(w http.ResponseWriter, reqID string, e *serve.Error) { serve.WriteV1Error(w, reqID, e) }

// bad is a 400 error with code about param.
func bad(code, param, msg string) *serve.Error { return serve.BadRequest(code, param, msg) }

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
