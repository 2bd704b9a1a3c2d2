package conversation

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/ui/widgets"
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
		records.ToolStopped:        "Stopped: Echo Tool (everything)",
	} {
		run.State = state
		if got := toolTitle(part); got != want {
			t.Errorf("%s: %q, want %q", state, got, want)
		}
	}
	if body, _ := mcpResult(run.MCP, records.ToolRunning); body != nil {
		t.Errorf("a call not run yet has a body: %v", body)
	}
	run.MCP.Result = "Echo: hi\nmore"
	body, summary := mcpResult(run.MCP, records.ToolDone)
	if l := body.(*widget.Label); l.Text != "Echo: hi\nmore" || l.Importance == widget.DangerImportance || summary != "Echo: hi" {
		t.Errorf("result %q %v, summary %q", l.Text, l.Importance, summary)
	}
	run.MCP.IsError, run.MCP.Result = true, "Unknown city"
	if body, _ := mcpResult(run.MCP, records.ToolDone); body.(*widget.Label).Importance != widget.DangerImportance {
		t.Error("a failed tool's text is not in the danger colour")
	}
}

// mcpSlowTurn is a pending turn whose one call, server-everything's slow tool, is in state with
// progress p (nil: none yet), started at started.
func mcpSlowTurn(state records.ToolState, started time.Time, p *records.MCPProgress) records.Turn {
	return records.Turn{ID: 7, ConversationID: 1, Question: "Slow?", Status: records.TurnPending, Parts: []records.TurnPart{
		{Kind: records.PartFunctionOutput, CallID: "call-1", Name: "mcp__everything__trigger-long-running-operation",
			Arguments: `{"duration":10,"steps":5}`, Run: &records.ToolRun{Tool: "mcp__everything__trigger-long-running-operation",
				State: state, Started: started, MCP: &records.MCPRun{Server: "everything", Tool: "trigger-long-running-operation",
					Title: "Trigger Long Running Operation Tool", Arguments: `{"duration":10,"steps":5}`, Progress: p}}}}}
}

// An MCP tool's card shows its progress live as the loop's changes come (TurnChanged.Parts,
// redrawn by showParts): how long it has run from the view's clock, then a bar and the count of
// the total, or the server's message (its control characters dropped) and the count when it
// gives no total; the arguments a person opened stay open through the redraws, and a redrawn
// card's time stops ticking. Stopped, the card says so and how far it had got (issue 30: "a slow
// tool (progress, Stop)").
func TestMCPCardShowsProgressLive(t *testing.T) {
	test.NewTempApp(t)
	started := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	now := started.Add(3 * time.Second)
	v := newTurnView(mcpSlowTurn(records.ToolRunning, started, nil), turnCallbacks{now: func() time.Time { return now }})
	card := toolCardsOf(v)[0]
	if !card.Progress.Running() || card.Progress.Bar.Visible() || card.Progress.Label.Text != "running for 3 s" {
		t.Fatalf("before any progress: running %v, bar %v, %q", card.Progress.Running(), card.Progress.Bar.Visible(), card.Progress.Label.Text)
	}
	card.SetOpen(true)

	now = started.Add(4 * time.Second)
	v.showParts(mcpSlowTurn(records.ToolRunning, started, &records.MCPProgress{Progress: 2, Total: 5}).Parts)
	if card.Progress.Running() {
		t.Error("the card redrawn left the old one's time ticking")
	}
	card = toolCardsOf(v)[0]
	if !card.Progress.Bar.Visible() || card.Progress.Bar.Value != 0.4 || card.Progress.Label.Text != "2 of 5 (40%) · running for 4 s" {
		t.Errorf("with a total: bar %v %v, %q", card.Progress.Bar.Visible(), card.Progress.Bar.Value, card.Progress.Label.Text)
	}
	if !card.Open() {
		t.Error("the arguments opened were folded by the redraw")
	}
	now = started.Add(65 * time.Second)
	card.Progress.Tick()
	if got := card.Progress.Label.Text; got != "2 of 5 (40%) · running for 1 min 5 s" {
		t.Errorf("a second later: %q", got)
	}
	if a11y := card.AccessibilityLabel(); !strings.Contains(a11y, "2 of 5 (40%)") {
		t.Errorf("a reader does not hear the progress: %q", a11y)
	}

	v.showParts(mcpSlowTurn(records.ToolRunning, started, &records.MCPProgress{Progress: 3, Message: "Indexing\x1b[31m"}).Parts)
	card = toolCardsOf(v)[0]
	if card.Progress.Bar.Visible() || card.Progress.Label.Text != "3 so far: Indexing · running for 1 min 5 s" {
		t.Errorf("without a total: bar %v, %q", card.Progress.Bar.Visible(), card.Progress.Label.Text)
	}

	stopped := mcpSlowTurn(records.ToolStopped, started, &records.MCPProgress{Progress: 3, Total: 5})
	stopped.Status, stopped.Parts[0].Run.Reason = records.TurnInterrupted, "Stopped while it ran."
	v.set(stopped)
	card = toolCardsOf(v)[0]
	if card.Progress.Running() || card.Status() != widgets.CallStopped || card.StatusLabel.Text != "Stopped" ||
		!strings.HasPrefix(card.AccessibilityLabel(), "Stopped: Trigger Long Running Operation Tool (everything), It had got to 3 of 5 (60%).") {
		t.Errorf("stopped: running %v, status %v %q, %q", card.Progress.Running(), card.Status(), card.StatusLabel.Text, card.AccessibilityLabel())
	}
	if body := textsUnder(card.Body); !strings.Contains(body, "Stopped while it ran.") || !strings.Contains(body, "It had got to 3 of 5 (60%).") {
		t.Errorf("stopped card's body: %q", body)
	}
}
