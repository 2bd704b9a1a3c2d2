package conversation

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/ui/widgets"
)

// branchPager is a turn's ‹ 2/3 ›: shown on a question that has other versions (an edit, a
// Retry), it switches to the one before or after, with the turns that followed it.
type branchPager struct {
	box        *fyne.Container
	prev, next *widgets.Button
	place      *widget.Label
	at         records.BranchPlace
}

// newBranchPager makes a pager whose buttons call step with -1 or 1.
func newBranchPager(step func(int)) *branchPager {
	p := &branchPager{place: widget.NewLabel("")}
	p.prev = widgets.NewIconButton("", theme.NavigateBackIcon(), func() { step(-1) })
	p.next = widgets.NewIconButton("", theme.NavigateNextIcon(), func() { step(1) })
	p.prev.Importance, p.next.Importance = widget.LowImportance, widget.LowImportance
	p.box = container.NewHBox(p.prev, p.place, p.next)
	p.box.Hide()
	return p
}

// set shows place, or hides the pager when the question has no other version.
func (p *branchPager) set(place records.BranchPlace) {
	p.at = place
	widgets.ShowIf(p.box, place.Branched())
	if !place.Branched() {
		return
	}
	p.place.SetText(fmt.Sprintf("%d/%d", place.Index, place.Count))
	p.prev.Label = fmt.Sprintf("Previous version of this question (this is version %d of %d)", place.Index, place.Count)
	p.next.Label = fmt.Sprintf("Next version of this question (this is version %d of %d)", place.Index, place.Count)
	enableIf(p.prev, place.Index > 1)
	enableIf(p.next, place.Index < place.Count)
}

// enableIf enables b when on, else disables it.
func enableIf(b fyne.Disableable, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// toward is the button that steps the way step does, or the other one when that way is at its end.
func (p *branchPager) toward(step int) fyne.Focusable {
	if (step < 0 && !p.prev.Disabled()) || p.next.Disabled() {
		return p.prev
	}
	return p.next
}
