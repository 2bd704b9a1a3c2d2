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
	if p.i < len(p.s) && p.s[p.i] == c { // servers rarely send whitespace
		p.i++
		return true
	}
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

// str reads a JSON string without \u escapes; valid UTF-8 only. Plain ASCII is skipped eight
// bytes at a time; a string without escapes is returned without copying.
func (p *scanner) str() (string, bool) {
	if !p.consume('"') {
		return "", false
	}
	start, high, esc := p.i, false, false
	for j := start; j < len(p.s); {
		if j+8 <= len(p.s) && !special8(load64(p.s, j)) {
			j += 8
			continue
		}
		switch c := p.s[j]; {
		case c == '"':
			raw := p.s[start:j]
			if high && !utf8.ValidString(raw) {
				return "", false
			}
			p.i = j + 1
			if esc {
				return unescape(raw), true
			}
			return raw, true
		case c == '\\':
			if j+1 >= len(p.s) || strings.IndexByte(`"\\/bfnrt`, p.s[j+1]) < 0 {
				return "", false
			}
			esc = true
			j++
		case c < 0x20:
			return "", false
		case c >= 0x80:
			high = true
		}
		j++
	}
	return "", false
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// special8 reports whether eight bytes may hold a quote, a backslash, a control character or a
// non-ASCII byte (false positives are possible, false negatives are not).
func special8(x uint64) bool {
	ctl := (x - ones*0x20) & ^x & highs
	q := x ^ (ones * '"')
	b := x ^ (ones * '\\')
	return (ctl | (q-ones)&^q&highs | (b-ones)&^b&highs | x&highs) != 0
}

// load64 reads eight bytes of s at j, little-endian.
func load64(s string, j int) uint64 {
	_ = s[j+7]
	return uint64(s[j]) | uint64(s[j+1])<<8 | uint64(s[j+2])<<16 | uint64(s[j+3])<<24 |
		uint64(s[j+4])<<32 | uint64(s[j+5])<<40 | uint64(s[j+6])<<48 | uint64(s[j+7])<<56
}

// key reads an object key, matching the keys of answer.delta by prefix.
func (p *scanner) key() (string, bool) {
	p.ws()
	rest := p.s[p.i:]
	for _, k := range deltaKeys {
		if len(rest) > len(k)+1 && rest[0] == '"' && rest[len(k)+1] == '"' && rest[1:len(k)+1] == k {
			p.i += len(k) + 2
			return k, true
		}
	}
	return p.str()
}

// deltaKeys are the keys of a usual answer.delta data object.
var deltaKeys = [...]string{"delta", "sequence_number", "id"}

// unescape resolves the simple escapes str allows, copying the runs between them.
func unescape(raw string) string {
	var b strings.Builder
	b.Grow(len(raw))
	for {
		k := strings.IndexByte(raw, '\\')
		if k < 0 {
			b.WriteString(raw)
			return b.String()
		}
		b.WriteString(raw[:k])
		b.WriteByte(unescapeByte(raw[k+1]))
		raw = raw[k+2:]
	}
}

// unescapeByte is the byte an escape letter stands for.
func unescapeByte(c byte) byte {
	switch c {
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	}
	return c // " \ /
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
