package app

import (
	"cmp"
	"context"
	"sync"
	"testing"

	"lectern/client"
)

// fakeModels is a ModelService that answers from a script and records the requests it got.
type fakeModels struct {
	mu         sync.Mutex
	tiers      []client.Model
	modelsErr  error
	modelsRead int       // calls of Models
	reply      fakeReply // the answer to every request
	responses  []client.ResponseRequest
	chats      []client.ChatRequest
}

// fakeReply is how a fake answer goes: its text in pieces, then the end.
type fakeReply struct {
	deltas []string
	err    error  // the stream's error after the deltas; nil: the answer comes
	status string // completed (default) or incomplete
	usage  client.Usage
	hold   chan struct{} // when set, the stream waits after its first piece until this closes or ctx ends
}

// demoTiers are the tiers of the emulator's demo: Instant without tools or vision, Fast and
// Smart with both.
func demoTiers() []client.Model {
	return []client.Model{
		{ID: client.ModelInstant, ContextWindow: 8000, MaxOutputTokens: 1024},
		{ID: client.ModelFast, Capabilities: client.ModelCapabilities{Tools: true, Vision: true}, ContextWindow: 32000, MaxOutputTokens: 4096},
		{ID: client.ModelSmart, Capabilities: client.ModelCapabilities{Tools: true, Vision: true}, ContextWindow: 128000, MaxOutputTokens: 8192},
	}
}

func newFakeModels() *fakeModels {
	return &fakeModels{tiers: demoTiers(), reply: fakeReply{deltas: []string{"Hello", ", world."},
		usage: client.Usage{InputTokens: 12, OutputTokens: 3, TotalTokens: 15}}}
}

func (f *fakeModels) Models(context.Context) ([]client.Model, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.modelsRead++
	return f.tiers, f.modelsErr
}

func (f *fakeModels) StreamResponse(ctx context.Context, r client.ResponseRequest) ResponseStream {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.responses = append(f.responses, r)
	return &fakeStream{ctx: ctx, reply: f.reply, model: r.Model}
}

func (f *fakeModels) StreamChatCompletion(ctx context.Context, r client.ChatRequest) ChatStream {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.chats = append(f.chats, r)
	return &fakeStream{ctx: ctx, reply: f.reply, model: r.Model}
}

func (f *fakeModels) lastResponse(t *testing.T) client.ResponseRequest {
	t.Helper()
	return lastOf(t, f, &f.responses, "/v1/responses")
}

func (f *fakeModels) lastChat(t *testing.T) client.ChatRequest {
	t.Helper()
	return lastOf(t, f, &f.chats, "/v1/chat/completions")
}

// lastOf returns the last request of a list of f's, failing when there is none.
func lastOf[T any](t *testing.T, f *fakeModels, list *[]T, route string) T {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(*list) == 0 {
		t.Fatal("no request to " + route)
	}
	return (*list)[len(*list)-1]
}

func (f *fakeModels) sent() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.responses) + len(f.chats)
}

// fakeStream plays a fakeReply as both stream kinds.
type fakeStream struct {
	ctx   context.Context
	reply fakeReply
	model string
	next  int
	text  string
	done  bool
	err   error
}

func (s *fakeStream) Next() bool {
	if s.done {
		return false
	}
	if s.next == 1 && s.reply.hold != nil {
		select {
		case <-s.reply.hold:
		case <-s.ctx.Done():
		}
	}
	if err := s.ctx.Err(); err != nil {
		s.done, s.err = true, &client.InterruptedError{Text: s.text, Cause: err, RequestID: "req_fake"}
		return false
	}
	if s.next < len(s.reply.deltas) {
		s.text += s.reply.deltas[s.next]
		s.next++
		return true
	}
	s.done, s.err = true, s.reply.err
	return false
}

func (s *fakeStream) Text() string      { return s.text }
func (s *fakeStream) Err() error        { return s.err }
func (s *fakeStream) Close() error      { return nil }
func (s *fakeStream) RequestID() string { return "req_fake" }

func (s *fakeStream) Response() *client.Response {
	if !s.done || s.err != nil {
		return nil
	}
	u := s.reply.usage
	return &client.Response{ID: "resp_fake", Object: "response", Status: cmp.Or(s.reply.status, "completed"), Model: s.model,
		Output: []client.OutputItem{{Type: client.ItemMessage, Role: "assistant",
			Content: []client.ContentPart{{Type: client.PartOutputText, Text: s.text}}}},
		Usage: &client.ResponseUsage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens, TotalTokens: u.TotalTokens}}
}

func (s *fakeStream) Completion() *client.ChatCompletion {
	if !s.done || s.err != nil {
		return nil
	}
	finish := "stop"
	if s.reply.status == "incomplete" {
		finish = "length"
	}
	u := s.reply.usage
	return &client.ChatCompletion{ID: "chatcmpl-fake", Object: "chat.completion", Model: s.model,
		Choices: []client.ChatChoice{{Message: client.ChatMessage{Role: "assistant", Content: s.text}, FinishReason: finish}},
		Usage:   &client.ChatUsage{PromptTokens: u.InputTokens, CompletionTokens: u.OutputTokens, TotalTokens: u.TotalTokens}}
}

// newModelApp opens an app in a fresh home whose model endpoints are fake, on a server it never
// reaches.
func newModelApp(t *testing.T) (*App, *fakeModels) {
	t.Helper()
	fake := newFakeModels()
	a, err := Open(context.Background(), Options{Home: t.TempDir(), ModelService: fake, KeychainTimeout: 0})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if err := a.UseServer(context.Background(), "http://127.0.0.1:9", testKey); err != nil {
		t.Fatal(err)
	}
	return a, fake
}
