package widgets

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Every custom widget of Lectern implements fyne.Accessible: a screen reader (Fyne's
// `accessibility` build tag) says its AccessibilityLabel, worked out from what the widget shows
// now, never a copy kept from before. ui/a11y_test.go walks every screen and fails on a custom
// widget, a control or a badge without a label.

// Button is a widget.Button with words of its own for a screen reader: an icon-only button, whose
// stock label would be its icon's file name ("cancel"), or a button whose drawn words are cut or
// abbreviated (a source chip).
type Button struct {
	widget.Button
	// Label is what a screen reader says; the button's text when empty.
	Label string
	// Role is fyne.AccessibleRoleButton, or fyne.AccessibleRoleLink for one that goes somewhere.
	Role fyne.AccessibleRole
}

// NewIconButton makes a button showing icon only, read as label.
func NewIconButton(label string, icon fyne.Resource, tapped func()) *Button {
	return NewLabelledButton("", label, icon, tapped)
}

// NewLabelledButton makes a button showing text and icon, read as label.
func NewLabelledButton(text, label string, icon fyne.Resource, tapped func()) *Button {
	b := &Button{Label: label, Role: fyne.AccessibleRoleButton}
	b.Text, b.Icon, b.OnTapped = text, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

// AccessibilityLabel is Label, or the button's text.
func (b *Button) AccessibilityLabel() string {
	if b.Label != "" {
		return b.Label
	}
	return b.Text
}

// AccessibilityRole is Role (a button unless set).
func (b *Button) AccessibilityRole() fyne.AccessibleRole {
	if b.Role == "" {
		return fyne.AccessibleRoleButton
	}
	return b.Role
}

// FieldLabel reads a box to type in: its name, then what it holds.
func FieldLabel(name, text string) string {
	if text = strings.TrimSpace(text); text == "" {
		return name
	}
	return name + ": " + text
}

// Spoken joins the words of a widget's parts for a screen reader, with a pause (", ") between
// them: the empty parts are left out, and the " · " drawn between facts is read as a pause too.
func Spoken(parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			kept = append(kept, strings.ReplaceAll(p, " · ", ", "))
		}
	}
	return strings.Join(kept, ", ")
}
