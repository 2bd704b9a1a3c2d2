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
	// refusal, when set, makes the final response a refusal part instead of the text.
	refusal string
	usage   client.Usage
	hold    chan struct{} // when set, the stream waits after its first piece until this closes or ctx ends
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

func (f *fakeModels) StreamResponse(ctx context.Context, r client.ResponseRequest) *client.Stream[client.ResponseEvent] {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.responses = append(f.responses, r)
	reply := f.reply
	return playReply(ctx, reply, func(text string) client.ResponseEvent { return fakeResponse(reply, r.Model, text) })
}

func (f *fakeModels) StreamChatCompletion(ctx context.Context, r client.ChatRequest) *client.Stream[client.ChatChunk] {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.chats = append(f.chats, r)
	reply := f.reply
	return playReply(ctx, reply, func(text string) client.ChatChunk { return fakeCompletion(reply, r.Model, text) })
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

// playReply plays a fakeReply as a stream whose final event final makes from the whole text.
func playReply[E any](ctx context.Context, reply fakeReply, final func(text string) E) *client.Stream[E] {
	i, text := 0, ""
	return client.StreamFunc("req_fake", func() (E, string, bool, error) {
		var none E
		if i == 1 && reply.hold != nil {
			select {
			case <-reply.hold:
			case <-ctx.Done():
			}
		}
		switch {
		case ctx.Err() != nil:
			return none, "", false, &client.InterruptedError{Text: text, Cause: ctx.Err(), RequestID: "req_fake"}
		case i < len(reply.deltas):
			i++
			text += reply.deltas[i-1]
			return none, reply.deltas[i-1], false, nil
		case reply.err != nil:
			return none, "", false, reply.err
		}
		return final(text), "", true, nil
	})
}

// fakeResponse is the final response event of a reply whose text is text.
func fakeResponse(reply fakeReply, model, text string) client.ResponseEvent {
	u := reply.usage
	r := &client.Response{ID: "resp_fake", Object: "response", Status: cmp.Or(reply.status, "completed"), Model: model,
		Output: []client.OutputItem{{Type: client.ItemMessage, Role: "assistant", Content: fakeContent(reply, text)}},
		Usage:  &client.ResponseUsage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens, TotalTokens: u.TotalTokens}}
	return client.ResponseEvent{Type: "response." + r.Status, Response: r}
}

// fakeCompletion is the final chunk of a reply whose text is text.
func fakeCompletion(reply fakeReply, model, text string) client.ChatChunk {
	finish := "stop"
	if reply.status == "incomplete" {
		finish = "length"
	}
	u := reply.usage
	return client.ChatChunk{Completion: &client.ChatCompletion{ID: "chatcmpl-fake", Object: "chat.completion", Model: model,
		Choices: []client.ChatChoice{{Message: client.ChatMessage{Role: "assistant", Content: text}, FinishReason: finish}},
		Usage:   &client.ChatUsage{PromptTokens: u.InputTokens, CompletionTokens: u.OutputTokens, TotalTokens: u.TotalTokens}}}
}

// newModelApp opens an app in a fresh home whose model endpoints are fake, on a server it never
// reaches.
func newModelApp(t testing.TB) (*App, *fakeModels) {
	t.Helper()
	fake := newFakeModels()
	a, err := Open(context.Background(), Options{Home: t.TempDir(), ModelService: fake, KeychainTimeout: 0})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if err := a.SignIn().UseServer(context.Background(), "http://127.0.0.1:9", testKey); err != nil {
		t.Fatal(err)
	}
	return a, fake
}

// fakeContent is the content of a fake answer: its text, or its refusal.
func fakeContent(reply fakeReply, text string) []client.ContentPart {
	if reply.refusal != "" {
		return []client.ContentPart{{Type: client.PartRefusal, Text: reply.refusal}}
	}
	return []client.ContentPart{{Type: client.PartOutputText, Text: text}}
}
