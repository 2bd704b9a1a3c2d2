package uploads

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/client"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// Item is one line of the uploads panel: a queue entry, or a file refused before it was
// queued (Entry.ID 0) with its reason.
type Item struct {
	Entry  records.Upload
	Reason string // a refused file: why
}

// Refused reports a file that never entered the queue.
func (it Item) Refused() bool { return it.Entry.ID == 0 }

// Running reports an entry still on its way: queued, sending or processing.
func (it Item) Running() bool { return !it.Refused() && !it.Entry.State.Final() }

// uploadRow is the one row type of the uploads panel, redrawn with set for whatever item its list
// slot shows: name and size, the bytes sent as a bar, the state in words, the reason or warnings,
// and Retry (or Send as …) and Remove.
type uploadRow struct {
	widget.BaseWidget
	name, size, detail *widget.Label
	state              *widgets.Badge
	bar                *widgets.Meter
	retry              *widget.Button
	remove             *widgets.Button
	item               Item

	// OnRetry and OnRemove are called with the item shown when its buttons are pressed.
	OnRetry, OnRemove func(Item)
}

var _ fyne.Widget = (*uploadRow)(nil)

func newUploadRow() *uploadRow {
	r := &uploadRow{name: widget.NewLabel(""), size: widget.NewLabel(""), detail: widget.NewLabel(""),
		state: widgets.NewBadge("", theme.ColorNameInputBorder), bar: widgets.NewMeter(1)}
	r.name.TextStyle = fyne.TextStyle{Bold: true}
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.size.SizeName = theme.SizeNameCaptionText // quieter by its size: the disabled grey read at 1.9:1
	r.detail.Truncation = fyne.TextTruncateEllipsis
	r.detail.SizeName = theme.SizeNameCaptionText
	r.retry = widget.NewButtonWithIcon("Retry", theme.ViewRefreshIcon(), func() { r.fire(r.OnRetry) })
	r.remove = widgets.NewIconButton("Remove", theme.DeleteIcon(), func() { r.fire(r.OnRemove) })
	r.bar.Name = "Sent"
	r.retry.Importance, r.remove.Importance = widget.LowImportance, widget.LowImportance
	r.ExtendBaseWidget(r)
	return r
}

func (r *uploadRow) fire(fn func(Item)) {
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
func (r *uploadRow) set(it Item) {
	r.item = it
	e := it.Entry
	r.name.SetText(e.Name)
	r.remove.Label = "Remove " + e.Name
	r.size.SetText(words.Bytes(e.Size))
	word, col := stateWords(it)
	r.state.Text, r.state.Color = word, col
	r.state.Refresh()
	sending := !it.Refused() && (e.State == records.UploadSending || e.State == records.UploadQueued) && e.Error == ""
	widgets.ShowIf(r.bar, sending)
	widgets.ShowIf(r.detail, !sending)
	if sending {
		r.bar.Max = float64(max(e.Size, 1))
		r.bar.SetValue(float64(e.Sent))
	}
	r.detail.SetText(detail(it))
	r.detail.Importance = widget.MediumImportance
	if it.Refused() || e.State == records.UploadFailed {
		r.detail.Importance = widget.DangerImportance
	}
	r.detail.Refresh()
	r.setRetry(it)
}

// setRetry shows Retry for a failed entry, "Send as …" after duplicate_name.
func (r *uploadRow) setRetry(it Item) {
	e := it.Entry
	widgets.ShowIf(r.retry, e.Retryable())
	if e.SuggestedName != "" {
		r.retry.SetText("Send as “" + e.SuggestedName + "”")
	} else {
		r.retry.SetText("Retry")
	}
}

// stateWords names the state shown on the row's badge, and its colour.
func stateWords(it Item) (string, fyne.ThemeColorName) {
	e := it.Entry
	switch {
	case it.Refused():
		return "not added", theme.ColorNameError
	case e.State == records.UploadFailed:
		return "failed", theme.ColorNameError
	case e.State == records.UploadReady:
		return "ready", theme.ColorNameSuccess
	case e.Error != "":
		return "waiting", theme.ColorNameWarning
	case e.State == records.UploadProcessing && e.Status == client.StatusNotReady:
		return "indexing", theme.ColorNamePrimary
	case e.State == records.UploadProcessing && e.Status != "" && e.Status != client.StatusProcessing:
		return e.Status, theme.ColorNamePrimary // a status this version does not know, as it came
	}
	return string(e.State), theme.ColorNamePrimary
}

// detail is the row's second line: the reason, what is happening, or the warnings.
func detail(it Item) string {
	e := it.Entry
	switch {
	case it.Refused():
		return it.Reason
	case e.Error != "":
		return e.Error
	case e.State == records.UploadProcessing && e.Status == client.StatusNotReady:
		return withWarnings("Stored; the server is indexing it", e.Warnings)
	case e.State == records.UploadProcessing:
		return withWarnings("The server is reading the file", e.Warnings)
	case e.State == records.UploadReady:
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

// State is the row's state in words, as its badge shows it ("ready", "not added", …).
func (it Item) State() string {
	w, _ := stateWords(it)
	return w
}

// Detail is the row's second line: the reason, what is happening, or the warnings.
func (it Item) Detail() string { return detail(it) }

// AccessibilityLabel says the file and where it stands, as the row shows it now: "Upload
// travel-policy.txt, indexing", with the bytes sent while sending, or the reason.
func (r *uploadRow) AccessibilityLabel() string {
	label := "Upload " + r.name.Text + ", " + r.state.Text
	if r.bar.Visible() {
		return label + ", " + r.bar.AccessibilityLabel()
	}
	if r.detail.Text != "" {
		label += ", " + r.detail.Text
	}
	return label
}

// AccessibilityRole is text: the row is read as a whole (Fyne's reader does not enter a widget).
func (r *uploadRow) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
