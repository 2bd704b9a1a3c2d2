// Package safetext is Lectern's one sanitiser of text that came from a server or from a file
// name: the client's error messages and both front-ends use it (app re-exports it as
// app.SafeText, app.OneLine and app.TextFilter for the desktop and the command line). It covers
// answers, previews, document, workspace and source names, the server's error messages and file
// names. A terminal must never receive an escape sequence from such text (it could set the
// window title, clear the screen, or rewrite what was printed), and a desktop label shows no
// control characters. Escape sequences (ESC and C1 CSI, OSC, DCS, SOS, PM, APC) are removed
// whole; other C0 and C1 controls, DEL, and every bidirectional control (the overrides and
// isolates that reorder what is shown, U+202A-U+202E and U+2066-U+2069, and the marks U+061C,
// U+200E and U+200F) are removed; invalid UTF-8 becomes U+FFFD. Newline and tab, and the Unicode
// line and paragraph separators (U+2028, U+2029, as newlines), stay (Text) or become spaces
// (OneLine). Everything else is kept as it is (zero-width joiners too: scripts and emoji need
// them).
package safetext

import "strings"

// Text returns multi-line text safe to print or show: newlines and tabs are kept, "\r\n"
// becomes "\n", and escape sequences and control characters are removed.
func Text(s string) string {
	var f Filter
	return f.Clean(s)
}

// OneLine returns text safe to show on one line (a table cell, a name, a label): Text with
// each newline, carriage return and tab turned into a space.
func OneLine(s string) string {
	f := Filter{OneLine: true}
	return f.Clean(s)
}

// Filter is Text for text that arrives in pieces, such as a streamed answer: an escape
// sequence split across two pieces is still removed whole. The zero value is ready for
// multi-line text. Pieces must be split at character boundaries.
type Filter struct {
	OneLine bool // newlines, carriage returns and tabs become spaces
	state   filterState
}

type filterState uint8

const (
	plain    filterState = iota
	afterEsc             // ESC seen
	escInter             // ESC followed by intermediate bytes (0x20-0x2F), until a final byte
	inCSI                // control sequence: parameters and intermediates until a final byte
	inString             // OSC, DCS, SOS, PM or APC: until BEL, ST, or a newline
)

const esc = 0x1b

// Clean returns piece without escape sequences and control characters, continuing any sequence
// the previous piece left open.
func (f *Filter) Clean(piece string) string {
	if f.state == plain && isPlain(piece, f.OneLine) {
		return piece
	}
	var b strings.Builder
	b.Grow(len(piece))
	for _, r := range piece {
		f.step(&b, r)
	}
	return b.String()
}

// isPlain reports text that needs no change: printable ASCII, newline and tab (when allowed),
// and no byte that starts a non-ASCII character (checked by the slow path).
func isPlain(s string, oneLine bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			continue
		}
		if !oneLine && (c == '\n' || c == '\t') {
			continue
		}
		return false
	}
	return true
}

// step feeds one character through the state machine.
func (f *Filter) step(b *strings.Builder, r rune) {
	switch f.state {
	case afterEsc:
		f.escape(b, r)
	case escInter:
		if r < 0x20 || r > 0x2f {
			f.state = plain
			if r < 0x30 || r > 0x7e {
				f.plain(b, r)
			}
		}
	case inCSI:
		switch {
		case r >= 0x40 && r <= 0x7e:
			f.state = plain
		case r < 0x20 || r > 0x3f: // not part of a sequence: it ends here
			f.state = plain
			f.plain(b, r)
		}
	case inString:
		f.str(b, r)
	default:
		f.plain(b, r)
	}
}

// escape handles the character after ESC.
func (f *Filter) escape(b *strings.Builder, r rune) {
	switch {
	case r == '[':
		f.state = inCSI
	case r == ']' || r == 'P' || r == 'X' || r == '^' || r == '_':
		f.state = inString
	case r >= 0x20 && r <= 0x2f:
		f.state = escInter
	case r == esc:
	case r < 0x20 || r > 0x7e:
		f.state = plain
		f.plain(b, r)
	default:
		f.state = plain // a two-character sequence such as ESC c or ESC 7
	}
}

// str handles a character inside an OSC, DCS, SOS, PM or APC string.
func (f *Filter) str(b *strings.Builder, r rune) {
	switch r {
	case 0x07, 0x9c:
		f.state = plain
	case esc:
		f.state = afterEsc // ESC \ ends the string; any other ESC starts a new sequence
	case '\n':
		f.state = plain
		f.plain(b, r)
	}
}

// plain handles a character outside any sequence.
func (f *Filter) plain(b *strings.Builder, r rune) {
	switch {
	case r == esc:
		f.state = afterEsc
	case r == 0x9b:
		f.state = inCSI
	case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f:
		f.state = inString
	case r == '\n' || r == '\t' || r == 0x2028 || r == 0x2029:
		if f.OneLine {
			r = ' '
		} else if r != '\t' {
			r = '\n'
		}
		b.WriteRune(r)
	case r == '\r':
		if f.OneLine {
			b.WriteByte(' ')
		}
	case r < 0x20, r >= 0x7f && r <= 0x9f, isBidiControl(r):
	default:
		b.WriteRune(r) // invalid UTF-8 arrives as U+FFFD
	}
}

// isBidiControl reports the characters of Unicode's Bidi_Control property: they change the order
// in which text is shown, so "exe.tnemucod\u202e.pdf" could read as another file's name.
func isBidiControl(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}
