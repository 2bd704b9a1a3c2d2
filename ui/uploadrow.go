package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/internal/words"
)

// uploadItem is one line of the uploads panel: a queue entry, or a file refused before it was
// queued (Entry.ID 0) with its reason.
type uploadItem struct {
	Entry  app.Upload
	Reason string // a refused file: why
}

// refused reports a file that never entered the queue.
func (it uploadItem) refused() bool { return it.Entry.ID == 0 }

// running reports an entry still on its way: queued, sending or processing.
func (it uploadItem) running() bool { return !it.refused() && !it.Entry.State.Final() }

// uploadRow is the one row type of the uploads panel, redrawn with set for whatever item its list
// slot shows: name and size, the bytes sent as a bar, the state in words, the reason or warnings,
// and Retry (or Send as …) and Remove.
type uploadRow struct {
	widget.BaseWidget
	name, size, detail *widget.Label
	state              *Badge
	bar                *widget.ProgressBar
	retry, remove      *widget.Button
	item               uploadItem

	// OnRetry and OnRemove are called with the item shown when its buttons are pressed.
	OnRetry, OnRemove func(uploadItem)
}

var _ fyne.Widget = (*uploadRow)(nil)

func newUploadRow() *uploadRow {
	r := &uploadRow{name: widget.NewLabel(""), size: widget.NewLabel(""), detail: widget.NewLabel(""),
		state: NewBadge("", theme.ColorNameInputBorder), bar: widget.NewProgressBar()}
	r.name.TextStyle = fyne.TextStyle{Bold: true}
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.size.Importance = widget.LowImportance
	r.detail.Truncation = fyne.TextTruncateEllipsis
	r.detail.SizeName = theme.SizeNameCaptionText
	r.retry = widget.NewButtonWithIcon("Retry", theme.ViewRefreshIcon(), func() { r.fire(r.OnRetry) })
	r.remove = widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { r.fire(r.OnRemove) })
	r.retry.Importance, r.remove.Importance = widget.LowImportance, widget.LowImportance
	r.ExtendBaseWidget(r)
	return r
}

func (r *uploadRow) fire(fn func(uploadItem)) {
	if fn != nil {
		fn(r.item)
	}
}

// CreateRenderer lays the row out: the name line, then the bar or the reason.
func (r *uploadRow) CreateRenderer() fyne.WidgetRenderer {
	right := container.NewHBox(r.size, container.NewCenter(r.state), r.retry, r.remove)
	top := container.NewBorder(nil, nil, nil, right, r.name)
	bottom := container.NewStack(r.bar, r.detail)
	return widget.NewSimpleRenderer(container.NewVBox(top, bottom, layout.NewSpacer()))
}

// set shows it in the row.
func (r *uploadRow) set(it uploadItem) {
	r.item = it
	e := it.Entry
	r.name.SetText(e.Name)
	r.size.SetText(words.Bytes(e.Size))
	word, col := uploadStateWords(it)
	r.state.Text, r.state.Color = word, col
	r.state.Refresh()
	sending := !it.refused() && (e.State == app.UploadSending || e.State == app.UploadQueued) && e.Error == ""
	showIf(r.bar, sending)
	showIf(r.detail, !sending)
	if sending {
		r.bar.Max = float64(max(e.Size, 1))
		r.bar.SetValue(float64(e.Sent))
	}
	r.detail.SetText(uploadDetail(it))
	r.detail.Importance = widget.MediumImportance
	if it.refused() || e.State == app.UploadFailed {
		r.detail.Importance = widget.DangerImportance
	}
	r.detail.Refresh()
	r.setRetry(it)
}

// setRetry shows Retry for a failed entry, "Send as …" after duplicate_name.
func (r *uploadRow) setRetry(it uploadItem) {
	e := it.Entry
	showIf(r.retry, e.State == app.UploadFailed)
	if e.SuggestedName != "" {
		r.retry.SetText("Send as “" + e.SuggestedName + "”")
	} else {
		r.retry.SetText("Retry")
	}
}

// uploadStateWords names the state shown on the row's badge, and its colour.
func uploadStateWords(it uploadItem) (string, fyne.ThemeColorName) {
	e := it.Entry
	switch {
	case it.refused():
		return "not added", theme.ColorNameError
	case e.State == app.UploadFailed:
		return "failed", theme.ColorNameError
	case e.State == app.UploadReady:
		return "ready", theme.ColorNameSuccess
	case e.Error != "":
		return "waiting", theme.ColorNameWarning
	case e.State == app.UploadProcessing && e.Status == client.StatusNotReady:
		return "indexing", theme.ColorNamePrimary
	case e.State == app.UploadProcessing && e.Status != "" && e.Status != client.StatusProcessing:
		return e.Status, theme.ColorNamePrimary // a status this version does not know, as it came
	}
	return string(e.State), theme.ColorNamePrimary
}

// uploadDetail is the row's second line: the reason, what is happening, or the warnings.
func uploadDetail(it uploadItem) string {
	e := it.Entry
	switch {
	case it.refused():
		return it.Reason
	case e.Error != "":
		return e.Error
	case e.State == app.UploadProcessing && e.Status == client.StatusNotReady:
		return withWarnings("Stored; the server is indexing it", e.Warnings)
	case e.State == app.UploadProcessing:
		return withWarnings("The server is reading the file", e.Warnings)
	case e.State == app.UploadReady:
		return withWarnings("Ready to ask", e.Warnings)
	}
	return ""
}

// warningWords says an upload warning token in words; unknown tokens are shown as they came.
var warningWords = map[string]string{"ocr_used": "read with OCR (scanned pages)"}

func withWarnings(s string, warnings []string) string {
	var w []string
	for _, t := range warnings {
		if words, ok := warningWords[t]; ok {
			w = append(w, words)
		} else {
			w = append(w, t)
		}
	}
	if len(w) == 0 {
		return s
	}
	return fmt.Sprintf("%s · %s", s, strings.Join(w, ", "))
}
