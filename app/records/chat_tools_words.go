package records

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"lectern/internal/safetext"
	"lectern/internal/words"
)

// ToolLine says a tool run in one line, for the command line's standard error and exports: what
// it does, then where it stands or what it found. "" for a part that is not a run.
//
//	web search “tides”: 3 result(s)
//	ask the workspace “Ann's notes”: “When is the office closed?”: answered, 1 source(s)
//	generate a file “a budget”: budget.xlsx (xlsx, 5120 bytes, expires 2026-11-27 10:00 UTC)
//	web search “tides”: not run: You did not allow this call.
//	“Echo Tool” of the MCP server “everything”: “Echo: hello”
func ToolLine(p TurnPart, now time.Time) string {
	if p.Run == nil {
		return ""
	}
	r := p.Run
	head := toolHead(r)
	switch r.State {
	case ToolWaitingConsent:
		return head + ": waiting for your consent"
	case ToolRunning:
		if r.MCP != nil && r.MCP.Progress != nil {
			return head + ": running: " + r.MCP.Progress.Words()
		}
		return head + ": running"
	case ToolWaitingLimit:
		return head + ": the tools' shared limit is reached; it runs again in " + words.Wait(r.Until.Sub(now))
	case ToolRefused:
		return head + ": not run: " + safetext.OneLine(r.Reason)
	case ToolFailed:
		return head + ": failed: " + safetext.OneLine(r.Reason)
	case ToolStopped:
		return head + ": stopped: " + safetext.OneLine(r.Reason)
	}
	s := head + ": " + toolResult(r)
	if r.CutNote != "" {
		s += " " + r.CutNote
	}
	return s
}

// toolHead names what a run does: the tool and what it was asked.
func toolHead(r *ToolRun) string {
	switch {
	case r.Search != nil && len(r.Search.Queries) > 0:
		return "web search " + QuoteShort(r.Search.Queries[0])
	case r.Workspace != nil:
		return "ask the workspace " + QuoteShort(cmp.Or(r.Workspace.Workspace, r.Workspace.WorkspaceID)) + ": " +
			QuoteShort(r.Workspace.Question)
	case r.File != nil:
		return "generate a file " + QuoteShort(r.File.Prompt)
	case r.MCP != nil:
		return QuoteShort(cmp.Or(r.MCP.Title, r.MCP.Tool)) + " of the MCP server " + QuoteShort(r.MCP.Server)
	}
	return strings.ReplaceAll(safetext.OneLine(string(r.Tool)), "_", " ")
}

// toolResult says what a run that ended found.
func toolResult(r *ToolRun) string {
	switch {
	case r.Search != nil:
		s := fmt.Sprintf("%d result(s)", len(r.Search.Results))
		if st := r.Search.StatusText(); st != "" {
			s += ". " + st
		}
		for _, w := range r.Search.Warnings {
			s += " Warning: " + safetext.OneLine(w) + "."
		}
		return s
	case r.Workspace != nil:
		found := "answered"
		if r.Workspace.Found != nil && !*r.Workspace.Found {
			found = "no answer found"
		}
		return fmt.Sprintf("%s, %d source(s)", found, len(r.Workspace.Sources))
	case r.File != nil && r.File.Artifact != nil:
		a := r.File.Artifact
		s := fmt.Sprintf("%s (%s, %d bytes", safetext.OneLine(a.Filename), safetext.OneLine(a.Kind), a.Size)
		if exp, ok := a.Expires(); ok {
			s += ", expires " + exp.UTC().Format("2006-01-02 15:04 UTC")
		}
		return s + ")"
	case r.File != nil:
		return "no file was made"
	case r.MCP != nil:
		return QuoteShort(r.MCP.Result)
	}
	return "done"
}

// writeToolLines writes the runs of a turn's parts for an export, one line each.
func WriteToolLines(b *strings.Builder, parts []TurnPart, now time.Time) {
	for _, p := range parts {
		if line := ToolLine(p, now); line != "" {
			fmt.Fprintf(b, "*Tool: %s*\n\n", safetext.Text(line))
		}
	}
}

// QuoteShort quotes s in one line, cut to 200 characters.
func QuoteShort(s string) string {
	s = safetext.OneLine(s)
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return "“" + s + "”"
}
