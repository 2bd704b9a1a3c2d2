package settings

import (
	"fmt"
	"os"
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/mcpserver"
	"lectern/ui/widgets"
)

// The section "Use your workspaces in other apps" (issue 30): the lines to paste into an AI app's
// MCP configuration so that it can ask the workspaces through `lectern mcp`, where that app keeps
// them, Copy, and the last calls AI apps made.

// shownCalls is how many of the last calls from AI apps the section lists.
const shownCalls = 8

// hostSettings are the section's controls.
type hostSettings struct {
	s       *Window
	configs []mcpserver.HostConfig
	host    *widgets.Select
	path    *widget.Label
	note    *widget.Label
	json    *widget.Label
	copy    *widgets.Button
	calls   *fyne.Container
	root    fyne.CanvasObject
}

// newHostSettings makes the section for the program command (Core.Command).
func newHostSettings(s *Window, command string) *hostSettings {
	h := &hostSettings{s: s, configs: mcpserver.HostConfigs(runtime.GOOS, program(command)), path: widget.NewLabel(""),
		note: widget.NewLabel(""), json: widget.NewLabel(""), calls: container.NewVBox()}
	names := make([]string, len(h.configs))
	for i, c := range h.configs {
		names[i] = c.Host
	}
	h.host = widgets.NewSelect("AI app", names, func(string) { h.show() })
	h.path.Selectable, h.path.Wrapping = true, fyne.TextWrapBreak
	h.note.Wrapping = fyne.TextWrapWord
	h.json.Selectable, h.json.TextStyle = true, fyne.TextStyle{Monospace: true}
	h.copy = widgets.NewLabelledButton("Copy", "Copy the lines to paste", theme.ContentCopyIcon(), func() {
		h.s.fa.Clipboard().SetContent(h.config().JSON)
	})
	intro := widget.NewLabel("AI apps that speak MCP (Claude Desktop, VS Code, Cursor and others) can list your " +
		"workspaces and ask them through Lectern; your API key stays here, and what they ask is kept in your " +
		"history. Paste these lines into the app's MCP configuration and restart the app.")
	intro.Wrapping = fyne.TextWrapWord
	form := widget.NewForm(widget.NewFormItem("AI app", h.host), widget.NewFormItem("File", h.path))
	h.root = container.NewVBox(intro, form, h.note, widget.NewCard("", "", h.json), container.NewHBox(h.copy),
		widget.NewLabelWithStyle("Recent calls from AI apps", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), h.calls)
	h.host.SetSelected(names[0])
	return h
}

// program is the path AI apps start Lectern by: command when set, else this program's own path.
func program(command string) string {
	if command != "" {
		return command
	}
	exe, err := os.Executable()
	if err != nil {
		return "lectern"
	}
	return exe
}

// config is the chosen host's configuration.
func (h *hostSettings) config() mcpserver.HostConfig {
	for _, c := range h.configs {
		if c.Host == h.host.Selected {
			return c
		}
	}
	return h.configs[0]
}

// show shows the chosen host's lines and file.
func (h *hostSettings) show() {
	c := h.config()
	h.path.SetText(c.Path)
	h.note.SetText(c.Note)
	h.json.SetText(c.JSON)
}

// load reads the last calls off the UI goroutine and lists them.
func (h *hostSettings) load() {
	home, lf := h.s.b.Home(), h.s.lf
	go func() {
		calls, err := mcpserver.RecentCalls(home, shownCalls)
		lf.Do(func() { h.list(calls, err) })
	}()
}

// list shows calls, newest first, or why there are none.
func (h *hostSettings) list(calls []mcpserver.Call, err error) {
	h.calls.RemoveAll()
	switch {
	case err != nil:
		h.calls.Add(widget.NewLabel("The log of calls cannot be read: " + err.Error()))
	case len(calls) == 0:
		h.calls.Add(widget.NewLabel("No AI app has asked yet."))
	}
	now := h.s.lf.Now()
	for i := len(calls) - 1; i >= 0; i-- {
		c := calls[i]
		line := fmt.Sprintf("%s · %s · %s", widgets.ClockOrDate(c.Time, now), safetext.OneLine(c.Host), c.Tool)
		if c.Summary != "" {
			line += " · " + safetext.OneLine(c.Summary)
		}
		l := widget.NewLabel(words.Cut(line, 110))
		if c.Error != "" {
			l.SetText(words.Cut(line+" — failed: "+safetext.OneLine(c.Error), 160))
			l.Importance = widget.WarningImportance
		}
		l.Wrapping = fyne.TextWrapWord
		h.calls.Add(l)
	}
}
