package toolsapi

import (
	"net/http"

	"lectern/client/emulator/internal/serve"
)

// writeErr writes e as the /v1 error object, with Retry-After when a wait applies.
func writeErr(w http.ResponseWriter, reqID string, e *serve.Error) { serve.WriteV1Error(w, reqID, e) }

// bad is 400 with code about param.
func bad(code, param, msg string) *serve.Error { return serve.BadRequest(code, param, msg) }

// invalid is 400 invalid_request_error about param.
func invalid(param, msg string) *serve.Error { return bad("invalid_request_error", param, msg) }
