package engine

import (
	"bytes"
	"compress/zlib"
	"encoding/ascii85"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// pdfObject is one indirect object: its value and, for a stream, the raw data.
type pdfObject struct {
	val    any
	stream []byte
	isStm  bool
}

// pdfDoc holds the objects of a PDF read by scanning for "N G obj".
type pdfDoc struct {
	objs   map[int]*pdfObject
	budget *budget
}

// extractPDF returns the text of the pages of a PDF, pages separated by a
// blank line.
func extractPDF(data []byte) (string, error) {
	doc, err := openPDF(data)
	if err != nil {
		return "", err
	}
	return doc.text()
}

// openPDF checks the header and reads the objects of a PDF.
func openPDF(data []byte) (*pdfDoc, error) {
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		return nil, fmt.Errorf("%w: PDF without %%PDF- header", ErrContentMismatch)
	}
	if encrypted(data) {
		return nil, fmt.Errorf("%w: encrypted PDF", ErrUnreadable)
	}
	doc := &pdfDoc{objs: map[int]*pdfObject{}, budget: newBudget()}
	doc.scan(data)
	if err := doc.expandObjectStreams(); err != nil {
		return nil, err
	}
	return doc, nil
}

// PDFPages returns the text of each page of a PDF, in order, "" for a page
// without text. It never panics; errors are those of Extract.
func PDFPages(data []byte) (pages []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			pages, err = nil, fmt.Errorf("%w: unreadable PDF", ErrContentMismatch)
		}
	}()
	doc, err := openPDF(data)
	if err != nil {
		return nil, err
	}
	return doc.pageTexts()
}

// encrypted reports whether a trailer or cross-reference stream names an
// /Encrypt dictionary: the strings are then ciphertext.
func encrypted(data []byte) bool {
	for i := 0; ; {
		k := bytes.Index(data[i:], []byte("/Encrypt"))
		if k < 0 {
			return false
		}
		i += k + len("/Encrypt")
		rest := bytes.TrimLeft(data[i:min(i+16, len(data))], " \r\n\t")
		if len(rest) > 0 && (rest[0] >= '0' && rest[0] <= '9' || rest[0] == '<') {
			return true
		}
	}
}

// scan finds every "N G obj" in data and reads the object after it; later
// definitions of a number replace earlier ones, as incremental updates do.
func (d *pdfDoc) scan(data []byte) {
	for i := 0; ; {
		k := bytes.Index(data[i:], []byte("obj"))
		if k < 0 {
			return
		}
		at := i + k
		i = at + 3
		num, ok := objHeader(data, at)
		if !ok || (i < len(data) && !isSpace(data[i]) && !isDelim(data[i])) {
			continue
		}
		l := &lexer{buf: data, pos: i}
		v, _ := l.object(0)
		obj := &pdfObject{val: v}
		if end := d.readStream(l, obj); end > i {
			i = end
		}
		d.objs[num] = obj
	}
}

// objHeader checks that "N G " precedes data[at:] and returns N.
func objHeader(data []byte, at int) (int, bool) {
	j := at
	for j > 0 && isSpace(data[j-1]) {
		j--
	}
	g := j
	for g > 0 && data[g-1] >= '0' && data[g-1] <= '9' {
		g--
	}
	if g == j || g == 0 || !isSpace(data[g-1]) {
		return 0, false
	}
	n := g - 1
	for n > 0 && isSpace(data[n-1]) {
		n--
	}
	s := n
	for s > 0 && data[s-1] >= '0' && data[s-1] <= '9' && n-s < 10 {
		s--
	}
	if s == n {
		return 0, false
	}
	num, err := strconv.Atoi(string(data[s:n]))
	return num, err == nil
}

// readStream reads the stream data after a dictionary when the keyword
// "stream" follows it, and returns where scanning may resume.
func (d *pdfDoc) readStream(l *lexer, obj *pdfObject) int {
	dict, ok := obj.val.(pdfDict)
	if !ok {
		return l.pos
	}
	save := l.pos
	if kw, _ := l.object(0); kw != pdfKeyword("stream") {
		l.pos = save
		return l.pos
	}
	if l.peek(0) == '\r' {
		l.pos++
	}
	if l.peek(0) == '\n' {
		l.pos++
	}
	start := l.pos
	end := -1
	if n, ok := dict["Length"].(float64); ok && n >= 0 && start+int(n) <= len(l.buf) {
		e := start + int(n)
		rest := bytes.TrimLeft(l.buf[e:min(e+32, len(l.buf))], " \r\n\t")
		if bytes.HasPrefix(rest, []byte("endstream")) {
			end = e
		}
	}
	if end < 0 {
		k := bytes.Index(l.buf[start:], []byte("endstream"))
		if k < 0 {
			k = len(l.buf) - start
		}
		end = start + k
	}
	obj.stream, obj.isStm = l.buf[start:end], true
	return end
}

// resolve follows indirect references (a bounded number of hops).
func (d *pdfDoc) resolve(v any) any {
	for i := 0; i < 16; i++ {
		r, ok := v.(pdfRef)
		if !ok {
			return v
		}
		o := d.objs[r.num]
		if o == nil {
			return nil
		}
		v = o.val
	}
	return nil
}

// dictOf resolves v and returns it as a dictionary, or nil.
func (d *pdfDoc) dictOf(v any) pdfDict {
	dict, _ := d.resolve(v).(pdfDict)
	return dict
}

// streamOf returns the decoded data of the stream object v refers to.
func (d *pdfDoc) streamOf(v any) ([]byte, pdfDict, error) {
	r, ok := v.(pdfRef)
	if !ok || d.objs[r.num] == nil || !d.objs[r.num].isStm {
		return nil, nil, nil
	}
	o := d.objs[r.num]
	dict, _ := o.val.(pdfDict)
	data, err := d.decode(o.stream, dict)
	return data, dict, err
}

// decode applies the stream's filters: FlateDecode, ASCIIHexDecode and
// ASCII85Decode; a stream with any other filter yields nothing. Corrupt data
// yields what decoded.
func (d *pdfDoc) decode(raw []byte, dict pdfDict) ([]byte, error) {
	var filters []any
	switch f := d.resolve(dict["Filter"]).(type) {
	case pdfName:
		filters = []any{f}
	case []any:
		filters = f
	}
	data := raw
	for _, f := range filters {
		var r io.Reader
		switch name, _ := d.resolve(f).(pdfName); name {
		case "FlateDecode", "Fl":
			zr, err := zlib.NewReader(bytes.NewReader(data))
			if err != nil {
				return nil, nil
			}
			r = zr
		case "ASCIIHexDecode", "AHx":
			r = bytes.NewReader((&lexer{buf: data}).hex())
		case "ASCII85Decode", "A85":
			body, _, _ := bytes.Cut(bytes.TrimPrefix(bytes.TrimSpace(data), []byte("<~")), []byte("~>"))
			r = ascii85.NewDecoder(bytes.NewReader(body))
		default:
			return nil, nil
		}
		out, err := io.ReadAll(d.budget.reader(r))
		if errors.Is(err, ErrTooLarge) {
			return nil, fmt.Errorf("%w: PDF stream", ErrTooLarge)
		}
		data = out
	}
	return data, nil
}

// expandObjectStreams adds the objects held in /Type /ObjStm streams, unless
// an object of the same number was defined directly.
func (d *pdfDoc) expandObjectStreams() error {
	for _, n := range d.sortedNums() {
		if dict, ok := d.objs[n].val.(pdfDict); !ok || !d.objs[n].isStm || dict["Type"] != pdfName("ObjStm") {
			continue
		}
		data, dict, err := d.streamOf(pdfRef{num: n})
		if err != nil {
			return err
		}
		d.readObjStm(data, dict)
	}
	return nil
}

// readObjStm parses the "num offset" header pairs and the objects after First.
func (d *pdfDoc) readObjStm(data []byte, dict pdfDict) {
	count, _ := dict["N"].(float64)
	first, _ := dict["First"].(float64)
	if count <= 0 || first <= 0 || int(first) > len(data) {
		return
	}
	head := &lexer{buf: data[:int(first)]}
	work := 4*len(data) + 1<<20 // bytes the bodies may consume: overlapping offsets stay linear
	for i := 0; i < int(count) && work > 0; i++ {
		num, ok1 := head.object(0)
		off, ok2 := head.object(0)
		n, isNum := num.(float64)
		o, isOff := off.(float64)
		if !ok1 || !ok2 || !isNum || !isOff || o < 0 || int(first)+int(o) >= len(data) {
			return
		}
		if _, exists := d.objs[int(n)]; exists {
			continue
		}
		body := &lexer{buf: data, pos: int(first) + int(o)}
		v, _ := body.object(0)
		work -= body.pos - (int(first) + int(o))
		d.objs[int(n)] = &pdfObject{val: v}
	}
}
