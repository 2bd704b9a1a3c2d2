package conversation

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// While the pane follows a long answer at its end, the answer lists for the window only its blocks
// near the list's view, and the window shows the same as with every block listed (a block in
// view left out would leave its lines blank). Once the reader scrolls up, every block is listed.
func TestFollowedAnswerListsTheBlocksInSight(t *testing.T) {
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
	v.answer.SetSight(nil)
	all := test.WidgetRenderer(v.answer).Objects()
	whole := c.win.Canvas().Capture()
	v.answer.SetSight(sight)
	listed := test.WidgetRenderer(v.answer).Objects()
	if len(all) != 200 || len(listed) == 0 || len(listed) > 100 {
		t.Fatalf("%d of %d blocks listed while following the answer's end", len(listed), len(all))
	}
	if !samePixels(whole, c.win.Canvas().Capture()) {
		t.Fatal("the window shows something else with only the blocks in sight listed")
	}
	c.list.ScrollToTop()
	if n := len(test.WidgetRenderer(v.answer).Objects()); n != 200 {
		t.Fatalf("scrolled up by the reader: %d blocks listed, want all 200", n)
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
