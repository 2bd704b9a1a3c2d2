package widgets

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// CallStatus is where a function call stands: shown (no status yet), running, done or failed. The
// tools issue sets it when the app runs its own tools from the card.
type CallStatus int

// The statuses a function-call card shows.
const (
	CallShown   CallStatus = iota // the model asked for the call; nothing has run it
	CallPending                   // running: a spinner
	CallDone                      // finished: a check
	CallFailed                    // failed: an error icon and the reason
	CallAsking                    // waits for the person to allow it (Consent)
	CallWaiting                   // waits for the tools' shared limit (Wait)
	CallRefused                   // the person refused it: not run
	CallStopped                   // stopped (Stop) while it ran: it may have done part of its work
)

// FunctionCallCard shows a function call an answer asked for: its name, its arguments as formatted
// JSON (folded until opened), a status slot, and for a call the app runs, the question whether it
// may run (Consent), the wait for a shared limit (Wait), how far it is while it runs (Progress)
// and its result (Body). Every state is also
// said in words (Toggle's text, StatusLabel, AccessibilityLabel), for readers that do not see icons.
type FunctionCallCard struct {
	widget.BaseWidget
	// Name is the function's name; Arguments the JSON text of its arguments as the model sent it.
	Name, Arguments string
	// Toggle opens and closes the arguments; its text says which ("Show arguments" / "Hide arguments").
	Toggle *widget.Button
	// Args shows the arguments indented (or as sent, with a note, when they are not valid JSON).
	Args *widget.Label
	// StatusIcon, Spinner and StatusLabel make the status slot: an icon or a spinner, and its words.
	StatusIcon  *widget.Icon
	Spinner     *widget.Activity
	StatusLabel *widget.Label
	// Consent asks whether the call may run; Wait counts down a wait for the tools' limit;
	// Progress says how far the running call is and how long it has run.
	Consent  *ConsentBar
	Wait     *Countdown
	Progress *CallProgress
	// Body holds the call's result (SetResult).
	Body *fyne.Container
	// OnToggled, when set, is called after the arguments open or close (the card's height changed).
	OnToggled func(open bool)

	title   *widget.Label
	summary string // the result in a few words, for AccessibilityLabel
	status  CallStatus
	root    *fyne.Container
}

// NewFunctionCallCard makes a folded card for a call to name with the JSON text arguments.
func NewFunctionCallCard(name, arguments string) *FunctionCallCard {
	c := &FunctionCallCard{Name: name, Arguments: arguments, Args: widget.NewLabel(FormatJSON(arguments)),
		StatusIcon: widget.NewIcon(nil), Spinner: widget.NewActivity(), StatusLabel: widget.NewLabel(""),
		Consent: NewConsentBar(), Wait: NewCountdown(nil), Progress: NewCallProgress(), Body: container.NewVBox()}
	c.ExtendBaseWidget(c)
	c.title = widget.NewLabelWithStyle("Function call: "+quoteName(name), fyne.TextAlignLeading,
		fyne.TextStyle{Bold: true})
	c.title.Truncation = fyne.TextTruncateEllipsis
	c.Args.TextStyle, c.Args.Selectable = fyne.TextStyle{Monospace: true}, true
	c.Args.Wrapping = fyne.TextWrapBreak
	c.Args.Hide()
	c.Toggle = widget.NewButtonWithIcon("Show arguments", theme.MenuExpandIcon(), func() { c.SetOpen(!c.Open()) })
	c.Toggle.Importance, c.Toggle.Alignment = widget.LowImportance, widget.ButtonAlignLeading
	ShowIf(c.Toggle, arguments != "") // a tool run on the message has no arguments to show
	c.StatusLabel.SizeName = theme.SizeNameCaptionText
	slot := container.NewHBox(c.StatusIcon, c.Spinner, c.StatusLabel)
	head := container.NewBorder(nil, nil, nil, slot, c.title)
	c.Body.Hide()
	body := container.NewVBox(head, container.NewHBox(c.Toggle, layout.NewSpacer()), c.Args, c.Consent, c.Wait, c.Progress, c.Body)
	c.root = container.NewStack(widget.NewCard("", "", body)) // the card's background follows the theme
	c.SetStatus(CallShown, "")
	return c
}

// CreateRenderer returns the card's renderer.
func (c *FunctionCallCard) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(c.root)
}

// SetTitle names the card in words of its own ("Web search") in place of "Function call: name".
func (c *FunctionCallCard) SetTitle(title string) { c.title.SetText(title) }

// SetResult shows o as the call's result (nil: none), and summary, the result in a few words
// ("5 results"), in the card's accessibility label.
func (c *FunctionCallCard) SetResult(o fyne.CanvasObject, summary string) {
	c.Body.RemoveAll()
	if o != nil {
		c.Body.Add(o)
	}
	ShowIf(c.Body, o != nil)
	c.summary = summary
	c.Refresh()
}

// WaitUntil shows the countdown of a wait until until for why, its ticks coming back through do
// (UI goroutine); Wait.Stop ends it.
func (c *FunctionCallCard) WaitUntil(why string, until time.Time, do func(func())) {
	c.Wait.do = do
	c.Wait.Start(why, until)
}

// Open says whether the arguments are shown.
func (c *FunctionCallCard) Open() bool { return c.Args.Visible() }

// SetOpen shows or folds the arguments, and says which on the toggle.
func (c *FunctionCallCard) SetOpen(open bool) {
	if open == c.Open() {
		return
	}
	ShowIf(c.Args, open)
	if open {
		c.Toggle.SetText("Hide arguments")
		c.Toggle.SetIcon(theme.MenuDropDownIcon())
	} else {
		c.Toggle.SetText("Show arguments")
		c.Toggle.SetIcon(theme.MenuExpandIcon())
	}
	c.Refresh()
	if c.OnToggled != nil {
		c.OnToggled(open)
	}
}

// Status is the status the card shows.
func (c *FunctionCallCard) Status() CallStatus { return c.status }

// SetStatus shows s in the status slot; detail (the reason of a failure, say) follows its words.
func (c *FunctionCallCard) SetStatus(s CallStatus, detail string) {
	c.status = s
	icon, text := callStatusLook(s)
	if detail != "" {
		text += ": " + detail
	}
	c.StatusIcon.SetResource(icon)
	ShowIf(c.StatusIcon, icon != nil)
	if s == CallPending {
		c.Spinner.Show()
		c.Spinner.Start()
	} else {
		c.Spinner.Stop()
		c.Spinner.Hide()
	}
	c.StatusLabel.SetText(text)
	c.StatusLabel.Importance = widget.MediumImportance
	if s == CallFailed {
		c.StatusLabel.Importance = widget.DangerImportance
	}
	c.StatusLabel.Refresh()
}

// callStatusLook is the icon and the words of a status.
func callStatusLook(s CallStatus) (fyne.Resource, string) {
	switch s {
	case CallPending:
		return nil, "Running"
	case CallDone:
		return theme.ConfirmIcon(), "Done"
	case CallFailed:
		return theme.ErrorIcon(), "Failed"
	case CallAsking:
		return theme.QuestionIcon(), "Waiting for your answer"
	case CallWaiting:
		return theme.HistoryIcon(), "Waiting for the limit"
	case CallRefused:
		return theme.CancelIcon(), "Refused: not run"
	case CallStopped:
		return theme.MediaStopIcon(), "Stopped"
	}
	return nil, "Not run"
}

// AccessibilityLabel says the card's title, its result in a few words and its status, and
// whether it waits for consent or for the limit: "Web search, 5 results, done".
func (c *FunctionCallCard) AccessibilityLabel() string {
	parts := []string{c.title.Text}
	if c.summary != "" {
		parts = append(parts, c.summary)
	}
	if st := c.StatusLabel.Text; st != "" {
		parts = append(parts, strings.ToLower(st[:1])+st[1:])
	}
	if c.Consent.Asking() {
		parts = append(parts, "waiting for your consent: "+c.Consent.Question.Text)
	}
	if c.Wait.Running() {
		parts = append(parts, c.Wait.Label.Text)
	}
	if c.Progress.Running() {
		parts = append(parts, c.Progress.Label.Text)
	}
	return strings.Join(parts, ", ")
}

// AccessibilityRole is text: the card is read as a whole (Fyne's reader does not enter a widget).
func (c *FunctionCallCard) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

var _ fyne.Accessible = (*FunctionCallCard)(nil)

// FormatJSON indents a JSON text for reading; a text that is not valid JSON is returned as it came,
// after a line saying so (the model's arguments are outside data: shown, never trusted).
func FormatJSON(text string) string {
	var out bytes.Buffer
	if err := json.Indent(&out, []byte(text), "", "  "); err != nil {
		return "(not valid JSON, shown as sent)\n" + text
	}
	return out.String()
}

// quoteName shows a function's name; an empty one is said in words.
func quoteName(name string) string {
	if name == "" {
		return "(no name)"
	}
	return name
}
