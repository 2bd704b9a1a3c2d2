package markdown

import (
	"sort"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

// drawnLines returns the distinct heights at which o draws text, top to bottom, with the text
// drawn at each: the lines a person sees.
func drawnLines(o fyne.CanvasObject) ([]float32, map[float32]string) {
	at := map[float32]string{}
	var visit func(o fyne.CanvasObject, offset fyne.Position)
	visit = func(o fyne.CanvasObject, offset fyne.Position) {
		if !o.Visible() {
			return
		}
		pos := o.Position().Add(offset)
		switch o := o.(type) {
		case *canvas.Text:
			if o.Text != "" {
				at[pos.Y] += o.Text
			}
		case *fyne.Container:
			for _, c := range o.Objects {
				visit(c, pos)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(o).Objects() {
				visit(c, pos)
			}
		}
	}
	visit(o, fyne.NewPos(-o.Position().X, -o.Position().Y))
	var ys []float32
	for y := range at {
		ys = append(ys, y)
	}
	sort.Slice(ys, func(i, j int) bool { return ys[i] < ys[j] })
	return ys, at
}

func TestCodeBlocksDrawEveryLine(t *testing.T) {
	var lines []string
	for i := 1; i <= 40; i++ {
		lines = append(lines, "total"+strconv.Itoa(i)+" := price * seats")
	}
	code := strings.Join(lines, "\n")
	for _, tc := range []struct{ name, md string }{
		{"streaming", "```go\n" + code + "\n"},
		{"highlighted", "```go\n" + code + "\n```\n"},
		{"plain", "```\n" + code + "\n```\n"},
	} {
		v, _ := newTestView(t)
		if tc.name == "streaming" {
			v.SetText(tc.md)
		} else {
			v.SetFinal(tc.md)
		}
		c := v.objects[0].(*codeBlock)
		ys, at := drawnLines(c.lines)
		if len(ys) != len(lines) {
			t.Fatalf("%s: %d lines drawn, want %d", tc.name, len(ys), len(lines))
		}
		step := ys[1] - ys[0]
		for i, y := range ys {
			if at[y] != lines[i] {
				t.Errorf("%s: line %d reads %q, want %q", tc.name, i+1, at[y], lines[i])
			}
			if i > 0 && y-ys[i-1] != step {
				t.Errorf("%s: line %d is %v below line %d, the others %v: a gap", tc.name, i+1, y-ys[i-1], i, step)
			}
		}
	}
}

func TestLongCodeLineIsCut(t *testing.T) {
	v, _ := newTestView(t)
	blob := strings.Repeat("QmFzZTY0IGRhdGE", 10_000)
	md := "```js\nconst a = 1\n" + blob + "\n```\n"
	for _, final := range []bool{false, true} {
		if final {
			v.SetFinal(md)
		} else {
			v.SetText(md[:len(md)-4])
		}
		c := v.objects[0].(*codeBlock)
		_, at := drawnLines(c.lines)
		var drawn string
		for _, s := range at {
			drawn += s
		}
		want := blob[:maxLineRunes] + "… (" + strconv.Itoa(len(blob)-maxLineRunes) + " more characters: Copy has them)"
		if !strings.Contains(drawn, want) || strings.Contains(drawn, blob[:maxLineRunes+1]) {
			t.Errorf("final %v: the long line is not cut with a note", final)
		}
		if w := c.lines.MinSize().Width; w > 10_000 {
			t.Errorf("final %v: code %v wide", final, w)
		}
		if c.code != "const a = 1\n"+blob {
			t.Errorf("final %v: Copy would not copy the whole line", final)
		}
	}
}
