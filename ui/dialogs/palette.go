package dialogs

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/words"
	"lectern/ui/widgets"
)

// PaletteItem is one row of a Palette: what it says, the keys that do the same (empty when none)
// and what choosing it runs; a row found by a search (SetFound) has an excerpt under its label.
type PaletteItem struct {
	Label   string
	Keys    string
	Run     func()
	Excerpt []widget.RichTextSegment
}

// Palette is a command palette: a box over a list of items. Typing filters (every word typed, in
// any case, in the label or the keys), Up and Down move the highlight, Enter (or a click) closes
// the palette and runs the highlighted item, Esc closes it.
type Palette struct {
	box   *paletteBox
	list  *widget.List
	pop   *widget.PopUp
	all   []PaletteItem
	found []PaletteItem // what a search found for the text typed, after the rows the filter passes
	shown []int         // indices into all, then len(all)+i for found[i]
	cur   int           // the row Enter runs, in shown
	quiet bool          // the list is selected by the arrows, not clicked
	tall  float32       // the height of a row with an excerpt; 0 until measured
	short float32       // the height of a row without

	// OnType, when set, is called on the UI goroutine with the text typed each time it changes:
	// a search to run, whose rows SetFound gives.
	OnType func(text string)
}

// paletteBox is the palette's filter box: it hands Up, Down, Enter and Esc to the palette.
type paletteBox struct {
	widget.Entry
	key   func(*fyne.KeyEvent) bool // true when the palette used the key
	label func() string             // what a screen reader says of the box (Palette.spoken)
}

// TypedKey gives the palette its keys first; the others edit the text.
func (b *paletteBox) TypedKey(k *fyne.KeyEvent) {
	if !b.key(k) {
		b.Entry.TypedKey(k)
	}
}

// ShowPalette opens a palette of items over c, with the keyboard in its box, which shows hint
// while empty.
func ShowPalette(c fyne.Canvas, hint string, items []PaletteItem) *Palette {
	p := &Palette{all: items}
	p.box = &paletteBox{key: p.key, label: p.spoken}
	p.box.ExtendBaseWidget(p.box)
	p.box.SetPlaceHolder(hint)
	p.box.OnChanged = func(text string) {
		p.found = nil
		p.filter()
		if p.OnType != nil {
			p.OnType(text)
		}
	}
	p.list = widget.NewList(func() int { return len(p.shown) }, newPaletteRow,
		func(id widget.ListItemID, o fyne.CanvasObject) { setPaletteRow(o, p.item(p.shown[id])) })
	p.list.OnSelected = func(id widget.ListItemID) {
		if !p.quiet {
			p.cur = id
			p.run()
		}
	}
	p.pop = widget.NewModalPopUp(container.NewBorder(p.box, nil, nil, nil, p.list), c)
	p.pop.Resize(fyne.NewSize(min(620, c.Size().Width-40), min(440, c.Size().Height-40)))
	p.filter()
	p.pop.Show()
	c.Focus(p.box)
	return p
}

// Add appends items (found after the palette opened) and filters again; on the UI goroutine.
func (p *Palette) Add(items ...PaletteItem) {
	p.all = append(p.all, items...)
	p.filter()
}

// SetFound shows items, found by a search for text, after the rows the filter passes, when text
// is still what is typed; on the UI goroutine.
func (p *Palette) SetFound(text string, items []PaletteItem) {
	if text == p.box.Text {
		p.found = items
		p.filter()
	}
}

// item is row i of all, then of found.
func (p *Palette) item(i int) PaletteItem {
	if i < len(p.all) {
		return p.all[i]
	}
	return p.found[i-len(p.all)]
}

// Visible says whether the palette is open.
func (p *Palette) Visible() bool { return p.pop.Visible() }

// Owns says whether o is the palette's box (where the keyboard is while it is open).
func (p *Palette) Owns(o fyne.Focusable) bool { return o == p.box }

// Shown are the items that pass the filter, in the order shown.
func (p *Palette) Shown() []PaletteItem {
	out := make([]PaletteItem, len(p.shown))
	for i, s := range p.shown {
		out[i] = p.item(s)
	}
	return out
}

// filter shows the rows whose label or keys hold every word typed, in any case, then the rows
// found, the first highlighted.
func (p *Palette) filter() {
	words := strings.Fields(strings.ToLower(p.box.Text))
	p.shown = p.shown[:0]
	for i, it := range p.all {
		if matchesAll(strings.ToLower(it.Label+" "+it.Keys), words) {
			p.shown = append(p.shown, i)
		}
	}
	for i := range p.found {
		p.shown = append(p.shown, len(p.all)+i)
	}
	p.setHeights()
	p.list.Refresh()
	p.cur = 0
	p.move(0)
}

func matchesAll(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// key moves the highlight (Up, Down), runs it (Enter) or closes the palette (Esc).
func (p *Palette) key(k *fyne.KeyEvent) bool {
	switch k.Name {
	case fyne.KeyDown:
		p.move(1)
	case fyne.KeyUp:
		p.move(-1)
	case fyne.KeyReturn, fyne.KeyEnter:
		p.run()
	case fyne.KeyEscape:
		p.pop.Hide()
	default:
		return false
	}
	return true
}

// move moves the highlight by step rows, within the rows shown.
func (p *Palette) move(step int) {
	p.cur = max(0, min(p.cur+step, len(p.shown)-1))
	p.quiet = true
	defer func() { p.quiet = false }()
	if len(p.shown) == 0 {
		p.list.UnselectAll()
		return
	}
	p.list.Select(p.cur)
	p.list.ScrollTo(p.cur)
}

// run closes the palette and runs the highlighted row.
func (p *Palette) run() {
	if p.cur < 0 || p.cur >= len(p.shown) {
		return
	}
	p.pop.Hide()
	p.item(p.shown[p.cur]).Run()
}

// setHeights gives the rows with an excerpt two lines, the others one.
func (p *Palette) setHeights() {
	if p.tall == 0 {
		row := newPaletteRow()
		p.short = row.MinSize().Height
		setPaletteRow(row, PaletteItem{Excerpt: []widget.RichTextSegment{&widget.TextSegment{Text: "Excerpt"}}})
		p.tall = row.MinSize().Height
	}
	for id, i := range p.shown {
		h := p.short
		if len(p.item(i).Excerpt) > 0 {
			h = p.tall
		}
		p.list.SetItemHeight(id, h)
	}
}

// newPaletteRow is a row: the label with the keys at its right, an excerpt under them.
func newPaletteRow() fyne.CanvasObject {
	label, keys := widget.NewLabel("Search conversations…"), widgets.CaptionLabel("Ctrl+Shift+F")
	label.Truncation = fyne.TextTruncateEllipsis
	excerpt := widget.NewRichText()
	excerpt.Truncation = fyne.TextTruncateEllipsis
	excerpt.Hide()
	return container.NewVBox(container.NewBorder(nil, nil, nil, keys, label), excerpt)
}

func setPaletteRow(o fyne.CanvasObject, it PaletteItem) {
	c := o.(*fyne.Container)
	top := c.Objects[0].(*fyne.Container)
	top.Objects[0].(*widget.Label).SetText(it.Label)
	top.Objects[1].(*widget.Label).SetText(it.Keys)
	excerpt := c.Objects[1].(*widget.RichText)
	excerpt.Segments = it.Excerpt
	widgets.ShowIf(excerpt, len(it.Excerpt) > 0)
	excerpt.Refresh()
}

// AccessibilityLabel is the palette's words as they stand: see Palette.spoken.
func (b *paletteBox) AccessibilityLabel() string { return b.label() }

// AccessibilityRole is text: a box to type in.
func (b *paletteBox) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// spoken says the palette's box, what is typed, how many rows pass the filter and the row Enter
// runs, since the keyboard stays in the box while the arrows move the highlight: "Command
// palette: pane, 2 results, Next pane F6".
func (p *Palette) spoken() string {
	label := widgets.FieldLabel("Command palette", p.box.Text) + ", " + words.Count(len(p.shown), "result")
	if p.cur >= 0 && p.cur < len(p.shown) {
		it := p.item(p.shown[p.cur])
		label = widgets.Spoken(label, it.Label+" "+it.Keys)
	}
	return label
}
