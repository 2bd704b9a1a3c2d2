package conversation

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// A long answer lists for the window only its blocks near the list's view, wherever the list is
// scrolled (at the answer's end while the pane follows it, or anywhere the reader scrolled), and
// the window shows the same as with every block listed (a block in view left out would leave its
// lines blank).
func TestAnswerListsTheBlocksInSight(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	ask(t, c, "How many days of annual leave do employees get?")
	i := len(c.turns) - 1
	v := c.view(i)
	var long strings.Builder
	for n := 1; n <= 200; n++ {
		fmt.Fprintf(&long, "Paragraph %d of the answer.\n\n", n)
	}
	v.stream(long.String(), "Writing", false) // one frame of a streaming answer, as drawStream shows it
	c.refit(i)
	drain()
	sight := func() (float32, float32, bool) { return c.answerSight(v) }
	for _, where := range []struct {
		name   string
		scroll func()
	}{
		{"followed at its end", func() {}},
		{"scrolled to the top", c.list.ScrollToTop},
		{"scrolled to the middle", func() { c.list.ScrollToOffset(c.rowTop(i) + v.row.Size().Height/2) }},
	} {
		where.scroll()
		v.answer.SetSight(nil)
		all := test.WidgetRenderer(v.answer).Objects()
		whole := c.win.Canvas().Capture()
		v.answer.SetSight(sight)
		listed := test.WidgetRenderer(v.answer).Objects()
		if len(all) != 200 || len(listed) > 100 {
			t.Errorf("%s: %d of %d blocks listed", where.name, len(listed), len(all))
		}
		if !samePixels(whole, c.win.Canvas().Capture()) {
			t.Errorf("%s: the window shows something else with only the blocks in sight listed", where.name)
		}
	}
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}
