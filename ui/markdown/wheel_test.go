package markdown

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// scrolledAnswer shows md, finished, in a vertical scroll of a 500×400 window (as the
// conversation's list scrolls its turns), and returns the scroll and the answer's first code
// block.
func scrolledAnswer(t *testing.T, md string) (*container.Scroll, *codeBlock, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	v := NewView()
	v.SetFinal(md)
	outer := container.NewVScroll(v)
	w := test.NewTempWindow(t, outer)
	w.Resize(fyne.NewSize(500, 400))
	var code *codeBlock
	walk(v, func(o fyne.CanvasObject) {
		if c, ok := o.(*codeBlock); ok && code == nil {
			code = c
		}
	})
	if code == nil {
		t.Fatal("no code block")
	}
	outer.ScrollToOffset(fyne.NewPos(0, code.Position().Y-20)) // the code block's top in sight
	return outer, code, w
}

// over is a point of the window over the middle of the code block's lines.
func over(code *codeBlock) fyne.Position {
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(code)
	return pos.Add(fyne.NewPos(code.Size().Width/2, 60))
}

// Issue 36: with the pointer over a code block, wheel steps did nothing; the conversation moved
// only with the pointer elsewhere. The code block's sideways scroll took the wheel though its
// lines fit. make realwindow turns a real wheel over a real one.
func TestWheelOverCodeScrollsTheAnswer(t *testing.T) {
	md := "Run this:\n\n```go\n" + strings.Repeat("total += item.price // cents\n", 40) + "```\n\n" +
		strings.Repeat("And a paragraph after the code.\n\n", 20)
	outer, code, w := scrolledAnswer(t, md)
	before := outer.Offset.Y
	test.Scroll(w.Canvas(), over(code), 0, -60) // a step down
	if outer.Offset.Y <= before {
		t.Fatalf("a wheel step down over the code block left the answer's scroll at %.0f (was %.0f)", outer.Offset.Y, before)
	}
}

// A code block whose lines are wider than the answer scrolls sideways itself: the wheel over it
// moves its lines, not the answer.
func TestWheelOverWideCodeScrollsItSideways(t *testing.T) {
	md := "Run this:\n\n```\n" + strings.Repeat("x", 300) + "\n" + strings.Repeat("short line\n", 30) + "```\n\n" +
		strings.Repeat("And a paragraph after the code.\n\n", 20)
	outer, code, w := scrolledAnswer(t, md)
	before := outer.Offset.Y
	test.Scroll(w.Canvas(), over(code), 0, -60)
	if code.scroll.Offset.X <= 0 || outer.Offset.Y != before {
		t.Fatalf("a wheel step over code wider than the answer: its lines moved to %.0f sideways, the answer from %.0f to %.0f",
			code.scroll.Offset.X, before, outer.Offset.Y)
	}
}

// A code block becomes a sideways scroll when a wider line streams in, or when the window is made
// narrower than its lines, and never holds the window wider than it is.
func TestCodeScrollsSidewaysOnceWider(t *testing.T) {
	test.NewTempApp(t)
	v := NewView()
	w := test.NewTempWindow(t, container.NewVScroll(v))
	w.Resize(fyne.NewSize(500, 400))
	md := "Run this:\n\n```\n" + strings.Repeat("a line of code that fits\n", 5)
	v.SetText(md)
	code := v.objects[1].(*codeBlock)
	if code.body.Objects[0] != code.lines {
		t.Fatal("code that fits is in a sideways scroll")
	}
	v.SetText(md + strings.Repeat("y", 200) + "\n")
	if code.body.Objects[0] != code.scroll || code.scroll.Size().Width <= 0 {
		t.Fatal("a streamed line wider than the answer is not in a sideways scroll")
	}
	v.SetFinal("Run this:\n\n```\n" + strings.Repeat("a line of code that fits, at 500 units\n", 5) + "```\n")
	code = v.objects[1].(*codeBlock)
	if code.body.Objects[0] != code.lines {
		t.Fatal("finished code that fits is in a sideways scroll")
	}
	w.Resize(fyne.NewSize(150, 400))
	if code.body.Objects[0] != code.scroll {
		t.Fatalf("at %.0f units wide, code %.0f wide does not scroll sideways", code.Size().Width, code.lines.MinSize().Width)
	}
	if m := v.MinSize().Width; m > 150 {
		t.Errorf("the answer holds the window %.0f units wide", m)
	}
}
