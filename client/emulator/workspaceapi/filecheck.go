package workspaceapi

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"net/http"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// checkClientID checks a client_document_id: exactly 12 characters A-Z a-z 0-9 (spec §2).
func checkClientID(id string) bool {
	return len(id) == 12 && checkAlnum(id)
}

// isServerID reports whether id has the form of a server document id.
func isServerID(id string) bool {
	rest, ok := strings.CutPrefix(id, "doc_")
	if !ok || rest == "" || len(rest) > 64 {
		return false
	}
	return checkAlnum(rest)
}

// checkAlnum reports whether s holds only ASCII letters and digits.
func checkAlnum(s string) bool {
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// checkName checks a file name: 1 to 200 characters; no /, \, control characters or leading "."
// (spec §4 POST /workspace/documents).
func checkName(name string) *apiErr {
	n := utf8.RuneCountInString(name)
	bad := n < 1 || n > 200 || strings.HasPrefix(name, ".") || strings.ContainsAny(name, `/\`) ||
		!utf8.ValidString(name) || strings.TrimSpace(name) == ""
	for _, r := range name {
		bad = bad || unicode.IsControl(r)
	}
	if bad {
		return invalid("name", "name must be 1 to 200 characters, without /, \\, control characters or a leading dot")
	}
	return nil
}

// decodeData decodes data: one line of standard base64, optionally after a data: URL prefix.
func decodeData(data string) ([]byte, *apiErr) {
	if strings.HasPrefix(data, "data:") {
		_, rest, ok := strings.Cut(data, ",")
		if !ok {
			return nil, invalid("data", "data: URL without a comma")
		}
		data = rest
	}
	if strings.ContainsAny(data, "\r\n") {
		return nil, invalid("data", "data must be one line of base64 (no line breaks)")
	}
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return nil, invalid("data", "data is not valid standard base64")
	}
	if len(b) == 0 {
		return nil, invalid("data", "data is empty")
	}
	return b, nil
}

// unsupportedType is 400 unsupported_file_type.
func unsupportedType(msg string) *apiErr {
	return &apiErr{status: http.StatusBadRequest, code: "unsupported_file_type", param: "name", msg: msg}
}

// checkContent checks the extension of name and that data matches it: %PDF- for .pdf, a zip with
// word/document.xml for .docx or xl/workbook.xml for .xlsx, valid UTF-8 without NUL for .txt and
// .csv (spec §4 POST /workspace/documents rule 1).
func checkContent(name string, data []byte) *apiErr {
	ext := strings.ToLower(path.Ext(name))
	switch ext {
	case ".pdf":
		if !bytes.HasPrefix(data, []byte("%PDF-")) {
			return unsupportedType("the content is not a PDF")
		}
	case ".docx":
		if !zipHas(data, "word/document.xml") {
			return unsupportedType("the content is not a Word (.docx) document")
		}
	case ".xlsx":
		if !zipHas(data, "xl/workbook.xml") {
			return unsupportedType("the content is not an Excel (.xlsx) workbook")
		}
	case ".txt", ".csv":
		if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
			return unsupportedType("the content is not UTF-8 text")
		}
	default:
		return unsupportedType("allowed file types are .txt, .pdf, .docx, .xlsx and .csv")
	}
	return nil
}

// zipHas reports whether data is a zip archive holding member.
func zipHas(data []byte, member string) bool {
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return false
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return false
	}
	for _, f := range zr.File {
		if f.Name == member {
			return true
		}
	}
	return false
}
