package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// composer is the question box under a conversation: Enter sends, Shift+Enter starts a new line,
// Ctrl/Cmd+Enter sends too, and Esc stops the answer that is streaming.
type composer struct {
	widget.Entry
	shift bool

	// OnSend is called on the UI goroutine when the person sends the question.
	OnSend func()
	// OnEscape is called when Esc is pressed in the box.
	OnEscape func()
}

var (
	_ fyne.Shortcutable = (*composer)(nil)
	_ desktop.Keyable   = (*composer)(nil)
)

func newComposer() *composer {
	c := &composer{}
	c.MultiLine = true
	c.Wrapping = fyne.TextWrapWord
	c.SetMinRowsVisible(2)
	c.SetPlaceHolder("Ask a question about this workspace (Enter sends, Shift+Enter for a new line)")
	c.ExtendBaseWidget(c)
	return c
}

// KeyDown notes Shift, so that Shift+Enter starts a new line.
func (c *composer) KeyDown(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		c.shift = true
	}
	c.Entry.KeyDown(k)
}

// KeyUp notes that Shift was released.
func (c *composer) KeyUp(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		c.shift = false
	}
	c.Entry.KeyUp(k)
}

// TypedKey sends on Enter (not with Shift) and stops on Esc; other keys edit the text.
func (c *composer) TypedKey(k *fyne.KeyEvent) {
	switch {
	case isReturn(k.Name) && !c.shift:
		c.send()
	case k.Name == fyne.KeyEscape && c.OnEscape != nil:
		c.OnEscape()
	default:
		c.Entry.TypedKey(k)
	}
}

// TypedShortcut sends on Ctrl/Cmd+Enter; other shortcuts (copy, paste, select all) edit the text.
func (c *composer) TypedShortcut(s fyne.Shortcut) {
	if cs, ok := s.(*desktop.CustomShortcut); ok && isReturn(cs.KeyName) {
		c.send()
		return
	}
	c.Entry.TypedShortcut(s)
}

func (c *composer) send() {
	if c.OnSend != nil {
		c.OnSend()
	}
}

func isReturn(k fyne.KeyName) bool { return k == fyne.KeyReturn || k == fyne.KeyEnter }
