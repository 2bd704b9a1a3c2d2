package engine

import (
	"bytes"
	"strconv"
)

// PDF objects as parsed here: float64 numbers, bool, nil, pdfName, pdfString,
// pdfKeyword (operators and obj/stream/R words), []any arrays, pdfDict and
// pdfRef.
type (
	pdfName    string
	pdfString  []byte
	pdfKeyword string
	pdfDict    map[pdfName]any
	pdfRef     struct{ num, gen int }
)

// maxDepth bounds the nesting of arrays and dictionaries.
const maxDepth = 64

// lexer reads PDF objects from buf starting at pos.
type lexer struct {
	buf []byte
	pos int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	return bytes.IndexByte([]byte("()<>[]{}/%"), c) >= 0
}

// skipSpace skips whitespace and comments.
func (l *lexer) skipSpace() {
	for l.pos < len(l.buf) {
		c := l.buf[l.pos]
		if c == '%' {
			for l.pos < len(l.buf) && l.buf[l.pos] != '\n' && l.buf[l.pos] != '\r' {
				l.pos++
			}
			continue
		}
		if !isSpace(c) {
			return
		}
		l.pos++
	}
}

// word reads a run of regular characters.
func (l *lexer) word() string {
	start := l.pos
	for l.pos < len(l.buf) && !isSpace(l.buf[l.pos]) && !isDelim(l.buf[l.pos]) {
		l.pos++
	}
	return string(l.buf[start:l.pos])
}

// object reads the next object; ok is false at the end of the buffer.
func (l *lexer) object(depth int) (v any, ok bool) {
	l.skipSpace()
	if l.pos >= len(l.buf) {
		return nil, false
	}
	switch c := l.buf[l.pos]; {
	case c == '(':
		l.pos++
		return l.literal(), true
	case c == '<' && l.peek(1) == '<':
		l.pos += 2
		return l.dict(depth + 1), true
	case c == '<':
		l.pos++
		return l.hex(), true
	case c == '[':
		l.pos++
		return l.array(depth + 1), true
	case c == '/':
		l.pos++
		return pdfName(decodeName(l.word())), true
	case c == '>' || c == ']' || c == ')' || c == '{' || c == '}':
		l.pos++
		if c == '>' && l.peek(0) == '>' {
			l.pos++
			return pdfKeyword(">>"), true
		}
		return pdfKeyword(string(c)), true
	}
	return l.atom(), true
}

func (l *lexer) peek(off int) byte {
	if l.pos+off < len(l.buf) {
		return l.buf[l.pos+off]
	}
	return 0
}

// atom reads a number, an indirect reference, or a keyword.
func (l *lexer) atom() any {
	w := l.word()
	if w == "" { // stray byte: skip it
		l.pos++
		return pdfKeyword("")
	}
	switch w {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	}
	f, err := strconv.ParseFloat(w, 64)
	if err != nil {
		if c := w[0]; c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9') {
			return 0.0 // malformed number
		}
		return pdfKeyword(w)
	}
	if ref, ok := l.refAfter(w); ok {
		return ref
	}
	return f
}

// refAfter tries to read "G R" after the integer n; it restores the position
// when the following words are not a reference.
func (l *lexer) refAfter(n string) (pdfRef, bool) {
	num, err := strconv.Atoi(n)
	if err != nil || num < 0 {
		return pdfRef{}, false
	}
	save := l.pos
	l.skipSpace()
	g := l.word()
	gen, err := strconv.Atoi(g)
	if err == nil && gen >= 0 {
		l.skipSpace()
		if l.word() == "R" {
			return pdfRef{num, gen}, true
		}
	}
	l.pos = save
	return pdfRef{}, false
}

// decodeName expands #xx escapes in a name.
func decodeName(s string) string {
	if !bytes.Contains([]byte(s), []byte("#")) {
		return s
	}
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				out = append(out, byte(v))
				i += 2
				continue
			}
		}
		out = append(out, s[i])
	}
	return string(out)
}

// array reads objects up to the closing bracket.
func (l *lexer) array(depth int) []any {
	var a []any
	for {
		if depth > maxDepth {
			l.pos = len(l.buf)
			return a
		}
		v, ok := l.object(depth)
		if !ok || v == pdfKeyword("]") {
			return a
		}
		a = append(a, v)
	}
}

// dict reads key/value pairs up to the closing >>.
func (l *lexer) dict(depth int) pdfDict {
	d := pdfDict{}
	for {
		if depth > maxDepth {
			l.pos = len(l.buf)
			return d
		}
		k, ok := l.object(depth)
		if !ok || k == pdfKeyword(">>") {
			return d
		}
		name, isName := k.(pdfName)
		if !isName {
			continue
		}
		v, ok := l.object(depth)
		if !ok || v == pdfKeyword(">>") {
			return d
		}
		d[name] = v
	}
}
