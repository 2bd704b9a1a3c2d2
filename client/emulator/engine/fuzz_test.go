package engine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are the seed inputs of each fuzz target; the committed corpus
// under testdata/fuzz is written from them by TestWriteFuzzCorpus.
func fuzzSeeds() map[string][][]byte {
	gs, _ := os.ReadFile("testdata/ghostscript.pdf")
	groff, _ := os.ReadFile("testdata/groff-memo.pdf")
	return map[string][][]byte{
		"FuzzExtractText": {[]byte("plain text\nline two"), []byte("a,b\n\"q,1\",2\n"), []byte("\xef\xbb\xbfbom\r\n"), {0xff, 0}},
		"FuzzExtractDOCX": {MakeDOCX([]string{"One", "Two & <three>"}), MakeDOCX(nil), []byte("PK\x03\x04")},
		"FuzzExtractXLSX": {MakeXLSX([][]string{{"a", "1"}, {"b", "2.5"}}), MakeXLSX(nil), MakeDOCX([]string{"x"})},
		"FuzzExtractPDF": {MakePDF([][]string{{"Hello (x) \\ é"}, {"two"}}), gs, groff,
			pdfWith(helvRes, []string{"BT /F1 9 Tf [(a)-300<62>] TJ T* (c) ' ET"}, helvFont),
			[]byte("%PDF-1.4\n1 0 obj << /Type /ObjStm /N 1 /First 4 /Length 9 >> stream\n1 0 << >>\nendstream")},
	}
}

// checkExtract asserts what every Extract result must satisfy.
func checkExtract(t *testing.T, name string, data []byte, limit int) {
	text, err := Extract(name, data)
	if err != nil {
		if text != "" || !(errors.Is(err, ErrContentMismatch) || errors.Is(err, ErrTooLarge) || errors.Is(err, ErrUnreadable)) {
			t.Fatalf("unexpected error %v (text %d bytes)", err, len(text))
		}
		return
	}
	if len(text) > limit {
		t.Fatalf("text of %d bytes from %d bytes of input", len(text), len(data))
	}
	if !utf8.ValidString(text) {
		t.Fatalf("invalid UTF-8 text")
	}
}

func fuzzExtract(f *testing.F, target, name string, limit func(n int) int) {
	for _, s := range fuzzSeeds()[target] {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkExtract(t, name, data, limit(len(data))) })
}

func FuzzExtractText(f *testing.F) {
	fuzzExtract(f, "FuzzExtractText", "f.txt", func(n int) int { return n })
}

func FuzzExtractDOCX(f *testing.F) {
	fuzzExtract(f, "FuzzExtractDOCX", "f.docx", func(int) int { return MaxDecompressed })
}

func FuzzExtractXLSX(f *testing.F) {
	fuzzExtract(f, "FuzzExtractXLSX", "f.xlsx", func(int) int { return 2 * maxText })
}

func FuzzExtractPDF(f *testing.F) {
	fuzzExtract(f, "FuzzExtractPDF", "f.pdf", func(int) int { return 2 * maxText })
}

// TestWriteFuzzCorpus rewrites testdata/fuzz from fuzzSeeds when
// ENGINE_WRITE_CORPUS=1.
func TestWriteFuzzCorpus(t *testing.T) {
	if os.Getenv("ENGINE_WRITE_CORPUS") != "1" {
		t.Skip("set ENGINE_WRITE_CORPUS=1 to rewrite the seed corpus")
	}
	for target, seeds := range fuzzSeeds() {
		dir := filepath.Join("testdata", "fuzz", target)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, s := range seeds {
			body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", s)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed%02d", i)), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
