// Package errview shows an error where it happened, in the application core's words
// (app.Explain), with the request id to quote.
package errview

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/explain"
	"lectern/internal/safetext"
)

// View shows an error where it happened: an icon, the sentence, and the request id in a
// selectable label with a copy button for a support report. It is hidden while there is no error.
type View struct {
	// Box is what a layout holds: hidden while there is no error.
	Box     *fyne.Container
	message *widget.Label
	reqRow  *fyne.Container
	reqID   *widget.Label
	err     error
	explain func(error) explain.Explanation
}

// New makes a hidden error view whose sentences come from tell (the core's Explain).
func New(tell func(error) explain.Explanation) *View {
	e := &View{message: widget.NewLabel(""), reqID: widget.NewLabel(""), explain: tell}
	e.message.Wrapping = fyne.TextWrapWord
	e.message.Importance = widget.DangerImportance
	e.reqID.Selectable = true
	copyBtn := widget.NewButtonWithIcon("Copy", theme.ContentCopyIcon(), func() {
		fyne.CurrentApp().Clipboard().SetContent(e.reqID.Text)
	})
	copyBtn.Importance = widget.LowImportance
	e.reqRow = container.NewHBox(widget.NewLabel("Request id:"), e.reqID, copyBtn)
	icon := widget.NewIcon(theme.NewErrorThemedResource(theme.ErrorIcon()))
	e.Box = container.NewBorder(nil, e.reqRow, container.NewVBox(icon), nil, e.message)
	e.Box.Hide()
	return e
}

// SetError shows err, or hides the view when err is nil.
func (e *View) SetError(err error) {
	e.err = err
	if err == nil {
		e.Box.Hide()
		return
	}
	x := e.explain(err)
	e.message.SetText(safetext.Text(x.Sentence))
	e.reqID.SetText(safetext.OneLine(x.RequestID))
	if x.RequestID == "" {
		e.reqRow.Hide()
	} else {
		e.reqRow.Show()
	}
	e.Box.Show()
}

// Message returns the sentence shown, "" when hidden.
func (e *View) Message() string {
	if e.err == nil {
		return ""
	}
	return e.message.Text
}

// RequestID returns the request id shown, "" when none.
func (e *View) RequestID() string {
	if e.err == nil {
		return ""
	}
	return e.reqID.Text
}

// Err returns the error shown, nil when hidden.
func (e *View) Err() error { return e.err }

// KeyExplain tells a refused key as the answer to the key just entered; other errors as tell does.
func KeyExplain(tell func(error) explain.Explanation) func(error) explain.Explanation {
	return func(err error) explain.Explanation {
		x := tell(err)
		if x.Code == "api_key_required" {
			x.Sentence = "The server refused this key: it is missing or wrong. Check it, or create a new one in " +
				"the service's key management page."
		}
		return x
	}
}
