package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// FilterEntry is a filter box: Esc empties it, and a clear button takes the search icon's place
// while it holds text.
type FilterEntry struct {
	widget.Entry
	// Icon is the search icon, shown while the box is empty; ClearButton takes its place otherwise.
	Icon        *widget.Icon
	ClearButton *Button
	// changed is called with the text after every change, typed or cleared.
	changed func(string)
}

// NewFilterEntry makes a filter box showing placeholder; changed is called with the text after every change.
func NewFilterEntry(placeholder string, changed func(string)) *FilterEntry {
	e := &FilterEntry{Icon: widget.NewIcon(theme.SearchIcon()), changed: changed}
	e.ExtendBaseWidget(e)
	e.ClearButton = NewIconButton("Clear the filter", theme.ContentClearIcon(), e.Clear)
	e.ClearButton.Importance = widget.LowImportance
	e.ClearButton.Hide()
	e.SetPlaceHolder(placeholder)
	e.ActionItem = container.NewStack(e.Icon, e.ClearButton)
	e.OnChanged = e.onChanged
	return e
}

func (e *FilterEntry) onChanged(text string) {
	ShowIf(e.ClearButton, text != "")
	ShowIf(e.Icon, text == "")
	if e.changed != nil {
		e.changed(text)
	}
}

// Clear empties the filter (the clear button, Esc, Clear filter).
func (e *FilterEntry) Clear() {
	if e.Text != "" {
		e.SetText("")
	}
}

// TypedKey empties the filter on Esc and hands F6 to the window; other keys go to the entry.
func (e *FilterEntry) TypedKey(k *fyne.KeyEvent) {
	if ForwardKey(e, k) {
		return
	}
	if k.Name == fyne.KeyEscape && e.Text != "" {
		e.Clear()
		return
	}
	e.Entry.TypedKey(k)
}

// EmptyNote is the message laid over an empty list or table, in its middle, with a Clear filter
// button when a filter hides everything. Lay Root over the list.
type EmptyNote struct {
	Text        *widget.Label
	ClearButton *widget.Button
	Root        *fyne.Container
}

// NewEmptyNote makes the note, hidden; inline puts Clear filter after the text, on one line.
func NewEmptyNote(clear func(), inline bool) *EmptyNote {
	n := &EmptyNote{Text: widget.NewLabel(""), ClearButton: widget.NewButtonWithIcon("Clear filter", theme.ContentClearIcon(), clear)}
	n.Text.Wrapping = fyne.TextWrapWord
	n.Text.Alignment = fyne.TextAlignCenter
	if inline {
		n.Text.Wrapping = fyne.TextWrapOff
		n.Root = container.NewVBox(layout.NewSpacer(), container.NewCenter(container.NewHBox(n.Text, n.ClearButton)), layout.NewSpacer())
	} else {
		n.Root = container.NewVBox(layout.NewSpacer(), n.Text, container.NewCenter(n.ClearButton), layout.NewSpacer())
	}
	n.Root.Hide()
	return n
}

// Set says text in the middle, with Clear filter when filtered; Set("", false) hides the note.
func (n *EmptyNote) Set(text string, filtered bool) {
	n.Text.SetText(text)
	ShowIf(n.ClearButton, filtered)
	ShowIf(n.Root, text != "")
}

// AccessibilityLabel names the filter by its placeholder, then what is typed in it.
func (e *FilterEntry) AccessibilityLabel() string { return FieldLabel(e.PlaceHolder, e.Text) }

// AccessibilityRole is text: a box to type in.
func (e *FilterEntry) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
