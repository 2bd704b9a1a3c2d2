package conversation

import (
	"testing"

	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
)

// An MCP tool's card says what the call does as it goes (asks, runs, did not run, ran), the tool
// and its server; its body is the tool's text, in the danger colour when the tool said it failed.
func TestMCPCardWords(t *testing.T) {
	run := &records.ToolRun{Tool: "mcp__everything__echo", MCP: &records.MCPRun{Server: "everything", Tool: "echo",
		Title: "Echo Tool", Arguments: `{"message":"hi"}`}}
	part := records.TurnPart{Kind: records.PartFunctionOutput, Name: "mcp__everything__echo", Run: run}
	for state, want := range map[records.ToolState]string{
		records.ToolWaitingConsent: "Asks to run: Echo Tool (everything)",
		records.ToolRunning:        "Running: Echo Tool (everything)",
		records.ToolFailed:         "Not run: Echo Tool (everything)",
		records.ToolDone:           "Ran: Echo Tool (everything)",
	} {
		run.State = state
		if got := toolTitle(part); got != want {
			t.Errorf("%s: %q, want %q", state, got, want)
		}
	}
	if body, _ := mcpResult(run.MCP); body != nil {
		t.Errorf("a call not run yet has a body: %v", body)
	}
	run.MCP.Result = "Echo: hi\nmore"
	body, summary := mcpResult(run.MCP)
	if l := body.(*widget.Label); l.Text != "Echo: hi\nmore" || l.Importance == widget.DangerImportance || summary != "Echo: hi" {
		t.Errorf("result %q %v, summary %q", l.Text, l.Importance, summary)
	}
	run.MCP.IsError, run.MCP.Result = true, "Unknown city"
	if body, _ := mcpResult(run.MCP); body.(*widget.Label).Importance != widget.DangerImportance {
		t.Error("a failed tool's text is not in the danger colour")
	}
}
