package realwin

import (
	"fmt"
	"image"
	"image/color"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/probe"
	"lectern/ui/internal/harness"
	"lectern/ui/widgets"
)

// Frame is one frame the window painted while the probe watched (the answer to "frames"): when
// its painting ended, in Unix nanoseconds of the machine's clock (the test's clock too), and what
// it showed of the question box and the conversation.
type Frame struct {
	// Painted is when the frame's objects had all been drawn (the window swaps it into the X
	// window next), Unix ns.
	Painted int64
	// Length is the length, in bytes, of the question box's text the frame shows; Offset the
	// conversation's scroll offset it shows.
	Length int
	Offset float32
}

// frameWatch notes every frame the window paints, read from the window itself: a one-pixel raster
// laid over the window, last in its tree, whose image Fyne makes again in the first frame painted
// after the raster is refreshed. Its image maker notes the time and what the frame shows, and
// refreshes the raster for the next frame. A frame is painted on the UI goroutine in one go, so
// the time noted is when the frame's last object was drawn, just before the window swaps it in.
// Watching makes the window paint every frame, which it does anyway while an answer streams (the
// stage's spinner turns).
type frameWatch struct {
	mu       sync.Mutex
	frames   []Frame
	watching bool

	raster *canvas.Raster
	box    *widget.Entry // the question box
	list   *widget.List  // the conversation's turns
	pixel  image.Image
}

var watch frameWatch

// start lays the raster over the window (once), forgets the frames noted so far and notes every
// frame from now on. Call it on the UI goroutine.
func (f *frameWatch) start(u *harness.Window) error {
	box, _ := u.QuestionBox().(*widgets.Composer)
	if box == nil {
		return fmt.Errorf("watch: the question box is not shown")
	}
	f.box, f.list = &box.Entry, u.TurnList()
	if f.raster == nil {
		img := image.NewNRGBA(image.Rect(0, 0, 1, 1))
		img.Set(0, 0, color.Transparent)
		f.pixel = img
		f.raster = canvas.NewRaster(f.painted)
		f.raster.SetMinSize(fyne.NewSize(1, 1))
	}
	c := u.Main().Canvas()
	if !holds(c.Content(), f.raster) {
		focused := c.Focused()
		c.SetContent(probe.Wrap(c.Content(), f.raster)) // a new content takes the focus: give it back
		if focused != nil {
			c.Focus(focused)
		}
	}
	f.mu.Lock()
	f.frames, f.watching = nil, true
	f.mu.Unlock()
	canvas.Refresh(f.raster)
	return nil
}

// holds says whether the window's content is the probe's wrap around the raster.
func holds(content, raster fyne.CanvasObject) bool {
	c, ok := content.(*fyne.Container)
	return ok && len(c.Objects) == 2 && c.Objects[1] == raster
}

// painted is the raster's image maker, called by the painter on the UI goroutine.
func (f *frameWatch) painted(int, int) image.Image {
	fr := Frame{Painted: time.Now().UnixNano(), Length: len(f.box.Text), Offset: f.list.GetScrollOffset()}
	f.mu.Lock()
	watching := f.watching
	if watching {
		f.frames = append(f.frames, fr)
	}
	f.mu.Unlock()
	if watching {
		canvas.Refresh(f.raster) // the next frame makes the image again
	}
	return f.pixel
}

// stop ends watching and returns the frames noted since start.
func (f *frameWatch) stop() []Frame {
	f.mu.Lock()
	defer f.mu.Unlock()
	frames := f.frames
	f.frames, f.watching = nil, false
	return frames
}
