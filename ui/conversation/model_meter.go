package conversation

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/app/conversations"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// meterDelay is how long the draft rests before the context meter is measured again: typing
// does not estimate the whole conversation at every key.
const meterDelay = 300 * time.Millisecond

// contextMeter is the line by the question box saying how much of the tier's context window the
// conversation, as it will be sent with the draft, takes; and when the oldest turns are left out
// to fit, how many. It is measured by app (Conversations.Meter), the same code that trims.
type contextMeter struct {
	m       *modelBar
	tokens  *widget.Label
	leftOut *widget.Label
	box     *fyne.Container
	timer   *time.Timer
	asked   int // the measure last asked; an older one arriving late is dropped
}

func newContextMeter(m *modelBar) *contextMeter {
	k := &contextMeter{m: m, tokens: widget.NewLabel(""), leftOut: widget.NewLabel("")}
	k.leftOut.Wrapping, k.leftOut.Importance = fyne.TextWrapWord, widget.WarningImportance
	k.box = container.NewVBox(k.tokens, k.leftOut)
	k.clear()
	return k
}

// clear empties the meter (a new chat not saved yet has no conversation to measure).
func (k *contextMeter) clear() {
	k.tokens.SetText("")
	k.tokens.Hide()
	k.leftOut.Hide()
}

// changed measures again once the draft rests (UI goroutine).
func (k *contextMeter) changed() {
	if k.timer != nil {
		k.timer.Stop()
	}
	k.asked++
	n := k.asked
	k.timer = time.AfterFunc(meterDelay, func() { k.m.c.lf.Do(func() { k.measure(n) }) })
}

// measure asks app for the meter of the draft and shows it (UI goroutine, then off it).
func (k *contextMeter) measure(n int) {
	c := k.m.c
	if n != k.asked || c.conv.Kind != records.KindModel || c.conv.ID == 0 {
		return
	}
	id, draft, functions := c.conv.ID, conversations.Message{Text: c.input.Text, Images: k.m.images.images, FileTexts: k.m.files.texts()}, k.m.offered()
	go func() {
		meter, err := k.m.store.Models.Meter(c.lf.Ctx, id, draft, functions)
		c.lf.Do(func() {
			if n == k.asked && c.conv.ID == id {
				k.show(meter, err)
			}
		})
	}()
}

// show puts a measure in words.
func (k *contextMeter) show(meter modelchat.ContextMeter, err error) {
	switch {
	case err != nil:
		k.tokens.SetText("The context meter cannot tell: " + k.m.c.b.Explain(err).Sentence)
	case meter.Window > 0:
		k.tokens.SetText(fmt.Sprintf("Context: about %s of %s tokens (%s)", words.Thousands(meter.Tokens),
			words.Thousands(meter.Window), meter.Tier))
	default:
		k.tokens.SetText(fmt.Sprintf("Context: about %s tokens (%s does not say its window)", words.Thousands(meter.Tokens), meter.Tier))
	}
	k.tokens.Show()
	k.leftOut.SetText(leftOutLine(meter))
	widgets.ShowIf(k.leftOut, k.leftOut.Text != "")
}

// leftOutLine says how many of the oldest turns are left out to fit the window, or why the draft
// cannot be sent; "" when everything fits.
func leftOutLine(meter modelchat.ContextMeter) string {
	if meter.Problem != "" {
		return meter.Problem
	}
	if meter.LeftOut > 0 {
		verb := "are"
		if meter.LeftOut == 1 {
			verb = "is"
		}
		return fmt.Sprintf("The oldest %s %s left out to fit the window (never the system prompt or your message).",
			words.Count(meter.LeftOut, "turn"), verb)
	}
	return ""
}
