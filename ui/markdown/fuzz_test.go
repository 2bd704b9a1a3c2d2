package markdown

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// FuzzStream streams md in steps taken from steps (each byte is the length of the next delta,
// 0 meaning a reset to the text so far minus one byte) and then finishes it. Nothing may
// panic, and the finished View must show md with the objects of md rendered at once.
func FuzzStream(f *testing.F) {
	for _, name := range corpusNames() {
		f.Add(corpus[name], []byte{1, 7, 3, 0, 50, 2})
	}
	for _, s := range []string{"**a `b [c](http://d", "| a |\n|--|\n| b", "1. x\n   ```go\n   y", "> - [ ] t\n>\n> ~~", "a\n-", "$$\nx\n$", "[a]: http://x\n\n[a]"} {
		f.Add(s, []byte{1})
	}
	test.NewTempApp(f)
	f.Fuzz(func(t *testing.T, md string, steps []byte) {
		if len(md) > 1000 {
			return // each delta rebuilds the open block: long inputs only make the fuzzer slow
		}
		v := NewView()
		for i, k := 0, 0; i < len(md); k++ {
			step := 1
			if len(steps) > 0 {
				step = int(steps[k%len(steps)])
			}
			if step == 0 {
				v.SetText(md[:max(i-1, 0)]) // answer.reset to a shorter text
				step = 1
			}
			i = min(i+step, len(md))
			v.SetText(md[:i])
			_ = heal(md[:i])
		}
		v.SetFinal(md)
		if v.Text() != md {
			t.Fatalf("Text() = %q", v.Text())
		}
		if got, want := dump(v), dump(render(md)); got != want {
			t.Fatalf("streamed\n%s\nwhole\n%s", got, want)
		}
	})
}
