package client

import (
	"errors"
	"strings"
	"testing"
)

// A refused file type is named as the file's own (".exe files cannot be added"), with the types
// that can be added, and what to save it as for .md, .doc and .xls; allowed types pass in any case.
func TestFileTypeRefusalNamesTheFilesType(t *testing.T) {
	for _, n := range []string{"a.txt", "Report.PDF", "x.Docx", "t.XLSX", "d.csv"} {
		if why := FileTypeRefusal(n); why != "" {
			t.Errorf("%q refused: %s", n, why)
		}
	}
	cases := map[string]string{
		"x.exe":      ".exe files cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can",
		"SETUP.EXE":  ".EXE files cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can",
		"a.tar.gz":   ".gz files cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can",
		"notes.md":   ".md (Markdown) files cannot be added; save it as .txt (or export it as PDF) and add that",
		"old.DOC":    ".doc (old Word) files cannot be added; save it as .docx in Word and add that",
		"old.xls":    ".xls (old Excel) files cannot be added; save it as .xlsx in Excel and add that",
		"noext":      "a file without a type extension cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can",
		"trailing.":  "a file without a type extension cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can",
		"v1.2 final": "a file without a type extension cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can",
	}
	for name, want := range cases {
		if got := FileTypeRefusal(name); got != want {
			t.Errorf("FileTypeRefusal(%q) = %q\nwant %q", name, got, want)
		}
		var ve *ValidationError
		if err := Preflight(name, 10, Limits{}); !errors.As(err, &ve) || ve.Field != "name" || ve.Reason != want {
			t.Errorf("Preflight(%q) = %v", name, err)
		}
		if strings.Contains(want, "(not .md") {
			t.Errorf("%q: the old sentence", name)
		}
	}
}
