package conversation

import (
	"cmp"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// The card of an MCP server's tool in a model chat (issue 30): its title names the tool and its
// server, its body the text the tool gave; while it runs, how far it is (the server's progress
// notifications) and for how long.

// mcpToolName names an MCP tool for a card's title: its title, and its server.
func mcpToolName(m *records.MCPRun) string {
	return safetext.OneLine(cmp.Or(m.Title, m.Tool)) + " (" + safetext.OneLine(m.Server) + ")"
}

// mcpResultShown is how much of a tool's text its card shows; the whole of it went to the model
// (capped as every tool's output is).
const mcpResultShown = 4000

// mcpResult is the body of an MCP tool's card, the text the tool gave (its arguments are the
// card's own, behind Show arguments), and its result in a few words; for a call stopped while it
// ran, how far it had got; nil before it ran (while it runs, its progress is the card's own).
func mcpResult(m *records.MCPRun, state records.ToolState) (fyne.CanvasObject, string) {
	if m.Result == "" && state == records.ToolStopped && m.Progress != nil {
		got := "It had got to " + m.Progress.Words() + "."
		l := widget.NewLabel(got)
		l.Wrapping = fyne.TextWrapWord
		return l, got
	}
	if m.Result == "" {
		return nil, ""
	}
	result := widget.NewLabel(safetext.Text(words.Cut(m.Result, mcpResultShown)))
	result.Wrapping = fyne.TextWrapWord
	if m.IsError {
		result.Importance = widget.DangerImportance
	}
	first, _, _ := strings.Cut(strings.TrimSpace(m.Result), "\n")
	return result, safetext.OneLine(words.Cut(first, 80))
}

// showProgress shows on card how far the running call of run is, when its server said, and how
// long it has run, from the view's clock; only MCP tools say how far they are.
func (v *turnView) showProgress(card *widgets.FunctionCallCard, run *records.ToolRun) {
	if run.MCP == nil || run.Started.IsZero() {
		return
	}
	fraction, said := -1.0, ""
	if p := run.MCP.Progress; p != nil {
		fraction, said = p.Fraction(), p.Words()
	}
	card.Progress.Now = v.now
	card.Progress.Start(run.Started, fraction, said, v.do)
}
