package markdown

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2/test"

	"lectern/ui/internal/stress"
)

// bigTable is a table of n rows of three cells.
func bigTable(n int) string {
	var b strings.Builder
	b.WriteString("| # | Name | [Link](https://example.com) |\n|--:|:-----|:----:|\n")
	for i := 1; i <= n; i++ {
		b.WriteString("| " + strconv.Itoa(i) + " | **row** " + strconv.Itoa(i) + " | [doc](https://example.com/" + strconv.Itoa(i) + ") |\n")
	}
	return b.String()
}

func TestOpenBlockKeepsUnchangedTexts(t *testing.T) {
	for name, md := range map[string]string{"table": bigTable(30), "list": nestedList(20) + "\nAfter.\n"} {
		v, _ := newTestView(t)
		seen := map[*textBlock]string{} // every text shown so far, and what it showed
		for _, p := range stress.Prefixes(md, 400) {
			v.SetText(p)
			made := 0
			for _, tb := range texts(v) {
				if was, ok := seen[tb]; !ok {
					made++
				} else if was != tb.plain {
					t.Fatalf("%s: a text changed from %q to %q in place", name, was, tb.plain)
				}
				seen[tb] = tb.plain
			}
			if made > 4 { // the text that grew, or the cells of a row that came whole
				t.Fatalf("%s: %d texts made for a delta of a few bytes, at %q", name, made, p[max(len(p)-20, 0):])
			}
		}
		v.SetFinal(md)
		final := texts(v)
		built := 0
		for _, tb := range final {
			if _, ok := seen[tb]; !ok {
				built++
			}
		}
		if built > 0 {
			t.Errorf("%s: closing the block built %d of its %d texts again", name, built, len(final))
		}
		if got, want := dump(v), dump(render(md)); got != want {
			t.Errorf("%s: streamed\n%s\nwhole\n%s", name, got, want)
		}
	}
}

func TestLongParagraphIsCut(t *testing.T) {
	test.NewTempApp(t)
	blob := strings.Repeat("QmFzZTY0IGRhdGE", 70_000) // a megabyte without a space
	md := "Here it is:\n\n" + blob + "\n\nDone.\n"
	v, _ := newTestView(t)
	v.SetText(md[:len(md)/2])
	open := texts(v)[1]
	v.SetText(md[:len(md)/2+1000])
	if texts(v)[1] != open {
		t.Error("the cut paragraph was built again though what it shows did not change")
	}
	v.SetFinal(md)
	tb := texts(v)[1]
	if n := utf8.RuneCountInString(tb.plain); n != maxTextRunes+utf8.RuneCountInString(cutNote) ||
		!strings.HasPrefix(tb.plain, blob[:maxTextRunes]) || !strings.HasSuffix(tb.plain, cutNote) {
		t.Errorf("the paragraph shows %d characters: %q…", n, tb.plain[:40])
	}
	if v.Text() != md {
		t.Error("the source lost characters")
	}
	if texts(v)[2].plain != "Done." {
		t.Errorf("the next paragraph reads %q", texts(v)[2].plain)
	}
}

func TestClosedCodeIsBuiltOnce(t *testing.T) {
	test.NewTempApp(t)
	md := "Run:\n\n```go\n" + strings.Repeat("total += price * seats\n", 40) + "```\n\n## Next\n\nMore text.\n"
	closed := strings.Index(md, "```\n\n") + 3
	v := NewView()
	v.SetText(md[:closed])
	code := v.objects[1].(*codeBlock)
	for _, p := range prefixes(md)[closed+1:] {
		v.SetText(p)
		if v.objects[1] != code {
			t.Fatalf("the closed code block was built again at %q", p[closed-3:])
		}
	}
	v.SetFinal(md)
	if v.objects[1] != code {
		t.Error("the closed code block was built again at the end")
	}
}
