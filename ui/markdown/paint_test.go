package markdown

import (
	"context"
	"image/color"
	"sort"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"

	"lectern/ui/internal/life"
)

// framePainter draws frames as the GL window does. Each frame walks the whole object tree and
// draws what is in view. The GL painter keeps a texture per text and image, made the first time
// one is drawn; filling rectangles, placing textures and blending them is the GPU's work. So a
// frame here makes, on the CPU as the GL painter does, each texture the GL window would make in
// that frame, and nothing else: that is the CPU time a frame of the real window spends painting.
//
// A text's texture is keyed by what it shows (string, size, style, colour, font), not by its
// object, and kept while drawn at least once a minute (a stream lasts seconds): a text made
// again with the same content, or scrolled back into view, reuses it. Refreshing an object frees
// the textures of every object under it (Canvas.Refresh walks the tree), but a text's keyed
// texture is not among them, so a refresh makes no text be rasterised again. A new texture is
// made as the GL painter makes it (textRasteriser), with none of the software canvas's
// compositing. One exception: a text wider than the GPU's largest texture gets a texture of its
// visible part, per object, freed by a refresh; this painter, which cannot see refreshes, makes
// it again each frame it is in view (an upper bound; none is in these benchmarks).
// An image's texture is per object and made when it is new or its size changed; it is drawn with
// Fyne's software canvas, which scales it as the GL painter does (the renderer shows none).
type framePainter struct {
	view   fyne.Size
	text   *textRasteriser
	out    software.WindowlessCanvas // images, one at a time
	texts  map[textKey]bool          // the texts whose texture the window holds
	images map[fyne.CanvasObject]imageKey
	stale  []fyne.CanvasObject // the texts, and copies of the images, to rasterise this frame
}

// textKey is what the GL painter keys a text's texture by (its FontCacheEntry).
type textKey struct {
	text  string
	style fyne.TextStyle
	size  float32
	color color.Color
	font  string
}

// imageKey is what an image's texture depends on.
type imageKey struct {
	res fyne.Resource
	box fyne.Size
}

// maxTextureSize is the widest texture of most desktop GPUs (the GL painter asks the GPU): a
// wider text is drawn from a texture of its visible part.
const maxTextureSize = 16384

// newFramePainter returns a painter for a window of size view.
func newFramePainter(view fyne.Size) *framePainter {
	p := &framePainter{out: software.NewTransparentCanvas(), view: view, text: newTextRasteriser(),
		texts: map[textKey]bool{}, images: map[fyne.CanvasObject]imageKey{}}
	p.out.SetPadded(false)
	return p
}

// paint draws root, placed at the window's origin: it makes the textures that are missing.
func (p *framePainter) paint(root fyne.CanvasObject) {
	p.stale = p.stale[:0]
	p.collect(root, fyne.Position{})
	for _, c := range p.stale {
		if t, ok := c.(*canvas.Text); ok {
			p.text.texture(t)
			continue
		}
		p.out.SetContent(c)
		p.out.Resize(c.Size())
		p.out.Capture()
	}
}

// collect walks o's tree and stages every text and image in view whose texture is missing.
func (p *framePainter) collect(o fyne.CanvasObject, offset fyne.Position) {
	if !o.Visible() {
		return
	}
	pos := o.Position().Add(offset)
	size := o.Size()
	if pos.Y <= p.view.Height && pos.Y+size.Height >= 0 && pos.X <= p.view.Width && pos.X+size.Width >= 0 {
		p.stage(o)
	}
	switch o := o.(type) {
	case *fyne.Container:
		for _, c := range o.Objects {
			p.collect(c, pos)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(o).Objects() {
			p.collect(c, pos)
		}
	}
}

// stage adds o to the textures to make if it is a text or image the window has none for.
func (p *framePainter) stage(o fyne.CanvasObject) {
	switch o := o.(type) {
	case *canvas.Text:
		if blankText(o) {
			return // the GL painter draws no texture for it
		}
		key := textKey{text: o.Text, style: o.TextStyle, size: o.TextSize, color: o.Color}
		if o.FontSource != nil {
			key.font = o.FontSource.Name()
		}
		if !p.texts[key] || o.MinSize().Width > maxTextureSize {
			p.texts[key] = true
			p.stale = append(p.stale, o)
		}
	case *canvas.Image:
		if key := (imageKey{res: o.Resource, box: o.Size()}); o.Resource != nil && p.images[o] != key {
			p.images[o] = key
			i := canvas.NewImageFromResource(o.Resource)
			i.FillMode = o.FillMode
			i.Resize(fyne.NewSize(max(key.box.Width, 1), max(key.box.Height, 1)))
			p.stale = append(p.stale, i)
		}
	}
}

// blankText says whether the GL painter skips t: an empty text, or a space with no line under
// or through it (RichText shows one for each blank line of code and between segments).
func blankText(t *canvas.Text) bool {
	decorated := t.TextStyle.Underline || t.TextStyle.Strikethrough
	return t.Text == "" || t.Text == " " && !decorated
}

// paintedStream is one answer streamed into a View the way the chat pane streams it: deltas
// pushed into a Coalescer at a steady pace from another goroutine, each coalesced text shown
// with SetText on the UI goroutine and the pane scrolled to its end, then Stop and SetFinal.
// Every frame is laid out and painted before the next one starts.
type paintedStream struct {
	frames []time.Duration // each frame: SetText (or SetFinal), layout and paint
	final  time.Duration   // from the last delta pushed to the final frame painted
	// the same in CPU time of the process (see cpuTime)
	framesCPU []time.Duration
	finalCPU  time.Duration
}

// streamPainted streams the prefixes ps of ps[len(ps)-1], one every pace, into a new View in a
// window of 800×600 and returns the frames' times.
func streamPainted(ps []string, pace time.Duration) paintedStream {
	var out paintedStream
	view := fyne.NewSize(800, 600)
	v := NewView()
	scroll := container.NewVScroll(v)
	w := test.NewWindow(scroll)
	defer w.Close()
	w.SetPadded(false)
	w.Resize(view)
	painter := newFramePainter(view)
	v.SetSight(func() (float32, float32, bool) { // as the pane does while it follows the answer
		return scroll.Offset.Y, scroll.Offset.Y + scroll.Size().Height, true
	})
	frame := func(show func()) {
		start, startCPU := time.Now(), cpuTime()
		show()
		scroll.ScrollToBottom()
		painter.paint(scroll)
		out.frames = append(out.frames, time.Since(start))
		out.framesCPU = append(out.framesCPU, cpuTime()-startCPU)
	}
	ui := make(chan func(), 16) // never closed: a tick already firing when Stop is called still sends
	ended := false
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	frames := life.Ticks(ctx, func(f func()) { ui <- f }, frameInterval)
	c := NewCoalescer(frames, nil, func(text string) {
		frame(func() { v.SetText(text) })
	})
	go func() {
		start := time.Now()
		for i, p := range ps {
			time.Sleep(time.Until(start.Add(time.Duration(i) * pace)))
			c.Push(p)
		}
		last, lastCPU := time.Now(), cpuTime()
		c.Stop()
		ui <- func() {
			frame(func() { v.SetFinal(ps[len(ps)-1]) })
			out.final, out.finalCPU = time.Since(last), cpuTime()-lastCPU
			ended = true
		}
	}()
	for !ended {
		(<-ui)()
	}
	return out
}

// frameInterval is the chat pane's: a streaming answer is drawn at most once per frame at 60 Hz.
const frameInterval = 16 * time.Millisecond

// percentile is the p-th percentile (0–100) of ds, by the nearest rank.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(p/100*float64(len(s))+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 {
	return float64(d) / float64(time.Millisecond)
}
