package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
)

// errorView shows an error where it happened: an icon, the sentence, and the request id in a
// selectable label with a copy button for a support report. It is hidden while there is no error.
type errorView struct {
	box     *fyne.Container
	message *widget.Label
	reqRow  *fyne.Container
	reqID   *widget.Label
	err     error
	explain func(error) app.Explanation
}

// newErrorView makes a hidden error view whose sentences come from explain (the core's Explain).
func newErrorView(explain func(error) app.Explanation) *errorView {
	e := &errorView{message: widget.NewLabel(""), reqID: widget.NewLabel(""), explain: explain}
	e.message.Wrapping = fyne.TextWrapWord
	e.message.Importance = widget.DangerImportance
	e.reqID.Selectable = true
	copyBtn := widget.NewButtonWithIcon("Copy", theme.ContentCopyIcon(), func() {
		fyne.CurrentApp().Clipboard().SetContent(e.reqID.Text)
	})
	copyBtn.Importance = widget.LowImportance
	e.reqRow = container.NewHBox(widget.NewLabel("Request id:"), e.reqID, copyBtn)
	icon := widget.NewIcon(theme.NewErrorThemedResource(theme.ErrorIcon()))
	e.box = container.NewBorder(nil, e.reqRow, container.NewVBox(icon), nil, e.message)
	e.box.Hide()
	return e
}

// SetError shows err, or hides the view when err is nil.
func (e *errorView) SetError(err error) {
	e.err = err
	if err == nil {
		e.box.Hide()
		return
	}
	x := e.explain(err)
	e.message.SetText(app.SafeText(x.Sentence))
	e.reqID.SetText(app.OneLine(x.RequestID))
	if x.RequestID == "" {
		e.reqRow.Hide()
	} else {
		e.reqRow.Show()
	}
	e.box.Show()
}

// Message returns the sentence shown, "" when hidden.
func (e *errorView) Message() string {
	if e.err == nil {
		return ""
	}
	return e.message.Text
}

// RequestID returns the request id shown, "" when none.
func (e *errorView) RequestID() string {
	if e.err == nil {
		return ""
	}
	return e.reqID.Text
}
