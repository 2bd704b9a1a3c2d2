package client

import (
	"crypto/rand"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ClientDocumentIDLength is the exact length of a client_document_id (spec §2, Identifiers).
const ClientDocumentIDLength = 12

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// NewClientDocumentID returns a fresh client_document_id: 12 characters of A-Z a-z 0-9 drawn
// from crypto/rand without modulo bias.
func NewClientDocumentID() string {
	out := make([]byte, 0, ClientDocumentIDLength)
	var buf [32]byte
	for len(out) < ClientDocumentIDLength {
		_, _ = rand.Read(buf[:]) // crypto/rand.Read never fails (Go 1.24+)
		for _, b := range buf {
			if b < 248 && len(out) < ClientDocumentIDLength { // 248 = 4*62: no bias
				out = append(out, idAlphabet[int(b)%len(idAlphabet)])
			}
		}
	}
	return string(out)
}

// ValidateClientDocumentID checks "exactly 12 characters A-Z a-z 0-9".
func ValidateClientDocumentID(id string) error {
	if len(id) != ClientDocumentIDLength {
		return &ValidationError{Field: "client_document_id", Code: InvalidForm, Want: FormLettersDigits, Limit: ClientDocumentIDLength}
	}
	for i := 0; i < len(id); i++ {
		if strings.IndexByte(idAlphabet, id[i]) < 0 {
			return &ValidationError{Field: "client_document_id", Code: InvalidForm, Want: FormLettersDigits, Limit: ClientDocumentIDLength}
		}
	}
	return nil
}

// DefaultLimits are the upload limits assumed until the server reports its own.
var DefaultLimits = Limits{MaxFileBytes: 3 << 20, MaxRequestBytes: 4259840}

// AllowedExtensions are the file types that can be added (spec §4 rule 1), compared in lower case.
var AllowedExtensions = []string{".txt", ".pdf", ".docx", ".xlsx", ".csv"}

// Preflight checks a file before it is sent: extension, name rules, size against
// lim.MaxFileBytes and the whole request against lim.MaxRequestBytes. Zero limits mean the
// defaults. The error is a *ValidationError with field "name" or "file".
func Preflight(name string, size int64, lim Limits) error {
	if err := validateName(name); err != nil {
		return err
	}
	lim = lim.withDefaults()
	switch {
	case size < 0:
		return &ValidationError{Field: "file", Code: InvalidUnknownSize}
	case size == 0: // the server reads empty data as invalid base64, and no resend can fix that
		return &ValidationError{Field: "file", Code: InvalidEmptyFile, File: name}
	}
	if size > lim.MaxFileBytes {
		return &ValidationError{Field: "file", Code: InvalidTooLarge, File: name, Got: size, Limit: lim.MaxFileBytes}
	}
	if n := estimateRequestBytes(name, size); lim.MaxRequestBytes > 0 && n > lim.MaxRequestBytes {
		return &ValidationError{Field: "file", Code: InvalidEncodedSize, File: name, Got: n, Limit: lim.MaxRequestBytes}
	}
	return nil
}

// validateName checks the name rules of spec §4 and the allowed extensions.
func validateName(name string) error {
	n := chars(name)
	switch {
	case n == 0:
		return missing("name")
	case n > MaxNameChars:
		return tooLong("name", n, MaxNameChars)
	case strings.HasPrefix(name, "."):
		return malformed("name", FormNoLeadingDot)
	case strings.ContainsAny(name, `/\`):
		return malformed("name", FormNoSeparator)
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return malformed("name", FormNoControl)
	case !utf8.ValidString(name): // JSON would send U+FFFD instead: another name than the file's
		return malformed("name", FormUTF8)
	}
	if ve := FileTypeRefusal(name); ve != nil {
		return ve
	}
	return nil
}

// FileTypeRefusal returns the refusal of a file called name for its type, nil when the type is
// allowed: field "name", code InvalidFileType, Value the file's extension as written ("" when it
// has none, or what follows its last dot is not one, as in "v1.2 final"), Want the type to save it
// as when there is one (.txt for .md, .docx for .doc, .xlsx for .xls), Choices the allowed types.
func FileTypeRefusal(name string) *ValidationError {
	ext := filepath.Ext(name)
	lower := strings.ToLower(ext)
	if slices.Contains(AllowedExtensions, lower) {
		return nil
	}
	if ext == "." || chars(ext) > 12 || strings.ContainsAny(ext, " \t") {
		ext = ""
	}
	return &ValidationError{Field: "name", Code: InvalidFileType, Value: ext, Want: savedAs[lower],
		Choices: AllowedExtensions}
}

// savedAs is the allowed type to save a file of a refused type as, where there is one.
var savedAs = map[string]string{".md": ".txt", ".doc": ".docx", ".xls": ".xlsx"}

// estimateRequestBytes is the body size without metadata and with a 12-character id.
func estimateRequestBytes(name string, size int64) int64 {
	p, s := uploadEnvelope("W", strings.Repeat("x", ClientDocumentIDLength), name, nil)
	return int64(len(p)+len(s)) + base64Len(min(size, 1<<40))
}

// withDefaults fills unreported size limits from DefaultLimits.
func (l Limits) withDefaults() Limits {
	if l.MaxFileBytes <= 0 {
		l.MaxFileBytes = DefaultLimits.MaxFileBytes
	}
	if l.MaxRequestBytes <= 0 {
		l.MaxRequestBytes = DefaultLimits.MaxRequestBytes
	}
	return l
}

// UploadRequest describes one file to add to a personal workspace.
type UploadRequest struct {
	WorkspaceID, ClientDocumentID, Name string
	Size                                int64
	// Open returns the file's content from the start; it is called again for a resend.
	Open     func() (io.ReadCloser, error)
	Metadata map[string]string
	// Progress, when set, is called from the sending goroutine with body bytes sent so far.
	Progress func(sent, total int64)
}

// Validate checks the request before anything is sent.
func (r UploadRequest) Validate(lim Limits) error {
	if err := validateWorkspaceID(r.WorkspaceID); err != nil {
		return err
	}
	if err := ValidateClientDocumentID(r.ClientDocumentID); err != nil {
		return err
	}
	if r.Open == nil {
		return missing("file")
	}
	if err := validateMetadata(r.Metadata); err != nil {
		return err
	}
	return Preflight(r.Name, r.Size, lim)
}

// IsFinal reports whether an upload status is final: ready or failed.
func IsFinal(status string) bool { return status == StatusReady || status == StatusFailed }

// Limits returns the last limits the server reported, else DefaultLimits.
func (c *Client) Limits() Limits {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.limits
}

// WorkspaceLimits returns the last limits the server reported for one workspace.
func (c *Client) WorkspaceLimits(workspaceID string) (Limits, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	l, ok := c.wsLimits[workspaceID]
	return l, ok
}

// rememberLimits keeps the limits of an upload record.
func (c *Client) rememberLimits(rec *UploadRecord) {
	if rec == nil || rec.Limits == nil {
		return
	}
	l := rec.Limits.withDefaults()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.limits = l
	c.wsLimits[rec.WorkspaceID] = l
}
