package engine

// literal reads a (string) body after its opening parenthesis: balanced
// parentheses, backslash escapes, octal codes and line continuations.
func (l *lexer) literal() pdfString {
	var out []byte
	depth := 1
	for l.pos < len(l.buf) {
		c := l.buf[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return out
			}
		case '\\':
			out = l.escape(out)
			continue
		case '\r': // end-of-line in a string reads as \n
			if l.peek(0) == '\n' {
				l.pos++
			}
			c = '\n'
		}
		out = append(out, c)
	}
	return out
}

// escape handles the character after a backslash.
func (l *lexer) escape(out []byte) []byte {
	if l.pos >= len(l.buf) {
		return out
	}
	c := l.buf[l.pos]
	l.pos++
	switch c {
	case 'n':
		return append(out, '\n')
	case 'r':
		return append(out, '\r')
	case 't':
		return append(out, '\t')
	case 'b':
		return append(out, '\b')
	case 'f':
		return append(out, '\f')
	case '\r':
		if l.peek(0) == '\n' {
			l.pos++
		}
		return out
	case '\n':
		return out
	}
	if c >= '0' && c <= '7' {
		v := int(c - '0')
		for i := 0; i < 2 && l.pos < len(l.buf) && l.buf[l.pos] >= '0' && l.buf[l.pos] <= '7'; i++ {
			v = v*8 + int(l.buf[l.pos]-'0')
			l.pos++
		}
		return append(out, byte(v))
	}
	return append(out, c) // \( \) \\ and unknown escapes: the character itself
}

// hex reads a <hex string> body after its opening angle bracket.
func (l *lexer) hex() pdfString {
	var out []byte
	var hi byte
	half := false
	for l.pos < len(l.buf) {
		c := l.buf[l.pos]
		l.pos++
		if c == '>' {
			break
		}
		v, ok := hexVal(c)
		if !ok {
			continue
		}
		if half {
			out = append(out, hi<<4|v)
		} else {
			hi = v
		}
		half = !half
	}
	if half {
		out = append(out, hi<<4)
	}
	return out
}

func hexVal(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
