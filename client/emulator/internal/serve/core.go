// Package serve is what every API family of the emulator shares: the key store and the wrong-key
// limit, request ids and per-route counts, injected faults, the request-rate and open-stream
// limits of model-api.md §8, error values, JSON writing and the server-sent-event writer.
//
// One Core serves every family of one emulator, so a key, a fault or a limit set once applies to
// the workspace endpoints, /v1 and the tools alike. Families word errors in their own body shape.
package serve

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Config tunes the shared core. Zero values take the defaults of the specs; a negative count
// switches that limit off.
type Config struct {
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// WrongKeyLimit is how many wrong or missing keys one address may send in WrongKeyWindow before
	// it gets 429 instead of 401. Defaults 20 and 10 minutes.
	WrongKeyLimit  int
	WrongKeyWindow time.Duration
	// Rates are the request-rate and open-stream limits of model-api.md §8.
	Rates Rates
}

// Key is an API key known to the emulator. The same keys work on every family.
type Key struct {
	// Secret is the whole key as sent in Authorization: Bearer (or X-API-Key on /workspace).
	Secret string
	// Owner is the user the key answers as; "" is a key without owner.
	Owner string
	// CanAdd is the administrator's 'Can add documents' mark.
	CanAdd bool
	// Tiers lists the model tiers the key may use on /v1; nil means every tier of the server.
	Tiers []string
}

// Core holds the state every family shares. All methods are safe for concurrent use.
type Core struct {
	cfg Config

	mu       sync.Mutex
	keys     map[string]Key
	reqSeq   int
	requests map[string]int         // requests per route
	faults   Faults                 //
	wrong    map[string][]time.Time // wrong-key times per remote address
	limits   limiter
}

// NewCore returns a Core with no keys.
func NewCore(cfg Config) *Core {
	cfg = cfg.normalize()
	return &Core{cfg: cfg, keys: map[string]Key{}, requests: map[string]int{},
		wrong: map[string][]time.Time{}, limits: newLimiter(cfg.Rates)}
}

// normalize fills the defaults of c.
func (c Config) normalize() Config {
	if c.Now == nil {
		c.Now = time.Now
	}
	c.WrongKeyLimit = Count(c.WrongKeyLimit, 20)
	c.WrongKeyWindow = Duration(c.WrongKeyWindow, 10*time.Minute)
	c.Rates = c.Rates.normalize()
	return c
}

// Duration returns d, def when d is zero, and 0 when d is negative.
func Duration(d, def time.Duration) time.Duration {
	switch {
	case d == 0:
		return def
	case d < 0:
		return 0
	}
	return d
}

// Count returns n, def when n is zero, and 0 when n is negative.
func Count(n, def int) int {
	switch {
	case n == 0:
		return def
	case n < 0:
		return 0
	}
	return n
}

// Now returns the configured clock's time.
func (c *Core) Now() time.Time { return c.cfg.Now() }

// Begin gives a request its id (sent as X-Request-ID) and counts it for route.
func (c *Core) Begin(w http.ResponseWriter, route string) string {
	c.mu.Lock()
	c.reqSeq++
	id := fmt.Sprintf("req_%012x", c.reqSeq)
	c.requests[route]++
	c.mu.Unlock()
	w.Header().Set("X-Request-ID", id)
	return id
}

// Requests returns how many requests reached route, or all requests for "", counted before
// faults and authentication.
func (c *Core) Requests(route string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if route != "" {
		return c.requests[route]
	}
	n := 0
	for _, k := range c.requests {
		n += k
	}
	return n
}

// AddKey registers an API key (replacing one with the same Secret).
func (c *Core) AddKey(k Key) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k.Tiers = append([]string(nil), k.Tiers...)
	c.keys[k.Secret] = k
}

// RevokeKey removes a key: it then gets 401 like a wrong one, on every family.
func (c *Core) RevokeKey(secret string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.keys, secret)
}

// Bearer returns the key sent in Authorization: Bearer, "" when none.
func Bearer(r *http.Request) string {
	a := strings.TrimSpace(r.Header.Get("Authorization"))
	scheme, rest, ok := strings.Cut(a, " ")
	if ok && strings.EqualFold(scheme, "Bearer") {
		return strings.TrimSpace(rest)
	}
	return ""
}

// RemoteHost returns the address part of r.RemoteAddr.
func RemoteHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Authenticate looks secret up for a request from r's address. A missing or unknown key counts
// against the address's wrong-key limit and is answered with wrong, the family's own 401; past
// the limit every family answers 429 rate_limit_exceeded, with the wait until the oldest wrong key
// leaves the window.
func (c *Core) Authenticate(r *http.Request, secret string, wrong *Error) (Key, *Error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if k, ok := c.keys[secret]; ok && secret != "" {
		return k, nil
	}
	now, host := c.Now(), RemoteHost(r)
	recent := c.wrong[host][:0]
	for _, t := range c.wrong[host] {
		if now.Sub(t) < c.cfg.WrongKeyWindow {
			recent = append(recent, t)
		}
	}
	if c.cfg.WrongKeyLimit > 0 && len(recent) >= c.cfg.WrongKeyLimit {
		c.wrong[host] = recent
		return Key{}, &Error{Status: http.StatusTooManyRequests, Code: "rate_limit_exceeded",
			Message: "too many wrong or missing keys from this address", RetryAfter: max(recent[0].Add(c.cfg.WrongKeyWindow).Sub(now), time.Second)}
	}
	c.wrong[host] = append(recent, now)
	return Key{}, wrong
}

// InvalidV1Key is the /v1 answer to a missing, wrong or revoked key (model-api.md §5 rule 2),
// which the tool endpoints share.
func InvalidV1Key() *Error {
	return &Error{Status: http.StatusUnauthorized, Code: "invalid_api_key", Message: "send a valid key in Authorization: Bearer <key>"}
}
