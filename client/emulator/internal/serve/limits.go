package serve

import (
	"net/http"
	"sync"
	"time"
)

// Rates are the request limits of model-api.md §8. Zero takes the default; negative: no limit.
type Rates struct {
	// KeyPerMinute: requests per key a minute across /v1/chat/completions and /v1/responses. Default 60.
	KeyPerMinute int
	// StreamsPerKey and StreamsPerServer: open streams. Defaults 4 and 8.
	StreamsPerKey    int
	StreamsPerServer int
	// AddressPerMinute, AddressPer10s and AddressConcurrent: requests from one network address.
	// Defaults 120 a minute, 40 in any 10 seconds, 16 at the same time.
	AddressPerMinute  int
	AddressPer10s     int
	AddressConcurrent int
}

// streamRetryAfter is the wait given to a refused stream (model-api.md §8).
const streamRetryAfter = 5 * time.Second

// normalize fills the defaults of r.
func (r Rates) normalize() Rates {
	r.KeyPerMinute = Count(r.KeyPerMinute, 60)
	r.StreamsPerKey = Count(r.StreamsPerKey, 4)
	r.StreamsPerServer = Count(r.StreamsPerServer, 8)
	r.AddressPerMinute = Count(r.AddressPerMinute, 120)
	r.AddressPer10s = Count(r.AddressPer10s, 40)
	r.AddressConcurrent = Count(r.AddressConcurrent, 16)
	return r
}

// Admission describes a request asking to pass the limits.
type Admission struct {
	// Address is the client's network address.
	Address string
	// Key is the key's secret when the request counts toward the per-key limit ("" for
	// GET /v1/models, which counts only toward the per-address limit).
	Key string
	// Stream asks for an open-stream slot as well.
	Stream bool
}

// limiter is the state of the limits; Core.mu guards it.
type limiter struct {
	rates      Rates
	keyTimes   map[string][]time.Time
	addrTimes  map[string][]time.Time
	addrOpen   map[string]int
	keyStreams map[string]int
	streams    int
}

func newLimiter(r Rates) limiter {
	return limiter{rates: r, keyTimes: map[string][]time.Time{}, addrTimes: map[string][]time.Time{},
		addrOpen: map[string]int{}, keyStreams: map[string]int{}}
}

// Admit checks every limit that applies to a; a refused request is counted nowhere and gets
// 429 rate_limit_exceeded with the longest wait of the limits it hit. An admitted one is counted
// and holds its concurrency and stream slots until release is called (once is enough; more are
// ignored).
func (c *Core) Admit(a Admission) (release func(), _ *Error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	l, now := &c.limits, c.Now()
	l.keyTimes[a.Key] = Within(l.keyTimes[a.Key], now, time.Minute)
	l.addrTimes[a.Address] = Within(l.addrTimes[a.Address], now, time.Minute)
	if wait := l.wait(a, now); wait > 0 {
		return nil, &Error{Status: http.StatusTooManyRequests, Code: "rate_limit_exceeded",
			Message: "a request limit was reached; wait Retry-After seconds", RetryAfter: wait}
	}
	l.addrTimes[a.Address] = append(l.addrTimes[a.Address], now)
	l.addrOpen[a.Address]++
	if a.Key != "" {
		l.keyTimes[a.Key] = append(l.keyTimes[a.Key], now)
	}
	if a.Stream {
		l.keyStreams[a.Key]++
		l.streams++
	}
	var once sync.Once
	return func() { once.Do(func() { c.release(a) }) }, nil
}

// release gives back the slots of an admitted request.
func (c *Core) release(a Admission) {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := &c.limits
	l.addrOpen[a.Address]--
	if a.Stream {
		l.keyStreams[a.Key]--
		l.streams--
	}
}

// wait returns the longest wait among the limits a would break, 0 when none.
func (l *limiter) wait(a Admission, now time.Time) time.Duration {
	r, wait := l.rates, time.Duration(0)
	hit := func(d time.Duration) { wait = max(wait, d, time.Second) }
	if r.AddressConcurrent > 0 && l.addrOpen[a.Address] >= r.AddressConcurrent {
		hit(time.Second)
	}
	addr := l.addrTimes[a.Address]
	if d, full := WindowWait(addr, now, time.Minute, r.AddressPerMinute); full {
		hit(d)
	}
	if d, full := WindowWait(Within(addr, now, 10*time.Second), now, 10*time.Second, r.AddressPer10s); full {
		hit(d)
	}
	if a.Key != "" {
		if d, full := WindowWait(l.keyTimes[a.Key], now, time.Minute, r.KeyPerMinute); full {
			hit(d)
		}
	}
	if a.Stream && ((r.StreamsPerKey > 0 && l.keyStreams[a.Key] >= r.StreamsPerKey) ||
		(r.StreamsPerServer > 0 && l.streams >= r.StreamsPerServer)) {
		hit(streamRetryAfter)
	}
	return wait
}

// WindowWait reports whether times (all within window of now, oldest first) already hold limit
// requests, and how long until the oldest leaves the window.
func WindowWait(times []time.Time, now time.Time, window time.Duration, limit int) (time.Duration, bool) {
	if limit <= 0 || len(times) < limit {
		return 0, false
	}
	return times[len(times)-limit].Add(window).Sub(now), true
}

// Within returns the times of ts (oldest first) less than window before now.
func Within(ts []time.Time, now time.Time, window time.Duration) []time.Time {
	i := 0
	for i < len(ts) && now.Sub(ts[i]) >= window {
		i++
	}
	return ts[i:]
}
