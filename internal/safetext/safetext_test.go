package safetext

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// hostile holds escape sequences a server could put in an answer, a name or a message.
var hostile = []struct{ in, want string }{
	{"\x1b]0;TITLE\x07\x1b[2Jhello", "hello"},
	{"a\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\b", "alinkb"},
	{"red \x1b[31;1mtext\x1b[0m", "red text"},
	{"\x1bPdevice\x1b\\ok", "ok"},
	{"\u009b2J\u009d0;t\u009cx", "x"},
	{"bell\x07 bs\x08 del\x7f nul\x00", "bell bs del nul"},
	{"line\r\nnext\ttab", "line\nnext\ttab"},
	{"file\u202egnp.txt", "filegnp.txt"},
	{"marks\u200e\u200f\u061c \u2067isolate\u2069", "marks isolate"},
	{"para\u2028line\u2029end", "para\nline\nend"},
	{"zero\u200bwidth \U0001F469\u200d\U0001F4BB", "zero\u200bwidth \U0001F469\u200d\U0001F4BB"},
	{"\x1b(Bcharset \x1b7saved", "charset saved"},
	{"bad \xff utf8", "bad \ufffd utf8"},
	{"unterminated \x1b]0;title\nnext line", "unterminated \nnext line"},
	{"plain ascii and ünïcödé", "plain ascii and ünïcödé"},
}

func TestSafeTextRemovesEscapes(t *testing.T) {
	for _, tc := range hostile {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := OneLine("a\nb\tc\r\nd\x1b[2J\u2028e"); got != "a b c  d e" {
		t.Errorf("OneLine: %q", got)
	}
}

// TestFilterAcrossPieces: a sequence split between two deltas is removed whole.
func TestFilterAcrossPieces(t *testing.T) {
	in := "start \x1b]0;TITLE\x07\x1b[2J end"
	for i := 0; i <= len(in); i++ {
		var f Filter
		if got := f.Clean(in[:i]) + f.Clean(in[i:]); got != "start  end" {
			t.Fatalf("split at %d: %q", i, got)
		}
	}
}

// checkSafe fails when out holds a character no terminal may receive from a server.
func checkSafe(t *testing.T, in, out string, oneLine bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%q -> %q: invalid UTF-8", in, out)
	}
	for _, r := range out {
		bad := r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f || unicode.Is(unicode.Bidi_Control, r) ||
			r == 0x2028 || r == 0x2029 || oneLine && (r == '\n' || r == '\t')
		if bad {
			t.Fatalf("%q -> %q keeps %U", in, out, r)
		}
	}
}

// FuzzSafeText: whatever comes in, no control character or escape sequence comes out, the
// result is valid UTF-8, cleaning is idempotent, and cleaning in two pieces (split at a
// character boundary) gives the same text as cleaning at once.
func FuzzSafeText(f *testing.F) {
	for _, tc := range hostile {
		f.Add(tc.in, uint16(3))
	}
	f.Fuzz(func(t *testing.T, in string, split uint16) {
		out := Text(in)
		checkSafe(t, in, out, false)
		checkSafe(t, in, OneLine(in), true)
		if again := Text(out); again != out {
			t.Fatalf("not idempotent: %q -> %q -> %q", in, out, again)
		}
		if !strings.ContainsRune(in, utf8.RuneError) && utf8.ValidString(in) {
			i := int(split) % (len(in) + 1)
			for i < len(in) && !utf8.RuneStart(in[i]) {
				i++
			}
			var tf Filter
			if got := tf.Clean(in[:i]) + tf.Clean(in[i:]); got != out {
				t.Fatalf("in pieces at %d: %q, at once: %q", i, got, out)
			}
		}
	})
}
