package client

import (
	"strings"
	"unicode/utf8"
)

// scanner reads the flat JSON objects of the stream's fast path. Anything beyond the plain
// subset makes it report false, and the caller falls back to encoding/json.
type scanner struct {
	s string
	i int
}

func (p *scanner) ws() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *scanner) consume(c byte) bool {
	p.ws()
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *scanner) atEnd() bool {
	p.ws()
	return p.i == len(p.s)
}

// str reads a JSON string without \u escapes; valid UTF-8 only.
func (p *scanner) str() (string, bool) {
	if !p.consume('"') {
		return "", false
	}
	start, esc, high := p.i, false, false
	for j := start; j < len(p.s); j++ {
		switch c := p.s[j]; {
		case c == '"':
			raw := p.s[start:j]
			p.i = j + 1
			if high && !utf8.ValidString(raw) {
				return "", false
			}
			if !esc {
				return raw, true
			}
			return unescape(raw)
		case c == '\\':
			if j+1 >= len(p.s) || strings.IndexByte(`"\/bfnrt`, p.s[j+1]) < 0 {
				return "", false
			}
			esc = true
			j++
		case c < 0x20:
			return "", false
		case c >= 0x80:
			high = true
		}
	}
	return "", false
}

// unescape resolves the simple escapes str allows.
func unescape(raw string) (string, bool) {
	var b strings.Builder
	b.Grow(len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		switch raw[i] {
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		default: // " \ /
			b.WriteByte(raw[i])
		}
	}
	return b.String(), true
}

// integer reads a JSON integer that fits an int without doubt.
func (p *scanner) integer() (int, bool) {
	p.ws()
	j, neg := p.i, false
	if j < len(p.s) && p.s[j] == '-' {
		neg, j = true, j+1
	}
	start, n := j, 0
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		n = n*10 + int(p.s[j]-'0')
		j++
	}
	digits := j - start
	if digits == 0 || digits > 15 || (digits > 1 && p.s[start] == '0') {
		return 0, false
	}
	if j < len(p.s) && strings.IndexByte(".eE", p.s[j]) >= 0 {
		return 0, false
	}
	p.i = j
	if neg {
		n = -n
	}
	return n, true
}

// fieldNames are the JSON names of eventData; encoding/json matches them case-insensitively.
var fieldNames = []string{"id", "answer_id", "sequence_number", "stage", "status", "delta", "sources"}

// skipPlainValue skips the value of an unknown key: a string, a number, true, false or null.
func (p *scanner) skipPlainValue(key string) bool {
	for _, f := range fieldNames {
		if strings.EqualFold(key, f) {
			return false
		}
	}
	p.ws()
	if p.i >= len(p.s) {
		return false
	}
	switch c := p.s[p.i]; {
	case c == '"':
		_, ok := p.str()
		return ok
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	for _, lit := range []string{"true", "false", "null"} {
		if strings.HasPrefix(p.s[p.i:], lit) {
			p.i += len(lit)
			return true
		}
	}
	return false
}

// number skips a JSON number, checking its grammar.
func (p *scanner) number() bool {
	j := p.i
	if j < len(p.s) && p.s[j] == '-' {
		j++
	}
	d := digitsAt(p.s, j)
	if d == 0 || (d > 1 && p.s[j] == '0') {
		return false
	}
	j += d
	if j < len(p.s) && p.s[j] == '.' {
		if d = digitsAt(p.s, j+1); d == 0 {
			return false
		}
		j += 1 + d
	}
	if j < len(p.s) && (p.s[j] == 'e' || p.s[j] == 'E') {
		j++
		if j < len(p.s) && (p.s[j] == '+' || p.s[j] == '-') {
			j++
		}
		if d = digitsAt(p.s, j); d == 0 {
			return false
		}
		j += d
	}
	p.i = j
	return true
}

func digitsAt(s string, j int) int {
	n := 0
	for j+n < len(s) && s[j+n] >= '0' && s[j+n] <= '9' {
		n++
	}
	return n
}
