package conversation

import (
	"cmp"
	"net/url"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/ui/markdown"
	"lectern/ui/widgets"
)

// The cards of the app's own tools in a model chat (issue 22): a web search, a workspace
// consulted, a file generated. A tool call's card is drawn from its run (a PartFunctionOutput,
// which holds the call's name and arguments too), or from the search run on a message first (a
// PartMessageContext); the same parts are saved with the turn, so the cards come back after a
// restart. While the turn is pending they are redrawn at each change of a run (TurnChanged.Parts).

// limitWait is what a tool's countdown says it waits for (model-api.md §8: "/chat, /generate,
// /pdf together: 10 requests a minute per person by default").
const limitWait = "Waiting for the tools' shared limit"

// ranCalls are the call ids that have a run among parts: their call is drawn by the run's card.
func ranCalls(parts []records.TurnPart) map[string]bool {
	ran := map[string]bool{}
	for _, p := range parts {
		if p.Kind == records.PartFunctionOutput && p.CallID != "" {
			ran[p.CallID] = true
		}
	}
	return ran
}

// toolCard is the card of a tool run p (a PartFunctionOutput or PartMessageContext) of turn t.
func (v *turnView) toolCard(t records.Turn, p records.TurnPart) *widgets.FunctionCallCard {
	card := widgets.NewFunctionCallCard(safetext.OneLine(p.Name), p.Arguments)
	card.Wait.Now = v.now
	card.OnToggled = func(bool) { v.resized() }
	run := p.Run
	if run == nil {
		return card // a run not saved: the call as the model sent it
	}
	card.SetTitle(toolTitle(p))
	body, summary := v.toolResult(run)
	if why := runReason(run); why != nil && body != nil {
		body = container.NewVBox(why, body)
	} else if why != nil {
		body = why
	}
	card.SetResult(body, summary)
	v.showRunState(card, t, p)
	return card
}

// toolTitle names a tool's card in words.
func toolTitle(p records.TurnPart) string {
	switch {
	case p.Kind == records.PartMessageContext:
		return "Web search on your message"
	case p.Run.Tool == records.ToolWebSearch:
		return "Web search"
	case p.Run.Tool == records.ToolWorkspace:
		return stateWords(p.Run.State, "Asks to consult: ", "Consulting: ", "Not consulted: ", "Workspace consulted: ") +
			workspaceName(p.Run.Workspace)
	case p.Run.Tool == records.ToolGenerate:
		return "File generation"
	case p.Run.MCP != nil && p.Run.State == records.ToolStopped:
		return "Stopped: " + mcpToolName(p.Run.MCP)
	case p.Run.MCP != nil:
		return stateWords(p.Run.State, "Asks to run: ", "Running: ", "Not run: ", "Ran: ") + mcpToolName(p.Run.MCP)
	}
	return "Function call: " + safetext.OneLine(p.Name)
}

// stateWords picks the words of a run by where it stands: it asks to run (consent), runs (or
// waits to), did not run (refused, failed), or ran. A card says nothing was done that was not.
func stateWords(state records.ToolState, asks, runs, notRun, ran string) string {
	switch state {
	case records.ToolWaitingConsent:
		return asks
	case records.ToolRunning, records.ToolWaitingLimit:
		return runs
	case records.ToolRefused, records.ToolFailed, records.ToolStopped:
		return notRun
	}
	return ran
}

// workspaceName is the consulted workspace's name for a title or a question line.
func workspaceName(ws *records.WorkspaceRun) string {
	if ws == nil {
		return "(unknown)"
	}
	if ws.Workspace != "" {
		return safetext.OneLine(ws.Workspace)
	}
	return safetext.OneLine(ws.WorkspaceID)
}

// runReason is why a run failed or was refused, and the cut of its output, in wrapped words; nil
// when there is nothing to say.
func runReason(run *records.ToolRun) fyne.CanvasObject {
	text, imp := run.Reason, widget.DangerImportance
	if run.State == records.ToolRefused || run.State == records.ToolStopped {
		imp = widget.WarningImportance
	}
	if run.CutNote != "" {
		text = joinSentences(text, run.CutNote)
	}
	if text == "" {
		return nil
	}
	l := widget.NewLabel(safetext.Text(text))
	l.Wrapping, l.Importance = fyne.TextWrapWord, imp
	return l
}

func joinSentences(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// showRunState puts the run's state in the card's status slot: a consent question on the card,
// the countdown of a wait, a spinner, a check, or why it did not run. A run left unfinished in a
// turn that ended (the app stopped meanwhile) says so.
func (v *turnView) showRunState(card *widgets.FunctionCallCard, t records.Turn, p records.TurnPart) {
	run := p.Run
	if !run.State.Final() && t.Status != records.TurnPending {
		card.SetStatus(widgets.CallFailed, "stopped before it finished")
		return
	}
	switch run.State {
	case records.ToolWaitingConsent:
		card.SetStatus(widgets.CallAsking, "")
		if v.onConsent != nil {
			v.onConsent(p.CallID, card)
		}
	case records.ToolRunning:
		card.SetStatus(widgets.CallPending, "")
		v.showProgress(card, run)
	case records.ToolWaitingLimit:
		card.SetStatus(widgets.CallWaiting, "")
		card.WaitUntil(limitWait, run.Until, v.do)
	case records.ToolDone:
		card.SetStatus(widgets.CallDone, "")
	case records.ToolRefused:
		card.SetStatus(widgets.CallRefused, "")
	case records.ToolFailed:
		card.SetStatus(widgets.CallFailed, "")
	case records.ToolStopped:
		card.SetStatus(widgets.CallStopped, "")
	default: // a state this version does not know: shown as it came
		card.SetStatus(widgets.CallShown, safetext.OneLine(string(run.State)))
	}
}

// toolResult is the result of a run as its card shows it, and the result in a few words.
func (v *turnView) toolResult(run *records.ToolRun) (fyne.CanvasObject, string) {
	switch {
	case run.Search != nil:
		view := widgets.NewWebSearchView()
		d := searchData(run.Search)
		d.Verb = stateWords(run.State, "Asks to search for", "Searching for", "Asked to search for", "Searched for")
		view.SetData(d)
		view.OnLink = func(u *url.URL) { v.onLink(u) }
		return view, view.Summary()
	case run.Workspace != nil:
		return v.consultView(run.Workspace, stateWords(run.State, "Asks to consult the workspace", "Asking the workspace",
			"Asked to consult the workspace", "Asked the workspace"))
	case run.File != nil:
		return v.fileResult(run.File)
	case run.MCP != nil:
		return mcpResult(run.MCP, run.State)
	}
	return nil, ""
}

// searchData is a search run as its view shows it, every text made safe to draw.
func searchData(s *records.SearchRun) widgets.WebSearchData {
	var d widgets.WebSearchData
	if s.Status != "" || s.Degraded { // a search not run yet has only its queries
		d.Note = safetext.OneLine(s.StatusText())
	}
	for _, q := range s.Queries {
		d.Queries = append(d.Queries, safetext.OneLine(q))
	}
	for _, r := range s.Results {
		d.Results = append(d.Results, widgets.WebResult{Title: safetext.OneLine(r.Title), Domain: safetext.OneLine(r.Domain),
			URL: safetext.OneLine(r.URL)})
	}
	for _, w := range s.Warnings {
		d.Warnings = append(d.Warnings, safetext.OneLine(w))
	}
	return d
}

// consultView is a consulted workspace's question, answer (Markdown) and source chips; a chip
// shows its document in the documents panel, on the consulted workspace.
func (v *turnView) consultView(ws *records.WorkspaceRun, verb string) (fyne.CanvasObject, string) {
	d := widgets.ConsultData{Workspace: workspaceName(ws), Question: safetext.OneLine(ws.Question), Verb: verb}
	for _, src := range ws.Sources {
		d.Sources = append(d.Sources, widgets.SourceChip{Label: sourceLabel(src), Used: src.Used,
			Web: src.URL != nil && *src.URL != ""})
	}
	var answer fyne.CanvasObject
	if ws.Answer != "" || ws.Found != nil {
		md := markdown.NewView()
		md.OnLink = func(u *url.URL) { v.onLink(u) } // never opened without its address shown
		md.SetFinal(safetext.Text(ws.Answer))
		answer = md
		if ws.Found != nil && !*ws.Found {
			answer = container.NewVBox(md, notFoundLabel())
		}
	}
	view := widgets.NewConsultView(d, answer)
	id, sources := ws.WorkspaceID, ws.Sources
	view.OnSource = func(i int) {
		if i < len(sources) && v.onSourceIn != nil {
			v.onSourceIn(id, sources[i])
		}
	}
	return view, view.Summary()
}

func notFoundLabel() *widget.Label {
	l := widget.NewLabel("Not found: the workspace's documents do not cover this question.")
	l.Wrapping, l.Importance = fyne.TextWrapWord, widget.WarningImportance
	return l
}

// fileResult is a file generation the model asked for: the generated file's card (Save as…,
// Open), as Generate a file… shows it, and the text /generate wrote; or the prompt and that no
// file was made.
func (v *turnView) fileResult(f *records.FileRun) (fyne.CanvasObject, string) {
	var lines []string
	box := container.NewVBox()
	summary := "no file made"
	if a := f.Artifact; a != nil {
		summary = "file " + safetext.OneLine(cmp.Or(a.Title, a.Filename, "(no name)"))
		card := widgets.NewGeneratedFileCard(GeneratedFileOf(a), v.now)
		if v.onFile != nil {
			v.onFile(card, a)
		}
		box.Add(card)
	} else {
		lines = append(lines, "Asked for: "+safetext.OneLine(f.Prompt), "No file was made.")
	}
	if f.Response != "" {
		lines = append(lines, safetext.Text(f.Response))
	}
	if len(lines) > 0 {
		l := widget.NewLabel(strings.Join(lines, "\n"))
		l.Wrapping = fyne.TextWrapWord
		box.Add(l)
	}
	return box, summary
}
