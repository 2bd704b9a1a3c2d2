package ui

import (
	"time"

	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/connection"
	"lectern/ui/widgets"
)

// statusBar is the window's bottom line: the connection state as a coloured dot and words, the
// server address (sharing its room with what setCenter adds, while that shows), what addEnd
// adds, when the cache was last synced, and what addTail adds.
type statusBar struct {
	dot       *canvas.Circle
	state     *widget.Label
	server    *widget.Label
	synced    *widget.Label
	center    *fyne.Container
	end, tail *fyne.Container
	root      fyne.CanvasObject
	shown     connection.ConnState // the state shown
	now       func() time.Time     // the clock "Updated" is told from
}

func newStatusBar(now func() time.Time) *statusBar {
	s := &statusBar{now: now, dot: canvas.NewCircle(color.Transparent), state: widget.NewLabel("Not checked"),
		server: widget.NewLabel(""), synced: widget.NewLabel("")}
	s.server.Selectable = true
	s.server.Truncation = fyne.TextTruncateEllipsis // a narrow window shortens the address first
	dot := container.NewCenter(container.NewGridWrap(fyne.NewSquareSize(10), s.dot))
	s.center = container.New(widgets.VisibleHalves{}, s.server)
	s.end, s.tail = container.NewHBox(), container.NewHBox()
	s.root = container.NewVBox(widget.NewSeparator(),
		container.New(statusLine{}, container.NewHBox(dot, s.state), s.center, s.end, s.synced, s.tail))
	return s
}

// statusLine lays out the status bar's line: the state at the start, the end's and the tail's
// controls at the end, the centre between them taking what is left. "Updated" sits between
// the end and the tail while there is room for it and gives way in a narrow window, so that the
// line never makes the window wider than 640 px (the controls keep their words).
type statusLine struct{}

// Layout places start, centre, end, synced and tail in a line, objs in that order.
func (statusLine) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	start, center, end, synced, tail := objs[0], objs[1], objs[2], objs[3], objs[4]
	pad := theme.Padding()
	fixed := start.MinSize().Width + end.MinSize().Width + tail.MinSize().Width + 3*pad
	room := size.Width - fixed - center.MinSize().Width
	if want := synced.MinSize().Width + pad; synced.Visible() != (room >= want) {
		if room >= want {
			synced.Show()
		} else {
			synced.Hide()
		}
	}
	x := float32(0)
	place := func(o fyne.CanvasObject, w float32) {
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + pad
	}
	centerW := size.Width - fixed
	if synced.Visible() {
		centerW -= synced.MinSize().Width + pad
	}
	place(start, start.MinSize().Width)
	place(center, max(centerW, 0))
	place(end, end.MinSize().Width)
	if synced.Visible() {
		place(synced, synced.MinSize().Width)
	}
	place(tail, tail.MinSize().Width)
}

// MinSize is the line without "Updated", which gives way first.
func (statusLine) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for i, o := range objs {
		m := o.MinSize()
		h = max(h, m.Height)
		if i != 3 {
			w += m.Width
		}
	}
	return fyne.NewSize(w+3*theme.Padding(), h)
}

// setCenter puts o beside the server address, which gives it half its room while o shows.
func (s *statusBar) setCenter(o fyne.CanvasObject) { s.center.Add(o) }

// addEnd adds objs before the time of the last sync.
func (s *statusBar) addEnd(objs ...fyne.CanvasObject) {
	for _, o := range objs {
		s.end.Add(o)
	}
}

// addTail adds objs after the time of the last sync, at the line's end.
func (s *statusBar) addTail(objs ...fyne.CanvasObject) {
	for _, o := range objs {
		s.tail.Add(o)
	}
}

// set shows the connection c to server (demo marks the built-in demo server).
func (s *statusBar) set(c connection.Connection, server string, demo bool) {
	s.shown = c.State
	col, text := connStyle(c.State)
	s.dot.FillColor = theme.Color(col)
	s.dot.Refresh()
	s.state.SetText(text)
	switch {
	case demo:
		s.server.SetText("Demo server (built in) · " + server)
	default:
		s.server.SetText(server)
	}
	// "Updated", not "synced": syncing is what Settings → Sync between computers does.
	if c.LastSynced.IsZero() {
		s.synced.SetText("Not updated yet")
	} else {
		s.synced.SetText("Updated " + widgets.ClockOrDate(c.LastSynced, s.now()))
	}
}

func connStyle(st connection.ConnState) (fyne.ThemeColorName, string) {
	switch st {
	case connection.ConnOnline:
		return theme.ColorNameSuccess, "Online"
	case connection.ConnSyncing:
		return theme.ColorNamePrimary, "Syncing…"
	case connection.ConnOffline:
		return theme.ColorNameWarning, "Offline"
	case connection.ConnKeyNeeded:
		return theme.ColorNameWarning, "API key needed"
	}
	return theme.ColorNameDisabled, "Connecting…"
}
