package tools

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/secrets"
	"lectern/app/store"
	"lectern/client"
)

// echoSource is a source of tools other than the app's own (as an MCP server's will be): one
// function, echo, whose schema asks for a text.
type echoSource struct {
	runs []string // the arguments of each call run
}

func (s *echoSource) Functions() []client.FunctionTool {
	return []client.FunctionTool{{Name: "echo", Description: "Says the text back.",
		Parameters: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}`)}}
}

func (s *echoSource) Describe(name, arguments string, run *records.ToolRun) string {
	return "Echo " + arguments
}

func (s *echoSource) Run(_ context.Context, name, arguments string, run *records.ToolRun, _ func()) (string, error) {
	s.runs = append(s.runs, name+" "+arguments)
	var a struct{ Text string }
	_ = json.Unmarshal([]byte(arguments), &a)
	return "echoed: " + a.Text, nil
}

// scriptedChat is a model that calls the functions of calls, one round each, then answers text.
type scriptedChat struct {
	st     *store.DB
	calls  []records.TurnPart
	rounds [][]records.TurnPart // the parts each AddRound got
}

func (c *scriptedChat) Round(ctx context.Context, turn *records.Turn, _ func(events.TurnChanged)) error {
	turn.Status = records.TurnCompleted
	if n := len(c.rounds); n < len(c.calls) {
		turn.Parts = append(turn.Parts, c.calls[n])
	} else {
		turn.Answer = "done"
	}
	return c.st.SaveTurn(ctx, turn)
}

func (c *scriptedChat) AddRound(_ string, parts []records.TurnPart) {
	c.rounds = append(c.rounds, parts)
}
func (c *scriptedChat) AddSearch(string) {}
func (c *scriptedChat) SetToolSettings(context.Context, int64, records.ToolSettings) error {
	return nil
}

// newLoopTools opens the tools over a store in a temporary folder, with a saved pending turn.
func newLoopTools(t *testing.T) (*Tools, *store.DB, records.Turn) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "lectern.db"), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	conn := connection.NewManager(func(connection.Connection) {}, secrets.NewSecrets(time.Second), nil)
	conv, err := st.CreateConversation(ctx, "server", records.Conversation{Kind: records.KindModel, Model: client.ModelFast})
	if err != nil {
		t.Fatal(err)
	}
	turn, err := st.AddTurn(ctx, records.Turn{ConversationID: conv.ID, Question: "say hi"})
	if err != nil {
		t.Fatal(err)
	}
	return New(conn, st, conversations.New(st, conn, events.NewBus()), nil), st, turn
}

// A source other than the app's own is offered, consented to and run by the loop as the built-in
// tools are: its call is described for the consent question, run by name with its arguments, and
// its output goes back to the model in the next round. A call whose arguments do not fit the
// function's schema is not run, and the model is told why.
func TestLoopRunsASecondSource(t *testing.T) {
	tl, st, turn := newLoopTools(t)
	src := &echoSource{}
	chat := &scriptedChat{st: st, calls: []records.TurnPart{
		{Kind: records.PartFunctionCall, CallID: "c1", Name: "echo", Arguments: `{"text":"hi"}`},
		{Kind: records.PartFunctionCall, CallID: "c2", Name: "echo", Arguments: `{"words":"hi"}`},
	}}
	var asked []string
	consent := func(_ context.Context, r conversations.ConsentRequest) conversations.Consent {
		asked = append(asked, r.Summary)
		return conversations.ConsentOnce
	}
	err := tl.Answer(context.Background(), &turn, Message{Chat: chat, Sources: []Source{src}, Consent: consent}, func(events.TurnChanged) {})
	if err != nil {
		t.Fatal(err)
	}
	if len(src.runs) != 1 || src.runs[0] != `echo {"text":"hi"}` {
		t.Errorf("runs %q, want the one call that fits, by name with its arguments", src.runs)
	}
	if len(asked) != 1 || asked[0] != `Echo {"text":"hi"}` {
		t.Errorf("consent asked %q, want the source's description of the call", asked)
	}
	if len(chat.rounds) != 2 || len(chat.rounds[0]) != 2 || chat.rounds[0][1].Run.Output != "echoed: hi" || chat.rounds[0][1].Run.State != records.ToolDone {
		t.Fatalf("first round sent back %+v, want the call and its output", chat.rounds)
	}
	if out := chat.rounds[1][1].Run; out.State != records.ToolFailed || !strings.Contains(out.Output, `Not run. The arguments do not fit the function's schema: $: missing "text"`) {
		t.Errorf("second round's output %+v, want it not run, in words", out)
	}
	saved, err := st.Turns(context.Background(), turn.ConversationID)
	if err != nil || len(saved) != 1 || saved[0].Answer != "done" || len(saved[0].Parts) != 4 {
		t.Errorf("saved %+v, %v; want the answer after both calls and their outputs", saved, err)
	}
}
