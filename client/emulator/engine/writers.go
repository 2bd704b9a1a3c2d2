package engine

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
)

// MakeDOCX returns a minimal Word document with one paragraph per entry.
func MakeDOCX(paragraphs []string) []byte {
	var body strings.Builder
	for _, p := range paragraphs {
		body.WriteString("<w:p><w:r><w:t xml:space=\"preserve\">")
		body.WriteString(xmlEscape(p))
		body.WriteString("</w:t></w:r></w:p>")
	}
	return makeZip([][2]string{
		{"[Content_Types].xml", xml.Header + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
			`<Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
			`</Types>`},
		{"_rels/.rels", xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>` +
			`</Relationships>`},
		{"word/document.xml", xml.Header + `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
			body.String() + `</w:body></w:document>`},
	})
}

// MakeXLSX returns a minimal one-sheet workbook; cells that parse as numbers
// are numeric cells, the rest shared strings.
func MakeXLSX(rows [][]string) []byte {
	var sheet, sst strings.Builder
	index := map[string]int{}
	var order []string
	for r, row := range rows {
		fmt.Fprintf(&sheet, `<row r="%d">`, r+1)
		for c, v := range row {
			ref := columnName(c) + strconv.Itoa(r+1)
			if isNumber(v) {
				fmt.Fprintf(&sheet, `<c r="%s"><v>%s</v></c>`, ref, strings.TrimSpace(v))
				continue
			}
			i, ok := index[v]
			if !ok {
				i = len(order)
				index[v] = i
				order = append(order, v)
			}
			fmt.Fprintf(&sheet, `<c r="%s" t="s"><v>%d</v></c>`, ref, i)
		}
		sheet.WriteString("</row>")
	}
	for _, s := range order {
		sst.WriteString(`<si><t xml:space="preserve">` + xmlEscape(s) + `</t></si>`)
	}
	return makeZip(xlsxParts(sheet.String(), sst.String(), len(order)))
}

// xlsxParts lists the members of a one-sheet workbook.
func xlsxParts(sheetData, sst string, count int) [][2]string {
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	const ct = "application/vnd.openxmlformats-officedocument.spreadsheetml."
	return [][2]string{
		{"[Content_Types].xml", xml.Header + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
			`<Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="` + ct + `sheet.main+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="` + ct + `worksheet+xml"/>` +
			`<Override PartName="/xl/sharedStrings.xml" ContentType="` + ct + `sharedStrings+xml"/>` +
			`</Types>`},
		{"_rels/.rels", xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="` + rel + `/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", xml.Header + `<workbook ` + ns + ` xmlns:r="` + rel + `">` +
			`<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="` + rel + `/worksheet" Target="worksheets/sheet1.xml"/>` +
			`<Relationship Id="rId2" Type="` + rel + `/sharedStrings" Target="sharedStrings.xml"/></Relationships>`},
		{"xl/worksheets/sheet1.xml", xml.Header + `<worksheet ` + ns + `><sheetData>` + sheetData + `</sheetData></worksheet>`},
		{"xl/sharedStrings.xml", xml.Header + fmt.Sprintf(`<sst %s count="%d" uniqueCount="%d">`, ns, count, count) +
			sst + `</sst>`},
	}
}

// isNumber reports whether v is a plain decimal number (as a cell value);
// codes with leading zeros such as "007" stay text.
func isNumber(v string) bool {
	v = strings.TrimSpace(v)
	if v == "" || strings.ContainsAny(v, "xXpPeE_+") {
		return false
	}
	if d := strings.TrimPrefix(v, "-"); len(d) > 1 && d[0] == '0' && d[1] != '.' {
		return false
	}
	_, err := strconv.ParseFloat(v, 64)
	return err == nil
}

// columnName turns a zero-based column index into letters: 0 A, 26 AA.
func columnName(c int) string {
	name := ""
	for c++; c > 0; c = (c - 1) / 26 {
		name = string(rune('A'+(c-1)%26)) + name
	}
	return name
}

// xmlEscape escapes text for XML and drops characters XML cannot hold.
func xmlEscape(s string) string {
	var b bytes.Buffer
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, s)
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// makeZip writes the named parts, in order, into a deflated zip archive.
func makeZip(parts [][2]string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: p[0], Method: zip.Deflate})
		if err == nil {
			_, _ = w.Write([]byte(p[1]))
		}
	}
	_ = zw.Close()
	return buf.Bytes()
}
