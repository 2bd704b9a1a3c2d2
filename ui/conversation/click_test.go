package conversation

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Issue 36: one click in an answer painted the whole turn in the selection's blue, and it stayed.
// The list of turns selected the row clicked. A click on the answer's text, then on the question,
// changes nothing on screen. make realwindow clicks in a real one.
func TestClickInAnAnswerPaintsNothing(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	turn := ask(t, c, "How many days of annual leave do employees get?")
	drain()
	v := c.views[turn.ID]
	canvas := c.win.Canvas()
	before := canvas.Capture()
	for _, o := range []fyne.CanvasObject{v.answer, v.question} {
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Add(fyne.NewPos(o.Size().Width/2, 10))
		test.TapCanvas(canvas, pos)
		drain()
	}
	if n := changedPixels(before, canvas.Capture()); n > 0 {
		t.Fatalf("a click on the answer and one on the question changed %d pixels of the window", n)
	}
}

// changedPixels counts the pixels that differ between a and b.
func changedPixels(a, b image.Image) int {
	n := 0
	r := a.Bounds().Intersect(b.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}

// A click in an answer (a person reading it, as it streams too) leaves the keyboard in the question
// box: the keys typed after it go on the draft. Fyne took the keyboard away at the click, and they
// went nowhere. make realwindow clicks in one streaming in a real window (click-keeps-the-keyboard).
func TestClickInAnAnswerKeepsTheKeyboard(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	turn := ask(t, c, "How many days of annual leave do employees get?")
	drain()
	canvas := c.win.Canvas()
	canvas.Focus(c.input)
	test.Type(c.input, "And sick")
	v := c.views[turn.ID]
	test.TapCanvas(canvas, fyne.CurrentApp().Driver().AbsolutePositionForObject(v.answer).Add(fyne.NewPos(v.answer.Size().Width/2, 10)))
	drain()
	if canvas.Focused() != c.input {
		t.Fatalf("after a click in the answer the keyboard is in %T, not the question box", canvas.Focused())
	}
	test.Type(c.input, " days?")
	if c.input.Text != "And sick days?" {
		t.Errorf("the draft is %q after typing on", c.input.Text)
	}
}
