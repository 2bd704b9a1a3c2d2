package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// Composer is the question box under a conversation: Enter sends, Shift+Enter starts a new line,
// Ctrl/Cmd+Enter sends too, Esc stops the answer that is streaming, and Tab and Shift+Tab move
// the keyboard to the next or previous control, as in a one-line box.
type Composer struct {
	widget.Entry
	shift bool

	// OnSend is called on the UI goroutine when the person sends the question.
	OnSend func()
	// OnEscape is called when Esc is pressed in the box.
	OnEscape func()
	// OnKey, when set, is called on the UI goroutine as the box takes each key (typed, pressed or
	// a shortcut), before it acts on it: the window lets the frame show the key first.
	OnKey func()
}

var (
	_ fyne.Shortcutable = (*Composer)(nil)
	_ desktop.Keyable   = (*Composer)(nil)
	_ fyne.Tabbable     = (*Composer)(nil)
)

// NewComposer makes an empty question box of two rows.
func NewComposer() *Composer {
	c := &Composer{}
	c.MultiLine = true
	c.Wrapping = fyne.TextWrapWord
	c.SetMinRowsVisible(2)
	c.SetPlaceHolder("Ask a question about this workspace (Enter sends, Shift+Enter for a new line)")
	c.ExtendBaseWidget(c)
	return c
}

// Fill puts text in the box with the caret at its end, where typing would go on (SetText leaves it
// where it was, at the start of an empty box).
func (c *Composer) Fill(text string) {
	c.SetText(text)
	c.Entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown}) // the last row's end
}

// AcceptsTab is false: a question needs no tab character, and the keyboard must be able to leave
// the box (widget.Entry keeps Tab in a multi-line box).
func (c *Composer) AcceptsTab() bool { return false }

// key tells OnKey that a key came.
func (c *Composer) key() {
	if c.OnKey != nil {
		c.OnKey()
	}
}

// TypedRune types r.
func (c *Composer) TypedRune(r rune) {
	c.key()
	c.Entry.TypedRune(r)
}

// KeyDown notes Shift, so that Shift+Enter starts a new line.
func (c *Composer) KeyDown(k *fyne.KeyEvent) {
	c.key()
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		c.shift = true
	}
	c.Entry.KeyDown(k)
}

// KeyUp notes that Shift was released.
func (c *Composer) KeyUp(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		c.shift = false
	}
	c.Entry.KeyUp(k)
}

// TypedKey sends on Enter (not with Shift) and stops on Esc; other keys edit the text.
func (c *Composer) TypedKey(k *fyne.KeyEvent) {
	c.key()
	switch {
	case ForwardKey(c, k):
	case isReturn(k.Name) && !c.shift:
		c.send()
	case k.Name == fyne.KeyEscape && c.OnEscape != nil:
		c.OnEscape()
	default:
		c.Entry.TypedKey(k)
	}
}

// TypedShortcut sends on Ctrl/Cmd+Enter; other shortcuts (copy, paste, select all) edit the text.
func (c *Composer) TypedShortcut(s fyne.Shortcut) {
	c.key()
	if cs, ok := s.(*desktop.CustomShortcut); ok && isReturn(cs.KeyName) {
		c.send()
		return
	}
	c.Entry.TypedShortcut(s)
}

func (c *Composer) send() {
	if c.OnSend != nil {
		c.OnSend()
	}
}

func isReturn(k fyne.KeyName) bool { return k == fyne.KeyReturn || k == fyne.KeyEnter }

// AccessibilityLabel says "Question", then the question typed so far.
func (c *Composer) AccessibilityLabel() string { return FieldLabel("Question", c.Text) }

// AccessibilityRole is text: a box to type in.
func (c *Composer) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
