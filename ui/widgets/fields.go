package widgets

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// Fyne 2.8 names its buttons, labels and links to a screen reader, but not its entries, selects,
// checks and radio groups. These are those widgets with a label of their own; make every one of
// them through here (ui/a11y_test.go fails on a stock one shown).

// Entry is a widget.Entry a screen reader names: Label, then what is typed (a password's length
// is never said, only that it is filled).
type Entry struct {
	widget.Entry
	// Label names the box ("Server address").
	Label string
}

// NewEntry makes a one-line box named label.
func NewEntry(label string) *Entry {
	e := &Entry{Label: label}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.ExtendBaseWidget(e)
	return e
}

// NewMultiLineEntry makes a box of several lines named label.
func NewMultiLineEntry(label string) *Entry {
	e := NewEntry(label)
	e.MultiLine = true
	return e
}

// NewPasswordEntry makes a box for a secret named label, with the button that shows it (Fyne
// adds it to an entry marked Password when it draws the entry).
func NewPasswordEntry(label string) *Entry {
	e := NewEntry(label)
	e.Password = true
	return e
}

// TypedKey hands F6 to the window (ForwardKey), and Esc while a dialog is over it, where Esc
// closes the dialog (dialogs.DismissTop): a box of the dialog has the keyboard, and Fyne's entry
// does nothing with Esc. Other keys edit the text.
func (e *Entry) TypedKey(k *fyne.KeyEvent) {
	if (k.Name == fyne.KeyEscape && inOverlay(e) && toWindow(e, k)) || ForwardKey(e, k) {
		return
	}
	e.Entry.TypedKey(k)
}

// inOverlay says whether something (a dialog) is laid over o's window.
func inOverlay(o fyne.CanvasObject) bool {
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	return c != nil && c.Overlays().Top() != nil
}

// AccessibilityLabel is Label, then what is typed; "filled" for a password.
func (e *Entry) AccessibilityLabel() string {
	if e.Password && e.Text != "" {
		return e.Label + ": filled"
	}
	return FieldLabel(e.Label, e.Text)
}

// AccessibilityRole is text: a box to type in.
func (e *Entry) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// Select is a widget.Select a screen reader names: Label, then the choice made.
type Select struct {
	widget.Select
	// Label names the choice ("Tier").
	Label string
}

// NewSelect makes a select of options named label; changed is called with the choice.
func NewSelect(label string, options []string, changed func(string)) *Select {
	s := &Select{Label: label}
	s.Options, s.OnChanged, s.PlaceHolder = options, changed, "(Select one)"
	s.ExtendBaseWidget(s)
	return s
}

// AccessibilityLabel is Label, then the choice made, or that none is.
func (s *Select) AccessibilityLabel() string { return choiceLabel(s.Label, s.Selected) }

// choiceLabel reads a choice: its name, then the option chosen, or that none is.
func choiceLabel(name, chosen string) string {
	if chosen == "" {
		return name + ": none chosen"
	}
	return name + ": " + chosen
}

// AccessibilityRole is button: it opens the list of choices.
func (s *Select) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleButton }

// Check is a widget.Check that says its text and whether it is ticked.
type Check struct{ widget.Check }

// NewCheck makes a check box saying text; changed is called when it is ticked or not.
func NewCheck(text string, changed func(bool)) *Check {
	c := &Check{}
	c.Text, c.OnChanged = text, changed
	c.ExtendBaseWidget(c)
	return c
}

// AccessibilityLabel is the text, then "ticked" or "not ticked".
func (c *Check) AccessibilityLabel() string {
	if c.Checked {
		return c.Text + ", ticked"
	}
	return c.Text + ", not ticked"
}

// AccessibilityRole is button: a press ticks it.
func (c *Check) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleButton }

// RadioGroup is a widget.RadioGroup a screen reader names: Label, then the option chosen.
type RadioGroup struct {
	widget.RadioGroup
	// Label names the choice ("Theme").
	Label string
}

// NewRadioGroup makes a group of options named label; changed is called with the choice.
func NewRadioGroup(label string, options []string, changed func(string)) *RadioGroup {
	r := &RadioGroup{Label: label}
	r.Options, r.OnChanged = options, changed
	r.ExtendBaseWidget(r)
	return r
}

// AccessibilityLabel is Label, then the option chosen, or that none is.
func (r *RadioGroup) AccessibilityLabel() string { return choiceLabel(r.Label, r.Selected) }

// AccessibilityRole is text: Fyne's reader skips a container (and does not enter a widget), so
// the group says its choice as text.
func (r *RadioGroup) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// CheckList is a column of Checks, one per option: widget.CheckGroup's own checks say nothing
// to a screen reader. Box is a plain container, which Fyne's reader enters.
type CheckList struct {
	Box    *fyne.Container
	Checks []*Check
}

// NewCheckList makes a tick for each of options, those in selected ticked.
func NewCheckList(options, selected []string) *CheckList {
	l := &CheckList{Box: container.NewVBox()}
	for _, o := range options {
		c := NewCheck(o, nil)
		c.Checked = slices.Contains(selected, o)
		l.Checks = append(l.Checks, c)
		l.Box.Add(c)
	}
	return l
}

// Selected is the options ticked now, in the list's order.
func (l *CheckList) Selected() []string {
	var out []string
	for _, c := range l.Checks {
		if c.Checked {
			out = append(out, c.Text)
		}
	}
	return out
}
