package emulator

import (
	"net/http"
	"time"
)

// Faults are injected failures for tests. Set them with SetFaults; the zero Faults injects nothing.
type Faults struct {
	// Latency delays every request before it is handled (cancelled with the request's context).
	Latency time.Duration
	// Fail makes matching requests fail before authentication, see Failure.
	Fail Failure
	// CutStreamAfter closes every answer stream's connection after that many events, without
	// answer.completed or answer.failed. 0: off.
	CutStreamAfter int
	// StallAfter and StallFor make every answer stream stop sending after StallAfter events for
	// StallFor, without pings, then go on. StallFor 0: off.
	StallAfter int
	StallFor   time.Duration
	// AccessLostAfter makes the next answer end after that many events with answer.failed
	// workspace_access_lost (a non-stream ask gets 404 workspace_access_lost); the key's owner then
	// has lost that workspace (spec §5 rule 3). 0: off. It fires once.
	AccessLostAfter int
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
	// Route limits the failure to one route (RouteList, RouteAsk, RouteUpload, RouteStatus); "": all.
	Route string
}

// SetFaults replaces the injected faults.
func (e *Emulator) SetFaults(f Faults) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.faults = f
}

// applyLatency waits the injected latency; it returns false when the request was cancelled.
func (e *Emulator) applyLatency(r *http.Request) bool {
	e.mu.Lock()
	d := e.faults.Latency
	e.mu.Unlock()
	return sleepCtx(r, d)
}

// sleepCtx waits d or until the request's context is done; it reports whether d passed.
func sleepCtx(r *http.Request, d time.Duration) bool {
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

// takeFailure returns the injected failure for route, counting it down, or nil.
func (e *Emulator) takeFailure(route string) *apiErr {
	e.mu.Lock()
	defer e.mu.Unlock()
	f := &e.faults.Fail
	if f.Status == 0 || (f.Route != "" && f.Route != route) {
		return nil
	}
	out := &apiErr{status: f.Status, code: f.Code, msg: "injected failure", retryAfter: f.RetryAfter}
	if out.code == "" {
		out.code = "server_error"
		if f.Status == http.StatusTooManyRequests {
			out.code = "rate_limit_exceeded"
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

// streamFaults returns the stream faults for one answer; the access-lost fault is consumed.
func (e *Emulator) streamFaults() Faults {
	e.mu.Lock()
	defer e.mu.Unlock()
	f := e.faults
	e.faults.AccessLostAfter = 0
	return f
}
