package engine

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"strings"
)

// MakePDF returns a minimal PDF 1.4 file: one page per entry of pages, each
// line of a page one text line in Helvetica (WinAnsiEncoding), content
// streams FlateDecode-compressed, with a correct cross-reference table.
func MakePDF(pages [][]string) []byte {
	if len(pages) == 0 {
		pages = [][]string{{}}
	}
	var objs []string // objs[i] is the body of object i+1
	kids := make([]string, len(pages))
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 4+2*i)
	}
	objs = append(objs,
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	for i, lines := range pages {
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "+
				"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 5+2*i),
			flateStream(pageContent(lines)))
	}
	return assemblePDF(objs)
}

// pageContent draws lines top-down, 14 points apart, from (72, 720).
func pageContent(lines []string) []byte {
	var b bytes.Buffer
	b.WriteString("BT\n/F1 11 Tf\n14 TL\n72 720 Td\n")
	for _, line := range lines {
		b.WriteString(pdfLiteral(line))
		b.WriteString(" Tj T*\n")
	}
	b.WriteString("ET\n")
	return b.Bytes()
}

// pdfLiteral encodes s in WinAnsiEncoding as a (literal string); characters
// the encoding lacks become '?'.
func pdfLiteral(s string) string {
	var b strings.Builder
	b.WriteByte('(')
	for _, r := range s {
		c := winAnsiCode(r)
		switch {
		case c == '(' || c == ')' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(')')
	return b.String()
}

// winAnsiCode returns the WinAnsiEncoding code of r, or '?'.
func winAnsiCode(r rune) byte {
	if r == '\t' {
		return ' '
	}
	if c, ok := winAnsiCodes[r]; ok {
		return c
	}
	return '?'
}

// winAnsiCodes is the inverse of winAnsi for printable characters.
var winAnsiCodes = func() map[rune]byte {
	m := map[rune]byte{}
	for c := 0x20; c < 256; c++ {
		if r := winAnsi[c]; r != 0 && r != '\n' {
			if _, dup := m[r]; !dup {
				m[r] = byte(c)
			}
		}
	}
	return m
}()

// flateStream returns a stream object body holding data, compressed.
func flateStream(data []byte) string {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	_, _ = zw.Write(data)
	_ = zw.Close()
	return fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes())
}

// assemblePDF writes header, objects, xref table and trailer.
func assemblePDF(objs []string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for i, body := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, body)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}
