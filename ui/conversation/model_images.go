package conversation

import (
	"bytes"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// thumbSize is the side of an image's thumbnail above the question box and in a turn.
const thumbSize = 72

// imageTray holds the images to send with the next message: thumbnails above the question box,
// each with a remove button. The images are checked by content when taken (app.LoadImage); the
// counts and sizes of the whole message are app's checks, said by the context meter and on send.
type imageTray struct {
	m       *modelBar
	images  []app.Image
	refused []app.Image // taken while the tier cannot read images: sent once the person switches
	box     *fyne.Container
}

func newImageTray(m *modelBar) *imageTray {
	return &imageTray{m: m, box: container.NewHBox()}
}

// choose asks for image files with the file dialog.
func (t *imageTray) choose() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		path := r.URI().Path()
		_ = r.Close()
		t.m.c.TakeImages([]string{path})
	}, t.m.c.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp"}))
	dialogs.Show(d, t.m.c.win)
}

// take adds images to the message, or holds them with the reason when the tier cannot read
// images, offering a switch to one that can.
func (t *imageTray) take(images []app.Image) {
	tier, _ := t.m.tierNamed(t.m.c.conv.Model)
	if len(t.m.tiers) > 0 && !tier.Vision {
		t.refused = append(t.refused, images...)
		t.sayRefused()
		return
	}
	t.images = append(t.images, images...)
	t.redraw()
	t.m.meter.changed()
}

// sayRefused says why the held images are not taken, with a button moving the chat to the first
// tier that reads images.
func (t *imageTray) sayRefused() {
	var vision []string
	for _, tr := range t.m.tiers {
		if tr.Vision {
			vision = append(vision, tr.Name)
		}
	}
	why := fmt.Sprintf("%s cannot read images, so %s not attached.", t.m.c.conv.Model, imagesWord(len(t.refused)))
	if len(vision) == 0 {
		t.m.setNote(why+" No tier this key may use reads images.", "", nil)
		return
	}
	to := vision[0]
	t.m.setNote(fmt.Sprintf("%s %s can (%s).", why, to, strings.Join(vision, ", ")), "Switch to "+to, func() { t.m.selectTier(to) })
}

func imagesWord(n int) string {
	if n == 1 {
		return "the image is"
	}
	return fmt.Sprintf("the %d images are", n)
}

// tierChanged attaches the images held back once the tier reads images, and holds back those
// attached when it does not: one note says so, with the switch to a tier that reads them (the
// context meter then has no images to refuse, which said it again).
func (t *imageTray) tierChanged() {
	held := append(t.refused, t.images...)
	if len(held) == 0 {
		return
	}
	t.images, t.refused = nil, nil
	t.redraw()
	t.take(held)
}

// remove drops image i from the message.
func (t *imageTray) remove(i int) {
	if i < len(t.images) {
		t.images = append(t.images[:i:i], t.images[i+1:]...)
		t.redraw()
		t.m.meter.changed()
	}
}

// takeAll empties the tray, returning its images (they go with the message).
func (t *imageTray) takeAll() []app.Image {
	images := t.images
	t.clear()
	return images
}

// giveBack puts the images of a message refused before it was sent back in the tray.
func (t *imageTray) giveBack(images []app.Image) {
	if len(images) > 0 && len(t.images) == 0 {
		t.images = images
		t.redraw()
	}
}

// clear empties the tray and forgets the images held back.
func (t *imageTray) clear() {
	t.images, t.refused = nil, nil
	t.redraw()
}

// redraw shows a thumbnail with a remove button for each image.
func (t *imageTray) redraw() {
	t.box.RemoveAll()
	for i, img := range t.images {
		rm := widgets.NewIconButton("Remove "+app.OneLine(img.Name), theme.CancelIcon(), func() { t.remove(i) })
		rm.Importance = widget.LowImportance
		t.box.Add(container.NewVBox(thumbnail(img), container.NewBorder(nil, nil, nil, rm, widget.NewLabel(app.OneLine(img.Name)))))
	}
}

// thumbnail is a small picture of img, its whole picture fitted in a square.
func thumbnail(img app.Image) fyne.CanvasObject {
	pic := canvas.NewImageFromReader(bytes.NewReader(img.Data), img.Name)
	pic.FillMode = canvas.ImageFillContain
	pic.SetMinSize(fyne.NewSquareSize(thumbSize))
	return pic
}

// TakeImages adds the image files at paths to the next message of the model chat shown (Attach,
// or a drop onto the window), each checked by content off the UI goroutine; it reports whether a
// model chat is shown to take them.
func (c *Pane) TakeImages(paths []string) bool {
	if c.model == nil || c.conv.Kind != app.KindModel {
		return false
	}
	takeFiles(c, app.KindModel, paths, app.LoadImage, c.model.images.take)
	return true
}

// Attached names the images attached to the next message of the model chat shown.
func (c *Pane) Attached() []string {
	var names []string
	for _, img := range c.model.images.images {
		names = append(names, img.Name)
	}
	return names
}
