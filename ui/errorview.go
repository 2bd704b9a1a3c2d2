package ui

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/client"
)

// describeError returns what went wrong in words and, apart, the request id to quote.
func describeError(err error) (message, requestID string) {
	var ae *client.APIError
	if errors.As(err, &ae) {
		return ae.Human(), ae.RequestID
	}
	msg := client.Describe(err)
	if rest, ok := strings.CutPrefix(msg, "Something went wrong: "); ok {
		// The core's own errors are already sentences; show them as they are.
		msg = sentence(rest)
	}
	return msg, ""
}

// sentence capitalises s and ends it with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// errorView shows an error where it happened: an icon, the sentence, and the request id in a
// selectable label with a copy button for a support report. It is hidden while there is no error.
type errorView struct {
	box     *fyne.Container
	message *widget.Label
	reqRow  *fyne.Container
	reqID   *widget.Label
	err     error
}

func newErrorView() *errorView {
	e := &errorView{message: widget.NewLabel(""), reqID: widget.NewLabel("")}
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
	msg, id := describeError(err)
	e.message.SetText(msg)
	e.reqID.SetText(id)
	if id == "" {
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
