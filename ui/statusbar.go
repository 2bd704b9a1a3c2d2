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
	now       func() time.Time     // the clock "Last synced" is told from
}

func newStatusBar(now func() time.Time) *statusBar {
	s := &statusBar{now: now, dot: canvas.NewCircle(color.Transparent), state: widget.NewLabel("Not checked"),
		server: widget.NewLabel(""), synced: widget.NewLabel("")}
	s.server.Selectable = true
	s.server.Truncation = fyne.TextTruncateEllipsis // a narrow window shortens the address first
	dot := container.NewCenter(container.NewGridWrap(fyne.NewSquareSize(10), s.dot))
	s.center = container.New(widgets.VisibleHalves{}, s.server)
	s.end, s.tail = container.NewHBox(), container.NewHBox()
	right := container.NewHBox(s.end, s.synced, s.tail)
	s.root = container.NewVBox(widget.NewSeparator(),
		container.NewBorder(nil, nil, container.NewHBox(dot, s.state), right, s.center))
	return s
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
	if c.LastSynced.IsZero() {
		s.synced.SetText("Never synced")
	} else {
		s.synced.SetText("Last synced " + widgets.ClockOrDate(c.LastSynced, s.now()))
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
