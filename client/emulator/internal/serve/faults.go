package serve

import (
	"net/http"
	"time"
)

// Faults are injected failures for tests and demos, shared by every family. Set them with
// Core.SetFaults; the zero Faults injects nothing.
type Faults struct {
	// Latency delays every request before it is handled (cancelled with the request's context).
	Latency time.Duration
	// Fail makes matching requests fail before authentication, see Failure.
	Fail Failure
	// CutStreamAfter closes every answer stream's connection after that many events, without a
	// final event. 0: off.
	CutStreamAfter int
	// StallAfter and StallFor make every answer stream stop sending after StallAfter events for
	// StallFor, without pings or keep-alive comments, then go on. StallFor 0: off.
	StallAfter int
	StallFor   time.Duration
	// AccessLostAfter makes the next workspace answer end after that many events with answer.failed
	// workspace_access_lost (a non-stream ask gets 404 workspace_access_lost); the key's owner then
	// has lost that workspace. 0: off. It fires once.
	AccessLostAfter int
	// ModelFail makes /v1 answers fail as a model failure would, see ModelFailure.
	ModelFail ModelFailure
}

// Failure is an injected error answer, for example 503 or 429 with Retry-After.
type Failure struct {
	// Status is the HTTP status (0: no failure).
	Status int
	// Code is the error code; "" gives server_error, or rate_limit_exceeded for 429.
	Code string
	// RetryAfter is sent as the Retry-After header when positive.
	RetryAfter time.Duration
	// Count is how many matching requests fail; 0 means every one until SetFaults is called again.
	Count int
	// Route limits the failure to one route (for example "POST /workspace" or
	// "POST /v1/responses"); "": all.
	Route string
}

// ModelFailure is a failure of the model while it answers on /v1 (model-api.md §3, §6).
type ModelFailure struct {
	// Code is the error code, for example model_unavailable (503), model_timeout (504) or
	// incomplete_model_stream (502); "": off.
	Code string
	// AfterDeltas is how many text deltas a stream sends before it fails (0: before any text, so
	// the output stays empty). A request without stream gets the error's status instead.
	AfterDeltas int
}

// SetFaults replaces the injected faults.
func (c *Core) SetFaults(f Faults) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.faults = f
}

// ApplyLatency waits the injected latency; it returns false when the request was cancelled.
func (c *Core) ApplyLatency(r *http.Request) bool {
	c.mu.Lock()
	d := c.faults.Latency
	c.mu.Unlock()
	return SleepCtx(r, d)
}

// SleepCtx waits d or until the request's context is done; it reports whether d passed.
func SleepCtx(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return r.Context().Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

// TakeFailure returns the injected failure for route, counting it down, or nil.
func (c *Core) TakeFailure(route string) *Error {
	c.mu.Lock()
	defer c.mu.Unlock()
	f := &c.faults.Fail
	if f.Status == 0 || (f.Route != "" && f.Route != route) {
		return nil
	}
	out := &Error{Status: f.Status, Code: f.Code, Message: "injected failure", RetryAfter: f.RetryAfter}
	if out.Code == "" {
		out.Code = "server_error"
		if f.Status == http.StatusTooManyRequests {
			out.Code = "rate_limit_exceeded"
		}
	}
	if f.Count > 0 {
		f.Count--
		if f.Count == 0 {
			*f = Failure{}
		}
	}
	return out
}

// Faults returns the injected faults, consuming none (the /v1 answers: the access-lost fault is
// the workspace answers' own).
func (c *Core) Faults() Faults {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.faults
}

// StreamFaults returns the faults for one workspace answer; the access-lost fault is consumed.
func (c *Core) StreamFaults() Faults {
	c.mu.Lock()
	defer c.mu.Unlock()
	f := c.faults
	c.faults.AccessLostAfter = 0
	return f
}
