// Package client is the typed HTTP client of the Workspace Question-Answering Service: the
// workspace endpoints (spec: workspace-api.md) and the /v1 model endpoints (model-api.md). It
// builds and validates requests, parses every error shape into *APIError, retries what the server
// marks retryable (/v1: by status), streams answers of both API families through one stream layer
// over go-sse's low-level reader, and streams uploads with an exact Content-Length. It imports no Fyne
// and keeps no state on disk; the API key never appears in an error string, log line or panic.
package client

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// DefaultUserAgent is the User-Agent sent when WithUserAgent is not used.
const DefaultUserAgent = "Lectern/0.1 (Go workspace client)"

// Client talks to one service. It is safe for concurrent use.
type Client struct {
	base     string // scheme://host[/prefix] without trailing slash
	key      secret
	http     *http.Client
	retry    RetryPolicy
	pollMin  time.Duration
	pollMax  time.Duration
	ua       string
	timeouts Timeouts

	mu       sync.Mutex
	limits   Limits
	wsLimits map[string]Limits
}

// Timeouts are the time limits of the client; a zero field keeps its default.
type Timeouts struct {
	Ask        time.Duration // a non-streamed answer, 200 s (spec §8)
	Upload     time.Duration // one upload request, 300 s
	List       time.Duration // listing and status, 60 s
	StreamIdle time.Duration // a stream without any byte (pings count) once its headers came, 60 s
	// Headers is the wait for a stream's response headers, 200 s: a server may check the whole
	// request before it answers, so this wait has its own limit, apart from StreamIdle.
	Headers time.Duration
}

// DefaultTimeouts are the recommended time limits of spec §8 plus the stream limits: the wait for
// headers as long as an ask (200 s), and the idle limit once a stream runs.
var DefaultTimeouts = Timeouts{Ask: 200 * time.Second, Upload: 300 * time.Second,
	List: 60 * time.Second, StreamIdle: 60 * time.Second, Headers: 200 * time.Second}

// Option configures a Client in NewClient; options validate their input.
type Option func(*Client) error

// NewClient returns a Client. WithBaseURL is required.
func NewClient(opts ...Option) (*Client, error) {
	c := &Client{
		http:     &http.Client{},
		retry:    DefaultRetryPolicy,
		pollMin:  3 * time.Second,
		pollMax:  5 * time.Second,
		ua:       DefaultUserAgent,
		timeouts: DefaultTimeouts,
		limits:   DefaultLimits,
		wsLimits: map[string]Limits{},
	}
	for _, opt := range opts {
		if opt == nil {
			continue
		}
		if err := opt(c); err != nil {
			return nil, err
		}
	}
	if c.base == "" {
		return nil, missing("base_url")
	}
	c.http = c.withoutRedirects(c.http) // whatever client was given: only the configured server
	return c, nil
}

// WithBaseURL sets the service address, for example https://qa.example.com. A trailing slash is
// tolerated; the address must be http or https with a host and no user name, query or fragment.
func WithBaseURL(raw string) Option {
	return func(c *Client) error {
		u, err := url.Parse(strings.TrimSpace(raw))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return malformed("base_url", FormHTTPSURL)
		}
		if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
			return malformed("base_url", FormPlainURL)
		}
		u.Path = strings.TrimRight(u.Path, "/")
		u.RawPath = ""
		c.base = u.String()
		return nil
	}
}

// WithAPIKey sets the key sent as "Authorization: Bearer <key>".
func WithAPIKey(key string) Option {
	return func(c *Client) error {
		for _, r := range key {
			if r < 0x21 || r > 0x7e {
				return malformed("api_key", FormKeyCharacters)
			}
		}
		c.key = secret(key)
		return nil
	}
}

// WithHTTPClient sets the *http.Client used for every request. Its Timeout, if any, is not used
// for answer streams, which only have their idle limit.
func WithHTTPClient(h *http.Client) Option {
	return func(c *Client) error {
		if h == nil {
			return errors.New("client: WithHTTPClient needs a non-nil *http.Client")
		}
		c.http = h
		return nil
	}
}

// WithRetryPolicy sets how often and how long the client waits before retrying.
func WithRetryPolicy(p RetryPolicy) Option {
	return func(c *Client) error {
		if p.MaxRetries < 0 || p.BaseDelay < 0 || p.MaxDelay < 0 {
			return outOfRange("retry_policy", "", "0", "")
		}
		c.retry = p
		return nil
	}
}

// WithPollInterval sets the range of the jittered wait between status polls (default 3 s to 5 s).
func WithPollInterval(min, max time.Duration) Option {
	return func(c *Client) error {
		if min <= 0 || max < min {
			return outOfRange("poll_interval", "", "min", "max")
		}
		c.pollMin, c.pollMax = min, max
		return nil
	}
}

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option {
	return func(c *Client) error {
		if strings.ContainsAny(ua, "\r\n") {
			return malformed("user_agent", FormOneLine)
		}
		if ua != "" {
			c.ua = ua
		}
		return nil
	}
}

// WithTimeouts overrides time limits; zero fields keep the defaults of DefaultTimeouts.
func WithTimeouts(t Timeouts) Option {
	return func(c *Client) error {
		set := func(dst *time.Duration, v time.Duration) {
			if v > 0 {
				*dst = v
			}
		}
		set(&c.timeouts.Ask, t.Ask)
		set(&c.timeouts.Upload, t.Upload)
		set(&c.timeouts.List, t.List)
		set(&c.timeouts.StreamIdle, t.StreamIdle)
		set(&c.timeouts.Headers, t.Headers)
		return nil
	}
}

// BaseURL returns the service address without a trailing slash.
func (c *Client) BaseURL() string { return c.base }

// String describes the client without its key.
func (c *Client) String() string { return "client.Client{" + c.base + "}" }

// GoString describes the client without its key (for %#v).
func (c *Client) GoString() string { return c.String() }

// secret holds the API key; every formatting of it is redacted.
type secret string

func (s secret) String() string   { return redactedMark }
func (s secret) GoString() string { return redactedMark }

const redactedMark = "[redacted]"

// redact removes the key from text that came from the server or the network.
func (c *Client) redact(s string) string {
	if c == nil || c.key == "" {
		return s
	}
	return strings.ReplaceAll(s, string(c.key), redactedMark)
}
