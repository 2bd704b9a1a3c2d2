package realwin

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"lectern/ui/internal/harness"
)

// Rect is an area of the window's canvas, in canvas units (pixels are units times State.Scale).
type Rect struct {
	X, Y, W, H float32
}

// State is what the probe reports of the real window: the answer to a "state" query.
type State struct {
	// Open is false once the main window has been closed.
	Open bool
	// Width and Height are the canvas size, in canvas units.
	Width, Height float32
	// Scale is the canvas scale: pixels per canvas unit.
	Scale float32
	// Conversation is the conversation's list of turns on the canvas; zero when none is shown.
	Conversation Rect
	// Offset is the conversation's scroll offset; Turns the number of turns it holds.
	Offset float32
	Turns  int
	// Focus is the Go type of the focused widget ("" when none); QuestionBox is true when the
	// focused widget is the question box.
	Focus       string
	QuestionBox bool
	// Question is what the question box holds.
	Question string
	// Uploads counts the uploads panel's rows, Running those still running.
	Uploads, Running int
	// ModelTier is the tier of the model chat shown ("" for a workspace conversation), Attached
	// the names of the images attached to its next message (Pane.Attached).
	ModelTier string
	Attached  []string
	// FileCards are the cards of the files for the model chat's next message (Pane.FileCards).
	FileCards []string
	// Documents is the documents panel's place on the canvas, zero while it is closed;
	// DocumentsMin the least width of its content. ConversationShown says whether the
	// conversation's turns are shown (with every container above them) beside it.
	Documents         Rect
	DocumentsMin      float32
	ConversationShown bool
	// Marked is the turn marked a moment after a search opened it (0: none); MarkedInSight says
	// whether it is drawn in the visible part of the turns.
	Marked        int64
	MarkedInSight bool
}

// readState gathers the State of the main window; call it on the UI goroutine.
func readState(w *harness.Window) State {
	win := w.Main()
	s := State{Open: win != nil && windowOpen(win)}
	if !s.Open {
		return s
	}
	c := win.Canvas()
	s.Width, s.Height, s.Scale = c.Size().Width, c.Size().Height, c.Scale()
	if list := w.TurnList(); list != nil && list.Visible() {
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(list)
		s.Conversation = Rect{pos.X, pos.Y, list.Size().Width, list.Size().Height}
		s.Offset = list.GetScrollOffset()
		s.Turns = list.Length()
	}
	if f := c.Focused(); f != nil {
		s.Focus = fmt.Sprintf("%T", f)
		s.QuestionBox = f == w.QuestionBox()
	}
	s.Question = w.Question()
	s.Uploads, s.Running, _ = w.UploadRows()
	s.ModelTier, s.Attached = w.ModelTier(), w.Attached()
	if p := w.Pane(); p != nil && s.ModelTier != "" {
		s.FileCards = p.FileCards()
	}
	if p := w.Pane(); p != nil {
		s.Marked = p.MarkedTurn()
		s.MarkedInSight = s.Marked != 0 && p.TurnInSight(s.Marked)
	}
	readPanel(&s, c.Content(), w.TurnList())
	return s
}

// windowOpen reports whether win is still one of the app's windows.
func windowOpen(win fyne.Window) bool {
	for _, other := range fyne.CurrentApp().Driver().AllWindows() {
		if other == win {
			return true
		}
	}
	return false
}

// FocusState is where the keyboard is and how it shows: the answer to a "focus-state" query.
type FocusState struct {
	// Focus is the Go type of the focused widget ("" when none); Rect its place on the canvas.
	Focus string
	Rect  Rect
	// Entry says the focused widget is a text box, which shows the focus with its own border.
	Entry bool
	// Ring is where the ring around the focused control is drawn; RingShown whether it shows;
	// RingColor its colour (red, green, blue).
	Ring      Rect
	RingShown bool
	RingColor [3]uint8
	// InTurns says the focused widget is a control of a turn, in the list of turns at List.
	InTurns bool
	List    Rect
}

// readFocus gathers the FocusState of the main window; call it on the UI goroutine.
func readFocus(w *harness.Window) FocusState {
	var s FocusState
	win := w.Main()
	if win == nil {
		return s
	}
	f := win.Canvas().Focused()
	o, ok := f.(fyne.CanvasObject)
	if !ok {
		return s
	}
	d := fyne.CurrentApp().Driver()
	s.Focus = fmt.Sprintf("%T", f)
	pos := d.AbsolutePositionForObject(o)
	s.Rect = Rect{pos.X, pos.Y, o.Size().Width, o.Size().Height}
	_, s.Entry = f.(interface{ CursorTextOffset() int })
	at, size, shown := w.FocusRing()
	s.Ring, s.RingShown = Rect{at.X, at.Y, size.Width, size.Height}, shown
	c := color.NRGBAModel.Convert(theme.Color(theme.ColorNameFocus)).(color.NRGBA) // the ring draws it opaque
	s.RingColor = [3]uint8{c.R, c.G, c.B}
	if p, list := w.Pane(), w.TurnList(); p != nil && list != nil {
		s.InTurns = p.InTurns(o)
		lp := d.AbsolutePositionForObject(list)
		s.List = Rect{lp.X, lp.Y, list.Size().Width, list.Size().Height}
	}
	return s
}

// TurnsState is how the turns shown are drawn: the answer to a "turns-state" query.
type TurnsState struct {
	Turns int
	// Misdrawn lists the turns drawn wrong (conversation.Pane.Misdrawn); AtEnd says the list
	// shows its end.
	Misdrawn []string
	AtEnd    bool
}

// readTurns gathers the TurnsState of the conversation shown; call it on the UI goroutine.
func readTurns(w *harness.Window) TurnsState {
	p := w.Pane()
	if p == nil {
		return TurnsState{}
	}
	return TurnsState{Turns: len(p.Turns()), Misdrawn: p.Misdrawn(), AtEnd: p.AtEnd()}
}
