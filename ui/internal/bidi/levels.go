package bidi

import "golang.org/x/text/unicode/bidi"

// levelsOf resolves the embedding level of each character of a line that holds no bidirectional
// control: the paragraph's level (P2-P3), the weak types (W1-W7) and the neutral ones (N1-N2), the
// implicit levels (I1-I2), and the whitespace at the line's end (L1).
func levelsOf(line []rune) []uint8 {
	classes := make([]bidi.Class, len(line))
	for i, r := range line {
		classes[i] = class(r)
	}
	para := paragraphLevel(classes)
	var seen []int // the characters the rules see: X9 leaves out the boundary neutrals
	for i, c := range classes {
		if !removedByX9(c) {
			seen = append(seen, i)
		}
	}
	types := make([]bidi.Class, len(seen))
	for k, i := range seen {
		types[k] = classes[i]
	}
	e := direction(para)
	resolveWeak(types, e)
	resolveNeutral(types, e)
	levels := make([]uint8, len(line))
	for i := range levels {
		levels[i] = para // the ones X9 left out keep the level of the character before
	}
	for k, i := range seen {
		levels[i] = implicitLevel(types[k], para)
		for j := i + 1; j < len(line) && removedByX9(classes[j]); j++ {
			levels[j] = levels[i]
		}
	}
	endOfLine(classes, levels, para)
	return levels
}

// paragraphLevel is 1 when the first strong character is right-to-left, else 0 (P2, P3).
func paragraphLevel(classes []bidi.Class) uint8 {
	for _, c := range classes {
		switch c {
		case bidi.L:
			return 0
		case bidi.R, bidi.AL:
			return 1
		}
	}
	return 0
}

// direction is the strong type of a level: L for even ones, R for odd ones.
func direction(level uint8) bidi.Class {
	if level%2 == 1 {
		return bidi.R
	}
	return bidi.L
}

// removedByX9 reports the classes X9 leaves out of the later rules: boundary neutrals (and the
// explicit embeddings and overrides, which the sanitiser removes anyway).
func removedByX9(c bidi.Class) bool {
	switch c {
	case bidi.BN, bidi.LRE, bidi.RLE, bidi.LRO, bidi.RLO, bidi.PDF:
		return true
	}
	return false
}

// resolveWeak applies W1-W7 to t, a line whose start and end are of type sos (its paragraph's
// direction).
func resolveWeak(t []bidi.Class, sos bidi.Class) {
	for i := range t { // W1: a mark takes the type of what it marks
		if t[i] == bidi.NSM {
			t[i] = sos
			if i > 0 {
				t[i] = t[i-1]
			}
		}
	}
	strong := sos
	for i, c := range t { // W2: a European digit after Arabic letters is an Arabic one
		switch c {
		case bidi.L, bidi.R, bidi.AL:
			strong = c
		case bidi.EN:
			if strong == bidi.AL {
				t[i] = bidi.AN
			}
		}
	}
	for i, c := range t { // W3
		if c == bidi.AL {
			t[i] = bidi.R
		}
	}
	for i := 1; i+1 < len(t); i++ { // W4: one separator between two numbers of a kind
		before, after := t[i-1], t[i+1]
		switch {
		case t[i] == bidi.ES && before == bidi.EN && after == bidi.EN,
			t[i] == bidi.CS && before == after && (before == bidi.EN || before == bidi.AN):
			t[i] = before
		}
	}
	for i := 0; i < len(t); { // W5: terminators next to European digits
		if t[i] != bidi.ET {
			i++
			continue
		}
		j := i
		for j < len(t) && t[j] == bidi.ET {
			j++
		}
		if i > 0 && t[i-1] == bidi.EN || j < len(t) && t[j] == bidi.EN {
			setAll(t[i:j], bidi.EN)
		}
		i = j
	}
	for i, c := range t { // W6
		if c == bidi.ES || c == bidi.ET || c == bidi.CS {
			t[i] = bidi.ON
		}
	}
	strong = sos
	for i, c := range t { // W7: European digits after Latin letters are left to right
		switch c {
		case bidi.L, bidi.R:
			strong = c
		case bidi.EN:
			if strong == bidi.L {
				t[i] = bidi.L
			}
		}
	}
}

// resolveNeutral applies N1-N2: a run of neutral characters between two of the same direction
// (numbers count as right-to-left) takes it; any other takes the paragraph's, e.
func resolveNeutral(t []bidi.Class, e bidi.Class) {
	for i := 0; i < len(t); {
		if !isNeutral(t[i]) {
			i++
			continue
		}
		j := i
		for j < len(t) && isNeutral(t[j]) {
			j++
		}
		before, after := e, e
		if i > 0 {
			before = strongOf(t[i-1])
		}
		if j < len(t) {
			after = strongOf(t[j])
		}
		if before == after {
			setAll(t[i:j], before)
		} else {
			setAll(t[i:j], e)
		}
		i = j
	}
}

func isNeutral(c bidi.Class) bool {
	switch c {
	case bidi.B, bidi.S, bidi.WS, bidi.ON, bidi.LRI, bidi.RLI, bidi.FSI, bidi.PDI, bidi.Control:
		return true
	}
	return false
}

// strongOf is the direction a resolved type gives the neutral characters beside it.
func strongOf(c bidi.Class) bidi.Class {
	if c == bidi.L {
		return bidi.L
	}
	return bidi.R // R, EN, AN
}

// implicitLevel applies I1-I2 to a character of resolved type c in a paragraph of level para.
func implicitLevel(c bidi.Class, para uint8) uint8 {
	switch {
	case para%2 == 0 && c == bidi.R:
		return para + 1
	case para%2 == 0 && (c == bidi.EN || c == bidi.AN):
		return para + 2
	case para%2 == 1 && c != bidi.R:
		return para + 1
	}
	return para
}

// endOfLine applies L1: separators, and the whitespace before them and at the line's end, are at
// the paragraph's level.
func endOfLine(classes []bidi.Class, levels []uint8, para uint8) {
	trailing := true
	for i := len(classes) - 1; i >= 0; i-- {
		switch c := classes[i]; {
		case c == bidi.S || c == bidi.B:
			levels[i], trailing = para, true
		case trailing && (c == bidi.WS || removedByX9(c) || c == bidi.LRI || c == bidi.RLI || c == bidi.FSI || c == bidi.PDI):
			levels[i] = para
		default:
			trailing = false
		}
	}
}

func setAll(t []bidi.Class, c bidi.Class) {
	for i := range t {
		t[i] = c
	}
}
