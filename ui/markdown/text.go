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

// maxTextRunes is the most characters one text (a paragraph, a heading, an item's line, a
// cell) shows. Fyne wraps, measures and draws text whole, with a cost that grows faster than
// its length: a paragraph of one unbroken megabyte froze the window for a minute. Longer
// text is cut with a note; the answer's source keeps every character (Text, for copying).
const maxTextRunes = 10_000

// cutNote ends a text cut at maxTextRunes.
const cutNote = " … (too long to show whole: copy the answer to read all of it)"

// cutLongText is segs cut after maxTextRunes characters, with cutNote; segs if shorter.
func cutLongText(segs []widget.RichTextSegment) []widget.RichTextSegment {
	left := maxTextRunes
	for i, s := range segs {
		text := s.Textual()
		if len(text) <= left {
			left -= utf8.RuneCountInString(text)
			continue
		}
		if n := utf8.RuneCountInString(text); n <= left {
			left -= n
			continue
		}
		kept := firstRunes(text, left)
		cut := append([]widget.RichTextSegment(nil), segs[:i]...)
		switch s := s.(type) {
		case *widget.TextSegment:
			cut = appendText(cut, kept, s.Style)
		case *widget.HyperlinkSegment:
			cut = append(cut, &widget.HyperlinkSegment{Text: kept, URL: s.URL, OnTapped: s.OnTapped,
				TextStyle: s.TextStyle, SizeName: s.SizeName, Alignment: s.Alignment})
		}
		note := widget.RichTextStyleInline
		note.ColorName = theme.ColorNamePlaceHolder
		return appendText(cut, cutNote, note)
	}
	return segs
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
