package widgets

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// CallProgress shows how far a running call is, as its server says (an MCP tool's progress): a
// bar when the total is known, the progress in words, and how long the call has run, its time
// updated each second until Stop. A person sees that a slow call moves, and for how long it has.
type CallProgress struct {
	widget.BaseWidget
	// Bar shows the part done; hidden when the total is not known.
	Bar *widget.ProgressBar
	// Label says the progress and the time run: "2 of 5 (40%) · 12 s".
	Label *widget.Label
	// Now tells the time; the view sets its clock.
	Now func() time.Time

	words   string
	started time.Time
	do      func(func()) // back to the UI goroutine; nil: the time changes only on Tick
	gen     int          // a Start or Stop ends the ticks of the Start before it
	root    *fyne.Container
}

// NewCallProgress makes a hidden progress.
func NewCallProgress() *CallProgress {
	p := &CallProgress{Bar: widget.NewProgressBar(), Label: widget.NewLabel(""), Now: time.Now}
	p.ExtendBaseWidget(p)
	p.Label.Wrapping = fyne.TextWrapWord
	p.root = container.NewVBox(p.Bar, p.Label)
	p.Hide()
	return p
}

// CreateRenderer returns the progress's renderer.
func (p *CallProgress) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.root) }

// Start shows a call running since started: fraction of it done (below 0: not known, no bar),
// words saying its progress ("" before the server said any); the time run ticks each second
// through do (UI goroutine).
func (p *CallProgress) Start(started time.Time, fraction float64, words string, do func(func())) {
	p.gen++
	p.started, p.words, p.do = started, words, do
	ShowIf(p.Bar, fraction >= 0)
	p.Bar.SetValue(max(fraction, 0))
	p.Show()
	p.Tick()
	gen := p.gen
	tickEachSecond(do, func() bool {
		if p.gen != gen || !p.Visible() {
			return false
		}
		p.Tick()
		return true
	})
}

// Tick writes the progress and the time run.
func (p *CallProgress) Tick() {
	ran := "running for " + WaitWords(max(p.Now().Sub(p.started), 0).Truncate(time.Second))
	if p.words != "" {
		ran = p.words + " · " + ran
	}
	p.Label.SetText(ran)
}

// Stop hides the progress and ends its ticks (the call ended, or its card is dropped).
func (p *CallProgress) Stop() {
	p.gen++
	p.Hide()
}

// Running says whether the progress is shown.
func (p *CallProgress) Running() bool { return p.Visible() }

// AccessibilityLabel says the progress and the time run.
func (p *CallProgress) AccessibilityLabel() string { return p.Label.Text }

// tickEachSecond calls tick on the UI goroutine (through do) a second from now, and again each
// second while it returns true; nothing when do is nil.
func tickEachSecond(do func(func()), tick func() bool) {
	if do == nil {
		return
	}
	time.AfterFunc(time.Second, func() {
		do(func() {
			if tick() {
				tickEachSecond(do, tick)
			}
		})
	})
}
