package markdown

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// nestedList is a list nested depth deep, one item a level: "level 1", "level 2", ….
func nestedList(depth int) string {
	var b strings.Builder
	for d := range depth {
		b.WriteString(strings.Repeat("  ", d) + "- level " + strconv.Itoa(d+1) + "\n")
	}
	return b.String()
}

func TestDeepListStaysNarrow(t *testing.T) {
	v, _ := newTestView(t)
	v.SetFinal(nestedList(maxIndent))
	shallow := v.MinSize().Width
	for _, final := range []bool{false, true} {
		if final {
			v.SetFinal(nestedList(50))
		} else {
			v.SetText(nestedList(50))
		}
		if w := v.MinSize().Width; w > shallow+100 {
			t.Errorf("final %v: a list 50 deep is %v wide, %d deep %v", final, w, maxIndent, shallow)
		}
		x := map[string]float32{}
		for _, tb := range texts(v) {
			x[tb.plain] = fyne.CurrentApp().Driver().AbsolutePositionForObject(tb).X
		}
		deepest := "[50] – level 50"
		if _, ok := x[deepest]; !ok {
			t.Fatalf("final %v: no text %q among %v", final, deepest, x)
		}
		if x[deepest] != x["level "+strconv.Itoa(maxIndent)] || x["level 2"] <= x["level 1"] {
			t.Errorf("final %v: level 50 at x %v, level %d at %v, 1 at %v, 2 at %v", final,
				x[deepest], maxIndent, x["level "+strconv.Itoa(maxIndent)], x["level 1"], x["level 2"])
		}
	}
}
