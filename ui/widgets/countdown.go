package widgets

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Countdown says how long a wait has left ("Waiting for the tools' shared limit: 42 s left"), its
// text updated each second until the time is reached or Stop is called. A person sees
// that the app is waiting on purpose, and for how long.
type Countdown struct {
	widget.BaseWidget
	// Label holds the words, updated each second.
	Label *widget.Label
	// Now tells the time; tests set it.
	Now func() time.Time

	why   string
	until time.Time
	do    func(func()) // back to the UI goroutine; nil: the text changes only on Tick
	gen   int          // a Start or Stop ends the ticks of the Start before it
	root  *fyne.Container
}

// NewCountdown makes a hidden countdown whose ticks come back to the UI goroutine through do.
func NewCountdown(do func(func())) *Countdown {
	c := &Countdown{Label: widget.NewLabel(""), Now: time.Now, do: do}
	c.ExtendBaseWidget(c)
	c.Label.Wrapping = fyne.TextWrapWord
	c.Label.Importance = widget.WarningImportance
	c.root = container.NewBorder(nil, nil, widget.NewIcon(theme.HistoryIcon()), nil, c.Label)
	c.Hide()
	return c
}

// CreateRenderer returns the countdown's renderer.
func (c *Countdown) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(c.root) }

// Start shows the wait until until, why saying what is waited for; it ticks each second (UI
// goroutine).
func (c *Countdown) Start(why string, until time.Time) {
	c.gen++
	c.why, c.until = why, until
	c.Show()
	c.Tick()
	gen := c.gen
	tickEachSecond(c.do, func() bool { return c.gen == gen && c.Visible() && c.Tick() > 0 })
}

// Tick writes the time left and returns it (0 once reached).
func (c *Countdown) Tick() time.Duration {
	left := c.Left()
	c.Label.SetText(c.why + ": " + LeftText(left))
	return left
}

// Left is the time left to wait, 0 once reached.
func (c *Countdown) Left() time.Duration { return max(c.until.Sub(c.Now()), 0) }

// Stop hides the countdown and ends its ticks (the wait is over or was given up).
func (c *Countdown) Stop() {
	c.gen++
	c.Hide()
}

// Running says whether the countdown is shown.
func (c *Countdown) Running() bool { return c.Visible() }

// LeftText says a time left in whole seconds rounded up: "42 s left", "1 min 5 s left", "a
// moment left" under a second.
func LeftText(d time.Duration) string {
	secs := (d + time.Second - 1) / time.Second
	if secs <= 0 {
		return "a moment left"
	}
	return WaitWords(secs*time.Second) + " left"
}

// WaitWords writes a wait in whole seconds, as a line that changes each second says it: "12 s",
// "2 min 5 s".
func WaitWords(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%d s", int(d.Seconds()))
	}
	return fmt.Sprintf("%d min %d s", int(d.Minutes()), int(d.Seconds())%60)
}

// AccessibilityLabel says what is waited for and how long is left.
func (c *Countdown) AccessibilityLabel() string { return c.Label.Text }

// AccessibilityRole is text.
func (c *Countdown) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

var _ fyne.Accessible = (*Countdown)(nil)
