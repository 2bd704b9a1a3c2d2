package widgets

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// ToastFor is how long a toast stays; tests shorten it.
var ToastFor = 3 * time.Second

// Toast is a short confirmation shown beside what was done ("Copied", "Exported to …"), hidden
// again after ToastFor: an action that changes nothing on screen still says it happened.
type Toast struct {
	Label *widget.Label
	do    func(func()) // back to the UI goroutine; nil: the toast stays until the next one
	gen   int
}

// NewToast makes a hidden toast whose hiding comes back to the UI goroutine through do.
func NewToast(do func(func())) *Toast {
	t := &Toast{Label: widget.NewLabel(""), do: do}
	t.Label.Importance = widget.SuccessImportance
	t.Label.Truncation = fyne.TextTruncateEllipsis
	t.Label.Hide()
	return t
}

// Say shows text for ToastFor (UI goroutine).
func (t *Toast) Say(text string) {
	t.gen++
	gen := t.gen
	t.Label.SetText(text)
	t.Label.Show()
	if t.do == nil {
		return
	}
	time.AfterFunc(ToastFor, func() {
		t.do(func() {
			if t.gen == gen { // a later toast keeps its own time
				t.Label.Hide()
			}
		})
	})
}

// Text is what the toast says while shown, "" when hidden.
func (t *Toast) Text() string {
	if !t.Label.Visible() {
		return ""
	}
	return t.Label.Text
}
