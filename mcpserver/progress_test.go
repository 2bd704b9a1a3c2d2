package mcpserver

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/app/records"
	"lectern/client/emulator"
)

// slowAnswers streams answers with stages and slow deltas, so that a host sees progress and has
// time to cancel.
func slowAnswers() emulator.Config {
	c := fastAnswers()
	c.StageDelay, c.DeltaDelay = 60*time.Millisecond, 40*time.Millisecond
	return c
}

// progressLog keeps the progress notifications a client received.
type progressLog struct {
	mu    sync.Mutex
	got   []*mcp.ProgressNotificationParams
	first chan struct{}
}

func newProgressLog() *progressLog { return &progressLog{first: make(chan struct{})} }

func (p *progressLog) handler(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.got) == 0 {
		close(p.first)
	}
	p.got = append(p.got, req.Params)
}

func (p *progressLog) all() []*mcp.ProgressNotificationParams {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]*mcp.ProgressNotificationParams(nil), p.got...)
}

// A host that asks for progress gets a notification at each stage of the answer, with its token
// and rising progress.
func TestAskSendsProgress(t *testing.T) {
	f := newFixture(t, slowAnswers(), false)
	p := newProgressLog()
	cs := f.connect(t, "test-host", &mcp.ClientOptions{ProgressNotificationHandler: p.handler})
	params := &mcp.CallToolParams{Name: ToolAsk, Arguments: map[string]any{"workspace": "Handbook",
		"question": "How many days of paid holiday?"}}
	params.SetProgressToken("ask-1")
	res, err := cs.CallTool(t.Context(), params)
	if err != nil || res.IsError {
		t.Fatalf("%v %v", err, res)
	}
	got := p.all()
	if len(got) < 2 {
		t.Fatalf("progress: %d notifications", len(got))
	}
	var stages []string
	for i, n := range got {
		if n.ProgressToken != "ask-1" || (i > 0 && n.Progress <= got[i-1].Progress) || n.Message == "" {
			t.Errorf("notification %d: %+v", i, n)
		}
		stages = append(stages, n.Message)
	}
	if stages[0] != "waiting for the service to answer" || stages[len(stages)-1] != "writing the answer" {
		t.Errorf("stages: %q", stages)
	}
}

// A host's cancellation stops the stream: the call ends, and the turn is kept in the history
// with the text so far, marked interrupted (spec: Stop).
func TestAskCancelledByTheHostStopsTheStream(t *testing.T) {
	f := newFixture(t, slowAnswers(), false)
	p := newProgressLog()
	cs := f.connect(t, "test-host", &mcp.ClientOptions{ProgressNotificationHandler: p.handler})
	ctx, cancel := context.WithCancel(t.Context())
	params := &mcp.CallToolParams{Name: ToolAsk, Arguments: map[string]any{"workspace": f.handbook,
		"question": "How many days of paid holiday?"}}
	params.SetProgressToken("ask-2")
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, params)
		done <- err
	}()
	<-p.first
	cancel()
	if err := <-done; err == nil {
		t.Fatal("the cancelled call returned a result")
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		convs, _ := f.app.Conversations().List(t.Context(), f.handbook)
		if len(convs) == 1 {
			turns, _ := f.app.Conversations().Turns(t.Context(), convs[0].ID)
			if len(turns) == 1 && turns[0].Status == records.TurnInterrupted {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("turn after the cancellation: %+v", turns)
			}
		} else if time.Now().After(deadline) {
			all, err := f.app.Conversations().ListAll(t.Context(), records.ListFilter{})
			t.Fatalf("conversations: %+v; all: %+v %v", convs, all, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
