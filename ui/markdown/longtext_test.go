package markdown

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// longProse is an answer of ordinary sentences, one a line (soft breaks: one paragraph), of at
// least n characters: issue 36 saw such an answer of 10,290 end in "too long to show whole".
func longProse(n int) (md, shown string) {
	var lines []string
	for i := 0; len(shown) < n; i++ {
		lines = append(lines, "Sentence "+strings.Repeat("x", i%7)+" of the answer says **something** plain, as answers do.")
		shown = strings.ReplaceAll(strings.Join(lines, " "), "**", "")
	}
	return strings.Join(lines, "\n") + "\n", shown
}

// shownText is what the texts under v read, one after the other, a space apart (where a text is
// split in parts, the space the line ends at is not drawn).
func shownText(v *View) string {
	var parts []string
	for _, t := range texts(v) {
		parts = append(parts, t.plain)
	}
	return strings.Join(parts, " ")
}

// Issue 36: a long answer of ordinary prose is shown whole; the cap is for text that cannot be laid
// out (TestLongParagraphIsCut), and no text shows more than maxTextRunes characters.
func TestLongProseIsShownWhole(t *testing.T) {
	md, want := longProse(10_290)
	v, _ := newTestView(t)
	v.SetFinal(md)
	if got := shownText(v); got != want {
		i := 0
		for i < min(len(got), len(want)) && got[i] == want[i] {
			i++
		}
		t.Fatalf("the answer of %d characters shows %d; they differ from %d on: %q", len(want), len(got), i, got[i:min(len(got), i+80)])
	}
	for _, tb := range texts(v) {
		if n := utf8.RuneCountInString(tb.plain); n > maxTextRunes {
			t.Errorf("one text shows %d characters (at most %d are laid out at once)", n, maxTextRunes)
		}
	}
}

// Streamed, the long paragraph shows what it shows whole, and a part that no longer grows keeps
// its object.
func TestLongProseStreamed(t *testing.T) {
	md, want := longProse(25_000)
	v, _ := newTestView(t)
	v.SetText(md[:maxTextRunes+2000])
	first := texts(v)[0]
	v.SetText(md[:len(md)-10])
	if texts(v)[0] != first {
		t.Error("the first part of the paragraph was built again though it did not change")
	}
	v.SetFinal(md)
	if got := shownText(v); got != want {
		t.Errorf("streamed, the paragraph shows %d characters of %d", len(got), len(want))
	}
	if got, whole := dump(v), dump(render(md)); got != whole {
		t.Error("streamed and whole, the paragraph is not built alike")
	}
}
