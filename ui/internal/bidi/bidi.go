// Package bidi lays out a line of text that mixes right-to-left scripts (Arabic, Hebrew) with
// others for Fyne, by the Unicode bidirectional algorithm (UAX #9).
//
// Fyne 2.8 shapes each run of one direction in its direction (an Arabic word's letters right to
// left), but draws the runs of a line in the order they come in the text: "تقرير 2024" showed
// its number at the right, where a reader of Arabic reads first. Display gives Fyne the runs in
// the order the algorithm shows them, each between invisible marks of its direction, so that Fyne
// draws the line as the algorithm lays it out.
//
// The text is what the sanitiser (internal/safetext) left: it removed every bidirectional control
// (overrides, embeddings, isolates, marks), so no explicit level is set and the algorithm is its
// rules for implicit levels (P2-P3, W1-W7, N1-N2, I1-I2, L1-L2), on the characters' bidirectional
// classes from golang.org/x/text/unicode/bidi. That package resolves levels too, but its API gives
// only runs of one direction in the order of the text (levels 0 and 2 merged: "2024" inside
// Arabic cannot be told from English around it) and no visual order (its Ordering says so:
// "UNDER CONSTRUCTION"). Paired brackets (N0) are resolved as other neutral characters: in a
// name they take the direction around them all the same.
package bidi

import (
	"strings"

	"golang.org/x/text/unicode/bidi"
)

// The marks put around each run: invisible, of no width, strong in their direction.
const (
	lrm = '\u200e' // left-to-right mark
	rlm = '\u200f' // right-to-left mark
)

// Display returns s, sanitised text, its lines laid out in the order the bidirectional algorithm
// shows them (see the package comment). Text without a right-to-left letter or an Arabic digit is
// returned as it is. It is for drawing only: a screen reader, a copy or a search wants s.
func Display(s string) string {
	if !strings.ContainsFunc(s, isRTL) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		lines[i] = displayLine([]rune(line))
	}
	return strings.Join(lines, "\n")
}

// isRTL reports a character that can make a line need reordering.
func isRTL(r rune) bool {
	if r < 0x0590 {
		return false
	}
	switch class(r) {
	case bidi.R, bidi.AL, bidi.AN:
		return true
	}
	return false
}

func class(r rune) bidi.Class {
	p, _ := bidi.LookupRune(r)
	return p.Class()
}

// displayLine is one line, its runs in visual order, each between marks of its direction.
func displayLine(line []rune) string {
	levels := levelsOf(line)
	order := visualOrder(levels)
	var b strings.Builder
	b.WriteRune(lrm) // Fyne's own analysis then sees a left-to-right line, its runs in order
	for start := 0; start < len(order); {
		level := levels[order[start]]
		end := start + 1
		for end < len(order) && levels[order[end]] == level {
			end++
		}
		mark := lrm
		if level%2 == 1 {
			mark = rlm
		}
		b.WriteRune(mark)
		for i := start; i < end; i++ {
			j := i
			if level%2 == 1 { // shown from its end; written in its own order, for Fyne to shape
				j = start + end - 1 - i
			}
			b.WriteRune(line[order[j]])
		}
		b.WriteRune(mark)
		start = end
	}
	return b.String()
}

// visualOrder lists the indices of the characters of a line of the given levels, left to right
// (rule L2: from the highest level to the lowest odd one, each sequence at that level or higher
// is reversed).
func visualOrder(levels []uint8) []int {
	order := make([]int, len(levels))
	var highest, lowestOdd uint8 = 0, 255
	for i, l := range levels {
		order[i] = i
		highest = max(highest, l)
		if l%2 == 1 {
			lowestOdd = min(lowestOdd, l)
		}
	}
	for level := highest; level >= lowestOdd && level > 0; level-- {
		for i := 0; i < len(order); {
			if levels[order[i]] < level {
				i++
				continue
			}
			j := i
			for j < len(order) && levels[order[j]] >= level {
				j++
			}
			for a, z := i, j-1; a < z; a, z = a+1, z-1 {
				order[a], order[z] = order[z], order[a]
			}
			i = j
		}
	}
	return order
}
