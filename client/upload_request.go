package client

import (
	"crypto/rand"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"lectern/internal/words"
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
		return &ValidationError{Field: "client_document_id", Reason: fmt.Sprintf("must be exactly %d letters and digits", ClientDocumentIDLength)}
	}
	for i := 0; i < len(id); i++ {
		if strings.IndexByte(idAlphabet, id[i]) < 0 {
			return &ValidationError{Field: "client_document_id", Reason: "may only contain A-Z, a-z and 0-9"}
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
		return &ValidationError{Field: "file", Reason: "the file size is unknown"}
	case size == 0: // the server reads empty data as invalid base64, and no resend can fix that
		return &ValidationError{Field: "file", Reason: "the file is empty (0 bytes); there is nothing to add"}
	}
	if size > lim.MaxFileBytes {
		return &ValidationError{Field: "file", Reason: fmt.Sprintf("the file is %s; this server accepts at most %s", words.Bytes(size), words.Bytes(lim.MaxFileBytes))}
	}
	if n := estimateRequestBytes(name, size); lim.MaxRequestBytes > 0 && n > lim.MaxRequestBytes {
		return &ValidationError{Field: "file", Reason: fmt.Sprintf("the upload would be %s once encoded; this server accepts at most %s", words.Bytes(n), words.Bytes(lim.MaxRequestBytes))}
	}
	return nil
}

// validateName checks the name rules of spec §4 and the allowed extensions.
func validateName(name string) error {
	n := chars(name)
	switch {
	case n == 0:
		return &ValidationError{Field: "name", Reason: "the file name is empty"}
	case n > MaxNameChars:
		return &ValidationError{Field: "name", Reason: fmt.Sprintf("the file name has %d characters; at most %d are allowed", n, MaxNameChars)}
	case strings.HasPrefix(name, "."):
		return &ValidationError{Field: "name", Reason: "the file name cannot start with '.'"}
	case strings.ContainsAny(name, `/\`):
		return &ValidationError{Field: "name", Reason: "the file name cannot contain / or \\"}
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return &ValidationError{Field: "name", Reason: "the file name cannot contain control characters"}
	case !utf8.ValidString(name): // JSON would send U+FFFD instead: another name than the file's
		return &ValidationError{Field: "name", Reason: "the file name is not valid UTF-8 text; rename the file and add it again"}
	}
	if why := FileTypeRefusal(name); why != "" {
		return &ValidationError{Field: "name", Reason: why}
	}
	return nil
}

// allowedList is AllowedExtensions in words.
const allowedList = ".txt, .pdf, .docx, .xlsx and .csv"

// FileTypeRefusal says why a file called name cannot be added because of its type, naming the
// file's own type ("" when the type is allowed): ".exe files cannot be added; only .txt, .pdf,
// .docx, .xlsx and .csv files can". For .md, .doc and .xls it says what to save the file as.
// The sentence has no final period, like every ValidationError reason.
func FileTypeRefusal(name string) string {
	ext := filepath.Ext(name)
	lower := strings.ToLower(ext)
	for _, ok := range AllowedExtensions {
		if lower == ok {
			return ""
		}
	}
	switch {
	case lower == ".md":
		return ".md (Markdown) files cannot be added; save it as .txt (or export it as PDF) and add that"
	case lower == ".doc":
		return ".doc (old Word) files cannot be added; save it as .docx in Word and add that"
	case lower == ".xls":
		return ".xls (old Excel) files cannot be added; save it as .xlsx in Excel and add that"
	case ext == "." || ext == "" || chars(ext) > 12 || strings.ContainsAny(ext, " \t"):
		// no extension, or what follows the last dot is not one ("v1.2 final")
		return "a file without a type extension cannot be added; only " + allowedList + " files can"
	}
	return ext + " files cannot be added; only " + allowedList + " files can"
}

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
		return &ValidationError{Field: "file", Reason: "no file content to send"}
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
