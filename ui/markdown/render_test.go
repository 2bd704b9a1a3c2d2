package markdown

import (
	"image/color"
	"net/url"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// textSeg finds the text segment reading s under o.
func textSeg(t *testing.T, o fyne.CanvasObject, s string) *widget.TextSegment {
	t.Helper()
	for _, seg := range segments(o) {
		if ts, ok := seg.(*widget.TextSegment); ok && ts.Text == s {
			return ts
		}
	}
	t.Fatalf("no segment %q in\n%s", s, dump(o))
	return nil
}

// links returns the hyperlinks under o.
func links(o fyne.CanvasObject) []*widget.HyperlinkSegment {
	var ls []*widget.HyperlinkSegment
	for _, seg := range segments(o) {
		if l, ok := seg.(*widget.HyperlinkSegment); ok {
			ls = append(ls, l)
		}
	}
	return ls
}

func TestInlineStyles(t *testing.T) {
	test.NewTempApp(t)
	v := render(corpus["inline"])
	if len(v.objects) != 1 {
		t.Fatalf("%d blocks, want 1 paragraph", len(v.objects))
	}
	checks := []struct {
		text string
		want fyne.TextStyle
	}{
		{"bold", fyne.TextStyle{Bold: true}},
		{"italic", fyne.TextStyle{Italic: true}},
		{"also italic", fyne.TextStyle{Italic: true}},
		{"struck", fyne.TextStyle{Strikethrough: true}},
		{"code", fyne.TextStyle{Monospace: true}},
		{"Plain ", fyne.TextStyle{}},
	}
	for _, c := range checks {
		if got := textSeg(t, v, c.text).Style.TextStyle; got != c.want {
			t.Errorf("%q: style %+v, want %+v", c.text, got, c.want)
		}
	}
	if !strings.Contains(proseText(v), ". Next line & snake_case_name.") {
		t.Errorf("soft break, entity or snake_case wrong:\n%s", dump(v))
	}
	ls := links(v)
	if len(ls) != 2 || ls[0].Text != "a link" || ls[0].URL.String() != "https://example.com/a?b=1" ||
		ls[1].URL.String() != "http://www.example.org" {
		t.Errorf("links: %s", dump(v))
	}
}

func TestHeadings(t *testing.T) {
	test.NewTempApp(t)
	v := render(corpus["headings"])
	want := map[string]fyne.ThemeSizeName{"Title": theme.SizeNameHeadingText,
		"Section": theme.SizeNameSubHeadingText, "Small": theme.SizeNameText, "Smaller": theme.SizeNameText}
	for text, size := range want {
		s := textSeg(t, v, text)
		if s.Style.SizeName != size || !s.Style.TextStyle.Bold {
			t.Errorf("%q: size %s bold %v, want %s bold", text, s.Style.SizeName, s.Style.TextStyle.Bold, size)
		}
	}
	if s := textSeg(t, v, "Intro."); s.Style.TextStyle.Bold || s.Style.SizeName != theme.SizeNameText {
		t.Errorf("paragraph styled as heading: %+v", s.Style)
	}
}

func TestLinksOnlyWeb(t *testing.T) {
	test.NewTempApp(t)
	v := render(corpus["links"])
	var got []string
	for _, l := range links(v) {
		got = append(got, l.URL.String())
	}
	want := []string{"https://example.com", "http://example.com/x", "https://auto.example.com"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("tappable links %v, want %v", got, want)
	}
	prose := proseText(v)
	for _, s := range []string{"js", "file", "data", "mail", "rel"} {
		if !strings.Contains(prose, " "+s+" ") {
			t.Errorf("text of the %s link missing from %q", s, prose)
		}
	}
	for _, s := range []string{"javascript", "passwd", "mailto"} {
		if strings.Contains(prose, s) {
			t.Errorf("address %q shown", s)
		}
	}

	var tapped *url.URL
	v.OnLink = func(u *url.URL) { tapped = u }
	links(v)[0].OnTapped()
	if tapped == nil || tapped.String() != "https://example.com" {
		t.Errorf("OnLink got %v", tapped)
	}
}

func TestImagesNotFetched(t *testing.T) {
	test.NewTempApp(t)
	v := render(corpus["images"])
	if s := textSeg(t, v, "[a diagram]"); !s.Style.TextStyle.Italic {
		t.Error("alt text not italic")
	}
	textSeg(t, v, " https://example.com/d.png and ")
	textSeg(t, v, "[image]")
	for _, seg := range segments(v) {
		if _, ok := seg.(*widget.ImageSegment); ok {
			t.Error("image segment built")
		}
	}
}

func TestLists(t *testing.T) {
	test.NewTempApp(t)
	v := render(corpus["lists"])
	var markers []string
	walk(v, func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *widget.Label:
			markers = append(markers, o.Text)
		case *widget.Icon:
			markers = append(markers, o.Resource.Name())
		}
	})
	want := "1. – · – 2. 3. foreground_check-box.svg foreground_check-box-checked.svg •"
	if got := strings.Join(markers, " "); got != want {
		t.Errorf("markers %q, want %q", got, want)
	}
	// Each item is its marker beside its blocks; a nested list sits in its item's blocks.
	list := v.objects[1].(*fyne.Container)
	item := list.Objects[1].(*fyne.Container)
	body := item.Objects[0].(*fyne.Container)
	if len(list.Objects) != 3 || len(body.Objects) != 2 || texts(body)[0].plain != "Second with bold" {
		t.Errorf("second item:\n%s", dump(item))
	}
	if s := textSeg(t, v, "open task"); s.Style.TextStyle != (fyne.TextStyle{}) {
		t.Errorf("task text style %+v", s.Style.TextStyle)
	}
}

func TestQuoteAndRule(t *testing.T) {
	test.NewTempApp(t)
	v := render(corpus["quote"])
	q, ok := v.objects[0].(*fyne.Container)
	if !ok || len(q.Objects) != 2 {
		t.Fatalf("quote:\n%s", dump(v))
	}
	if _, ok := q.Objects[1].(*widget.Separator); !ok {
		t.Errorf("quote has no bar:\n%s", dump(v))
	}
	if s := textSeg(t, q, "text"); !s.Style.TextStyle.Italic {
		t.Error("emphasis lost in quote")
	}
	r := render(corpus["rule"])
	if _, ok := r.objects[1].(*widget.Separator); len(r.objects) != 3 || !ok {
		t.Errorf("rule:\n%s", dump(r))
	}
}

func TestTable(t *testing.T) {
	test.NewTempApp(t)
	v := render(corpus["table"])
	tbl := v.objects[0].(*fyne.Container)
	if len(tbl.Objects) != 8 { // four rows, each with its separator
		t.Fatalf("table rows:\n%s", dump(tbl))
	}
	for i := 0; i < len(tbl.Objects); i += 2 {
		row := tbl.Objects[i].(*fyne.Container)
		if len(row.Objects) != 3 {
			t.Errorf("row %d has %d cells, want 3", i/2, len(row.Objects))
		}
	}
	header := texts(tbl.Objects[0])
	for _, h := range header {
		if !h.rich.Segments[0].(*widget.TextSegment).Style.TextStyle.Bold {
			t.Errorf("header %q not bold", h.plain)
		}
	}
	aligns := []fyne.TextAlign{fyne.TextAlignLeading, fyne.TextAlignTrailing, fyne.TextAlignCenter}
	for i, c := range texts(tbl.Objects[2]) {
		if got := c.rich.Segments[0].(*widget.TextSegment).Style.Alignment; got != aligns[i] {
			t.Errorf("cell %q aligned %d, want %d", c.plain, got, aligns[i])
		}
	}
	if s := textSeg(t, tbl, "pdf"); !s.Style.TextStyle.Bold {
		t.Error("bold lost in a cell")
	}
}

func TestMathAsCode(t *testing.T) {
	test.NewTempApp(t)
	v := render(corpus["math"])
	if s := textSeg(t, v, "x_1 + y_2"); !s.Style.TextStyle.Monospace {
		t.Error("inline math not monospace")
	}
	textSeg(t, v, " costs $5 and $10.")
	c, ok := v.objects[1].(*codeBlock)
	if !ok || c.lang != "math" || c.code != `\sum_{i=1}^n i` {
		t.Errorf("display math:\n%s", dump(v))
	}
}

func TestCodeBlocks(t *testing.T) {
	test.NewTempApp(t)
	v := render(corpus["code"])
	var codes []*codeBlock
	for _, o := range v.objects {
		if c, ok := o.(*codeBlock); ok {
			codes = append(codes, c)
		}
	}
	if len(codes) != 3 || codes[0].lang != "go" || codes[1].lang != "" || codes[2].lang != "nosuchlang" {
		t.Fatalf("code blocks:\n%s", dump(v))
	}
	colours := map[string]fyne.ThemeColorName{"func": theme.ColorNamePrimary, "// Add sums.": theme.ColorNamePlaceHolder,
		"42": theme.ColorNameWarning, `// "x"`: theme.ColorNamePlaceHolder}
	for text, c := range colours {
		if s := textSeg(t, codes[0], text); s.Style.ColorName != c || !s.Style.TextStyle.Monospace {
			t.Errorf("%q: colour %s, want %s", text, s.Style.ColorName, c)
		}
	}
	for _, c := range codes[1:] {
		segs := codeSegments(c)
		if len(segs) != 1 || segs[0].(*widget.TextSegment).Style.ColorName != theme.ColorNameForeground {
			t.Errorf("unknown language highlighted: %s", dumpSegments(segs))
		}
	}
	if codes[0].code != "// Add sums.\nfunc Add(a, b int) int {\n\treturn a + b + 42 // \"x\"\n}" ||
		len(codes[0].chunks) != 1 || codes[0].chunks[0].plain != codes[0].code {
		t.Errorf("code text %q", codes[0].code)
	}
}

func TestCodeCopyButton(t *testing.T) {
	v, _ := newTestView(t)
	v.SetFinal(corpus["code"])
	c := v.objects[1].(*codeBlock)
	var got string
	v.OnCopy = func(s string) { got = s }
	test.Tap(c.copyButton)
	if got != c.code {
		t.Errorf("OnCopy got %q", got)
	}
	v.OnCopy = nil
	test.Tap(c.copyButton)
	if clip := fyne.CurrentApp().Clipboard().Content(); clip != c.code {
		t.Errorf("clipboard has %q", clip)
	}
	var lang *widget.Label
	walk(c.content, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			lang = l
		}
	})
	if lang == nil || lang.Text != "go" {
		t.Error("language not shown beside Copy")
	}
}

func TestViewLaysOutBlocks(t *testing.T) {
	v, w := newTestView(t)
	v.SetFinal(mixedAnswer)
	y := float32(-1)
	for _, o := range v.objects {
		if o.Position().Y <= y || o.Size().Width != v.Size().Width || o.Size().Height <= 0 {
			t.Fatalf("block %T at %v size %v", o, o.Position(), o.Size())
		}
		y = o.Position().Y
	}
	if v.MinSize().Height < y {
		t.Errorf("min height %v above the last block at %v", v.MinSize().Height, y)
	}
	_ = w
}

func TestCodeBackgroundFollowsTheme(t *testing.T) {
	v, w := newTestView(t)
	v.SetFinal(corpus["code"])
	c := v.objects[1].(*codeBlock)
	bg := func() any {
		return c.Theme().Color(theme.ColorNameInputBackground, fyne.CurrentApp().Settings().ThemeVariant())
	}
	if c.bg.FillColor == nil || c.bg.FillColor != bg() {
		t.Errorf("code background %v, want %v", c.bg.FillColor, bg())
	}
	before := c.bg.FillColor
	fyne.CurrentApp().Settings().SetTheme(lightTheme{theme.DefaultTheme()})
	w.Content().Refresh()
	c.Refresh()
	if c.bg.FillColor == before || c.bg.FillColor != bg() {
		t.Errorf("after a theme change the background is %v, want %v", c.bg.FillColor, bg())
	}
}

func TestReferenceLinks(t *testing.T) {
	test.NewTempApp(t)
	md := corpus["refs"]
	v := NewView()
	for _, p := range prefixes(md) {
		v.SetText(p)
	}
	v.SetFinal(md)
	var got []string
	for _, l := range links(v) {
		got = append(got, l.Text+" "+l.URL.String())
	}
	if strings.Join(got, ", ") != "the guide https://example.com/guide, docs https://example.com/docs" {
		t.Errorf("reference links after streaming: %v", got)
	}
}

// lightTheme is Fyne's default theme held to its light variant (theme.LightTheme is deprecated).
type lightTheme struct{ fyne.Theme }

func (l lightTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return l.Theme.Color(n, theme.VariantLight)
}
