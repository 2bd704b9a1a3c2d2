package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lectern/app/events"
	"lectern/app/records"
)

// requested reports whether the fixture's server got a request starting with prefix since the
// last look.
func (f *fixture) requested(prefix string) int {
	n := 0
	for _, r := range f.requestLog() {
		if strings.HasPrefix(r, prefix) {
			n++
		}
	}
	return n
}

// chat --web runs the tool loop: with --yes the model's web search runs, its results go back to
// the model, and a line on stderr says what it found; without --yes and no terminal to ask on,
// the call is refused, saying how to allow it.
func TestChatWebSearch(t *testing.T) {
	f := newFixture(t, fastConfig())
	r := runCLI(t, "chat", "--web", "--yes", "Web search: tides").want(t, 0)
	contains(t, "stdout", r.stdout, "The function web_search returned: Web search for \"tides\": 1 result(s). [1] Tide tables explained")
	contains(t, "stderr", r.stderr, "lectern: tool: web search “tides”: 1 result(s)\n")
	if n := f.requested("POST /websearch"); n != 1 {
		t.Errorf("%d searches", n)
	}
	r = runCLI(t, "chat", "--web", "Web search: tides").want(t, 0)
	contains(t, "stderr", r.stderr, "lectern: Search the web for “tides”: not allowed: stdin is not a terminal to ask on; run with --yes",
		"lectern: tool: web search “tides”: not run: You did not allow this call.")
	contains(t, "stdout", r.stdout, "returned: Not run: the person did not allow this call.")
	if n := f.requested("POST /websearch"); n != 0 {
		t.Errorf("a refused call searched %d times", n)
	}
}

// On a terminal each call is asked; "a" allows the tool for the rest of the conversation, which
// keeps its tools: --continue without flags or --yes searches again without asking.
func TestChatToolConsentOnTheTerminal(t *testing.T) {
	f := newFixture(t, fastConfig())
	e := &env{stdin: strings.NewReader("a\n"), stdinTerminal: yes()}
	r := runEnv(t, t.Context(), e, "chat", "--web", "Web search: sourdough").want(t, 0)
	contains(t, "stderr", r.stderr, "lectern: Search the web for “sourdough”? [y] yes, [a] always in this conversation, [N] no: ",
		"lectern: tool: web search “sourdough”: 2 result(s)")
	r = runCLI(t, "chat", "--continue", "Web search: lighthouse").want(t, 0)
	contains(t, "stderr", r.stderr, "lectern: tool: web search “lighthouse”: ")
	if strings.Contains(r.stderr, "not allowed") || f.requested("POST /websearch") != 2 {
		t.Errorf("the conversation's tools were not kept:\n%s", r.stderr)
	}
	e = &env{stdin: strings.NewReader("n\n"), stdinTerminal: yes()}
	r = runEnv(t, t.Context(), e, "chat", "--web", "Web search: tides").want(t, 0)
	contains(t, "stderr", r.stderr, "not run: You did not allow this call.")
}

// chat --workspace lets the model ask a workspace (by name); --files saves the files it makes in
// the folder given.
func TestChatWorkspaceAndFiles(t *testing.T) {
	f := newFixture(t, fastConfig())
	r := runCLI(t, "chat", "--workspace", "handbook", "--yes", "Consult workspace: How many days of paid holiday a year?").want(t, 0)
	contains(t, "stderr", r.stderr, "lectern: tool: ask the workspace “Handbook”: “How many days of paid holiday a year?”: answered")
	contains(t, "stdout", r.stdout, "27 days of paid holiday")
	if n := f.requested("POST /workspace"); n != 1 {
		t.Errorf("%d asks", n)
	}
	dir := filepath.Join(t.TempDir(), "made")
	r = runCLI(t, "chat", "--files", dir, "--yes", "Generate file: a spreadsheet of the budget").want(t, 0)
	contains(t, "stderr", r.stderr, "lectern: tool: generate a file “a spreadsheet of the budget”: ", "Saved "+dir)
	if files, _ := os.ReadDir(dir); len(files) != 1 || filepath.Ext(files[0].Name()) != ".xlsx" {
		t.Errorf("files %v", files)
	}
	r = runCLI(t, "chat", "--workspace", "No such place", "--yes", "hello")
	if r.code == 0 || !strings.Contains(r.stderr, "No such place") {
		t.Errorf("an unknown workspace: %d\n%s", r.code, r.stderr)
	}
}

// slowToolUpdates are the updates of a running MCP call that says its progress twice (the
// second time twice over), then ends.
func slowToolUpdates() []events.TurnChanged {
	part := func(state records.ToolState, p *records.MCPProgress) []records.TurnPart {
		return []records.TurnPart{{Kind: records.PartFunctionOutput, CallID: "c1", Name: "mcp__everything__slow",
			Run: &records.ToolRun{State: state, MCP: &records.MCPRun{Server: "everything", Tool: "slow", Title: "Slow Tool",
				Progress: p, Result: "done"}}}}
	}
	var out []events.TurnChanged
	for _, parts := range [][]records.TurnPart{
		part(records.ToolRunning, nil),
		part(records.ToolRunning, &records.MCPProgress{Progress: 1, Total: 4}),
		part(records.ToolRunning, &records.MCPProgress{Progress: 2, Total: 4, Message: "Indexing"}),
		part(records.ToolRunning, &records.MCPProgress{Progress: 2, Total: 4, Message: "Indexing"}),
		part(records.ToolDone, &records.MCPProgress{Progress: 4, Total: 4}),
	} {
		out = append(out, events.TurnChanged{Status: records.TurnPending, Stage: records.StageTool, Parts: parts})
	}
	return out
}

// chat --mcp shows how far a running MCP call is: on a terminal in the stage line, updated in
// place; otherwise in a plain line on stderr at each change (issue 30).
func TestChatShowsAnMCPToolsProgress(t *testing.T) {
	var out, errs bytes.Buffer
	e := &env{stdout: &out, stderr: &errs}
	p := &answerPrinter{w: &out, term: &out, live: true}
	show := toolLines(e, p, p.follow)
	for _, ev := range slowToolUpdates() {
		show(ev)
	}
	for _, want := range []string{"\r\033[K(Slow Tool: 1 of 4 (25%)…)", "\r\033[K(Slow Tool: 2 of 4 (50%): Indexing…)\r\033[K"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the terminal's stage line lacks %q:\n%q", want, out.String())
		}
	}
	if strings.Count(out.String(), "Indexing") != 1 || errs.String() != "lectern: tool: “Slow Tool” of the MCP server “everything”: “done”\n" {
		t.Errorf("on a terminal, stdout %q, stderr %q", out.String(), errs.String())
	}

	out.Reset()
	errs.Reset()
	p = &answerPrinter{w: &out, term: &out}
	show = toolLines(e, p, p.follow)
	for _, ev := range slowToolUpdates() {
		show(ev)
	}
	head := "lectern: tool: “Slow Tool” of the MCP server “everything”: "
	if want := head + "running: 1 of 4 (25%)\n" + head + "running: 2 of 4 (50%): Indexing\n" + head + "“done”\n"; errs.String() != want || out.Len() != 0 {
		t.Errorf("piped: stderr %q, want %q; stdout %q", errs.String(), want, out.String())
	}
}
