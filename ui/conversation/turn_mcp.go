package conversation

import (
	"cmp"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

// The card of an MCP server's tool in a model chat (issue 30): its title names the tool and its
// server, its body the text the tool gave.

// mcpToolName names an MCP tool for a card's title: its title, and its server.
func mcpToolName(m *records.MCPRun) string {
	return safetext.OneLine(cmp.Or(m.Title, m.Tool)) + " (" + safetext.OneLine(m.Server) + ")"
}

// mcpResultShown is how much of a tool's text its card shows; the whole of it went to the model
// (capped as every tool's output is).
const mcpResultShown = 4000

// mcpResult is the body of an MCP tool's card, the text the tool gave (its arguments are the
// card's own, behind Show arguments), and its result in a few words; nil before it ran.
func mcpResult(m *records.MCPRun) (fyne.CanvasObject, string) {
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
