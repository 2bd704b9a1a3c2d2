package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"lectern/ui/dialogs"
)

// pane is one stop of F6: it takes the keyboard, and says whether a focused widget is its own.
type pane struct {
	focus func()
	owns  func(fyne.Focusable) bool
}

// panes are the stops of F6 in order: the workspaces, the conversations, the question box, and
// the documents while they are open.
func (m *mainView) panes() []pane {
	ps := []pane{{m.list.Focus, m.list.Owns}, {m.convs.Focus, m.convs.Owns}, {m.focusQuestion, m.chat.Owns}}
	if m.documentsOpen() {
		ps = append(ps, pane{m.docs.FocusFilter, m.docs.Owns})
	}
	return ps
}

// documentsOpen says whether the documents are shown, and so a stop of F6.
func (m *mainView) documentsOpen() bool { return m.docsOpen }

// cyclePanes moves the keyboard to the pane after the one that has it (F6), or before it
// (Shift+F6); from outside every pane, to the first (or the last).
func (m *mainView) cyclePanes(back bool) {
	ps := m.panes()
	cur := -1
	if f := m.win.Canvas().Focused(); f != nil {
		for i, p := range ps {
			if p.owns(f) {
				cur = i
			}
		}
	}
	next := cur + 1
	if back {
		next = cur - 1
		if cur < 0 {
			next = len(ps) - 1
		}
	}
	ps[(next+len(ps))%len(ps)].focus()
}

// focusQuestion puts the keyboard in the question box, hiding the uploads list that takes its
// place while open (Ctrl/Cmd+L).
func (m *mainView) focusQuestion() {
	m.showChat()
	m.chat.FocusInput()
}

// focusQuestionFirst puts the keyboard in the question box when nothing has it: at start-up, as
// a chat app opens ready to type, and never taking the keyboard from where the person put it.
func (m *mainView) focusQuestionFirst() {
	if m.win.Canvas().Focused() == nil && m.chat.CanAsk() {
		m.chat.FocusInput()
	}
}

// typedKey handles the keys that reach the window: those typed while no widget has the keyboard,
// and those a focused widget hands on (widgets.ForwardKey): F6, Shift+F6, and Esc, which closes
// the dialog on top.
func (u *UI) typedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyF6 {
		u.cyclePanes(shiftHeld())
	} else if k.Name == fyne.KeyEscape {
		dialogs.DismissTop(u.win.Canvas())
	}
}

// shiftHeld says whether Shift is down, as the desktop driver knows it (a key event does not say).
func shiftHeld() bool {
	d, ok := fyne.CurrentApp().Driver().(desktop.Driver)
	return ok && d.CurrentKeyModifiers()&fyne.KeyModifierShift != 0
}

// keyboardMoved brings the control the keyboard moved to (Tab, Shift+Tab) into sight: a
// turn's button scrolled out of view is scrolled to.
func (u *UI) keyboardMoved(f fyne.Focusable) {
	if u.main != nil {
		u.main.chat.Reveal(f)
	}
}
