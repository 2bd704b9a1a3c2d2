package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/schemacheck"
)

// The tool loop of a model chat's answer (issue 22). On a tier with tools the model is offered the
// functions of the message's sources; when it calls one, the loop checks the arguments against
// the function's schema, asks the person (Message.Consent), runs the call on its source, caps its
// output and sends it back in a follow-up request of the same turn, until the model answers in
// text or MaxToolRounds is reached. An answer that calls a function no source offers (one of the
// caller's, AskOptions.Functions) ends the turn with its calls: the caller offered it, the caller
// runs it. On a tier without tools, web search runs on the message first and its results go with
// it as context (Message.Search).
//
// Every step is kept in the turn's parts (Turn.Parts), saved with the conversation and shown
// after a restart: a PartFunctionCall as the model sent it, then a PartFunctionOutput with the
// same CallID holding the run (TurnPart.Run). A search run on the message is a PartMessageContext.
// While a tool runs, notify gets a TurnChanged carrying the parts so far (TurnChanged.Parts) at
// each change of state.

// MaxToolOutput caps the output of one tool run sent back to the model; a longer one is cut and
// the cut is said, both in the output sent and in ToolRun.CutNote.
const MaxToolOutput = 16 << 10

// MaxToolRounds bounds the model requests of one turn: when the last of them still calls tools,
// the turn ends with those calls not run (Turn.Notice says so) instead of asking again.
const MaxToolRounds = 5

// Chat is the model side of a turn with tools: what the loop asks of a model chat's answer of one
// message (app/modelchat's).
type Chat interface {
	// Round streams the model's next answer into turn (its text; its calls after the parts so
	// far) and saves how it ended; nil for a whole answer.
	Round(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error
	// AddRound adds a round of the turn to the next request: the model's text and calls, and the
	// outputs of their runs.
	AddRound(text string, parts []records.TurnPart)
	// AddSearch adds the output of the web search run on the message to the message, as context.
	AddSearch(output string)
	// SetToolSettings saves a conversation's tools (an answer of Always adds the tool to those
	// allowed).
	SetToolSettings(ctx context.Context, conversationID int64, s records.ToolSettings) error
}

// Message is what the tools of one message run with.
type Message struct {
	Chat    Chat
	Sources []Source // the tools offered to the model (a tier with tools)
	// Search, when not nil, runs web search on the message before it is sent (a tier without
	// tools): its web_search is called with the message as the query.
	Search   Source
	Settings records.ToolSettings      // the conversation's: the tools that run without asking
	Consent  conversations.ConsentFunc // asks the person; nil: a call that needs consent is not run
}

// Answer streams the answer of turn through m.Chat, running the tools it calls, round after round;
// it returns as Chat.Round does, or the error of a stopped answer or a failed save.
func (t *Tools) Answer(ctx context.Context, turn *records.Turn, m Message, notify func(events.TurnChanged)) error {
	l := &loop{t: t, Message: m, notify: notify}
	return l.answer(ctx, turn)
}

// loop is the tool loop of one message.
type loop struct {
	t *Tools
	Message
	notify func(events.TurnChanged)
}

// answer runs the rounds of turn.
func (m *loop) answer(ctx context.Context, turn *records.Turn) error {
	if m.Search != nil {
		if err := m.searchFirst(ctx, turn); err != nil {
			return m.abort(ctx, turn, err)
		}
	}
	var used *client.Usage
	for round := 1; ; round++ {
		start := len(turn.Parts)
		err := m.Chat.Round(ctx, turn, m.notify)
		used = addUsage(used, turn.Usage)
		turn.Usage = used
		calls := turn.Parts[start:]
		if err != nil || len(calls) == 0 || !m.runsAll(calls) {
			return conversations.JoinSave(err, m.saveUsage(ctx, turn, round))
		}
		if round == MaxToolRounds {
			turn.Notice = strings.TrimSpace(turn.Notice + " The model was still calling tools after " +
				strconv.Itoa(MaxToolRounds) + " rounds; its last calls were not run. Send another message to go on.")
			return m.t.store.SaveTurn(context.WithoutCancel(ctx), turn)
		}
		turn.Status = records.TurnPending
		for _, call := range slices.Clone(calls) {
			if err := m.runCall(ctx, turn, call); err != nil {
				return m.abort(ctx, turn, err)
			}
		}
		m.Chat.AddRound(turn.Answer, turn.Parts[start:])
	}
}

// runsAll reports whether every call is one of the tools the sources offer in this message.
func (m *loop) runsAll(calls []records.TurnPart) bool {
	for _, p := range calls {
		if _, _, ok := functionOf(m.Sources, p.Name); p.Kind != records.PartFunctionCall || !ok {
			return false
		}
	}
	return true
}

// saveUsage saves the usage of every round, added up, when there was more than one.
func (m *loop) saveUsage(ctx context.Context, turn *records.Turn, rounds int) error {
	if rounds == 1 || turn.Usage == nil {
		return nil
	}
	return m.t.store.SaveTurn(context.WithoutCancel(ctx), turn)
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

// abort ends a turn whose tools were stopped or could not be saved: a run that was running is
// marked stopped, one that waited failed, and the turn interrupted or failed as any answer is.
func (m *loop) abort(ctx context.Context, turn *records.Turn, err error) error {
	for _, p := range turn.Parts {
		switch {
		case p.Run == nil || p.Run.State.Final():
		case p.Run.State == records.ToolRunning: // it may have done part of its work
			p.Run.State, p.Run.Reason = records.ToolStopped, "Stopped while it ran."
		default:
			p.Run.State, p.Run.Until, p.Run.Reason = records.ToolFailed, time.Time{}, "Stopped before it ended."
		}
	}
	err = m.t.conv.Failed(ctx, turn, turn.Answer, err)
	return conversations.JoinSave(err, m.t.store.SaveTurn(context.WithoutCancel(ctx), turn))
}

// runCall runs one call of the model into a PartFunctionOutput after it: arguments checked
// against the schema, then consent, then the call on its source, its output capped. A refusal or
// a failure is told to the model in the output; the error is only for a stopped answer or a
// failed save.
func (m *loop) runCall(ctx context.Context, turn *records.Turn, call records.TurnPart) error {
	tool := records.ToolKind(call.Name)
	run := &records.ToolRun{Tool: tool, State: records.ToolFailed}
	turn.Parts = append(turn.Parts, records.TurnPart{Kind: records.PartFunctionOutput, CallID: call.CallID, Name: call.Name,
		Arguments: call.Arguments, Run: run})
	src, fn, _ := functionOf(m.Sources, call.Name)
	if why := checkArguments(fn, call.Arguments); why != "" {
		return m.end(ctx, turn, run, records.ToolFailed, why, "Not run. "+why)
	}
	said := src.Describe(call.Name, call.Arguments, run)
	ok, err := m.consentTo(ctx, turn, call, run, said)
	if err != nil {
		return err
	}
	if !ok {
		return m.end(ctx, turn, run, records.ToolRefused, "You did not allow this call.", "Not run: the person did not allow this call.")
	}
	out, err := m.runTool(ctx, turn, src, call.Arguments, run)
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err != nil {
		why := ErrorText(err, m.t.conn.Describe)
		return m.end(ctx, turn, run, records.ToolFailed, why, "The tool failed: "+why)
	}
	return m.end(ctx, turn, run, records.ToolDone, "", out)
}

// checkArguments checks a call's arguments against its function's schema: "" when they fit, else
// what is wrong, in words.
func checkArguments(fn client.FunctionTool, arguments string) string {
	if !json.Valid([]byte(arguments)) {
		return "The arguments are not JSON."
	}
	if problem := schemacheck.Check(fn.Parameters, arguments, "arguments"); problem != "" {
		return "The arguments do not fit the function's schema: " + problem
	}
	return ""
}

// end gives run its final state, its reason and the (capped) output sent back, and shows it.
func (m *loop) end(ctx context.Context, turn *records.Turn, run *records.ToolRun, state records.ToolState, reason, output string) error {
	run.State, run.Until, run.Reason = state, time.Time{}, reason
	run.Output, run.CutNote = capOutput(output)
	return m.publish(ctx, turn)
}

// consentTo asks the person, unless the tool is always allowed in this conversation; said is what
// the call would do. An answer of Always is saved with the conversation's settings.
func (m *loop) consentTo(ctx context.Context, turn *records.Turn, call records.TurnPart, run *records.ToolRun, said string) (bool, error) {
	tool := records.ToolKind(call.Name)
	if m.Settings.Allows(tool) {
		return true, nil
	}
	run.State = records.ToolWaitingConsent
	if err := m.publish(ctx, turn); err != nil || m.Consent == nil {
		return false, err
	}
	stop := m.keepAlive(ctx, turn.ID, turn.Answer)
	answer := m.Consent(ctx, conversations.ConsentRequest{ConversationID: turn.ConversationID, TurnID: turn.ID, Tool: tool,
		CallID: call.CallID, Arguments: call.Arguments, Summary: said})
	stop()
	if ctx.Err() != nil {
		return false, context.Cause(ctx)
	}
	if answer == conversations.ConsentAlways {
		m.Settings.Allowed = append(m.Settings.Allowed, tool)
		return true, m.Chat.SetToolSettings(context.WithoutCancel(ctx), turn.ConversationID, m.Settings)
	}
	return answer == conversations.ConsentOnce, nil
}

// keepAlive writes the pending turn every PartialSaveEvery until stop is called, so that another
// process opening the database meanwhile does not take a long wait (a person deciding, the
// shared limit) for an answer abandoned (staleAnswer).
func (m *loop) keepAlive(ctx context.Context, turnID int64, text string) (stop func()) {
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
				_ = m.t.store.SavePartial(ctx, turnID, text)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// runTool runs run's call on src with its arguments; refused by the tools' shared limit with a
// Retry-After, it waits that long (shown as ToolWaitingLimit until then) and runs once more.
func (m *loop) runTool(ctx context.Context, turn *records.Turn, src Source, arguments string, run *records.ToolRun) (string, error) {
	for try := 1; ; try++ {
		run.State, run.Until, run.Started = records.ToolRunning, time.Time{}, m.t.store.Now().UTC().Round(0) // as it is saved
		if err := m.publish(ctx, turn); err != nil {
			return "", err
		}
		out, err := src.Run(ctx, string(run.Tool), arguments, run, m.progressed(turn))
		wait := limitWait(err)
		if wait <= 0 || try == 2 {
			return out, err
		}
		run.State, run.Until = records.ToolWaitingLimit, m.t.store.Now().Add(wait)
		if err := m.publish(ctx, turn); err != nil {
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
func (m *loop) searchFirst(ctx context.Context, turn *records.Turn) error {
	run := &records.ToolRun{Tool: records.ToolWebSearch}
	turn.Parts = append(turn.Parts, records.TurnPart{Kind: records.PartMessageContext, Name: string(records.ToolWebSearch), Run: run})
	query := []rune(strings.Join(strings.Fields(turn.Question), " "))
	args, _ := json.Marshal(webSearchArgs{Query: string(query[:min(len(query), 400)])})
	m.Search.Describe(string(run.Tool), string(args), run)
	out, err := m.runTool(ctx, turn, m.Search, string(args), run)
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err != nil {
		return m.end(ctx, turn, run, records.ToolFailed, ErrorText(err, m.t.conn.Describe), "")
	}
	if err := m.end(ctx, turn, run, records.ToolDone, "", out); err != nil {
		return err
	}
	m.Chat.AddSearch(run.Output)
	return nil
}

// publish saves the turn's parts and tells notify, with a copy of the parts the loop goes on
// changing.
func (m *loop) publish(ctx context.Context, turn *records.Turn) error {
	if err := m.t.store.SaveTurn(context.WithoutCancel(ctx), turn); err != nil {
		return err
	}
	m.show(turn)
	return nil
}

// show tells notify of the turn's parts as they are now, copied.
func (m *loop) show(turn *records.Turn) {
	m.notify(events.TurnChanged{ConversationID: turn.ConversationID, TurnID: turn.ID, Status: records.TurnPending, Text: turn.Answer,
		Stage: toolStage(turn.Parts), Parts: cloneParts(turn.Parts)})
}

// progressed is what a source calls while turn's call runs, after it wrote how far the call is
// into its run: the parts are shown, not saved (a restart need not keep how far a call got while
// it ran; the run's end saves it).
func (m *loop) progressed(turn *records.Turn) func() {
	return func() { m.show(turn) }
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

// limitWait is how long the tools' shared limit asks to wait before err's request may go again:
// a 429 with Retry-After; 0 for any other error, and for a 429 that does not say (never a blind
// retry).
func limitWait(err error) time.Duration {
	var ae *client.APIError
	if errors.As(err, &ae) && ae.StatusCode == http.StatusTooManyRequests {
		return ae.RetryAfter
	}
	return 0
}

// capOutput cuts an output over MaxToolOutput bytes (at a character boundary) and says the cut
// at its end; note is the cut in words for the card, "" when nothing was cut.
func capOutput(out string) (capped, note string) {
	if len(out) <= MaxToolOutput {
		return out, ""
	}
	note = fmt.Sprintf("The output was cut to %d KiB of its %d KiB before it was sent to the model.", MaxToolOutput>>10,
		(len(out)+1023)>>10)
	cut := MaxToolOutput - len(note) - 8
	for cut > 0 && !utf8.RuneStart(out[cut]) {
		cut--
	}
	return out[:cut] + "\n\n[" + note + "]", note
}

// sleepCtx waits d or until ctx is done; it returns ctx's error then.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return context.Cause(ctx)
	case <-t.C:
		return nil
	}
}
