// Package probe tells when a Fyne window has painted its first frame. It is shared by Lectern's
// window and the bare-window baseline so that both are measured the same way.
package probe

import (
	"image"
	"image/color"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// New returns a one-pixel transparent object that calls painted once, on the painter's goroutine,
// the first time a frame that contains it is drawn. Place it with Wrap.
func New(painted func()) fyne.CanvasObject {
	var once sync.Once
	pixel := image.NewNRGBA(image.Rect(0, 0, 1, 1))
	pixel.Set(0, 0, color.Transparent)
	r := canvas.NewRaster(func(_, _ int) image.Image {
		once.Do(painted)
		return pixel
	})
	r.SetMinSize(fyne.NewSize(1, 1))
	return r
}

// Wrap returns content with probe laid over its top-left pixel.
func Wrap(content, probe fyne.CanvasObject) fyne.CanvasObject {
	c := &fyne.Container{Layout: overlay{}, Objects: []fyne.CanvasObject{content, probe}}
	return c
}

type overlay struct{}

func (overlay) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Resize(size)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[1].Resize(fyne.NewSize(1, 1))
	objs[1].Move(fyne.NewPos(0, 0))
}

func (overlay) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }
