package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/widgets"
)

// statusBar is the window's bottom line: the connection state as a coloured dot and words, the
// server address, and when the cache was last synced.
type statusBar struct {
	dot    *canvas.Circle
	state  *widget.Label
	server *widget.Label
	synced *widget.Label
	root   fyne.CanvasObject
	shown  app.ConnState // the state shown
}

func newStatusBar() *statusBar {
	s := &statusBar{dot: canvas.NewCircle(color.Transparent), state: widget.NewLabel("Not checked"),
		server: widget.NewLabel(""), synced: widget.NewLabel("")}
	s.server.Selectable = true
	dot := container.NewCenter(container.NewGridWrap(fyne.NewSquareSize(10), s.dot))
	s.root = container.NewVBox(widget.NewSeparator(),
		container.NewHBox(dot, s.state, s.server, layout.NewSpacer(), s.synced))
	return s
}

// set shows the connection c to server (demo marks the built-in demo server).
func (s *statusBar) set(c app.Connection, server string, demo bool) {
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
		s.synced.SetText("Last synced " + widgets.ClockOrDate(c.LastSynced))
	}
}

func connStyle(st app.ConnState) (fyne.ThemeColorName, string) {
	switch st {
	case app.ConnOnline:
		return theme.ColorNameSuccess, "Online"
	case app.ConnSyncing:
		return theme.ColorNamePrimary, "Syncing…"
	case app.ConnOffline:
		return theme.ColorNameWarning, "Offline"
	case app.ConnKeyNeeded:
		return theme.ColorNameWarning, "API key needed"
	}
	return theme.ColorNameDisabled, "Connecting…"
}
