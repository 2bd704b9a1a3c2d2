package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/client/emulator"
)

// A model conversation's tools are saved with it (blank and repeated workspaces dropped), read
// back after reopening, and a tier without function calling says what it does with them.
func TestToolSettingsSavedWithTheConversation(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	conv, err := cs.NewChat(ctx, "Fast", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if s, err := cs.ToolSettings(ctx, conv.ID); err != nil || s.Any() {
		t.Fatalf("a new conversation has tools: %+v, %v", s, err)
	}
	before, _ := cs.Meter(ctx, conv.ID, conversations.Message{Text: "hi"}, nil)
	set := records.ToolSettings{WebSearch: true, Workspaces: []string{f.ws, " ", f.ws, f.org}, Allowed: []records.ToolKind{records.ToolWebSearch, records.ToolWebSearch}}
	if err := cs.SetToolSettings(ctx, conv.ID, set); err != nil {
		t.Fatal(err)
	}
	// The functions offered count in the context meter, as they do in the request.
	if after, _ := cs.Meter(ctx, conv.ID, conversations.Message{Text: "hi"}, nil); after.Tokens <= before.Tokens+100 {
		t.Errorf("meter %d tokens without tools, %d with", before.Tokens, after.Tokens)
	}
	got, err := f.open().Models().ToolSettings(ctx, conv.ID)
	if err != nil || !got.WebSearch || got.Files || !slices.Equal(got.Workspaces, []string{f.ws, f.org}) ||
		!slices.Equal(got.Allowed, []records.ToolKind{records.ToolWebSearch}) {
		t.Fatalf("read back %+v, %v", got, err)
	}
	if note, err := cs.ToolsNote(ctx, conv.ID); note != "" || err != nil {
		t.Errorf("Fast has tools, yet: %q, %v", note, err)
	}
	instant, _ := cs.NewChat(ctx, "Instant", "", "", "")
	if note, err := cs.ToolsNote(ctx, instant.ID); !strings.HasPrefix(note, "Instant cannot call functions: web search") || err != nil {
		t.Errorf("Instant: %q, %v", note, err)
	}
	if _, err := cs.ToolSettings(ctx, 9999); err != records.ErrNotFound {
		t.Errorf("no conversation: %v", err)
	}
}

// v1Recorder is a transport that records the bodies of /v1 requests and can change the bodies of
// the answers of paths ending in suffix (edit nil: unchanged).
type v1Recorder struct {
	mu      sync.Mutex
	bodies  []string
	suffix  string
	edit    func([]byte) []byte
	editOut func([]byte) []byte // changes the /v1 requests' bodies before they go (nil: unchanged)
}

func (r *v1Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil && strings.HasPrefix(req.URL.Path, "/v1/") {
		b, _ := io.ReadAll(req.Body)
		req.Body.Close()
		if r.editOut != nil {
			b = r.editOut(b)
			req.ContentLength = int64(len(b))
		}
		req.Body = io.NopCloser(bytes.NewReader(b))
		r.mu.Lock()
		r.bodies = append(r.bodies, string(b))
		r.mu.Unlock()
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil || r.edit == nil || r.suffix == "" || !strings.HasSuffix(req.URL.Path, r.suffix) || resp.StatusCode != 200 {
		return resp, err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	b = r.edit(b)
	resp.Body, resp.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
	resp.Header.Del("Content-Length")
	return resp, nil
}

func (r *v1Recorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bodies[len(r.bodies)-1]
}

// toolFixture is an emulator fixture whose app's requests go through rec, and a model
// conversation of api on Fast with tools set.
func toolFixture(t *testing.T, cfg emulator.Config, rec *v1Recorder, api records.ModelAPI, s records.ToolSettings) (*fixture, records.Conversation) {
	t.Helper()
	f := newFixtureWith(t, cfg, rec)
	conv, err := f.app.Models().NewChat(ctxT(t), "Fast", "", api, "")
	if err == nil {
		err = f.app.Models().SetToolSettings(ctxT(t), conv.ID, s)
	}
	if err != nil {
		t.Fatal(err)
	}
	return f, conv
}

// progress records the tool states a turn went through, and the consent requests.
type progress struct {
	mu     sync.Mutex
	states []records.ToolState
	stages []string // the stage of each change of the runs, as the stage line says it
	until  time.Time
	asked  []conversations.ConsentRequest
	answer conversations.Consent
}

func (p *progress) update(ev events.TurnChanged) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ev.Parts != nil && (len(p.stages) == 0 || p.stages[len(p.stages)-1] != ev.Stage) {
		p.stages = append(p.stages, ev.Stage)
	}
	for _, part := range ev.Parts {
		if part.Run != nil && (len(p.states) == 0 || p.states[len(p.states)-1] != part.Run.State) {
			p.states = append(p.states, part.Run.State)
			if part.Run.State == records.ToolWaitingLimit {
				p.until = part.Run.Until
			}
		}
	}
}

func (p *progress) consent(_ context.Context, r conversations.ConsentRequest) conversations.Consent {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.asked = append(p.asked, r)
	return p.answer
}

func (p *progress) options() conversations.AskOptions {
	return conversations.AskOptions{OnUpdate: p.update, Consent: p.consent}
}

// outputPart returns the turn's one PartFunctionOutput after its call, failing otherwise.
func outputPart(t *testing.T, turn records.Turn, name string) *records.ToolRun {
	t.Helper()
	if len(turn.Parts) != 2 || turn.Parts[0].Kind != records.PartFunctionCall || turn.Parts[0].Name != name ||
		turn.Parts[1].Kind != records.PartFunctionOutput || turn.Parts[1].CallID != turn.Parts[0].CallID || turn.Parts[1].Run == nil {
		t.Fatalf("parts %+v", turn.Parts)
	}
	return turn.Parts[1].Run
}

// A web search the model calls runs once the person allows it: the results go back to the model
// in a follow-up request of the same turn and it answers from them; the card's results are kept
// with the turn after reopening, and the next message sends the call and its output again.
func TestToolCallRunsAfterConsent(t *testing.T) {
	for _, api := range []records.ModelAPI{records.APIResponses, records.APIChat} {
		t.Run(string(api), func(t *testing.T) {
			rec := &v1Recorder{}
			f, conv := toolFixture(t, fastEmulatorConfig(), rec, api, records.ToolSettings{WebSearch: true})
			ctx := ctxT(t)
			p := &progress{answer: conversations.ConsentOnce}
			turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "Web search: tides"}, p.options())
			if err != nil || turn.Status != records.TurnCompleted {
				t.Fatalf("%+v, %v", turn, err)
			}
			run := outputPart(t, turn, "web_search")
			if run.State != records.ToolDone || run.Search == nil || len(run.Search.Results) == 0 ||
				run.Search.Results[0] != (records.SearchLink{Title: "Tide tables explained", Domain: "sea.example.org", URL: "https://sea.example.org/tides"}) ||
				!strings.Contains(run.Output, "https://sea.example.org/tides") || run.CutNote != "" {
				t.Fatalf("run %+v", run)
			}
			if !strings.Contains(turn.Answer, "The function web_search returned: Web search for") {
				t.Errorf("answer %q", turn.Answer)
			}
			if len(p.asked) != 1 || p.asked[0].Summary != "Search the web for “tides”" || p.asked[0].TurnID != turn.ID {
				t.Errorf("asked %+v", p.asked)
			}
			if want := []records.ToolState{records.ToolWaitingConsent, records.ToolRunning, records.ToolDone}; !slices.Equal(p.states, want) {
				t.Errorf("states %v, want %v", p.states, want)
			}
			// The stage line says what the answer waits for: not "Sending the question…".
			if want := []string{records.StageConsent, records.StageTool, records.StageStarted}; !slices.Equal(p.stages, want) {
				t.Errorf("stages %v, want %v", p.stages, want)
			}
			if n := f.emu.Requests("POST /websearch"); n != 1 {
				t.Errorf("%d searches", n)
			}
			saved, err := f.open().Conversations().Turn(ctx, turn.ID)
			if err != nil || !reflect.DeepEqual(saved.Parts, turn.Parts) || saved.Answer != turn.Answer {
				t.Fatalf("after reopening %+v, %v", saved.Parts, err)
			}
			if md, _ := f.app.Conversations().Markdown(ctx, conv.ID); !strings.Contains(md, "*Tool: web search “tides”: 1 result(s)*") {
				t.Errorf("the export lacks the run:\n%s", md)
			}
			if _, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "Thank you"}, p.options()); err != nil {
				t.Fatal(err)
			}
			body := rec.last()
			if !strings.Contains(body, turn.Parts[0].CallID) || !strings.Contains(body, "sea.example.org/tides") {
				t.Errorf("the next message did not send the call and its output again: %s", body)
			}
		})
	}
}

// A call the person refuses is not run: the model is told so in the output, and answers from that.
// Always allows every later call of the tool in the conversation without asking (saved with it).
func TestToolCallRefusedThenAlwaysAllowed(t *testing.T) {
	f, conv := toolFixture(t, fastEmulatorConfig(), &v1Recorder{}, records.APIResponses, records.ToolSettings{WebSearch: true})
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	p := &progress{answer: conversations.ConsentRefuse}
	turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "web search: tides"}, p.options())
	if err != nil {
		t.Fatal(err)
	}
	run := outputPart(t, turn, "web_search")
	if run.State != records.ToolRefused || run.Reason != "You did not allow this call." || !slices.Equal(run.Search.Queries, []string{"tides"}) ||
		run.Search.Results != nil || records.ToolLine(turn.Parts[1], time.Now()) != "web search “tides”: not run: You did not allow this call." ||
		!strings.Contains(turn.Answer, "returned: Not run: the person did not allow this call.") {
		t.Fatalf("run %+v, answer %q", run, turn.Answer)
	}
	if n := f.emu.Requests("POST /websearch"); n != 0 {
		t.Fatalf("a refused call searched %d times", n)
	}
	p.answer = conversations.ConsentAlways
	if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "web search: sourdough"}, p.options()); err != nil {
		t.Fatal(err)
	}
	turn, err = cs.Send(ctx, conv.ID, conversations.Message{Text: "web search: lighthouses"}, p.options())
	if err != nil || outputPart(t, turn, "web_search").State != records.ToolDone {
		t.Fatalf("%+v, %v", turn.Parts, err)
	}
	if len(p.asked) != 2 || f.emu.Requests("POST /websearch") != 2 {
		t.Errorf("asked %d times, searched %d times", len(p.asked), f.emu.Requests("POST /websearch"))
	}
	if s, _ := f.open().Models().ToolSettings(ctx, conv.ID); !slices.Equal(s.Allowed, []records.ToolKind{records.ToolWebSearch}) {
		t.Errorf("allowed %v", s.Allowed)
	}
	// Without a consent hook a call not always allowed is refused.
	other, _ := cs.NewChat(ctx, "Fast", "", records.APIChat, "")
	turn, err = cs.Send(ctx, other.ID, conversations.Message{Text: "web search: tides"}, conversations.AskOptions{Tools: &records.ToolSettings{WebSearch: true}})
	if err != nil || outputPart(t, turn, "web_search").State != records.ToolRefused || f.emu.Requests("POST /websearch") != 2 {
		t.Errorf("%+v, %v", turn.Parts, err)
	}
}

// Arguments that do not fit the function's schema are not run and the model is told what is
// wrong, before the person is asked; here a proxy changes the arguments the server checked.
func TestToolCallArgumentsNotFittingTheSchema(t *testing.T) {
	for _, api := range []records.ModelAPI{records.APIResponses, records.APIChat} {
		t.Run(string(api), func(t *testing.T) {
			rec := &v1Recorder{edit: func(b []byte) []byte {
				return bytes.ReplaceAll(b, []byte(`{\"query\":\"`), []byte(`{\"query\":5,\"q\":\"`))
			}}
			rec.suffix = map[records.ModelAPI]string{records.APIResponses: "/responses", records.APIChat: "/completions"}[api]
			f, conv := toolFixture(t, fastEmulatorConfig(), rec, api, records.ToolSettings{WebSearch: true})
			p := &progress{answer: conversations.ConsentOnce}
			turn, err := f.app.Conversations().Send(ctxT(t), conv.ID, conversations.Message{Text: "web search: tides"}, p.options())
			if err != nil {
				t.Fatal(err)
			}
			run := outputPart(t, turn, "web_search")
			if run.State != records.ToolFailed || !strings.HasPrefix(run.Reason, "The arguments do not fit the function's schema: $") ||
				run.Output != "Not run. "+run.Reason || len(p.asked) != 0 || f.emu.Requests("POST /websearch") != 0 {
				t.Fatalf("run %+v, asked %d", run, len(p.asked))
			}
			if turn.Parts[0].Arguments != `{"query":5,"q":"tides"}` || !strings.Contains(turn.Answer, "returned: Not run.") {
				t.Errorf("call %+v, answer %q", turn.Parts[0], turn.Answer)
			}
		})
	}
}

// An output over MaxToolOutput is cut before it goes back to the model, and the cut is said both
// in the output sent and on the card; here a proxy makes a search result's page long.
func TestToolOutputOverTheCap(t *testing.T) {
	rec := &v1Recorder{suffix: "/websearch", edit: func(b []byte) []byte {
		var res map[string]any
		if json.Unmarshal(b, &res) != nil {
			return b
		}
		hits, _ := res["results"].([]any)
		for _, h := range hits {
			h.(map[string]any)["content"] = strings.Repeat("The tide turns. ", 3000) // 48,000 bytes
		}
		out, _ := json.Marshal(res)
		return out
	}}
	f, conv := toolFixture(t, fastEmulatorConfig(), rec, records.APIResponses, records.ToolSettings{WebSearch: true, Allowed: []records.ToolKind{records.ToolWebSearch}})
	turn, err := f.app.Conversations().Send(ctxT(t), conv.ID, conversations.Message{Text: "web search: tides"}, conversations.AskOptions{})
	if err != nil {
		t.Fatal(err)
	}
	run := outputPart(t, turn, "web_search")
	const note = "The output was cut to 16 KiB of its 47 KiB before it was sent to the model."
	if run.State != records.ToolDone || len(run.Output) > tools.MaxToolOutput || run.CutNote != note || !strings.HasSuffix(run.Output, "["+note+"]") {
		t.Fatalf("%d bytes, note %q, ends %q", len(run.Output), run.CutNote, run.Output[len(run.Output)-100:])
	}
	if sent := rec.last(); !strings.Contains(sent, note) {
		t.Error("the cut was not said to the model")
	}
}

// The tools' shared limit (model-api.md §8: "/chat, /generate, /pdf together: 10 requests a minute
// per person"; 429 with Retry-After) is waited out, the card showing until when, and the call
// runs once more, never before and never blind: refused again, it fails in words. Stop ends the
// wait.
func TestToolCallWaitsOutTheSharedLimit(t *testing.T) {
	f, conv := toolFixture(t, fastEmulatorConfig(), &v1Recorder{}, records.APIResponses, records.ToolSettings{Files: true, Allowed: []records.ToolKind{records.ToolGenerate}})
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	limit := func(count int, wait time.Duration) {
		f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: http.StatusTooManyRequests, RetryAfter: wait, Count: count, Route: "POST /generate"}})
	}
	limit(1, time.Second)
	p := &progress{}
	sent := time.Now()
	turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "generate file: a budget spreadsheet"}, p.options())
	if err != nil {
		t.Fatal(err)
	}
	run := outputPart(t, turn, "generate_file")
	if run.State != records.ToolDone || run.File == nil || run.File.Artifact == nil || run.File.Artifact.Kind == "" {
		t.Fatalf("run %+v", run)
	}
	if want := []records.ToolState{records.ToolRunning, records.ToolWaitingLimit, records.ToolRunning, records.ToolDone}; !slices.Equal(p.states, want) {
		t.Errorf("states %v, want %v", p.states, want)
	}
	if d := p.until.Sub(sent); d < time.Second || d > 10*time.Second || time.Since(sent) < time.Second {
		t.Errorf("waited until %v after sending, returned after %v", d, time.Since(sent))
	}
	if n := f.emu.Requests("POST /generate"); n != 2 {
		t.Errorf("%d requests", n)
	}

	limit(2, time.Second)
	turn, err = cs.Send(ctx, conv.ID, conversations.Message{Text: "generate file: a letter"}, conversations.AskOptions{})
	if run = outputPart(t, turn, "generate_file"); err != nil || run.State != records.ToolFailed ||
		!strings.HasPrefix(run.Reason, "Too many requests: chat, generate and PDF text share a limit") || f.emu.Requests("POST /generate") != 4 {
		t.Fatalf("run %+v, %v, %d requests", run, err, f.emu.Requests("POST /generate"))
	}

	limit(1, 30*time.Second)
	waiting := make(chan int64, 1)
	opts := conversations.AskOptions{OnUpdate: func(ev events.TurnChanged) {
		for _, p := range ev.Parts {
			if p.Run != nil && p.Run.State == records.ToolWaitingLimit {
				waiting <- ev.TurnID
			}
		}
	}}
	go func() { cs.Stop(<-waiting) }()
	turn, err = cs.Send(ctx, conv.ID, conversations.Message{Text: "generate file: a report"}, opts)
	if run = outputPart(t, turn, "generate_file"); err == nil || turn.Status != records.TurnInterrupted || run.State != records.ToolFailed ||
		run.Reason != "Stopped before it ended." || f.emu.Requests("POST /generate") != 5 {
		t.Fatalf("stopped: %+v, %+v, %v", turn, run, err)
	}
}

// The workspaces to consult are offered as a function that asks one of them: the card keeps the
// question, the answer and its sources. A generated file's card keeps its title, kind and size.
func TestToolCallsConsultAWorkspaceAndGenerateAFile(t *testing.T) {
	f, conv := toolFixture(t, fastEmulatorConfig(), &v1Recorder{}, records.APIChat, records.ToolSettings{Files: true})
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	if err := cs.SetToolSettings(ctx, conv.ID, records.ToolSettings{Workspaces: []string{f.ws}, Files: true}); err != nil {
		t.Fatal(err)
	}
	p := &progress{answer: conversations.ConsentOnce}
	turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "Is the office closed on 25 December? Consult workspace."}, p.options())
	if err != nil {
		t.Fatal(err)
	}
	run := outputPart(t, turn, "consult_workspace")
	w := run.Workspace
	if run.State != records.ToolDone || w == nil || w.WorkspaceID != f.ws || w.Workspace != "Ann's notes" || !strings.Contains(w.Answer, "25 December") ||
		len(w.Sources) == 0 || w.Sources[0].Name != "holidays.txt" || !strings.Contains(run.Output, "Source [1]: holidays.txt") {
		t.Fatalf("run %+v %+v", run, w)
	}
	if len(p.asked) != 1 || !strings.HasPrefix(p.asked[0].Summary, "Ask the workspace “Ann's notes”: “Is the office closed on 25 December?”") {
		t.Errorf("asked %+v", p.asked)
	}
	turn, err = cs.Send(ctx, conv.ID, conversations.Message{Text: "Generate file: a Word report on the holidays"}, p.options())
	if err != nil {
		t.Fatal(err)
	}
	run = outputPart(t, turn, "generate_file")
	if a := run.File.Artifact; run.State != records.ToolDone || a == nil || a.Kind != "docx" || a.Size == 0 || a.Title == "" ||
		!strings.Contains(run.Output, "A file was made: ") {
		t.Fatalf("run %+v, file %+v", run, run.File)
	}
	saved, err := f.open().Conversations().Turn(ctx, turn.ID)
	if err != nil || !reflect.DeepEqual(saved.Parts, turn.Parts) {
		t.Fatalf("after reopening %+v, %v", saved.Parts[1].Run.File, err)
	}
	if exp, ok := saved.Parts[1].Run.File.Artifact.Expires(); !ok || !exp.After(time.Now()) {
		t.Errorf("the file's expiry was not kept: %v %v", exp, ok)
	}
}

// On a tier without tools the search runs on the message first and its results go with it as
// context (in the history of later messages too); the workspaces are not consulted.
func TestToolsOnATierWithout(t *testing.T) {
	rec := &v1Recorder{}
	f, _ := toolFixture(t, fastEmulatorConfig(), rec, records.APIResponses, records.ToolSettings{})
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	conv, _ := cs.NewChat(ctx, "Instant", "", "", "")
	var notes []string
	opts := conversations.AskOptions{Tools: &records.ToolSettings{WebSearch: true, Workspaces: []string{f.ws}}, OnNotice: func(s string) { notes = append(notes, s) }}
	turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "tides"}, opts)
	if len(notes) != 1 || !strings.Contains(notes[0], "workspaces are not consulted") {
		t.Errorf("notes %q", notes)
	}
	if err != nil || len(turn.Parts) != 1 || turn.Parts[0].Kind != records.PartMessageContext || turn.Parts[0].Run.State != records.ToolDone ||
		turn.Parts[0].Run.Search.Results[0].Domain != "sea.example.org" {
		t.Fatalf("%+v, %v", turn.Parts, err)
	}
	first := rec.last()
	if !strings.Contains(first, "Lectern ran a web search on this message") || strings.Contains(first, `"tools"`) {
		t.Errorf("request %s", first)
	}
	if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "more"}, conversations.AskOptions{}); err != nil || !strings.Contains(rec.last(), "sea.example.org/tides") {
		t.Errorf("the context was not sent again: %v", err)
	}
	if s, _ := cs.ToolSettings(ctx, conv.ID); !s.WebSearch || !slices.Equal(s.Workspaces, []string{f.ws}) {
		t.Errorf("the message's tools were not saved: %+v", s)
	}
}

// A search refused by the server (internet access blocked for the person) fails in words on the
// card, and the model is told why.
func TestToolCallSearchBlocked(t *testing.T) {
	f, conv := toolFixture(t, fastEmulatorConfig(), &v1Recorder{}, records.APIResponses, records.ToolSettings{WebSearch: true, Allowed: []records.ToolKind{records.ToolWebSearch}})
	f.emu.Tools.BlockInternet("ann", true)
	turn, err := f.app.Conversations().Send(ctxT(t), conv.ID, conversations.Message{Text: "web search: tides"}, conversations.AskOptions{})
	if err != nil {
		t.Fatal(err)
	}
	run := outputPart(t, turn, "web_search")
	if run.State != records.ToolFailed || !strings.HasPrefix(run.Reason, "Web search is turned off for your account (internet access is blocked).") ||
		run.Output != "The tool failed: "+run.Reason || !strings.Contains(turn.Answer, "returned: The tool failed: Web search is turned off") {
		t.Fatalf("run %+v, answer %q", run, turn.Answer)
	}
}

// A model that keeps calling tools gets MaxToolRounds requests in one turn: the calls of the last
// are not run, the turn says so, and the next message sends only the calls that have an output.
// Here a proxy forces a call in every request (tool_choice required).
func TestToolRoundsAreBounded(t *testing.T) {
	rec := &v1Recorder{editOut: func(b []byte) []byte {
		return bytes.Replace(b, []byte(`{"model":"Fast",`), []byte(`{"model":"Fast","tool_choice":"required",`), 1)
	}}
	f, conv := toolFixture(t, fastEmulatorConfig(), rec, records.APIResponses, records.ToolSettings{WebSearch: true, Allowed: []records.ToolKind{records.ToolWebSearch}})
	turn, err := f.app.Conversations().Send(ctxT(t), conv.ID, conversations.Message{Text: "web search: tides"}, conversations.AskOptions{})
	if err != nil || turn.Status != records.TurnCompleted || !strings.Contains(turn.Notice, "still calling tools after 5 rounds") {
		t.Fatalf("%+v, %v", turn, err)
	}
	if n, s := f.emu.Requests("POST /v1/responses"), f.emu.Requests("POST /websearch"); n != tools.MaxToolRounds || s != tools.MaxToolRounds-1 {
		t.Errorf("%d model requests, %d searches", n, s)
	}
	last := turn.Parts[len(turn.Parts)-1]
	if len(turn.Parts) != 2*tools.MaxToolRounds-1 || last.Kind != records.PartFunctionCall {
		t.Fatalf("%d parts, the last %+v", len(turn.Parts), last)
	}
	if _, err := f.app.Conversations().Send(ctxT(t), conv.ID, conversations.Message{Text: "thanks"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	if body := rec.last(); strings.Contains(body, last.CallID) || !strings.Contains(body, turn.Parts[0].CallID) {
		t.Errorf("the unanswered call went again, or the answered ones did not:\n%s", body)
	}
}

// While the person decides, the pending turn is written every few seconds, so that another
// process opening the database does not take the wait for an answer abandoned.
func TestToolConsentWaitKeepsTheTurnAlive(t *testing.T) {
	f, conv := toolFixture(t, fastEmulatorConfig(), &v1Recorder{}, records.APIResponses, records.ToolSettings{WebSearch: true})
	cs := chatsOf(f.app)
	var before, during time.Time
	consent := func(ctx context.Context, r conversations.ConsentRequest) conversations.Consent {
		t0, _ := cs.Turn(ctx, r.TurnID)
		time.Sleep(conversations.PartialSaveEvery + 500*time.Millisecond)
		t1, _ := cs.Turn(ctx, r.TurnID)
		before, during = t0.Updated, t1.Updated
		return conversations.ConsentOnce
	}
	if _, err := cs.Send(ctxT(t), conv.ID, conversations.Message{Text: "web search: tides"}, conversations.AskOptions{Consent: consent}); err != nil {
		t.Fatal(err)
	}
	if !during.After(before) {
		t.Errorf("the turn was not written while waiting: %v then %v", before, during)
	}
}

// Stop while the person is asked ends the turn interrupted, the call not run and marked so.
func TestToolConsentStopped(t *testing.T) {
	f, conv := toolFixture(t, fastEmulatorConfig(), &v1Recorder{}, records.APIChat, records.ToolSettings{WebSearch: true})
	cs := chatsOf(f.app)
	consent := func(ctx context.Context, r conversations.ConsentRequest) conversations.Consent {
		cs.Stop(r.TurnID)
		<-ctx.Done()
		return conversations.ConsentRefuse
	}
	turn, err := cs.Send(ctxT(t), conv.ID, conversations.Message{Text: "web search: tides"}, conversations.AskOptions{Consent: consent})
	if run := outputPart(t, turn, "web_search"); err == nil || turn.Status != records.TurnInterrupted || run.State != records.ToolFailed ||
		run.Reason != "Stopped before it ended." || f.emu.Requests("POST /websearch") != 0 {
		t.Fatalf("%+v %+v, %v", turn, run, err)
	}
	saved, _ := cs.Turn(ctxT(t), turn.ID)
	if saved.Status != records.TurnInterrupted || saved.Parts[1].Run.State != records.ToolFailed {
		t.Errorf("saved %+v", saved)
	}
}
