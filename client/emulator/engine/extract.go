package engine

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"
)

// Extract returns the plain text of a document named name with content data.
// The type comes from the extension (.txt, .csv, .docx, .xlsx, .pdf, any case);
// the content must match it. Errors wrap ErrUnsupportedType,
// ErrContentMismatch, ErrUnreadable or ErrTooLarge. Extract never panics.
func Extract(name string, data []byte) (text string, err error) {
	defer func() {
		if r := recover(); r != nil { // last line of defence against bugs
			text, err = "", fmt.Errorf("%w: unreadable %s", ErrContentMismatch, name)
		}
	}()
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".txt", ".csv":
		return extractText(data)
	case ".docx":
		return extractDOCX(data)
	case ".xlsx":
		return extractXLSX(data)
	case ".pdf":
		return extractPDF(data)
	default:
		return "", fmt.Errorf("%w: %q", ErrUnsupportedType, ext)
	}
}

// extractText checks that data is UTF-8 text without NUL bytes and returns it
// without a byte order mark and with \n line ends.
func extractText(data []byte) (string, error) {
	if !utf8.Valid(data) {
		return "", fmt.Errorf("%w: text is not valid UTF-8", ErrContentMismatch)
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return "", fmt.Errorf("%w: text contains NUL bytes", ErrContentMismatch)
	}
	s := strings.TrimPrefix(string(data), "\uFEFF")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n"), nil
}

// budget counts decompressed bytes against MaxDecompressed.
type budget struct{ left int64 }

// decompressLimit is MaxDecompressed; tests lower it to try zip bombs quickly.
var decompressLimit int64 = MaxDecompressed

func newBudget() *budget { return &budget{left: decompressLimit} }

// reader wraps r so that reading past the budget fails with ErrTooLarge.
func (b *budget) reader(r io.Reader) io.Reader { return &budgetReader{r: r, b: b} }

type budgetReader struct {
	r io.Reader
	b *budget
}

func (br *budgetReader) Read(p []byte) (int, error) {
	if br.b.left <= 0 {
		return 0, ErrTooLarge
	}
	if int64(len(p)) > br.b.left {
		p = p[:br.b.left]
	}
	n, err := br.r.Read(p)
	br.b.left -= int64(n)
	return n, err
}

// openZip opens data as a zip archive, or fails with ErrContentMismatch.
func openZip(data []byte, kind string) (*zip.Reader, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not a zip archive", ErrContentMismatch, kind)
	}
	return zr, nil
}

// zipFile finds the member called name (exact, then case-insensitive).
func zipFile(zr *zip.Reader, name string) *zip.File {
	for _, f := range zr.File {
		if f.Name == name {
			return f
		}
	}
	for _, f := range zr.File {
		if strings.EqualFold(f.Name, name) {
			return f
		}
	}
	return nil
}

// openMember opens f for reading within the budget.
func openMember(f *zip.File, b *budget) (io.ReadCloser, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrContentMismatch, f.Name, err)
	}
	return struct {
		io.Reader
		io.Closer
	}{b.reader(rc), rc}, nil
}

// xmlErr classifies an error met while decoding a zip member's XML.
func xmlErr(name string, err error) error {
	if errors.Is(err, ErrTooLarge) {
		return fmt.Errorf("%w: %s", ErrTooLarge, name)
	}
	return fmt.Errorf("%w: %s: %v", ErrContentMismatch, name, err)
}

// extractDOCX returns the paragraphs of word/document.xml, one per line.
func extractDOCX(data []byte) (string, error) {
	zr, err := openZip(data, "docx")
	if err != nil {
		return "", err
	}
	f := zipFile(zr, "word/document.xml")
	if f == nil {
		return "", fmt.Errorf("%w: docx without word/document.xml", ErrContentMismatch)
	}
	rc, err := openMember(f, newBudget())
	if err != nil {
		return "", err
	}
	defer rc.Close()
	text, err := docxParagraphs(xml.NewDecoder(rc))
	if err != nil {
		return "", xmlErr(f.Name, err)
	}
	return text, nil
}

// docxText collects the text of WordprocessingML: one line per paragraph,
// and one line per table row with its cells' paragraphs separated by tabs.
type docxText struct {
	out, para, row strings.Builder
	cells          int // depth of open table cells
	inText         bool
}

// docxParagraphs walks the document XML with a docxText.
func docxParagraphs(d *xml.Decoder) (string, error) {
	var x docxText
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			x.start(t.Name.Local)
		case xml.EndElement:
			x.end(t.Name.Local)
		case xml.CharData:
			if x.inText {
				x.para.Write(t)
			}
		}
	}
	x.out.WriteString(x.row.String() + x.para.String())
	return strings.TrimRight(x.out.String(), "\n"), nil
}

func (x *docxText) start(name string) {
	x.inText = name == "t"
	switch name {
	case "tab":
		x.para.WriteByte('\t')
	case "br", "cr":
		x.para.WriteByte('\n')
	case "tc":
		x.cells++
	}
}

func (x *docxText) end(name string) {
	x.inText = false
	switch name {
	case "p":
		p := strings.TrimRight(x.para.String(), " \t")
		x.para.Reset()
		if x.cells == 0 {
			x.out.WriteString(p + "\n")
			return
		}
		if x.row.Len() > 0 {
			x.row.WriteByte('\t')
		}
		x.row.WriteString(p)
	case "tc":
		x.cells = max(0, x.cells-1)
	case "tr":
		x.out.WriteString(strings.TrimRight(x.row.String(), "\t") + "\n")
		x.row.Reset()
	}
}
