package serve

import (
	"encoding/json"
	"fmt"
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
