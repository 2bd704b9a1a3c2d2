package markdown

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// paragraphs is n short paragraphs, "Paragraph 1." to "Paragraph n.".
func paragraphs(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString("Paragraph " + strconv.Itoa(i) + ".\n\n")
	}
	return b.String()
}

// drawn is what the window walks under v: the text of each block it lists.
func drawn(v *View) []string {
	var out []string
	for _, o := range test.WidgetRenderer(v).Objects() {
		out = append(out, proseText(o))
	}
	return out
}

// seeing is a region in sight that a test moves, as a pane's scroll would.
type seeing struct {
	top, bottom float32
	ok          bool
}

func (s *seeing) sight() (top, bottom float32, ok bool) { return s.top, s.bottom, s.ok }

func TestSightLeavesOutBlocksOutOfSight(t *testing.T) {
	v, _ := newTestView(t)
	v.SetText(paragraphs(100))
	if n := len(drawn(v)); n != 100 {
		t.Fatalf("before the pane says what is in sight, %d blocks listed, want all 100", n)
	}
	s := &seeing{}
	v.SetSight(s.sight)
	if n := len(drawn(v)); n != 100 {
		t.Fatalf("while the pane cannot tell what is in sight, %d blocks listed, want all 100", n)
	}
	third := v.objects[2]
	*s = seeing{third.Position().Y, third.Position().Y + third.Size().Height, true}
	got := drawn(v)
	if len(got) == 0 || len(got) > 3 || !strings.Contains(strings.Join(got, " "), "Paragraph 3.") {
		t.Fatalf("in sight: %q, want the third paragraph and at most its neighbours", got)
	}
	if len(v.objects) != 100 {
		t.Fatalf("%d blocks kept, want all 100 (only the listing changes)", len(v.objects))
	}

	// The answer grows below the region: the new block is out of sight, the third still in.
	v.SetText(paragraphs(101))
	if got := strings.Join(drawn(v), " "); strings.Contains(got, "Paragraph 101.") || !strings.Contains(got, "Paragraph 3.") {
		t.Fatalf("after a block was added out of sight: %q", got)
	}

	// Scrolled to the end, the new block shows and the third is left out.
	end := v.objects[100]
	top, bottom := end.Position().Y-10, end.Position().Y+end.Size().Height
	*s = seeing{top, bottom, true} // asked again at the next walk: no call needed
	if got := strings.Join(drawn(v), " "); !strings.Contains(got, "Paragraph 101.") || strings.Contains(got, "Paragraph 3.") {
		t.Fatalf("scrolled to the end: %q", got)
	}

	// A narrower window moves the blocks down: the listing follows their new places.
	v.Resize(fyne.NewSize(60, v.Size().Height))
	listed := test.WidgetRenderer(v).Objects()
	for _, o := range listed {
		if y := o.Position().Y; y > bottom || y+o.Size().Height < top {
			t.Fatalf("a block at y %v–%v listed, outside the region %v–%v", y, y+o.Size().Height, top, bottom)
		}
	}
	if len(listed) == 0 || strings.Contains(strings.Join(drawn(v), " "), "Paragraph 101.") {
		t.Fatalf("after the resize: %q, want the blocks now at the region, not the last", drawn(v))
	}
}

func TestFramePainterSkipsWhatTheGLPainterSkips(t *testing.T) {
	test.NewTempApp(t)
	blank, space, word := canvas.NewText("", nil), canvas.NewText(" ", nil), canvas.NewText("word", nil)
	underlined := canvas.NewText(" ", nil)
	underlined.TextStyle.Underline = true
	p := newFramePainter(fyne.NewSize(800, 600))
	p.collect(container.NewVBox(blank, space, word, underlined), fyne.Position{})
	if len(p.stale) != 2 {
		t.Fatalf("%d textures staged, want 2 (the word, the underlined space)", len(p.stale))
	}
}
