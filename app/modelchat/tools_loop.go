package modelchat

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/mcp"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/app/workspaces"
	"lectern/client"
)

// The tool loop of a model answer: after an answer whose function calls are all the app's tools,
// each call is checked, consented to, run and its output capped; the outputs go back to the model
// in a follow-up request of the same turn, until it answers in text or MaxToolRounds is reached.
// An answer that calls a function the app does not run (one of AskOptions.Functions) ends the turn
// with its calls, as before: the caller offered it, the caller runs it.

// chatTools are the app's tools of one message: the conversation's settings, the workspaces to
// consult (named), the functions offered (a tier with tools), or a search on the message first (a
// tier without).
type chatTools struct {
	settings    records.ToolSettings
	workspaces  []workspaces.WorkspaceRef
	offered     []client.FunctionTool
	searchFirst bool
	note        string              // why tools asked for are not offered (a tier without tools), "" when they are
	mcp         map[string]mcp.Tool // the MCP servers' tools offered, by function name
}

// chatTools resolves the tools of a message in conv: override (AskOptions.Tools) or the saved
// settings, for conv's tier. A tier not listed gets none: prepare refuses it in words.
func (c *Models) chatTools(ctx context.Context, s modelSession, conv records.Conversation, override *records.ToolSettings) (chatTools, error) {
	var saved records.ToolSettings
	if conv.ID != 0 {
		var err error
		if saved, err = c.ToolSettings(ctx, conv.ID); err != nil {
			return chatTools{}, err
		}
	}
	settings := saved
	if override != nil {
		settings = cleanToolSettings(*override)
		if settings.Allowed == nil {
			settings.Allowed = saved.Allowed
		}
	}
	tiers, err := c.models.list(ctx, s, false)
	if err != nil {
		return chatTools{}, err
	}
	tier := client.FindModel(tiers, conv.Model)
	switch {
	case tier == nil:
		return chatTools{settings: settings}, nil
	case !tier.Capabilities.Tools:
		ct := chatTools{settings: settings, searchFirst: settings.WebSearch}
		if len(settings.Workspaces) > 0 || settings.Files || len(settings.MCPServers) > 0 {
			ct.note = noToolsNote(tier.ID)
		}
		return ct, nil
	}
	ws := c.namedWorkspaces(ctx, settings.Workspaces)
	ct := chatTools{settings: settings, workspaces: ws, offered: toolFunctions(settings, ws)}
	fns, byName, note := mcpFunctions(ctx, c.mcp, settings.MCPServers)
	ct.offered, ct.mcp, ct.note = append(ct.offered, fns...), byName, note
	return ct, nil
}

// answerWithTools streams the answer of turn, running the app's tools it calls, round after
// round; it returns as finishModel does.
func (m *modelAnswerer) answerWithTools(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error {
	if err := m.saveToolSettings(ctx); err != nil {
		return err
	}
	if m.tools.searchFirst {
		if err := m.searchFirst(ctx, turn, notify); err != nil {
			return m.abort(ctx, turn, err)
		}
	}
	var used *client.Usage
	for round := 1; ; round++ {
		start := len(turn.Parts)
		err := m.c.finishModel(ctx, turn, m.conv, m.stream(ctx, *turn, notify))
		used = addUsage(used, turn.Usage)
		turn.Usage = used
		calls := turn.Parts[start:]
		if err != nil || len(calls) == 0 || !m.runsAll(calls) {
			return conversations.JoinSave(err, m.saveUsage(ctx, turn, round))
		}
		if round == MaxToolRounds {
			turn.Notice = strings.TrimSpace(turn.Notice + " The model was still calling tools after " +
				strconv.Itoa(MaxToolRounds) + " rounds; its last calls were not run. Send another message to go on.")
			return m.c.store.SaveTurn(context.WithoutCancel(ctx), turn)
		}
		turn.Status = records.TurnPending
		for _, call := range slices.Clone(calls) {
			if err := m.runCall(ctx, turn, call, notify); err != nil {
				return m.abort(ctx, turn, err)
			}
		}
		m.req.addRound(turn.Answer, turn.Parts[start:])
	}
}

// runsAll reports whether every call is one of the app's tools offered in this message.
func (m *modelAnswerer) runsAll(calls []records.TurnPart) bool {
	for _, p := range calls {
		if _, ok := functionFor(m.tools.offered, p.Name); p.Kind != records.PartFunctionCall || !ok {
			return false
		}
	}
	return true
}

// saveUsage saves the usage of every round, added up, when there was more than one.
func (m *modelAnswerer) saveUsage(ctx context.Context, turn *records.Turn, rounds int) error {
	if rounds == 1 || turn.Usage == nil {
		return nil
	}
	return m.c.store.SaveTurn(context.WithoutCancel(ctx), turn)
}

// addUsage adds b to a (either may be nil).
func addUsage(a, b *client.Usage) *client.Usage {
	switch {
	case a == nil:
		return b
	case b == nil || a == b:
		return a
	}
	return &client.Usage{InputTokens: a.InputTokens + b.InputTokens, OutputTokens: a.OutputTokens + b.OutputTokens,
		TotalTokens: a.TotalTokens + b.TotalTokens}
}

// abort ends a turn whose tools were stopped or could not be saved: runs not ended are marked
// failed, and the turn interrupted or failed as any answer is.
func (m *modelAnswerer) abort(ctx context.Context, turn *records.Turn, err error) error {
	for _, p := range turn.Parts {
		if p.Run != nil && !p.Run.State.Final() {
			p.Run.State, p.Run.Until, p.Run.Reason = records.ToolFailed, time.Time{}, "Stopped before it ended."
		}
	}
	err = m.c.conv.Failed(ctx, turn, turn.Answer, err)
	return conversations.JoinSave(err, m.c.store.SaveTurn(context.WithoutCancel(ctx), turn))
}

// runCall runs one call of the model into a PartFunctionOutput after it: arguments checked
// against the schema, then consent, then the tool, its output capped. A refusal or a failure is
// told to the model in the output; the error is only for a stopped answer or a failed save.
func (m *modelAnswerer) runCall(ctx context.Context, turn *records.Turn, call records.TurnPart, notify func(events.TurnChanged)) error {
	tool := records.ToolKind(call.Name)
	run := &records.ToolRun{Tool: tool, State: records.ToolFailed}
	turn.Parts = append(turn.Parts, records.TurnPart{Kind: records.PartFunctionOutput, CallID: call.CallID, Name: call.Name,
		Arguments: call.Arguments, Run: run})
	fn, _ := functionFor(m.tools.offered, call.Name)
	if why := checkArguments(m.tools.mcpCheckSchema(fn), call.Arguments); why != "" {
		return m.end(ctx, turn, run, records.ToolFailed, why, "Not run. "+why, notify)
	}
	m.runner().describe(run, call.Arguments)
	ok, err := m.consentTo(ctx, turn, call, run, notify)
	if err != nil {
		return err
	}
	if !ok {
		return m.end(ctx, turn, run, records.ToolRefused, "You did not allow this call.", "Not run: the person did not allow this call.", notify)
	}
	out, err := m.runTool(ctx, turn, run, notify)
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err != nil {
		why := tools.ErrorText(err, m.c.conn.Describe)
		return m.end(ctx, turn, run, records.ToolFailed, why, "The tool failed: "+why, notify)
	}
	return m.end(ctx, turn, run, records.ToolDone, "", out, notify)
}

// end gives run its final state, its reason and the (capped) output sent back, and shows it.
func (m *modelAnswerer) end(ctx context.Context, turn *records.Turn, run *records.ToolRun, state records.ToolState, reason, output string,
	notify func(events.TurnChanged)) error {
	run.State, run.Until, run.Reason = state, time.Time{}, reason
	run.Output, run.CutNote = capOutput(output)
	return m.publish(ctx, turn, notify)
}

// consentTo asks the person, unless the tool is always allowed in this conversation; an answer
// of Always is saved with the conversation's settings.
func (m *modelAnswerer) consentTo(ctx context.Context, turn *records.Turn, call records.TurnPart, run *records.ToolRun, notify func(events.TurnChanged)) (bool, error) {
	tool := records.ToolKind(call.Name)
	if m.tools.settings.Allows(tool) {
		return true, nil
	}
	run.State = records.ToolWaitingConsent
	if err := m.publish(ctx, turn, notify); err != nil || m.consent == nil {
		return false, err
	}
	stop := m.keepAlive(ctx, turn.ID, turn.Answer)
	answer := m.consent(ctx, conversations.ConsentRequest{ConversationID: turn.ConversationID, TurnID: turn.ID, Tool: tool,
		CallID: call.CallID, Arguments: call.Arguments, Summary: m.tools.summary(tool, call.Arguments, run)})
	stop()
	if ctx.Err() != nil {
		return false, context.Cause(ctx)
	}
	if answer == conversations.ConsentAlways {
		m.tools.settings.Allowed = append(m.tools.settings.Allowed, tool)
		return true, m.c.SetToolSettings(context.WithoutCancel(ctx), turn.ConversationID, m.tools.settings)
	}
	return answer == conversations.ConsentOnce, nil
}

// keepAlive writes the pending turn every PartialSaveEvery until stop is called, so that another
// process opening the database meanwhile does not take a long wait (a person deciding, the
// shared limit) for an answer abandoned (staleAnswer).
func (m *modelAnswerer) keepAlive(ctx context.Context, turnID int64, text string) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(conversations.PartialSaveEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				_ = m.c.store.SavePartial(ctx, turnID, text)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// runner runs the app's tools of this message.
func (m *modelAnswerer) runner() toolRunner {
	return toolRunner{c: m.c, workspaces: m.tools.workspaces, mcp: m.tools.mcp}
}

// runTool runs run's tool; refused by the tools' shared limit with a Retry-After, it waits that
// long (shown as ToolWaitingLimit until then) and runs once more.
func (m *modelAnswerer) runTool(ctx context.Context, turn *records.Turn, run *records.ToolRun, notify func(events.TurnChanged)) (string, error) {
	runner := m.runner()
	for try := 1; ; try++ {
		run.State, run.Until = records.ToolRunning, time.Time{}
		if err := m.publish(ctx, turn, notify); err != nil {
			return "", err
		}
		out, err := runner.run(ctx, run)
		wait := limitWait(err)
		if wait <= 0 || try == 2 {
			return out, err
		}
		run.State, run.Until = records.ToolWaitingLimit, m.c.store.Now().Add(wait)
		if err := m.publish(ctx, turn, notify); err != nil {
			return "", err
		}
		stop := m.keepAlive(ctx, turn.ID, turn.Answer)
		err = sleepCtx(ctx, wait)
		stop()
		if err != nil {
			return "", err
		}
	}
}

// searchFirst runs web search on the message (a tier without tools) into a PartMessageContext and
// adds its results to the message as context; a failed search is shown on its card and the
// message goes without.
func (m *modelAnswerer) searchFirst(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error {
	run := &records.ToolRun{Tool: records.ToolWebSearch}
	turn.Parts = append(turn.Parts, records.TurnPart{Kind: records.PartMessageContext, Name: string(records.ToolWebSearch), Run: run})
	query := []rune(strings.Join(strings.Fields(turn.Question), " "))
	run.Search = &records.SearchRun{Queries: []string{string(query[:min(len(query), 400)])}}
	out, err := m.runTool(ctx, turn, run, notify)
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err != nil {
		return m.end(ctx, turn, run, records.ToolFailed, tools.ErrorText(err, m.c.conn.Describe), "", notify)
	}
	if err := m.end(ctx, turn, run, records.ToolDone, "", out, notify); err != nil {
		return err
	}
	m.req.addContext(messageContext(run.Output))
	return nil
}

// messageContext introduces a search's output sent with the message.
func messageContext(output string) string {
	if output == "" {
		return ""
	}
	return "[Lectern ran a web search on this message before sending it; the results follow.]\n" + output
}

// publish saves the turn's parts and tells notify, with a copy of the parts the loop goes on
// changing.
func (m *modelAnswerer) publish(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error {
	if err := m.c.store.SaveTurn(context.WithoutCancel(ctx), turn); err != nil {
		return err
	}
	notify(events.TurnChanged{ConversationID: turn.ConversationID, TurnID: turn.ID, Status: records.TurnPending, Text: turn.Answer,
		Stage: toolStage(turn.Parts), Parts: cloneParts(turn.Parts)})
	return nil
}

// toolStage is the stage of a turn whose tool runs changed: that of the first run not ended, or,
// once they all have, the wait for the model's next answer.
func toolStage(parts []records.TurnPart) string {
	for _, p := range parts {
		if p.Run == nil || p.Run.State.Final() {
			continue
		}
		switch p.Run.State {
		case records.ToolWaitingConsent:
			return records.StageConsent
		case records.ToolWaitingLimit:
			return records.StageToolLimit
		}
		return records.StageTool
	}
	return records.StageStarted
}

// cloneParts copies parts and their runs, so that a front-end may keep them while the loop runs.
func cloneParts(parts []records.TurnPart) []records.TurnPart {
	out := slices.Clone(parts)
	for i, p := range out {
		if p.Run == nil {
			continue
		}
		r := *p.Run
		if r.Search != nil {
			s := *r.Search
			r.Search = &s
		}
		if r.Workspace != nil {
			w := *r.Workspace
			r.Workspace = &w
		}
		if r.File != nil {
			f := *r.File
			r.File = &f
		}
		if r.MCP != nil {
			m := *r.MCP
			r.MCP = &m
		}
		out[i].Run = &r
	}
	return out
}

// saveToolSettings saves the settings the message was sent with (AskOptions.Tools) as the
// conversation's.
func (m *modelAnswerer) saveToolSettings(ctx context.Context) error {
	if m.toolsOverride == nil {
		return nil
	}
	return m.c.SetToolSettings(context.WithoutCancel(ctx), m.conv.ID, m.tools.settings)
}
