package client

import (
	"math/bits"
	"strings"
	"unicode/utf8"
)

// scanner reads the flat JSON objects of the stream's fast path. Anything beyond the plain
// subset makes it report false, and the caller falls back to encoding/json.
type scanner struct {
	s string
	i int
}

func (p *scanner) ws() { p.i = skipWS(p.s, p.i) }

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
	v, j, ok := strAt(p.s, p.i)
	if ok {
		p.i = j
	}
	return v, ok
}

// strAt reads the rest of a JSON string whose opening quote is just before s[start]: the value
// and the index after the closing quote. Only the simple escapes (\" \\ \/ \b \f \n \r \t) and
// valid UTF-8 are accepted; anything else (\u, control characters, invalid UTF-8, no closing
// quote) gives ok false, and the caller falls back to encoding/json. A string without escapes
// is returned without copying. Eight bytes are looked at a time: specials8 finds the first
// byte that is not plain ASCII.
func strAt(s string, start int) (v string, next int, ok bool) {
	high, esc := false, false
	for j := start; j < len(s); {
		if j+8 <= len(s) {
			m := specials8(load64(s, j))
			if m == 0 {
				j += 8
				continue
			}
			j += bits.TrailingZeros64(m) >> 3
		}
		switch c := s[j]; {
		case c == '"':
			raw := s[start:j]
			if high && !utf8.ValidString(raw) {
				return "", 0, false
			}
			if esc {
				return unescape(raw), j + 1, true
			}
			return raw, j + 1, true
		case c == '\\':
			if j+1 >= len(s) || strings.IndexByte(`"\\/bfnrt`, s[j+1]) < 0 {
				return "", 0, false
			}
			esc = true
			j++
		case c < 0x20:
			return "", 0, false
		case c >= 0x80:
			high = true
		}
		j++
	}
	return "", 0, false
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	lows  = 0x7f7f7f7f7f7f7f7f
)

// specials8 marks, with the high bit of its byte, each of eight bytes that is a quote, a
// backslash, a control character or not ASCII. It is exact: no carry crosses bytes, so the
// lowest mark is the first such byte.
func specials8(x uint64) uint64 {
	low := x & lows
	ctl := ^(low + ones*(0x80-0x20)) // high bit set where the low seven bits are below 0x20
	q := x ^ (ones * '"')
	b := x ^ (ones * '\\')
	q = ^((q&lows + lows) | q) // high bit set where the byte is a quote
	b = ^((b&lows + lows) | b)
	return (ctl | q | b | x) & highs
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
	n, j, ok := intAt(p.s, p.i)
	if ok {
		p.i = j
	}
	return n, ok
}

// intAt reads a JSON integer at s[j] of at most 15 digits (it fits an int without doubt) and
// the index after it; a fraction or an exponent gives ok false.
func intAt(s string, j int) (n, next int, ok bool) {
	neg := false
	if j < len(s) && s[j] == '-' {
		neg, j = true, j+1
	}
	start := j
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		n = n*10 + int(s[j]-'0')
		j++
	}
	digits := j - start
	if digits == 0 || digits > 15 || (digits > 1 && s[start] == '0') {
		return 0, 0, false
	}
	if j < len(s) && (s[j] == '.' || s[j] == 'e' || s[j] == 'E') {
		return 0, 0, false
	}
	if neg {
		n = -n
	}
	return n, j, true
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

// deltaData is what StreamEvent takes from an answer.delta data object.
type deltaData struct {
	answerID string // answer_id, else id
	delta    string
	seq      int
}

// scanDelta reads the data of an answer.delta event in the form servers send: one JSON
// object whose keys are exactly id, answer_id, sequence_number and delta (any order, any
// subset, duplicates: the last wins, as in encoding/json), with string values and an integer
// sequence number. It checks the whole object as it goes, so ok true means encoding/json
// would accept the data and decode the same fields (FuzzScanDelta checks this). Anything else
// (other keys, null, \u escapes, invalid UTF-8, text after the object...) gives ok false and
// the caller decodes the event the general way; nothing is accepted that the general way
// would refuse.
func scanDelta(s string) (d deltaData, ok bool) {
	if len(s) < 2 || s[0] != '{' {
		return d, false
	}
	var id, answerID string
	i := skipWS(s, 1)
	if i < len(s) && s[i] == '}' {
		return d, skipWS(s, i+1) == len(s)
	}
	for {
		if i >= len(s) || s[i] != '"' {
			return d, false
		}
		var which byte
		switch rest := s[i:]; { // compact "key": first, then with whitespace before the colon
		case strings.HasPrefix(rest, `"delta":`):
			which, i = 'd', i+8
		case strings.HasPrefix(rest, `"id":`):
			which, i = 'i', i+5
		case strings.HasPrefix(rest, `"sequence_number":`):
			which, i = 's', i+18
		case strings.HasPrefix(rest, `"answer_id":`):
			which, i = 'a', i+12
		default:
			if which, i = deltaKey(s, i); which == 0 {
				return d, false
			}
		}
		if i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
			i = skipWS(s, i)
		}
		if i >= len(s) {
			return d, false
		}
		if which == 's' {
			if d.seq, i, ok = intAt(s, i); !ok {
				return d, false
			}
		} else {
			if s[i] != '"' {
				return d, false
			}
			var v string
			if v, i, ok = strAt(s, i+1); !ok {
				return d, false
			}
			switch which {
			case 'd':
				d.delta = v
			case 'i':
				id = v
			default:
				answerID = v
			}
		}
		if i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
			i = skipWS(s, i)
		}
		if i >= len(s) {
			return d, false
		}
		switch s[i] {
		case ',':
			if i++; i < len(s) && s[i] != '"' {
				i = skipWS(s, i)
			}
		case '}':
			if i+1 != len(s) && skipWS(s, i+1) != len(s) {
				return d, false
			}
			if d.answerID = answerID; answerID == "" {
				d.answerID = id
			}
			return d, true
		default:
			return d, false
		}
	}
}

// deltaKey reads a key of answer.delta and its colon with whitespace between them at s[i]:
// the key's letter (d, i, s, a; 0 for any other key) and the index after the colon.
func deltaKey(s string, i int) (byte, int) {
	var which byte
	rest := s[i:]
	switch {
	case strings.HasPrefix(rest, `"delta"`):
		which, i = 'd', i+7
	case strings.HasPrefix(rest, `"id"`):
		which, i = 'i', i+4
	case strings.HasPrefix(rest, `"sequence_number"`):
		which, i = 's', i+17
	case strings.HasPrefix(rest, `"answer_id"`):
		which, i = 'a', i+11
	default:
		return 0, i
	}
	if i = skipWS(s, i); i >= len(s) || s[i] != ':' {
		return 0, i
	}
	return which, i + 1
}

// skipWS returns the index of the first byte at or after i that is not JSON whitespace.
func skipWS(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
		i++
	}
	return i
}
