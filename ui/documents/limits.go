package documents

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/client"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// limitsBar shows, for the owner's own personal workspaces, the upload limits the server last
// reported: workspace bytes used of the limit as a bar, and uploads and OCR pages left today.
type limitsBar struct {
	bar   *widgets.Meter
	daily *widget.Label
	root  *fyne.Container
	lim   client.Limits
}

func newLimitsBar() *limitsBar {
	l := &limitsBar{bar: widgets.NewMeter(1), daily: widget.NewLabel("")}
	l.bar.Name = "Storage"
	l.bar.Text = func() string {
		return fmt.Sprintf("%s of %s used", words.Bytes(l.lim.WorkspaceBytesUsed), words.Bytes(l.lim.WorkspaceBytesLimit))
	}
	l.root = container.NewBorder(nil, nil, widget.NewLabel("Storage"), nil, container.NewVBox(l.bar))
	l.daily.Wrapping = fyne.TextWrapWord // a narrow window wraps it rather than widening the pane
	l.root = container.NewVBox(l.root, l.daily)
	l.root.Hide()
	return l
}

// set shows lim for ws when ws takes files (the key owner's own personal workspace, not
// published) and the server reported limits for it; otherwise the bar is hidden.
func (l *limitsBar) set(ws records.CachedWorkspace, lim client.Limits, ok bool) {
	if !ok || !ws.TakesFiles() || lim.WorkspaceBytesLimit <= 0 {
		l.root.Hide()
		return
	}
	l.lim = lim
	l.bar.Max = float64(lim.WorkspaceBytesLimit)
	l.bar.SetValue(float64(lim.WorkspaceBytesUsed))
	l.daily.SetText(fmt.Sprintf("Uploads left today: %d of %d · OCR pages left today: %d of %d",
		lim.DailyUploadsRemaining, lim.DailyUploadsLimit, lim.DailyOCRRemaining, lim.DailyOCRLimit))
	l.root.Show()
}
