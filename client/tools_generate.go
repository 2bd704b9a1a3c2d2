package client

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// CodeArtifactExpired is the code the emulator gives a download of an expired file; the spec does
// not name one, so ArtifactExpired also takes a 410 without it.
const CodeArtifactExpired = "artifact_expired"

// GenerateRequest asks for a text and, when the prompt asks for one, an Office file.
type GenerateRequest struct {
	Model  string // a tier; "" lets the server choose
	Prompt string
}

// GenerateResult is the answer of POST /generate. Artifact is nil when no file was made.
type GenerateResult struct {
	Response   string                     `json:"response"`
	DurationMS float64                    `json:"duration_ms"`
	Artifact   *OfficeArtifact            `json:"office_artifact"`
	Extra      map[string]json.RawMessage `json:"-"`
	Raw        json.RawMessage            `json:"-"`
}

// OfficeArtifact is a generated file, downloaded with DownloadArtifact until it expires.
type OfficeArtifact struct {
	ArtifactID    string                     `json:"artifact_id"`
	Available     bool                       `json:"available"`
	CreatedAt     flexText                   `json:"created_at"`
	ExpiresAt     flexText                   `json:"expires_at"` // ISO 8601 or Unix seconds: see Expires
	Filename      string                     `json:"filename"`
	Kind          string                     `json:"kind"`
	LogicalPages  int                        `json:"logical_pages"`
	Mime          string                     `json:"mime"`
	PageCountMode string                     `json:"page_count_mode"`
	Size          int64                      `json:"size"`
	Title         string                     `json:"title"`
	Extra         map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON reads the result leniently and keeps the fields the spec does not show.
func (r *GenerateResult) UnmarshalJSON(b []byte) error {
	type plain GenerateResult
	return decodeLenient(b, (*plain)(r))
}

// UnmarshalJSON reads the artifact leniently and keeps the fields the spec does not show.
func (a *OfficeArtifact) UnmarshalJSON(b []byte) error {
	type plain OfficeArtifact
	return decodeLenient(b, (*plain)(a))
}

// Expires returns when the file stops being available, when the server said so readably.
func (a *OfficeArtifact) Expires() (time.Time, bool) { return parseToolTime(string(a.ExpiresAt)) }

// Expired reports whether the file can no longer be downloaded at now: marked unavailable, or
// past its expiry.
func (a *OfficeArtifact) Expired(now time.Time) bool {
	t, ok := a.Expires()
	return !a.Available || (ok && !now.Before(t))
}

// Generate writes a text, and an Office file when the prompt asks for one (stream false).
// POST /generate (200 s). It shares the per-person limit of /chat and /pdf: a 429 is retried
// after its Retry-After, and nothing else (a request answered 502, 503 or 504 by a proxy may
// have counted).
func (c *Client) Generate(ctx context.Context, r GenerateRequest) (*GenerateResult, error) {
	if strings.TrimSpace(r.Prompt) == "" {
		return nil, missing("prompt")
	}
	body, err := json.Marshal(struct {
		Model  string `json:"model,omitempty"`
		Prompt string `json:"prompt"`
		Stream bool   `json:"stream"`
	}{r.Model, r.Prompt, false})
	if err != nil {
		return nil, err
	}
	req := &request{method: http.MethodPost, path: "/generate", body: body, timeout: c.timeouts.Ask, retry: retryLimitOnly}
	var out GenerateResult
	if err := c.call(ctx, req, decodeTool(&out, MaxToolBody)); err != nil {
		return nil, err
	}
	return &out, nil
}

// DownloadArtifact copies a generated file to dst as it arrives, never holding it whole, and
// returns the bytes written. progress, when set, gets the bytes so far and the total (-1 when the
// server gave no length). GET /office/artifacts/{artifact_id}/download (300 s). Only a request
// that wrote nothing is retried, so dst never gets a file twice. An expired file is an
// *APIError for which ArtifactExpired is true.
func (c *Client) DownloadArtifact(ctx context.Context, artifactID string, dst io.Writer, progress func(got, total int64)) (int64, error) {
	if strings.TrimSpace(artifactID) == "" {
		return 0, missing("artifact_id")
	}
	r := &request{method: http.MethodGet, path: "/office/artifacts/" + url.PathEscape(artifactID) + "/download",
		timeout: c.timeouts.Upload, retry: retryByStatus}
	var written int64
	copyBody := func(resp *http.Response) error {
		w := &progressWriter{w: dst, total: resp.ContentLength, progress: progress}
		n, err := io.Copy(w, &capReader{r: resp.Body, left: MaxArtifactBytes})
		written += n
		if err != nil && w.failed == nil {
			return bodyError(err, MaxArtifactBytes, resp.Header.Get("X-Request-ID"))
		}
		return err
	}
	// noAnswerOK false: a body broken half-way is not sent again, only answers before any byte.
	err := c.withRetries(ctx, false, func() error { return c.attempt(ctx, r, copyBody) })
	return written, err
}

// ArtifactExpired reports an error of a download whose file has expired (410, or the code).
func ArtifactExpired(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && (ae.Code == CodeArtifactExpired || ae.StatusCode == http.StatusGone)
}

// progressWriter counts what goes to w and reports it.
type progressWriter struct {
	w        io.Writer
	got      int64
	total    int64
	progress func(got, total int64)
	failed   error // an error of w itself (the disk), not of the network
}

func (p *progressWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	p.got += int64(n)
	if err != nil {
		p.failed = err
	}
	if p.progress != nil && n > 0 {
		p.progress(p.got, p.total)
	}
	return n, err
}
