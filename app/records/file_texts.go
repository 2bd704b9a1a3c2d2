package records

import (
	"strings"

	"lectern/client"
	"lectern/internal/safetext"
)

// The kinds of part of a model chat's files (apart from the answer's own parts).
const (
	// PartFileText is a file's text sent with the message as context: File.
	PartFileText PartKind = "file_text"
	// PartGeneratedFile marks a turn answered by POST /generate: Artifact is the file it made, nil
	// when none was made (or while it is being made).
	PartGeneratedFile PartKind = "generated_file"
)

// The ways a file's text was read (FileText.Source).
const (
	SourcePDF       = "pdf"        // POST /pdf, mode text
	SourcePDFTables = "pdf_tables" // POST /pdf, mode tables
	SourceOCR       = "ocr"        // an OCR job
)

// FileText is the text of a file sent with a model chat's message as context, with what the
// service said of it.
type FileText struct {
	Name      string   `json:"name"`
	Source    string   `json:"source"` // SourcePDF, SourcePDFTables or SourceOCR
	Pages     int      `json:"pages"`
	PagesRead int      `json:"pages_read"`
	Chars     int      `json:"chars"`
	Truncated bool     `json:"truncated,omitempty"`
	Warnings  []string `json:"warnings,omitempty"` // the service's warnings, as sent
	Scanned   bool     `json:"scanned,omitempty"`  // little or no text: OCR may read it
	JobID     string   `json:"job_id,omitempty"`   // the OCR job that read it
	Text      string   `json:"text"`
}

// PDFFileText is the text POST /pdf read of one file (tables: its table lines).
func PDFFileText(f client.PDFFile, tables bool) FileText {
	ft := FileText{Name: f.Name, Source: SourcePDF, Pages: f.Pages, PagesRead: f.PagesProcessed, Chars: f.Chars,
		Truncated: f.Truncated, Scanned: f.ScannedOrEmpty(), Text: f.Text}
	if tables {
		ft.Source = SourcePDFTables
	}
	for _, w := range f.Warnings {
		ft.Warnings = append(ft.Warnings, w.String())
	}
	return ft
}

// OCRFileText is the text of an OCR job that is done.
func OCRFileText(j *client.OCRJob) FileText {
	ft := FileText{Name: j.Name, Source: SourceOCR, JobID: j.JobID}
	if r := j.Result; r != nil {
		ft.Pages, ft.PagesRead, ft.Chars, ft.Truncated, ft.Text = r.Pages, r.PagesProcessed, r.Chars, r.Truncated, r.Text
		for _, w := range r.Warnings {
			ft.Warnings = append(ft.Warnings, w.String())
		}
	}
	return ft
}

// SourceText says how the text was read, for a card's title.
func (f FileText) SourceText() string {
	switch f.Source {
	case SourcePDFTables:
		return "PDF tables"
	case SourceOCR:
		return "OCR"
	}
	return "PDF text"
}

// WarningTexts are the warnings in words, made safe to print: little or no text says that OCR
// may read the pages; the others are shown as they came.
func (f FileText) WarningTexts() []string {
	var out []string
	for _, w := range f.Warnings {
		if strings.HasPrefix(w, client.WarnScannedOrEmpty) {
			out = append(out, ScannedText(f.Name))
			continue
		}
		out = append(out, safetext.OneLine(w))
	}
	return out
}

// ScannedText says that a PDF has little or no text.
func ScannedText(name string) string {
	return "Little or no text was found in " + safetext.OneLine(name) + ": its pages may be scanned images, which OCR can read."
}

// Files are the texts a turn's message sent with it.
func (t Turn) Files() []FileText {
	var files []FileText
	for _, p := range t.Parts {
		if p.Kind == PartFileText && p.File != nil {
			files = append(files, *p.File)
		}
	}
	return files
}

// Generated reports whether the turn was answered by POST /generate, and the file it made (nil
// when none was made).
func (t Turn) Generated() (bool, *client.OfficeArtifact) {
	for _, p := range t.Parts {
		if p.Kind == PartGeneratedFile {
			return true, p.Artifact
		}
	}
	return false, nil
}
