package engine

import (
	"bytes"
	"encoding/ascii85"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// plainStream returns an uncompressed stream object body.
func plainStream(data string) string {
	return fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(data), data)
}

// pdfWith builds a PDF whose pages have the given content streams and share
// resources res (set on the Pages node, so pages inherit them). Objects from
// 5 on are extra, listed in extra.
func pdfWith(res string, contents []string, extra ...string) []byte {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", ""}
	var kids []string
	first := 3 + len(extra)
	objs = append(objs, extra...)
	for i, c := range contents {
		page, stream := first+2*i, first+2*i+1
		kids = append(kids, fmt.Sprintf("%d 0 R", page))
		objs = append(objs, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Contents %d 0 R >>", stream))
		if i%2 == 0 {
			objs = append(objs, flateStream([]byte(c)))
		} else {
			objs = append(objs, plainStream(c))
		}
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /Resources %s >>", strings.Join(kids, " "), len(kids), res)
	return assemblePDF(objs)
}

const helvRes = "<< /Font << /F1 3 0 R >> >>"
const helvFont = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"

func extractOK(t *testing.T, data []byte) string {
	t.Helper()
	s, err := Extract("t.pdf", data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPDFOperators(t *testing.T) {
	page1 := `BT /F1 12 Tf 72 700 Td (Literal \(parens\) \\ back\101 oct\
continued) Tj 0 -14 Td <48656C6C6F20686578> Tj
T* [(Kern)-20(ed)-400(words)] TJ % a comment (not text)
(Quote op) ' 2 1 (Dquote op) " 1 0 0 1 72 600 Tm (Moved) Tj 1 0 0 1 150 600 Tm (same line) Tj ET`
	page2 := "BT /F1 10 Tf 50 50 TD (Second page \\351t\\351) Tj ET"
	got := extractOK(t, pdfWith(helvRes, []string{page1, page2}, helvFont))
	want := "Literal (parens) \\ backA octcontinued\nHello hex\nKerned words\nQuote op\nDquote op\nMoved same line\n\nSecond page été"
	if got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

func TestPDFToUnicodeType0(t *testing.T) {
	cmap := `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
1 begincodespacerange <0000> <FFFF> endcodespacerange
2 beginbfchar <0003> <0020> <0010> <00E9> endbfchar
2 beginbfrange <0024> <003D> <0041> <0044> <0046> [<0066> <FB01>] endbfrange
endcmap end end`
	font := "<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Custom /Encoding /Identity-H /ToUnicode 4 0 R >>"
	content := "BT /F1 9 Tf 10 10 Td <002B0028002F002F00320003> Tj [<0044>-50<0045>] TJ <0010> Tj ET"
	got := extractOK(t, pdfWith(helvRes, []string{content}, font, flateStream([]byte(cmap))))
	if got != "HELLO ffi\u00e9" {
		t.Fatalf("got %q", got)
	}
}

func TestPDFDifferences(t *testing.T) {
	font := "<< /Type /Font /Subtype /Type1 /BaseFont /X /Encoding << /BaseEncoding /WinAnsiEncoding " +
		"/Differences [1 /T /h /e /space /fi /uni00E9 /g33 65 /quoteright] >> >>"
	got := extractOK(t, pdfWith(helvRes, []string{`BT /F1 9 Tf (\001\002\003\004\005nd\006\007A) Tj ET`}, font))
	if got != "The find\u00e9\u2019" {
		t.Fatalf("got %q", got)
	}
}

func TestPDFObjectStreamAndForm(t *testing.T) {
	// Objects 1-3 live in object stream 4; page 5's content draws form 7.
	inner := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
		helvFont,
	}
	var head, body strings.Builder
	for i, o := range inner {
		fmt.Fprintf(&head, "%d %d ", i+1, body.Len())
		body.WriteString(o + "\n")
	}
	stm := head.String() + body.String()
	objStm := fmt.Sprintf("<< /Type /ObjStm /N 3 /First %d /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream",
		head.Len(), len(deflate(stm)), deflate(stm))
	objs := []string{"<< /Type /XRef >>", "null", "null", objStm,
		"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> /XObject << /Fm1 7 0 R >> >> /Contents 6 0 R >>",
		flateStream([]byte("BT /F1 9 Tf 9 9 Td (Before form) Tj ET /Fm1 Do")),
		"<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Length 40 >>\nstream\nBT /F1 9 Tf 9 90 Td (Inside form) Tj ET\nendstream",
	}
	data := assemblePDF(objs)
	// Blank the direct copies of objects 1-3 so that only the object stream defines them.
	data = bytes.Replace(data, []byte("1 0 obj\n<< /Type /XRef >>"), []byte("9 0 obj\n<< /Type /XRef >>"), 1)
	data = bytes.ReplaceAll(data, []byte("0 obj\nnull"), []byte("0 xxx\nnull"))
	if got := extractOK(t, data); got != "Before form\nInside form" {
		t.Fatalf("got %q", got)
	}
}

func deflate(s string) string {
	body := flateStream([]byte(s))
	start := strings.Index(body, "stream\n") + len("stream\n")
	return body[start : len(body)-len("\nendstream")]
}

func TestPDFBroken(t *testing.T) {
	good := MakePDF([][]string{{"alpha beta"}, {"gamma"}})
	cases := map[string][]byte{
		"header only":   []byte("%PDF-1.4\n"),
		"truncated":     good[:len(good)/2],
		"no catalog":    bytes.ReplaceAll(good, []byte("/Catalog"), []byte("/Catalag")),
		"corrupt flate": bytes.Replace(good, []byte("stream\n"), []byte("stream\nXX"), 1),
		"cycle":         []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj 2 0 obj << /Kids [2 0 R] >> endobj"),
		"deep":          []byte("%PDF-1.4\n1 0 obj " + strings.Repeat("[", 100000) + " endobj"),
		"unterminated":  []byte("%PDF-1.4\n1 0 obj << /Length 999999 >> stream\nBT (x) Tj"),
	}
	for name, data := range cases {
		if _, err := Extract("x.pdf", data); err != nil {
			t.Logf("%s: %v", name, err)
		}
	}
	// Without a catalog every text-showing stream still counts as a page.
	if got := extractOK(t, cases["no catalog"]); got != "alpha beta\n\ngamma" {
		t.Fatalf("no catalog: got %q", got)
	}
}

func TestPDFGhostscript(t *testing.T) {
	want := []string{"Northwind Trails price list", "The Ridgeline pack costs $189.00 (tax included).",
		"Words placed separately", "Efficient office flow: fifty-five files.", "Second page heading", "Warranty: two years."}
	check := func(data []byte) {
		got := extractOK(t, data)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("missing %q in %q", w, got)
			}
		}
	}
	committed, err := os.ReadFile("testdata/ghostscript.pdf")
	if err != nil {
		t.Fatal(err)
	}
	check(committed)
	ps2pdf, err := exec.LookPath("ps2pdf")
	if err != nil {
		t.Skip("ps2pdf not installed: only the committed Ghostscript PDF was checked")
	}
	for _, opts := range [][]string{nil, {"-dPDFSETTINGS=/prepress", "-dCompatibilityLevel=1.7"}} {
		out := filepath.Join(t.TempDir(), "gs.pdf")
		args := append(append([]string{}, opts...), "testdata/ghostscript.ps", out)
		if msg, err := exec.Command(ps2pdf, args...).CombinedOutput(); err != nil {
			t.Fatalf("ps2pdf %v: %v %s", opts, err, msg)
		}
		data, _ := os.ReadFile(out)
		check(data)
	}
	out := filepath.Join(t.TempDir(), "enc.pdf")
	args := []string{"-sOwnerPassword=owner", "-sUserPassword=", "-dEncryptionR=3", "-dKeyLength=128", "testdata/ghostscript.ps", out}
	if msg, err := exec.Command(ps2pdf, args...).CombinedOutput(); err != nil {
		t.Fatalf("ps2pdf: %v %s", err, msg)
	}
	data, _ := os.ReadFile(out)
	if _, err := Extract("enc.pdf", data); !errors.Is(err, ErrUnreadable) {
		t.Fatalf("encrypted Ghostscript PDF: got %v, want ErrUnreadable", err)
	}
}

// TestPDFGroff reads a PDF made by groff and Ghostscript: fonts with
// Differences encodings, fi/fl ligatures and kerned TJ arrays.
func TestPDFGroff(t *testing.T) {
	want := []string{"Northwind Trails memo",
		"The office will be closed on Friday for the annual team hike. Efficient fluffy waffles are served afterwards.",
		"Second paragraph with a \u2014 dash and café."}
	check := func(data []byte) {
		got := extractOK(t, data)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("missing %q in %q", w, got)
			}
		}
	}
	committed, err := os.ReadFile("testdata/groff-memo.pdf")
	if err != nil {
		t.Fatal(err)
	}
	check(committed)
	groff, err1 := exec.LookPath("groff")
	ps2pdf, err2 := exec.LookPath("ps2pdf")
	if err1 != nil || err2 != nil {
		t.Skip("groff or ps2pdf not installed: only the committed PDF was checked")
	}
	ps, err := exec.Command(groff, "-Tps", "testdata/groff-memo.tr").Output()
	if err != nil {
		t.Fatalf("groff: %v", err)
	}
	cmd := exec.Command(ps2pdf, "-", "-")
	cmd.Stdin = bytes.NewReader(ps)
	pdf, err := cmd.Output()
	if err != nil {
		t.Fatalf("ps2pdf: %v", err)
	}
	check(pdf)
}

func TestPDFEncrypted(t *testing.T) {
	data := append(MakePDF([][]string{{"secret"}}), "trailer\n<< /Size 6 /Root 1 0 R /Encrypt 9 0 R >>\n"...)
	if _, err := Extract("e.pdf", data); !errors.Is(err, ErrUnreadable) {
		t.Fatalf("got %v, want ErrUnreadable", err)
	}
	// The word alone, say in a text string, is no encryption.
	plain := MakePDF([][]string{{"/Encrypt is a PDF key"}})
	if got := extractOK(t, plain); got != "/Encrypt is a PDF key" {
		t.Fatalf("got %q", got)
	}
}

func TestPDFASCIIFilters(t *testing.T) {
	var a85 bytes.Buffer
	w := ascii85.NewEncoder(&a85)
	_, _ = w.Write([]byte(deflate("BT /F1 9 Tf (Through ASCII85 and Flate) Tj ET")))
	_ = w.Close()
	streams := []string{
		fmt.Sprintf("<< /Length %d /Filter [/ASCII85Decode /FlateDecode] >>\nstream\n<~%s~>\nendstream", a85.Len()+4, a85.String()),
		fmt.Sprintf("<< /Filter /AHx >>\nstream\n%X>\nendstream", "BT /F1 9 Tf (Hex filter) Tj ET"),
	}
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [4 0 R] /Count 1 /Resources << /Font << /F1 3 0 R >> >> >>", helvFont,
		"<< /Type /Page /Parent 2 0 R /Contents [5 0 R 6 0 R] >>", streams[0], streams[1]}
	if got := extractOK(t, assemblePDF(objs)); got != "Through ASCII85 and Flate Hex filter" {
		t.Fatalf("got %q", got)
	}
}
