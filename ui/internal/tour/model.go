package tour

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"time"

	"lectern/app/modelchat"

	"fyne.io/fyne/v2"
)

// The model chat stops, on the demo (its tiers: Instant without tools or vision, Fast and Smart
// with both; app/model_demo.go's get_weather function and price list schema).

// startModelChat opens a new model chat in the pane and sets it up once its tiers are read.
func (t *tour) startModelChat(tier, system, format string) error {
	onUI(func() { t.w.FoldDocuments(true); t.w.ShowUploads(false) })
	onUI(t.w.NewModelChat)
	if !waitFor(30*time.Second, func() bool { return t.w.SetUpModelChat(tier, system, format) }) {
		return fmt.Errorf("the model chat did not offer the tier %q or the format %q", tier, format)
	}
	return nil
}

// askModel sends question in the model chat shown and waits until until holds for the answer.
func (t *tour) askModel(question string, until func(text string, streaming bool) bool) error {
	onUI(func() { t.w.Ask(question) })
	if !waitFor(60*time.Second, func() bool { return until(t.w.Answer()) }) {
		return fmt.Errorf("no answer to %q", question)
	}
	return nil
}

// askModelUntilEnd sends question in the new model chat shown and waits until its one turn has
// ended (an answer of function calls has no text).
func (t *tour) askModelUntilEnd(question string) error {
	onUI(func() { t.w.Ask(question) })
	if !waitFor(60*time.Second, func() bool { _, streaming := t.w.Answer(); return !streaming && t.turns() == 1 }) {
		return fmt.Errorf("the answer to %q did not end", question)
	}
	return nil
}

// finished holds for an answer that has ended.
func finished(text string, streaming bool) bool { return !streaming && text != "" }

// modelImage shoots a finished answer of the Fast tier to a message sent with an image (a small
// PNG drawn here), the image shown in its turn.
func (t *tour) modelImage() (fyne.Window, error) {
	if err := t.startModelChat("Fast", "", ""); err != nil {
		return nil, err
	}
	path, err := writeTourPNG()
	if err != nil {
		return nil, err
	}
	onUI(func() { t.w.TakeImages([]string{path}) })
	if !waitFor(10*time.Second, func() bool { return len(t.w.Attached()) == 1 }) {
		return nil, errors.New("the image was not attached")
	}
	err = t.askModel("What is in this picture?", finished)
	return t.w.Main(), err
}

// writeTourPNG draws a small picture (a sun over a hill) and writes it as a PNG file.
func writeTourPNG() (string, error) {
	img := image.NewRGBA(image.Rect(0, 0, 96, 64))
	for y := range 64 {
		for x := range 96 {
			c := color.RGBA{R: 135, G: 190, B: 235, A: 255} // sky
			if dx, dy := x-68, y-18; dx*dx+dy*dy < 120 {
				c = color.RGBA{R: 250, G: 200, B: 40, A: 255} // sun
			} else if dx := x - 30; y > 44+dx*dx/120 {
				c = color.RGBA{R: 70, G: 150, B: 70, A: 255} // hill
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "lectern-tour-image")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "hill-at-noon.png")
	return path, os.WriteFile(path, buf.Bytes(), 0o644)
}

// modelTierPicker shoots the tier picker open over a new model chat: each tier with its marks,
// window and longest answer.
func (t *tour) modelTierPicker() (fyne.Window, error) {
	if err := t.startModelChat("Smart", "", ""); err != nil {
		return nil, err
	}
	onUI(t.w.OpenTierPicker)
	return t.w.Main(), nil
}

// closeOverlays closes the popup the previous stop opened, and takes the focus from the picker.
func (t *tour) closeOverlays() {
	onUI(func() {
		t.w.Main().Canvas().Unfocus()
		o := t.w.Main().Canvas().Overlays()
		for o.Top() != nil {
			o.Remove(o.Top())
		}
	})
}

// modelFunctionCall shoots the demo's function call: a message naming get_weather makes the
// small model call it, shown as a card.
func (t *tour) modelFunctionCall() (fyne.Window, error) {
	t.closeOverlays()
	if err := t.startModelChat("Fast", "", ""); err != nil {
		return nil, err
	}
	return t.w.Main(), t.askModelUntilEnd("What does get_weather say for Lisbon today?")
}

// turns counts the turns shown.
func (t *tour) turns() int {
	if l := t.w.TurnList(); l != nil {
		return l.Length()
	}
	return 0
}

// modelJSON shoots a JSON answer fitting the demo's price list schema, shown as a tree.
func (t *tour) modelJSON() (fyne.Window, error) {
	if _, err := t.b.Models().SaveSchema(context.Background(), modelchat.ExampleSchema()); err != nil {
		return nil, err
	}
	if err := t.startModelChat("Smart", "", "JSON: "+modelchat.ExampleSchema().Name); err != nil {
		return nil, err
	}
	err := t.askModel("List three office supplies with their prices.", finished)
	return t.w.Main(), err
}

// modelContextMeter shoots the context meter near full: a long system prompt on Instant (its
// window is the smallest), one message, and a long draft in the box.
func (t *tour) modelContextMeter() (fyne.Window, error) {
	system := "You are the office assistant of a small company. " +
		strings.Repeat("Answer briefly, in plain words, and say when the documents do not cover a question. ", 400)
	if err := t.startModelChat("Instant", system, ""); err != nil {
		return nil, err
	}
	if err := t.askModelUntilEnd("Hello! What can you help me with?"); err != nil {
		return nil, err
	}
	draft := "Please summarise the following notes. " + strings.Repeat("The team met to plan the move to the new office. ", 430)
	onUI(func() { t.w.TypeQuestion(draft) })
	var meter string
	if !waitFor(10*time.Second, func() bool { meter = t.w.ContextMeter(); return strings.Contains(meter, "of 16,384") }) {
		return nil, fmt.Errorf("the context meter reads %q", meter)
	}
	return t.w.Main(), nil
}
