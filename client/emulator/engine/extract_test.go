package engine

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestExtractRoundTrips(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"notes.txt", []byte("\uFEFFline one\r\nline two"), "line one\nline two"},
		{"DATA.CSV", []byte("a,b\n1,2\n"), "a,b\n1,2\n"},
		{"memo.docx", MakeDOCX([]string{"First paragraph.", "Tom & Jerry <3", "Ünïcode ✓"}),
			"First paragraph.\nTom & Jerry <3\nÜnïcode ✓"},
		{"book.XLSX", MakeXLSX([][]string{{"name", "amount"}, {"Widget, large", "12.5"}, {"", "3"}, {"x"}}),
			"name,amount\n\"Widget, large\",12.5\n,3\nx"},
		{"cat.pdf", MakePDF([][]string{{"Hello (world) \\ café – “quoted”", "second line"}, {"page two"}}),
			"Hello (world) \\ café – “quoted”\nsecond line\n\npage two"},
	}
	for _, c := range cases {
		got, err := Extract(c.name, c.data)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestExtractMismatch(t *testing.T) {
	pdf := MakePDF([][]string{{"x"}})
	docx := MakeDOCX([]string{"x"})
	xlsx := MakeXLSX([][]string{{"x"}})
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"a.exe", []byte("MZ"), ErrUnsupportedType},
		{"noext", []byte("text"), ErrUnsupportedType},
		{"a.doc", docx, ErrUnsupportedType},
		{"a.pdf", []byte("hello"), ErrContentMismatch},
		{"a.pdf", docx, ErrContentMismatch},
		{"a.docx", pdf, ErrContentMismatch},
		{"a.docx", xlsx, ErrContentMismatch},
		{"a.xlsx", docx, ErrContentMismatch},
		{"a.xlsx", []byte("a,b\n1,2"), ErrContentMismatch},
		{"a.txt", []byte{0xff, 0xfe, 'a'}, ErrContentMismatch},
		{"a.txt", []byte("nul\x00inside"), ErrContentMismatch},
		{"a.csv", pdf[:200], ErrContentMismatch},
	}
	for _, c := range cases {
		_, err := Extract(c.name, c.data)
		if !errors.Is(err, c.want) {
			t.Errorf("%s (%.8q): got %v, want %v", c.name, c.data, err, c.want)
		}
	}
}

func TestExtractZipBomb(t *testing.T) {
	defer func(old int64) { decompressLimit = old }(decompressLimit)
	decompressLimit = 1 << 20
	para := "<w:p><w:r><w:t>" + strings.Repeat("a", 200) + "</w:t></w:r></w:p>"
	big := strings.Repeat(para, 2*(1<<20)/len(para))
	docx := makeZip([][2]string{{"word/document.xml", "<w:document><w:body>" + big + "</w:body></w:document>"}})
	row := `<row><c t="inlineStr"><is><t>` + strings.Repeat("b", 200) + `</t></is></c></row>`
	xlsx := makeZip([][2]string{{"xl/worksheets/sheet1.xml", "<worksheet><sheetData>" +
		strings.Repeat(row, 2*(1<<20)/len(row)) + "</sheetData></worksheet>"}})
	pdf := pdfWith(helvRes, []string{"BT " + strings.Repeat("(cccccccccccccccccccc) Tj ", 1<<17) + "ET"}, helvFont)
	for name, data := range map[string][]byte{"bomb.docx": docx, "bomb.xlsx": xlsx, "bomb.pdf": pdf} {
		if len(data) > 100<<10 {
			t.Fatalf("%s not compressed enough: %d bytes", name, len(data))
		}
		if _, err := Extract(name, data); !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: got %v, want ErrTooLarge", name, err)
		}
	}
	decompressLimit = 4 << 20 // the same files fit a larger budget
	for name, data := range map[string][]byte{"bomb.docx": docx, "bomb.xlsx": xlsx, "bomb.pdf": pdf} {
		if _, err := Extract(name, data); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestExtractDemoFiles(t *testing.T) {
	for _, f := range DemoFiles() {
		text, err := Extract(f.Name, f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if len(strings.Fields(text)) < 50 {
			t.Errorf("%s: only %d words", f.Name, len(strings.Fields(text)))
		}
	}
	a, b := DemoFiles(), DemoFiles()
	for i := range a {
		if !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s differs between calls", a[i].Name)
		}
	}
}

func TestExtractDOCXStructure(t *testing.T) {
	doc := `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
<w:p><w:r><w:t>Heading</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">Split </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>runs</w:t><w:tab/><w:t>tab</w:t><w:br/><w:t>break</w:t></w:r></w:p>
<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Region</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Lead</w:t></w:r></w:p></w:tc></w:tr>
<w:tr><w:tc><w:p><w:r><w:t>North</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Elin</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
<w:p><w:r><w:instrText>PAGE</w:instrText><w:delText>deleted</w:delText><w:t>After &amp; table</w:t></w:r></w:p>
</w:body></w:document>`
	data := makeZip([][2]string{{"[Content_Types].xml", "<Types/>"}, {"word/document.xml", doc}})
	got, err := Extract("s.docx", data)
	want := "Heading\nSplit runs\ttab\nbreak\nRegion\tLead\nNorth\tElin\nAfter & table"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
}

func TestExtractXLSXStructure(t *testing.T) {
	shared := `<sst><si><t>name</t></si><si><r><t>Rich </t></r><r><t>text</t></r></si><si><t>score</t></si></sst>`
	sheet1 := `<worksheet><sheetData>
<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>2</v></c></row>
<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="b"><v>1</v></c><c r="C2"><v>12.5</v></c></row>
<row r="3"><c r="A3" t="inlineStr"><is><t>inline, "quoted"</t></is></c><c r="C3"><f>SUM(C2)</f><v>12.5</v></c></row>
<row r="4"><c r="A4" t="s"><v>99</v></c></row>
</sheetData></worksheet>`
	sheet2 := `<worksheet><sheetData><row><c t="str"><v>second</v></c><c><v>2</v></c></row></sheetData></worksheet>`
	data := makeZip([][2]string{{"xl/sharedStrings.xml", shared},
		{"xl/worksheets/sheet10.xml", sheet2}, {"xl/worksheets/sheet2.xml", sheet1}})
	got, err := Extract("s.xlsx", data)
	want := "name,,score\nRich text,TRUE,12.5\n\"inline, \"\"quoted\"\"\",,12.5\n\nsecond,2"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
}

func TestMakeXLSXCellTypes(t *testing.T) {
	data := MakeXLSX([][]string{{"12", "-3.5", "007", "1e5", "+4", "0.25", "text"}})
	zr, err := openZip(data, "xlsx")
	if err != nil {
		t.Fatal(err)
	}
	rc, _ := openMember(zipFile(zr, "xl/worksheets/sheet1.xml"), newBudget())
	var sb strings.Builder
	_, _ = io.Copy(&sb, rc)
	sheet := sb.String()
	for _, want := range []string{`<c r="A1"><v>12</v>`, `<c r="B1"><v>-3.5</v>`, `<c r="C1" t="s">`,
		`<c r="D1" t="s">`, `<c r="E1" t="s">`, `<c r="F1"><v>0.25</v>`, `<c r="G1" t="s">`} {
		if !strings.Contains(sheet, want) {
			t.Errorf("sheet lacks %s:\n%s", want, sheet)
		}
	}
	if got, _ := Extract("c.xlsx", data); got != "12,-3.5,007,1e5,+4,0.25,text" {
		t.Errorf("got %q", got)
	}
}
