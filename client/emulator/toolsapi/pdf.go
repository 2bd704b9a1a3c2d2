package toolsapi

import (
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"lectern/client/emulator/engine"
	"lectern/client/emulator/internal/serve"
)

// pdfRequest is the body of POST /pdf.
type pdfRequest struct {
	Attachments []attachment `json:"attachments"`
	Mode        string       `json:"mode"`
	Pages       any          `json:"pages"`
}

// pdfFile is one file of the answer of POST /pdf.
type pdfFile struct {
	Name           string   `json:"name"`
	Chars          int      `json:"chars"`
	Pages          int      `json:"pages"`
	PagesProcessed int      `json:"pages_processed"`
	Text           string   `json:"text"`
	PageTexts      []string `json:"page_texts"`
	Truncated      bool     `json:"truncated"`
	Warnings       []string `json:"warnings"`
}

// maxPDFChars is how much text one file's answer carries before it is truncated.
const maxPDFChars = 200_000

// scannedPerPage is the fewest characters a page needs not to be taken as scanned or empty.
const scannedPerPage = 20

// handlePDF answers POST /pdf: the text or the table lines of each file.
func (s *Service) handlePDF(w http.ResponseWriter, r *http.Request, reqID, _ string) {
	start := time.Now()
	var q pdfRequest
	if err := decodeBody(r, &q); err != nil {
		writeErr(w, reqID, err)
		return
	}
	if q.Mode == "" {
		q.Mode = "text"
	}
	if q.Mode != "text" && q.Mode != "tables" {
		writeErr(w, reqID, invalid("mode", "mode must be text or tables"))
		return
	}
	if err := checkAttachments(q.Attachments, 0); err != nil {
		writeErr(w, reqID, err)
		return
	}
	files := make([]pdfFile, len(q.Attachments))
	for i, a := range q.Attachments {
		files[i] = readPDF(a, q.Mode == "tables")
	}
	serve.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "mode": q.Mode,
		"ms": time.Since(start).Milliseconds(), "files": files})
}

// readPDF extracts one file; an unreadable one is an entry with a warning, not a failed request.
func readPDF(a attachment, tables bool) pdfFile {
	f := pdfFile{Name: a.Name, PageTexts: []string{}, Warnings: []string{}}
	pages, err := engine.PDFPages(a.Data)
	if err != nil {
		f.Warnings = append(f.Warnings, "unreadable: "+err.Error())
		return f
	}
	if tables {
		for i := range pages {
			pages[i] = tableLines(pages[i])
		}
	}
	f.Pages, f.PagesProcessed = len(pages), len(pages)
	f.PageTexts = pages
	f.Text = strings.Join(nonEmpty(pages), "\n\n")
	if utf8.RuneCountInString(f.Text) > maxPDFChars {
		f.Text, f.Truncated = string([]rune(f.Text)[:maxPDFChars]), true
	}
	f.Chars = utf8.RuneCountInString(f.Text)
	if f.Chars < scannedPerPage*max(f.Pages, 1) && !tables {
		f.Warnings = append(f.Warnings, "scanned_or_empty: little or no text was found; the pages may be images, which OCR can read")
	}
	return f
}

// columnGap splits a line into table cells: two spaces or more, a tab or a bar.
var columnGap = regexp.MustCompile(`\s*\|\s*|\t+| {2,}`)

// tableLines keeps the lines of text that have two or more cells, cells joined with " | ".
func tableLines(text string) string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		cells := nonEmpty(columnGap.Split(strings.TrimSpace(line), -1))
		if len(cells) >= 2 {
			out = append(out, strings.Join(cells, " | "))
		}
	}
	return strings.Join(out, "\n")
}

// nonEmpty returns the strings of ss that are not blank.
func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}
