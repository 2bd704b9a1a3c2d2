package engine

import (
	"archive/zip"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// maxText caps the text Extract returns from one spreadsheet, since sparse
// cell references can make the text far longer than the XML.
const maxText = 32 << 20

// extractXLSX returns every worksheet as CSV text (rows of cells), sheets in
// number order separated by a blank line.
func extractXLSX(data []byte) (string, error) {
	zr, err := openZip(data, "xlsx")
	if err != nil {
		return "", err
	}
	sheets := worksheetFiles(zr)
	if len(sheets) == 0 {
		return "", fmt.Errorf("%w: xlsx without worksheets", ErrContentMismatch)
	}
	b := newBudget()
	var shared []string
	if f := zipFile(zr, "xl/sharedStrings.xml"); f != nil {
		if shared, err = readSharedStrings(f, b); err != nil {
			return "", err
		}
	}
	var out strings.Builder
	for i, f := range sheets {
		if i > 0 {
			out.WriteString("\n")
		}
		if err := readSheet(f, b, shared, &out); err != nil {
			return "", err
		}
	}
	return strings.TrimRight(out.String(), "\n"), nil
}

// worksheetFiles lists xl/worksheets/sheetN.xml members ordered by N.
func worksheetFiles(zr *zip.Reader) []*zip.File {
	type numbered struct {
		n int
		f *zip.File
	}
	var list []numbered
	for _, f := range zr.File {
		name := strings.ToLower(f.Name)
		rest, ok := strings.CutPrefix(name, "xl/worksheets/sheet")
		if !ok || !strings.HasSuffix(rest, ".xml") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSuffix(rest, ".xml"))
		if err != nil {
			n = 1 << 30
		}
		list = append(list, numbered{n, f})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].n < list[j].n })
	files := make([]*zip.File, len(list))
	for i, x := range list {
		files[i] = x.f
	}
	return files
}

// readSharedStrings returns the text of each si item of the shared string table.
func readSharedStrings(f *zip.File, b *budget) ([]string, error) {
	rc, err := openMember(f, b)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	var list []string
	var cur strings.Builder
	inT := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return list, nil
		}
		if err != nil {
			return nil, xmlErr(f.Name, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			inT = t.Name.Local == "t"
			if t.Name.Local == "si" {
				cur.Reset()
			}
		case xml.EndElement:
			inT = false
			if t.Name.Local == "si" {
				list = append(list, cur.String())
			}
		case xml.CharData:
			if inT {
				cur.Write(t)
			}
		}
	}
}

// cell is one worksheet cell while it is being read.
type cell struct {
	ref, typ string
	val      strings.Builder
	inV      bool
}

// readSheet writes the rows of one worksheet to out as CSV lines.
func readSheet(f *zip.File, b *budget, shared []string, out *strings.Builder) error {
	rc, err := openMember(f, b)
	if err != nil {
		return err
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	w := csv.NewWriter(out)
	var row []string
	var c *cell
	for {
		tok, err := d.Token()
		if err == io.EOF {
			w.Flush()
			return nil
		}
		if err != nil {
			return xmlErr(f.Name, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			c = startCell(t, c)
		case xml.EndElement:
			if row, c, err = endCell(t.Name.Local, row, c, shared, w, out); err != nil {
				return err
			}
		case xml.CharData:
			if c != nil && c.inV {
				c.val.Write(t)
			}
		}
	}
}

// endCell handles an end tag: a finished cell joins the row, a finished row
// is written out.
func endCell(name string, row []string, c *cell, shared []string, w *csv.Writer, out *strings.Builder) ([]string, *cell, error) {
	switch name {
	case "c":
		return placeCell(row, c, shared), nil, nil
	case "row":
		return row[:0], c, writeRow(w, row, out)
	}
	if c != nil {
		c.inV = false
	}
	return row, c, nil
}

// startCell handles a start tag inside sheetData: a new c, or its v / t value.
func startCell(t xml.StartElement, c *cell) *cell {
	switch t.Name.Local {
	case "c":
		c = &cell{}
		for _, a := range t.Attr {
			switch a.Name.Local {
			case "r":
				c.ref = a.Value
			case "t":
				c.typ = a.Value
			}
		}
	case "v", "t":
		if c != nil {
			c.inV = true
		}
	}
	return c
}

// placeCell puts the value of c at its column in row, padding with blanks.
func placeCell(row []string, c *cell, shared []string) []string {
	if c == nil {
		return row
	}
	v := c.val.String()
	switch c.typ {
	case "s":
		if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && i >= 0 && i < len(shared) {
			v = shared[i]
		} else {
			v = ""
		}
	case "b":
		v = map[string]string{"1": "TRUE", "0": "FALSE"}[strings.TrimSpace(v)]
	}
	col := columnIndex(c.ref)
	if col < len(row) {
		col = len(row) // no reference, or out of order: append
	}
	for len(row) < col {
		row = append(row, "")
	}
	return append(row, v)
}

// columnIndex turns the letters of a reference such as "C7" into 2; -1 when
// there are none. Columns past Excel's last (XFD) count as the last.
func columnIndex(ref string) int {
	n := 0
	for _, r := range ref {
		if r < 'A' || r > 'Z' {
			break
		}
		n = n*26 + int(r-'A'+1)
		if n > 16384 {
			n = 16384
		}
	}
	return n - 1
}

// writeRow writes one row as a CSV line, without trailing blank cells.
func writeRow(w *csv.Writer, row []string, out *strings.Builder) error {
	end := len(row)
	for end > 0 && strings.TrimSpace(row[end-1]) == "" {
		end--
	}
	if end > 0 {
		_ = w.Write(row[:end])
		w.Flush()
	}
	if out.Len() > maxText {
		return fmt.Errorf("%w: spreadsheet text", ErrTooLarge)
	}
	return nil
}
