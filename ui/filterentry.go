package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// filterEntry is a filter box: Esc empties it, and a clear button takes the search icon's place
// while it holds text.
type filterEntry struct {
	widget.Entry
	icon  *widget.Icon
	clear *widget.Button
	// changed is called with the text after every change, typed or cleared.
	changed func(string)
}

func newFilterEntry(placeholder string, changed func(string)) *filterEntry {
	e := &filterEntry{icon: widget.NewIcon(theme.SearchIcon()), changed: changed}
	e.ExtendBaseWidget(e)
	e.clear = widget.NewButtonWithIcon("", theme.ContentClearIcon(), e.Clear)
	e.clear.Importance = widget.LowImportance
	e.clear.Hide()
	e.SetPlaceHolder(placeholder)
	e.ActionItem = container.NewStack(e.icon, e.clear)
	e.OnChanged = e.onChanged
	return e
}

func (e *filterEntry) onChanged(text string) {
	showIf(e.clear, text != "")
	showIf(e.icon, text == "")
	if e.changed != nil {
		e.changed(text)
	}
}

// Clear empties the filter (the clear button, Esc, Clear filter).
func (e *filterEntry) Clear() {
	if e.Text != "" {
		e.SetText("")
	}
}

// TypedKey empties the filter on Esc; other keys go to the entry.
func (e *filterEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.Text != "" {
		e.Clear()
		return
	}
	e.Entry.TypedKey(k)
}

// emptyNote is the message laid over an empty list or table, in its middle, with a Clear filter
// button when a filter hides everything.
type emptyNote struct {
	text  *widget.Label
	clear *widget.Button
	root  *fyne.Container
}

// newEmptyNote makes the note; inline puts Clear filter after the text, on one line.
func newEmptyNote(clear func(), inline bool) *emptyNote {
	n := &emptyNote{text: widget.NewLabel(""), clear: widget.NewButtonWithIcon("Clear filter", theme.ContentClearIcon(), clear)}
	n.text.Wrapping = fyne.TextWrapWord
	n.text.Alignment = fyne.TextAlignCenter
	if inline {
		n.text.Wrapping = fyne.TextWrapOff
		n.root = container.NewVBox(layout.NewSpacer(), container.NewCenter(container.NewHBox(n.text, n.clear)), layout.NewSpacer())
	} else {
		n.root = container.NewVBox(layout.NewSpacer(), n.text, container.NewCenter(n.clear), layout.NewSpacer())
	}
	n.root.Hide()
	return n
}

// show says text in the middle, with Clear filter when filtered; hide with set("", false).
func (n *emptyNote) set(text string, filtered bool) {
	n.text.SetText(text)
	showIf(n.clear, filtered)
	showIf(n.root, text != "")
}
