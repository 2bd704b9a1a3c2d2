package settings

import (
	"os"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"lectern/mcpserver"
)

// Issue 30: Settings → Use your workspaces in other apps shows each AI app's lines with Lectern's
// own program and where the app keeps them, copies them, and lists the calls AI apps made.
func TestHostSettingsShowTheLinesAndTheCalls(t *testing.T) {
	f := newFixture(t)
	log := mcpserver.NewCallLog(f.home)
	at := time.Date(2026, 3, 4, 10, 30, 0, 0, time.Local)
	log.Add(mcpserver.Call{Time: at, Host: "Claude Desktop", Tool: mcpserver.ToolAsk, Summary: "Handbook: How many days?"})
	log.Add(mcpserver.Call{Time: at.Add(time.Minute), Host: "Cursor", Tool: mcpserver.ToolAsk, Summary: "Nowhere: Hi?",
		Error: "There is no workspace called Nowhere."})
	w := f.open()
	h := w.hosts
	exe, _ := os.Executable()
	if !strings.Contains(h.json.Text, `"mcpServers"`) || !strings.Contains(h.json.Text, `"mcp"`) || h.path.Text == "" {
		t.Errorf("Claude Desktop's lines: %q in %q", h.json.Text, h.path.Text)
	}
	if !strings.Contains(h.json.Text, strings.ReplaceAll(exe, `\`, `\\`)) {
		t.Errorf("the lines do not name Lectern's program %s: %s", exe, h.json.Text)
	}
	h.host.SetSelected("VS Code")
	if !strings.Contains(h.json.Text, `"servers"`) || !strings.Contains(h.path.Text, "Code") {
		t.Errorf("VS Code's lines: %q in %q", h.json.Text, h.path.Text)
	}
	h.copy.OnTapped()
	if got := f.fa.Clipboard().Content(); got != h.json.Text {
		t.Errorf("copied %q", got)
	}
	until(t, "the calls", func() bool { return len(h.calls.Objects) == 2 })
	first, second := h.calls.Objects[0].(*widget.Label), h.calls.Objects[1].(*widget.Label)
	if !strings.Contains(first.Text, "Cursor") || !strings.Contains(first.Text, "failed: There is no workspace") ||
		first.Importance != widget.WarningImportance {
		t.Errorf("newest call: %q", first.Text)
	}
	if !strings.Contains(second.Text, "Claude Desktop · ask_workspace · Handbook: How many days?") {
		t.Errorf("older call: %q", second.Text)
	}
	h.host.SetSelected("Claude Desktop")
	capture(t, w, "LECTERN_HOSTS_SHOT", fyne.NewSize(620, 2000))
}

// With no calls yet, the section says so.
func TestHostSettingsWithoutCalls(t *testing.T) {
	f := newFixture(t)
	w := f.open()
	until(t, "the note", func() bool {
		return len(w.hosts.calls.Objects) == 1 && w.hosts.calls.Objects[0].(*widget.Label).Text == "No AI app has asked yet."
	})
}

// A command given (the screenshot tour gives an installed one) is the program in the lines, not
// the path of the program that runs.
func TestHostSettingsShowTheCommandGiven(t *testing.T) {
	f := newFixture(t)
	f.command = "/usr/local/bin/lectern"
	w := f.open()
	exe, _ := os.Executable()
	if !strings.Contains(w.hosts.json.Text, `"command": "/usr/local/bin/lectern"`) || strings.Contains(w.hosts.json.Text, exe) {
		t.Errorf("the lines do not name /usr/local/bin/lectern alone: %s", w.hosts.json.Text)
	}
}

// The data folder shows as the app's, unless one to show is given (the screenshot tour, run on a
// temporary folder, gives a person's).
func TestDataFolderShownAsGiven(t *testing.T) {
	f := newFixture(t)
	if w := f.open(); w.home.Text != f.app.Home() {
		t.Errorf("the data folder shows %q, not the app's %q", w.home.Text, f.app.Home())
	}
	f.w.Win().Close()
	f.homeShown = "~/.config/lectern"
	if w := f.open(); w.home.Text != "~/.config/lectern" {
		t.Errorf("the data folder shows %q, not the one given", w.home.Text)
	}
}
