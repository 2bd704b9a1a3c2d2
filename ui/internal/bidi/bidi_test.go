package bidi

import (
	"math/rand/v2"
	"strings"
	"testing"

	xbidi "golang.org/x/text/unicode/bidi"

	"lectern/ui/internal/uitest"
)

// report is an Arabic word ("report"); tropser is it as drawn, its letters from its end.
const (
	report  = "تقرير"
	tropser = "ريرقت"
)

// Issue 36: Arabic names were drawn with their runs in the order of the text, digits moved to the
// front (the right, where a reader of Arabic starts). Each is drawn left to right as UAX #9 lays it
// out (the mirrored brackets of a right-to-left run are the shaper's: "(" is drawn for ")").
func TestDisplayDrawsTheBidiOrder(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Quarterly report 2024", "Quarterly report 2024"},
		{report, tropser},
		{report + " 2024", "2024 " + tropser},
		{"Report " + report + " 2024 final", "Report 2024 " + tropser + " final"},
		{report + " (2024)", ")2024( " + tropser},
		{report + " Q3 " + report, tropser + " Q3 " + tropser},
		{"עברית 12.5%", "12.5% תירבע"},
		{report + " ١٢٣ x", "x ١٢٣ " + tropser},
		{"v2 " + report + ": 30 days", "v2 " + "30 :" + tropser + " days"},
	} {
		if got := uitest.Drawn(Display(tc.in)); got != tc.want {
			t.Errorf("%q is drawn %q; want %q (Fyne draws it %q without Display)", tc.in, got, tc.want, uitest.Drawn(tc.in))
		}
	}
}

// Display keeps text without right-to-left characters as it is, and lays out each line on its own.
func TestDisplayLeavesLatinAndLines(t *testing.T) {
	for _, s := range []string{"", "plain name.pdf", "ünïcödé — 日本語 2024", "a\nb"} {
		if got := Display(s); got != s {
			t.Errorf("Display(%q) = %q", s, got)
		}
	}
	lines := strings.Split(Display(report+" 1\n"+report+" 2"), "\n")
	if len(lines) != 2 || uitest.Drawn(lines[0]) != "1 "+tropser || uitest.Drawn(lines[1]) != "2 "+tropser {
		t.Errorf("two lines are drawn %q", lines)
	}
}

// The levels are x/text's: on random lines of letters of both directions, digits of both kinds,
// separators, spaces and marks, each character's direction is the one x/text's full implementation
// of UAX #9 gives it (Paragraph.Order, the only place its levels show), brackets aside (N0).
func TestLevelsAgreeWithXText(t *testing.T) {
	alphabet := []rune("abcXYZ" + report + "עב0123456789١٢٣ .,:-+%$#/\u064e\u0301\u200d")
	rng := rand.New(rand.NewPCG(36, 7))
	for range 3000 {
		line := make([]rune, 1+rng.IntN(24))
		for i := range line {
			line[i] = alphabet[rng.IntN(len(alphabet))]
		}
		var p xbidi.Paragraph
		if _, err := p.SetString(string(line)); err != nil {
			t.Fatal(err)
		}
		o, err := p.Order()
		if err != nil {
			t.Fatal(err)
		}
		levels := levelsOf(line)
		for k := 0; k < o.NumRuns(); k++ {
			run := o.Run(k)
			from, to := run.Pos()
			for i := from; i <= to; i++ {
				if rtl := levels[i]%2 == 1; rtl != (run.Direction() == xbidi.RightToLeft) {
					t.Fatalf("in %q (levels %v), character %d %q is at level %d; x/text says %v", string(line), levels, i,
						line[i], levels[i], run.Direction())
				}
			}
		}
	}
}
