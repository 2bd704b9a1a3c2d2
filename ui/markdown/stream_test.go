package markdown

import (
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// corpusNames returns the corpus's keys in order, for stable test output.
func corpusNames() []string {
	var names []string
	for k := range corpus {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// prefixes returns md cut at every rune boundary, the empty text first.
func prefixes(md string) []string {
	var ps []string
	for i := 0; i < len(md); {
		ps = append(ps, md[:i])
		_, n := utf8.DecodeRuneInString(md[i:])
		i += n
	}
	return append(ps, md)
}

func TestStreamedEverySplitMatchesWhole(t *testing.T) {
	test.NewTempApp(t)
	for _, name := range corpusNames() {
		md := corpus[name]
		v := NewView()
		for _, p := range prefixes(md) {
			v.SetText(p)
		}
		v.SetFinal(md)
		if got, want := dump(v), dump(render(md)); got != want {
			t.Errorf("%s: streamed\n%s\nwhole\n%s", name, got, want)
		}
		if v.Text() != md {
			t.Errorf("%s: Text() = %q", name, v.Text())
		}
	}
}

func TestFinishedBlocksAreNotRebuilt(t *testing.T) {
	test.NewTempApp(t)
	md := mixedAnswer
	v := NewView()
	first := len("## Summary\n\n")
	v.SetText(md[:first+3])
	block0 := v.objects[0]
	rebuilt := 0
	for i := first + 4; i <= len(md); i++ {
		prev := append([]fyne.CanvasObject(nil), v.objects...)
		v.SetText(md[:i])
		if v.objects[0] != block0 {
			t.Fatalf("block 0 rebuilt at %d", i)
		}
		// Every block but the last two (the open one, and the one it just closed) is kept.
		for j := 0; j+2 < len(prev) && j < len(v.objects); j++ {
			if v.objects[j] != prev[j] {
				rebuilt++
			}
		}
	}
	if rebuilt != 0 {
		t.Errorf("%d finished blocks rebuilt", rebuilt)
	}
	before := append([]fyne.CanvasObject(nil), v.objects...)
	v.SetFinal(md)
	for j := 0; j < len(before)-1; j++ {
		if v.objects[j] != before[j] {
			t.Errorf("SetFinal rebuilt block %d (%T)", j, before[j])
		}
	}
}

func TestResetKeepsMatchingBlocks(t *testing.T) {
	test.NewTempApp(t)
	v := NewView()
	v.SetText("# Title\n\nFirst draft of the answer.\n\nMore")
	title := v.objects[0]
	v.SetText("# Title\n\nSecond draft")
	if v.objects[0] != title {
		t.Error("title rebuilt on reset")
	}
	if got := texts(v)[1].plain; got != "Second draft" {
		t.Errorf("after reset the text is %q", got)
	}
	if len(v.objects) != 2 || v.Text() != "# Title\n\nSecond draft" {
		t.Errorf("after reset:\n%s", dump(v))
	}
}

func TestLatePreviewAfterFinal(t *testing.T) {
	test.NewTempApp(t)
	v := NewView()
	v.SetFinal(mixedAnswer)
	want := dump(v)
	v.SetText(mixedAnswer[:40])
	if v.Text() != mixedAnswer || dump(v) != want {
		t.Error("a late preview replaced the final answer")
	}
}

// rawSyntax is Markdown that must never show as text while an answer streams.
var rawSyntax = []string{"**", "`", "](", "~~", "__", "<"}

func TestNoRawSyntaxInAnyPrefix(t *testing.T) {
	test.NewTempApp(t)
	for _, name := range corpusNames() {
		md := corpus[name]
		whole := proseText(render(md))
		v := NewView()
		for _, p := range prefixes(md) {
			v.SetText(p)
			shown := proseText(v)
			for _, s := range rawSyntax {
				if strings.Count(shown, s) > strings.Count(whole, s) {
					t.Errorf("%s: prefix %q shows %q:\n%s", name, p, s, shown)
				}
			}
		}
	}
}

// open renders md as the open block of a streaming answer.
func open(md string) *View {
	v := NewView()
	v.SetText(md)
	return v
}

func TestUnfinishedSyntaxHeals(t *testing.T) {
	test.NewTempApp(t)
	cases := []struct{ md, text, want string }{
		{"Some **bol", "bol", "b"},
		{"Some **bol ", "bol", "b"},
		{"Some *ita", "ita", "i"},
		{"Some _ita", "ita", "i"},
		{"Some ~~str", "str", "s"},
		{"Use `fmt.Pri", "fmt.Pri", "m"},
		{"**bold and *both", "both", "bi"},
		{"Some **", "Some", ""},
		{"See [the do", "See the do", ""},
		{"See [the docs](", "See the docs", ""},
		{"See [the docs]", "See the docs", ""},
		{"A ![pic", "A pic", ""},
		{"Para\n-", "Para", ""},
		{"Para\n1.", "Para", ""},
		{"- one\n- ", "one", ""},
		{"Total $x_", "Total $x", ""}, // a trailing delimiter run waits for what follows
	}
	for _, c := range cases {
		v := open(c.md)
		segs := segments(v)
		if len(segs) == 0 {
			t.Errorf("%q shows nothing", c.md)
			continue
		}
		last := segs[len(segs)-1].(*widget.TextSegment)
		if last.Text != c.text || flags(last.Style.TextStyle) != c.want {
			t.Errorf("%q: last segment %q{%s}, want %q{%s}", c.md, last.Text, flags(last.Style.TextStyle), c.text, c.want)
		}
		if n := len(v.objects); n != 1 {
			t.Errorf("%q: %d blocks:\n%s", c.md, n, dump(v))
		}
	}
	l := links(open("See [the docs](https://exa"))
	if len(l) != 1 || l[0].Text != "the docs" || l[0].URL.String() != "https://exa" {
		t.Errorf("open link: %v", l)
	}
}

func flags(s fyne.TextStyle) string {
	return strings.Trim(styleString(widget.RichTextStyle{TextStyle: s, ColorName: theme.ColorNameForeground,
		SizeName: theme.SizeNameText}), "{}")
}

func TestOpenCodeFence(t *testing.T) {
	test.NewTempApp(t)
	v := open("Code:\n\n```go\nfunc main() {\n\tx := \"s\"")
	c, ok := v.objects[1].(*codeBlock)
	if !ok || c.lang != "go" || c.code != "func main() {\n\tx := \"s\"" {
		t.Fatalf("open fence:\n%s", dump(v))
	}
	if segs := codeSegments(c); len(segs) != 1 || !segs[0].(*widget.TextSegment).Style.TextStyle.Monospace {
		t.Errorf("open fence highlighted or not monospace: %s", dumpSegments(segs))
	}
	v.SetText("Code:\n\n```go\nfunc main() {}\n```")
	if c := v.objects[1].(*codeBlock); len(codeSegments(c)) < 2 {
		t.Errorf("closed fence not highlighted: %s", dumpSegments(codeSegments(c)))
	}
}

func TestStreamedTable(t *testing.T) {
	test.NewTempApp(t)
	md := corpus["table"]
	rows := func(v *View) int {
		if len(v.objects) == 0 {
			return 0
		}
		tbl, ok := v.objects[0].(*fyne.Container)
		if !ok {
			t.Fatalf("not a table:\n%s", dump(v))
		}
		for i := 0; i < len(tbl.Objects); i += 2 {
			if n := len(tbl.Objects[i].(*fyne.Container).Objects); n != 3 {
				t.Fatalf("row with %d columns:\n%s", n, dump(v))
			}
		}
		return len(tbl.Objects) / 2
	}
	delim := strings.Index(md, "\n|:") + 1
	last := 0
	for _, p := range prefixes(md[:strings.Index(md, "\nAfter")]) {
		v := open(p)
		n := rows(v)
		if len(p) <= strings.Index(md[delim:], "\n")+delim && n != 0 {
			t.Fatalf("%q: a table before its delimiter row ended", p)
		}
		if n < last || n > last+1 {
			t.Fatalf("%q: %d rows after %d", p, n, last)
		}
		if n > 1 && strings.HasSuffix(strings.TrimRight(p, "\n"), " 1") {
			t.Errorf("%q: half a row shown", p)
		}
		last = n
	}
	if last != 4 {
		t.Errorf("%d rows in the end, want 4", last)
	}
}

func TestOpenCodeGrowsInPlace(t *testing.T) {
	test.NewTempApp(t)
	md := corpus["longcode"]
	start := strings.Index(md, "```")
	end := strings.LastIndex(md, "```")
	v := NewView()
	v.SetText(md[:start+12])
	code := v.objects[1].(*codeBlock)
	for _, p := range prefixes(md[:end])[start+12:] {
		v.SetText(p)
		if v.objects[1] != code {
			t.Fatalf("open code block rebuilt at %q", p[len(p)-10:])
		}
		if got, want := dump(v), dump(open(p)); got != want {
			t.Fatalf("grown in place\n%s\nbuilt at once\n%s", got, want)
		}
	}
	if n := len(code.chunks); n != 40/chunkLines+1 {
		t.Errorf("%d chunks for 40 lines", n)
	}
	v.SetFinal(md)
	if c := v.objects[1].(*codeBlock); c != code {
		t.Error("closing the fence built the code block again: its lines should keep their objects and take colours")
	}
	if got, want := dump(v), dump(render(md)); got != want {
		t.Errorf("closed in place\n%s\nbuilt at once\n%s", got, want)
	}
}

// A long code block whose fence closes while it streams is coloured a few chunks a frame, the
// lexer off the UI goroutine, when the View has frames: the frame that closes the fence does
// not colour 3,000 lines.
func TestClosedCodeIsColouredOverFrames(t *testing.T) {
	v, _ := newTestView(t)
	var f frames
	v.Frame = f.frame
	var b strings.Builder
	b.WriteString("Code:\n\n```go\n")
	for i := range 200 {
		b.WriteString("func step" + strconv.Itoa(i) + "() { n := 1 }\n")
	}
	open := b.String()
	md := open + "```\n\nAfter."
	v.SetText(open[:len(open)/2])
	code := v.objects[1].(*codeBlock)
	v.SetText(md[:len(md)-3]) // the frame comes with the last 100 lines, the fence closed and more
	if v.objects[1] != code || f.waiting() != 1 {
		t.Fatalf("closing the fence: the block rebuilt (%v) or its colouring not left to the frames (%d waiting)", v.objects[1] != code, f.waiting())
	}
	plain := dump(code)
	v.SetFinal(md)
	for range 1000 {
		if f.waiting() == 0 {
			break
		}
		f.tick()
		time.Sleep(time.Millisecond)
	}
	if f.waiting() != 0 || dump(code) == plain {
		t.Fatalf("the code was not coloured over the frames (%d still waiting)", f.waiting())
	}
	if got, want := dump(v), dump(render(md)); got != want {
		t.Errorf("coloured over frames\n%s\nbuilt at once\n%s", got, want)
	}
}

// An answer cut off (stopped, failed) reads as its preview did: no raw syntax where it was cut.
func TestCutAnswerShowsNoRawSyntax(t *testing.T) {
	test.NewTempApp(t)
	for cut, want := range map[string]string{
		"Staff get **24 days of annual lea":   "24 days of annual lea",
		"See the [travel polic":               "travel polic",
		"Done.\n\n- first\n- *second it":      "second it",
		"Use `lectern uplo":                   "Use",
		"Whole **bold** and ~~struck~~ text.": "Whole",
	} {
		v := NewView()
		v.SetCut(cut)
		shown := proseText(v)
		for _, s := range rawSyntax {
			if strings.Contains(shown, s) {
				t.Errorf("cut at %q shows %q: %q", cut, s, shown)
			}
		}
		if !strings.Contains(shown, want) {
			t.Errorf("cut at %q shows %q; want %q in it", cut, shown, want)
		}
	}
}

func TestLongLineGrowsWithoutBuildingAgain(t *testing.T) {
	v, _ := newTestView(t)
	line := strings.Repeat("QmFzZTY0IGRhdGEgd2l0aG91dCBzcGFjZXM", 600) // 21,000 characters: shown cut short
	v.SetText("Here is the blob:\n\n" + line)
	n := len(v.blocks)
	shown, texts := v.blocks[n-1].obj, v.blocks[n-1].texts
	if !v.blocks[n-1].hidesTail {
		t.Fatal("an open paragraph cut short is not marked as hiding what is added to it")
	}
	more := "Here is the blob:\n\n" + line + "QmFzZTY0+/=.,"
	v.SetText(more)
	if v.Text() != more || v.blocks[n-1].obj != shown || len(v.blocks[n-1].texts) != 1 || v.blocks[n-1].texts[0] != texts[0] {
		t.Fatal("plain words added to a paragraph cut short built it again (or were not kept in the source)")
	}
	for _, added := range []string{" and words after it", "**bold**", "\n\nThat is all."} {
		more += added
		v.SetText(more)
		if got, want := dump(v), dump(render(more)); got != want {
			t.Errorf("after %q was added the view differs from the text rendered whole:\n%s\nwant:\n%s", added, got, want)
		}
	}
	v.SetFinal(more)
	if got, want := dump(v), dump(render(more)); got != want {
		t.Errorf("the finished answer differs from the text rendered whole:\n%s\nwant:\n%s", got, want)
	}
}
