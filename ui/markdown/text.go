package markdown

import (
	"strings"

	"fyne.io/fyne/v2"
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
