package client

import (
	"encoding/json"
	"strings"
)

// completedFast decodes answer.completed with its long "answer" text read by the scanner and
// only the rest of the object by encoding/json, which then reads a few hundred bytes instead of
// the whole answer twice. ok is false when the data is not the plain shape (nested answer,
// \u escapes, duplicate or case-variant keys, invalid JSON); completedAnswer then decides.
func completedFast(data string) (*Answer, int, bool) {
	start, end, text, ok := answerSpan(data)
	if !ok {
		return nil, 0, false
	}
	var flat completedData
	if json.Unmarshal([]byte(data[:start]+`""`+data[end:]), &flat) != nil {
		return nil, 0, false
	}
	flat.Answer.Answer = text
	if flat.empty() {
		return nil, 0, false
	}
	return &flat.Answer, flat.SequenceNumber, true
}

// answerSpan finds the top-level "answer" string of a JSON object: its token's bounds and text.
func answerSpan(data string) (start, end int, text string, ok bool) {
	p := scanner{s: data}
	if !p.consume('{') {
		return 0, 0, "", false
	}
	found := false
	for {
		key, kok := p.str()
		if !kok || !p.consume(':') {
			return 0, 0, "", false
		}
		if strings.EqualFold(key, "answer") {
			if key != "answer" || found {
				return 0, 0, "", false
			}
			p.ws()
			start = p.i
			if text, ok = p.str(); !ok {
				return 0, 0, "", false
			}
			end, found = p.i, true
		} else if !p.skipValue() {
			return 0, 0, "", false
		}
		if p.consume('}') {
			return start, end, text, found && p.atEnd()
		}
		if !p.consume(',') {
			return 0, 0, "", false
		}
	}
}

// skipValue skips any JSON value. It need not validate: the caller has encoding/json read
// everything it skipped.
func (p *scanner) skipValue() bool {
	p.ws()
	if p.i >= len(p.s) {
		return false
	}
	switch p.s[p.i] {
	case '"':
		return p.skipString()
	case '{', '[':
		return p.skipNested()
	}
	j := p.i
	for j < len(p.s) && strings.IndexByte(",}] \t\n\r", p.s[j]) < 0 {
		j++
	}
	ok := j > p.i
	p.i = j
	return ok
}

// skipString skips a string token from its opening quote.
func (p *scanner) skipString() bool {
	for j := p.i + 1; j < len(p.s); j++ {
		switch p.s[j] {
		case '\\':
			j++
		case '"':
			p.i = j + 1
			return true
		}
	}
	return false
}

// skipNested skips an object or array, strings included.
func (p *scanner) skipNested() bool {
	depth := 0
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case '"':
			if !p.skipString() {
				return false
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				p.i++
				return true
			}
		}
		p.i++
	}
	return false
}
