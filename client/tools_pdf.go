package client

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
)

// PDF modes of POST /pdf.
const (
	PDFModeText   = "text"
	PDFModeTables = "tables"
)

// PDFRequest asks for the text (or tables) of PDF files; no model is used.
type PDFRequest struct {
	Files []Attachment
	Mode  string // PDFModeText (default) or PDFModeTables
	// Progress, when set, is called from the sending goroutine with body bytes sent so far.
	Progress func(sent, total int64)
}

// PDFResult is the answer of POST /pdf: one entry per file.
type PDFResult struct {
	OK    bool                       `json:"ok"`
	Mode  string                     `json:"mode"`
	MS    float64                    `json:"ms"`
	Files []PDFFile                  `json:"files"`
	Extra map[string]json.RawMessage `json:"-"`
	Raw   json.RawMessage            `json:"-"`
}

// PDFFile is the text of one PDF file.
type PDFFile struct {
	Name           string                     `json:"name"`
	Chars          int                        `json:"chars"`
	Pages          int                        `json:"pages"`
	PagesProcessed int                        `json:"pages_processed"`
	Text           string                     `json:"text"`
	PageTexts      []string                   `json:"page_texts"`
	Truncated      bool                       `json:"truncated"`
	Warnings       []Warning                  `json:"warnings"`
	Extra          map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON reads the result leniently and keeps the fields the spec does not show.
func (r *PDFResult) UnmarshalJSON(b []byte) error {
	type plain PDFResult
	return decodeLenient(b, (*plain)(r))
}

// UnmarshalJSON reads a file entry leniently and keeps the fields the spec does not show.
func (f *PDFFile) UnmarshalJSON(b []byte) error {
	type plain PDFFile
	return decodeLenient(b, (*plain)(f))
}

// ScannedOrEmpty reports the warning of a file with little or no text (scanned_or_empty…): its
// pages are probably images, which OCR (StartOCR) can read.
func (f PDFFile) ScannedOrEmpty() bool { return hasScannedWarning(f.Warnings) }

// Validate checks the request before anything is sent.
func (r PDFRequest) Validate() error {
	if len(r.Files) == 0 {
		return missing("attachments")
	}
	switch r.Mode {
	case "", PDFModeText, PDFModeTables:
	default:
		return notAChoice("mode", r.Mode, PDFModeText, PDFModeTables)
	}
	for _, f := range r.Files {
		if err := checkPDFAttachment(f); err != nil {
			return err
		}
	}
	return nil
}

// checkPDFAttachment checks one file: a .pdf with content.
func checkPDFAttachment(f Attachment) error {
	if !strings.EqualFold(filepath.Ext(f.Name), ".pdf") {
		return &ValidationError{Field: "attachments", Code: InvalidFileType, File: f.Name, Value: filepath.Ext(f.Name), Choices: []string{".pdf"}}
	}
	return checkAttachment(f)
}

// checkAttachment checks that a file has a name, content and a known size.
func checkAttachment(f Attachment) error {
	switch {
	case f.Name == "":
		return &ValidationError{Field: "attachments", Code: InvalidMissing, Want: "name"}
	case f.Open == nil:
		return &ValidationError{Field: "attachments", Code: InvalidMissing, Want: "content", File: f.Name}
	case f.Size <= 0:
		return &ValidationError{Field: "attachments", Code: InvalidEmptyFile, File: f.Name}
	}
	return nil
}

// PDFText returns the text (mode text) or table lines (mode tables) of every page of each file.
// POST /pdf (300 s). The files are streamed as base64 inside the JSON body with an exact
// Content-Length. It shares the per-person limit of /chat and /generate (10 a minute by default):
// a 429 is retried after its Retry-After, and nothing else (a request answered 502, 503 or 504
// by a proxy may have counted).
func (c *Client) PDFText(ctx context.Context, r PDFRequest) (*PDFResult, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	fields := struct {
		Mode  string `json:"mode"`
		Pages string `json:"pages"`
	}{Mode: cmp.Or(r.Mode, PDFModeText), Pages: "all"}
	parts, err := attachmentsBody(fields, r.Files)
	if err != nil {
		return nil, err
	}
	req := &request{method: http.MethodPost, path: "/pdf", timeout: c.timeouts.Upload, retry: retryLimitOnly,
		stream: &streamSpec{parts: parts, progress: r.Progress}}
	var out PDFResult
	if err := c.call(ctx, req, decodeTool(&out, MaxToolBody)); err != nil {
		return nil, err
	}
	return &out, nil
}
