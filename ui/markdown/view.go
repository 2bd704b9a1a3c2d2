// Package markdown turns Markdown (GFM) into Fyne objects, incrementally for streamed answers.
//
// A View is a vertical stack with one object per top-level block of its source. While an answer
// streams in, SetText is called with the text so far, many times a second (through a Coalescer,
// at most once a frame). Building Fyne objects is what costs, so a block is built once: the
// source is split into top-level blocks with goldmark, every block but the last is finished and
// keeps its object as long as its source is unchanged, and only the last, open block is parsed
// and built again. The open block is healed first (see heal) so that half-typed syntax already
// looks as it will when closed. SetFinal closes the last block: its code gets highlighted.
//
// Text can be selected and copied in select mode (SetSelecting), where each styled text is
// swapped for a selectable Label holding the same words.
package markdown

import (
	"net/url"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/yuin/goldmark/ast"
)

// View shows one answer's Markdown as a vertical stack of block objects. Its methods are
// called on the UI goroutine.
type View struct {
	widget.BaseWidget

	// OnLink is called when an http or https link is tapped; links of other schemes are plain
	// text. When nil, the link is opened with the app's OpenURL.
	OnLink func(u *url.URL)
	// OnCopy is called with a code block's text by its Copy button. When nil, the text goes
	// to the app's clipboard.
	OnCopy func(text string)
	// Frame, when set, runs work that can wait a little each frame, on the UI goroutine (a
	// life.Life's Frame): colouring a long code block whose fence closed while it streamed. When
	// nil, that work is done at once.
	Frame func(fn func() bool)

	src       string
	final     bool
	blocks    []block
	objects   []fyne.CanvasObject                   // the blocks' objects, nil ones left out
	sight     func() (top, bottom float32, ok bool) // the part in sight, when the pane says (SetSight)
	inSight   []fyne.CanvasObject                   // the objects of blocks in sightOf, when sightOK
	sightOf   region                                // the region inSight was listed for
	sightOK   bool                                  // inSight holds for sightOf and the blocks' places
	selecting bool
	renderer  *viewRenderer // nil until the View is shown
}

// block is one top-level block and the object built for it.
type block struct {
	start int    // offset of its first line in the source
	key   string // the source it was built from: healed while open
	open  bool
	// unfenced: built while its code fence was open, so its code is not highlighted: closing
	// it builds it again even when its source did not change
	unfenced bool
	obj      fyne.CanvasObject // nil when the block shows nothing (yet)
	texts    []*textBlock      // its texts, for select mode
	min      fyne.Size         // obj's minimum size when it is measured wide (a guess before)
	measured float32           // the width min was measured at; -1 before
	built    bool              // obj is new: show refreshes it
	noun     string            // what it is, for a screen reader ("paragraph", "table"); "" for a rule
	// hidesTail: an open paragraph cut short (a line of a megabyte), which shows nothing of
	// text added to its last line (growsHidden)
	hidesTail bool
}

// region is a vertical range of the View, in its own coordinates.
type region struct{ top, bottom float32 }

var _ fyne.Widget = (*View)(nil)

// NewView returns an empty View.
func NewView() *View {
	v := &View{}
	v.ExtendBaseWidget(v)
	return v
}

// SetText shows md, the text so far of a streaming answer. Finished blocks whose source did not
// change keep their objects; the last block is parsed and built again. Text that does not
// extend the previous one (a reset) is handled alike: the blocks that still match are kept.
// Once SetFinal was called, a late SetText with a prefix of the final text is ignored.
func (v *View) SetText(md string) {
	if v.final && md != "" && strings.HasPrefix(v.src, md) {
		return
	}
	v.update(md, false)
}

// SetFinal shows md, the finished answer: every block is closed (code gets highlighted), and
// every block whose source did not change keeps its object.
func (v *View) SetFinal(md string) {
	v.update(md, true)
}

// SetCut shows md, an answer that stopped before its end (Stop, a failure, a broken stream):
// final, its last block closed as the preview closed it (heal), so that an emphasis or a link
// cut in the middle reads as it did while it streamed, never as raw ** or [.
func (v *View) SetCut(md string) {
	v.update(healLast(md), true)
}

// healLast is md with its last top-level block healed, as an open block is while streaming.
func healLast(md string) string {
	_, spans, _ := parseRefs([]byte(md), 0)
	if len(spans) == 0 {
		return md
	}
	start := spans[len(spans)-1].start
	return md[:start] + heal(md[start:])
}

// Text returns the Markdown source shown, for "Copy answer".
func (v *View) Text() string {
	return v.src
}

// SetSelecting turns select mode on or off. In select mode every text is a selectable Label
// (plain, in its block's base style) so that it can be selected and copied; off, the styled
// text is back.
func (v *View) SetSelecting(on bool) {
	if v.selecting == on {
		return
	}
	v.selecting = on
	for _, b := range v.blocks {
		for _, t := range b.texts {
			t.setSelecting(on)
		}
	}
	v.Refresh() // measures every block again
}

// SetSight tells the View how to learn which part of it is in sight: sight returns a range from
// top to bottom in the View's own coordinates, or ok false when any part may be. The View asks
// each time the window walks its objects (each frame), so a scroll is never a frame late. Blocks
// wholly outside are left out of its objects, so that a frame does not walk (measure, place and
// paint) the whole answer, which grows with it; they keep their objects and come back when
// scrolled into sight. Until it is called, or with nil, every block is in sight.
func (v *View) SetSight(sight func() (top, bottom float32, ok bool)) {
	v.sight, v.sightOK = sight, false
}

// objectsInSight lists the objects of the blocks in sight, as they are placed now: listed again
// only when the region or the blocks' places changed.
func (v *View) objectsInSight() []fyne.CanvasObject {
	if v.sight == nil {
		return v.objects
	}
	top, bottom, ok := v.sight()
	if !ok {
		return v.objects
	}
	if r := (region{top: top, bottom: bottom}); !v.sightOK || r != v.sightOf {
		v.sightOf, v.sightOK = r, true
		v.inSight = v.inSight[:0:0] // a new list: the old one may be the window's to walk
		for _, o := range v.objects {
			if y := o.Position().Y; y <= bottom && y+o.Size().Height >= top {
				v.inSight = append(v.inSight, o)
			}
		}
	}
	return v.inSight
}

// Selecting says whether select mode is on.
func (v *View) Selecting() bool {
	return v.selecting
}

// update shows md; final closes the last block.
func (v *View) update(md string, final bool) {
	if md == v.src && final == v.final && v.blocks != nil {
		return
	}
	if !final && v.growsHidden(md) {
		v.src = md // nothing to build: the open block shows none of what was added
		return
	}
	from := 0 // the first block parsed again
	if !final && len(v.blocks) > 0 && strings.HasPrefix(md, v.src) {
		from = len(v.blocks) - 1 // an extension can only change the open block and add more
	}
	base := 0
	if from > 0 {
		base = v.blocks[from].start
	}
	tail := []byte(md[base:])
	nodes, spans, refs := parseRefs(tail, base)
	if final && refs {
		v.blocks = nil // a reference may be used above its definition: build every block again
	}
	next := make([]block, from, from+len(nodes))
	copy(next, v.blocks[:from])
	for i, n := range nodes {
		open := !final && i == len(nodes)-1
		next = append(next, v.blockFor(from+i, n, tail, md, spans[i], open))
	}
	v.show(md, final, next)
}

// growsHidden says whether md only adds text that the open block would not show: the open
// block is a paragraph whose end is cut short (hidesTail: a stretch with no space longer than a
// text shows), and md adds to it only characters with no space, no newline and none that Markdown
// reads as syntax, which go after the cut. Parsing and
// healing the open block again cost as much as it is long: 5 to 12 ms a frame for a line of a
// megabyte, for nothing new on screen. Anything else builds the block again, as does SetFinal.
func (v *View) growsHidden(md string) bool {
	n := len(v.blocks)
	if v.final || n == 0 || !v.blocks[n-1].hidesTail || !strings.HasPrefix(md, v.src) {
		return false
	}
	for _, r := range md[len(v.src):] {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(".,;:?'\"+/=-()", r) {
			return false
		}
	}
	return true
}

// blockFor returns block j, whose node is n and source md[sp.start:sp.end]: the old block j
// when it was built from the same source, else the open code block grown, else a new one.
func (v *View) blockFor(j int, n ast.Node, tail []byte, md string, sp span, open bool) block {
	key := md[sp.start:sp.end]
	if open {
		key = heal(md[sp.start:])
	}
	if j < len(v.blocks) {
		old := v.blocks[j]
		old.start = sp.start
		if sameSource(old.key, key) && (old.open == open || !open && !old.unfenced) {
			old.key, old.open = key, open // an open block closed as it was: keep what it built
			return old
		}
		if open && old.open {
			if blk, ok := extendOpenCode(old, key); ok {
				return blk
			}
		}
		if old.open {
			if blk, ok := v.closeOpenCode(old, key); ok {
				blk.open = open
				return blk
			}
		}
	}
	b := builder{v: v, src: tail, open: open}
	if j < len(v.blocks) {
		b.reuse = v.blocks[j].texts // the texts that did not change keep their objects
	}
	var blk block
	if open {
		var parsed ast.Node
		if key == md[sp.start:] {
			parsed = n // nothing to heal: the node parsed with the rest is the block
		}
		blk = b.buildOpen(key, sp.start, parsed)
	} else {
		blk = b.build(n, key, sp.start)
	}
	if j < len(v.blocks) {
		blk.min = v.blocks[j].min // the likely height: then measuring wraps its text once, not twice
	}
	blk.built, blk.noun = true, blockNoun(n)
	return blk
}

// show makes next the blocks on screen, for source md. Only the blocks just built are
// refreshed: refreshing the View would make the window draw every text in it again.
func (v *View) show(md string, final bool, next []block) {
	v.src, v.final, v.blocks = md, final, next
	v.objects = v.objects[:0]
	for _, b := range next {
		if b.obj != nil {
			v.objects = append(v.objects, b.obj)
		}
	}
	v.sightOK = false
	if v.renderer != nil {
		v.renderer.Layout(v.Size()) // measures only the blocks just built
	}
	for i := range v.blocks {
		b := &v.blocks[i]
		if b.built && b.obj != nil && v.renderer != nil {
			canvas.Refresh(b.obj)
		}
		b.built = false
	}
}

// build makes the block for a finished node.
func (b *builder) build(n ast.Node, key string, start int) block {
	obj := b.block(n)
	return block{start: start, key: key, obj: obj, texts: b.texts, measured: -1}
}

// buildOpen makes the block for the open block's healed source, parsed on its own, or
// from parsed, its node, when healing left the source as it was (parsing a long block
// again cost as much as building it).
func (b *builder) buildOpen(healed string, start int, parsed ast.Node) block {
	b.open = fenceOpen(healed) // a closed fence is highlighted at once
	nodes := []ast.Node{parsed}
	if parsed == nil {
		b.src = []byte(healed)
		nodes, _ = parse(b.src, 0)
	}
	var objs []fyne.CanvasObject
	for _, n := range nodes {
		if o := b.block(n); o != nil {
			objs = append(objs, o)
		}
	}
	blk := block{start: start, key: healed, open: true, unfenced: b.open, texts: b.texts, measured: -1}
	if len(nodes) == 1 {
		_, para := nodes[0].(*ast.Paragraph)
		blk.hidesTail = b.cut && para
	}
	switch len(objs) {
	case 0:
	case 1:
		blk.obj = objs[0]
	default:
		blk.obj = container.NewVBox(objs...)
	}
	return blk
}

// tapLink hands a tapped link to OnLink, or opens it.
func (v *View) tapLink(u *url.URL) {
	if v.OnLink != nil {
		v.OnLink(u)
		return
	}
	_ = fyne.CurrentApp().OpenURL(u)
}

// copyText hands a code block's text to OnCopy, or to the clipboard.
func (v *View) copyText(s string) {
	if v.OnCopy != nil {
		v.OnCopy(s)
		return
	}
	fyne.CurrentApp().Clipboard().SetContent(s)
}

// sameSource says whether a block built from source a shows what one built from b would.
// Blank lines after a block change nothing, unless a fence is open: then they are code.
// (A closed fence becomes the block after it, then a finished block, with one more newline
// each time: without this, 3,000 lines of code were coloured and built three times over.)
func sameSource(a, b string) bool {
	if a == b {
		return true
	}
	return strings.TrimRight(a, "\n") == strings.TrimRight(b, "\n") && !fenceOpen(a) && !fenceOpen(b)
}

// extendOpenCode shows healed, the open block's source, by extending the open code block that
// blk shows, when healed is that fence with more code.
func extendOpenCode(blk block, healed string) (block, bool) {
	c, ok := blk.obj.(*codeBlock)
	if !ok || !c.open {
		return blk, false
	}
	lang, code, ok := openFence(healed)
	if !ok || lang != c.lang || len(code) < c.frozen || code[:c.frozen] != c.code[:c.frozen] {
		return blk, false
	}
	blk.texts = append(blk.texts, c.extend(code)...)
	blk.key, blk.measured = healed, -1
	return blk, true
}

// closeOpenCode shows key, a code fence just closed, with the code block that blk showed while
// it was open, when key is that fence closed on the same code, or on more of it (the frame came
// after the last lines and the closing fence arrived): its lines keep their objects, the last
// lines are added as extendOpenCode adds them, and all are coloured in place (colour). Building
// the block again, coloured, took 80 ms for 3,000 lines in one frame, half of it the lexer's.
func (v *View) closeOpenCode(blk block, key string) (block, bool) {
	body, ok := withoutCloser(key)
	if !ok {
		return blk, false
	}
	blk, ok = extendOpenCode(blk, body)
	if !ok {
		return blk, false
	}
	c := blk.obj.(*codeBlock)
	c.open = false
	c.colour(v.Frame)
	blk.key, blk.unfenced = key, false
	return blk, true
}

// withoutCloser is src, a fenced code block, without the line that closes its fence, when its
// last line is one.
func withoutCloser(src string) (string, bool) {
	src = strings.TrimRight(src, " \t\n")
	nl := strings.LastIndexByte(src, '\n')
	if nl < 0 || len(src) < 3 {
		return "", false
	}
	opener := src[:len(src)-len(strings.TrimLeft(src, src[:1]))]
	closer := strings.TrimSpace(src[nl+1:])
	if len(opener) < 3 || strings.Trim(closer, opener[:1]) != "" || len(closer) < len(opener) {
		return "", false
	}
	return src[:nl+1], true
}

// openFence reads an unindented code fence that is still open: its language and its code as
// goldmark would give them. Anything else is left to goldmark (ok false).
func openFence(src string) (lang, code string, ok bool) {
	nl := strings.IndexByte(src, '\n')
	if nl < 0 || !(strings.HasPrefix(src, "```") || strings.HasPrefix(src, "~~~")) || !fenceOpen(src) {
		return "", "", false
	}
	info := strings.TrimLeft(src[:nl], src[:1])
	if src[0] == '`' && strings.Contains(info, "`") || strings.ContainsAny(info, "\\&") {
		return "", "", false
	}
	if f := strings.Fields(info); len(f) > 0 {
		lang = f[0]
	}
	return lang, strings.TrimSuffix(src[nl+1:], "\n"), true
}
