package markdown

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// textBlock is one run of styled text: a paragraph, a heading, a list item's text, a table cell
// or a chunk of a code block. Fyne's RichText draws the styles but cannot select text, and a
// selectable Label selects but has one style; so a textBlock shows the RichText and, in select
// mode, a selectable Label with the same text in the block's base style.
type textBlock struct {
	widget.BaseWidget
	rich      *widget.RichText
	plain     string
	base      fyne.TextStyle     // the Label's style in select mode
	size      fyne.ThemeSizeName // the Label's text size in select mode
	align     fyne.TextAlign
	label     *widget.Label // made on first use of select mode
	selecting bool
}

var _ fyne.Widget = (*textBlock)(nil)

// newTextBlock shows segs, wrapped at word boundaries unless wrap is off (code).
func newTextBlock(segs []widget.RichTextSegment, wrap bool) *textBlock {
	t := &textBlock{rich: widget.NewRichText(segs...)}
	if wrap {
		t.rich.Wrapping = fyne.TextWrapWord
	}
	t.plain = plainText(segs)
	t.ExtendBaseWidget(t)
	return t
}

// shows says whether t is wrapped text showing segs in base style st.
func (t *textBlock) shows(segs []widget.RichTextSegment, st widget.RichTextStyle) bool {
	if t.rich.Wrapping != fyne.TextWrapWord || t.base != st.TextStyle || t.size != st.SizeName ||
		t.align != st.Alignment || len(t.rich.Segments) != len(segs) {
		return false
	}
	for i, s := range segs {
		if !sameSegment(t.rich.Segments[i], s) {
			return false
		}
	}
	return true
}

// sameSegment says whether a and b draw the same: same text, style and link.
func sameSegment(a, b widget.RichTextSegment) bool {
	switch a := a.(type) {
	case *widget.TextSegment:
		b, ok := b.(*widget.TextSegment)
		return ok && a.Text == b.Text && a.Style == b.Style
	case *widget.HyperlinkSegment:
		b, ok := b.(*widget.HyperlinkSegment)
		return ok && a.Text == b.Text && a.URL.String() == b.URL.String() && a.TextStyle == b.TextStyle &&
			a.SizeName == b.SizeName && a.Alignment == b.Alignment
	}
	return false
}

// maxTextRunes is the most characters one text object (a RichText) lays out. Fyne wraps,
// measures and draws a text whole, with a cost that grows faster than its length (40,000
// characters took 33 ms, 160,000 took 530 ms), so a longer text is shown as several, split at a
// space (splitLongText). A stretch of more than maxTextRunes characters without a space (a data
// blob) has no place to wrap and no one reads it on screen: it is cut with cutNote. The answer's
// source keeps every character (Text, for copying).
const maxTextRunes = 10_000

// cutNote ends a stretch cut at maxTextRunes.
const cutNote = " … (too long to show whole: copy the answer to read all of it)"

// splitLongText cuts segs into parts of at most maxTextRunes characters, each ending where a
// line can end (a line break, a sentence's end, a space), and cuts each stretch without a space
// that is longer (with cutNote); it is [segs] when segs is no longer.
func splitLongText(segs []widget.RichTextSegment) [][]widget.RichTextSegment {
	if plainLength(segs) <= maxTextRunes {
		return [][]widget.RichTextSegment{segs}
	}
	text := plainText(segs)
	if utf8.RuneCountInString(text) <= maxTextRunes {
		return [][]widget.RichTextSegment{segs}
	}
	var parts [][]widget.RichTextSegment
	for start := 0; start < len(text); {
		window := firstRunes(text[start:], maxTextRunes)
		end := start + len(window)
		if end == len(text) {
			return append(parts, sliceSegments(segs, start, end))
		}
		if brk := lineBreak(window); brk > 0 {
			parts = append(parts, sliceSegments(segs, start, start+brk))
			start += brk + 1 // the space the line ends at is not drawn
			continue
		}
		note := widget.RichTextStyleInline
		note.ColorName = theme.ColorNamePlaceHolder
		parts = append(parts, appendText(sliceSegments(segs, start, end), cutNote, note))
		next := strings.IndexAny(text[end:], " \n")
		if next < 0 {
			break
		}
		start = end + next + 1
	}
	return parts
}

// hidesTail says whether parts, segs split by splitLongText, show nothing of segs' last
// characters: the last part was cut with cutNote and segs go on without a space after the cut
// (a space would have begun another part). Characters added there, with no space, are not shown
// either.
func hidesTail(parts [][]widget.RichTextSegment, segs []widget.RichTextSegment) bool {
	if len(parts) == 0 || len(segs) == 0 || plainLength(segs) <= maxTextRunes {
		return false
	}
	last := parts[len(parts)-1]
	if len(last) == 0 || !strings.HasSuffix(last[len(last)-1].Textual(), cutNote) {
		return false
	}
	text := segs[len(segs)-1].Textual()
	return text != "" && !strings.ContainsAny(text[len(text)-1:], " \n")
}

// plainLength is the length in bytes of the text segs read as.
func plainLength(segs []widget.RichTextSegment) int {
	n := 0
	for _, s := range segs {
		n += len(s.Textual())
	}
	return n
}

// lineBreak is where a part of window (a text's next maxTextRunes characters) best ends: at the
// last line break, else the last sentence's end, else the last space, in its second half (the
// first break found from the end); 0 when window has no space at all.
func lineBreak(window string) int {
	half := len(window) / 2
	for _, sep := range []string{"\n", ". ", " "} {
		if i := strings.LastIndex(window, sep); i > half || sep == " " && i > 0 {
			return i + len(sep) - 1
		}
	}
	return 0
}

// sliceSegments is the part of segs from byte from to byte to of their text, read one after the
// other, in the same styles and links.
func sliceSegments(segs []widget.RichTextSegment, from, to int) []widget.RichTextSegment {
	var out []widget.RichTextSegment
	at := 0
	for _, s := range segs {
		text := s.Textual()
		lo, hi := max(from, at), min(to, at+len(text))
		if lo < hi {
			out = append(out, withText(s, text[lo-at:hi-at]))
		}
		at += len(text)
	}
	return out
}

// withText is a segment like s showing text.
func withText(s widget.RichTextSegment, text string) widget.RichTextSegment {
	switch s := s.(type) {
	case *widget.TextSegment:
		return &widget.TextSegment{Text: text, Style: s.Style}
	case *widget.HyperlinkSegment:
		return &widget.HyperlinkSegment{Text: text, URL: s.URL, OnTapped: s.OnTapped,
			TextStyle: s.TextStyle, SizeName: s.SizeName, Alignment: s.Alignment}
	}
	return s
}

// plainText is what segs read as, for selecting and copying.
func plainText(segs []widget.RichTextSegment) string {
	var b strings.Builder
	for _, s := range segs {
		b.WriteString(s.Textual())
	}
	return b.String()
}

// setSelecting switches between the styled text and the selectable Label.
func (t *textBlock) setSelecting(on bool) {
	if t.selecting == on {
		return
	}
	t.selecting = on
	if on && t.label == nil {
		t.label = &widget.Label{Text: t.plain, TextStyle: t.base, SizeName: t.size,
			Alignment: t.align, Selectable: true}
		if t.rich.Wrapping == fyne.TextWrapWord {
			t.label.Wrapping = fyne.TextWrapWord
		}
		t.label.ExtendBaseWidget(t.label)
	}
	t.Refresh()
}

// shown is the object on screen: the RichText, or the Label in select mode.
func (t *textBlock) shown() fyne.CanvasObject {
	if t.selecting {
		return t.label
	}
	return t.rich
}

// CreateRenderer implements fyne.Widget.
func (t *textBlock) CreateRenderer() fyne.WidgetRenderer {
	return &textBlockRenderer{t: t}
}

type textBlockRenderer struct {
	t *textBlock
}

func (r *textBlockRenderer) Destroy() {}

func (r *textBlockRenderer) Layout(size fyne.Size) {
	o := r.t.shown()
	o.Move(fyne.NewPos(0, 0))
	o.Resize(size)
}

func (r *textBlockRenderer) MinSize() fyne.Size { return r.t.shown().MinSize() }

func (r *textBlockRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.t.shown()}
}

func (r *textBlockRenderer) Refresh() {
	r.Layout(r.t.Size())
	r.t.shown().Refresh()
}

// WarmFonts has Fyne load the faces of the text styles that answers use and the window's start
// does not (italic, and monospace for code), as measuring a word in each does. Fyne loads a
// style's faces the first time it measures text in it (about 8 MB, 40 to 150 ms for italic): in
// the middle of a streaming answer, that held a frame, and a key typed then. Call it on the UI
// goroutine (Fyne's text caches have no locks), at a moment when nothing waits for it.
func WarmFonts() {
	size := theme.TextSize()
	for _, style := range []fyne.TextStyle{{Italic: true}, {Monospace: true}} {
		fyne.MeasureText("Lectern", size, style)
	}
}

// setSegments shows segs, the text shown already in other styles (code coloured once its fence
// closed): the size does not change, so only the RichText is refreshed.
func (t *textBlock) setSegments(segs []widget.RichTextSegment) {
	t.rich.Segments = segs
	t.rich.Refresh()
}

// setCode shows s as plain code, its over-long lines cut (see cutLongLines). The segment is
// changed in place, so that the RichText keeps the objects of the lines that did not change.
func (t *textBlock) setCode(s string) {
	s = cutLongLines(s)
	if s == t.plain && len(t.rich.Segments) > 0 {
		return
	}
	t.plain = s
	if len(t.rich.Segments) == 1 {
		t.rich.Segments[0].(*widget.TextSegment).Text = s
	} else {
		st := widget.RichTextStyleCodeBlock
		st.Inline = true
		t.rich.Segments = []widget.RichTextSegment{&widget.TextSegment{Text: s, Style: st}}
	}
	t.rich.Refresh()
	if t.label != nil {
		t.label.SetText(s)
	}
}
