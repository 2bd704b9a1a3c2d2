package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"lectern/client"
)

// models is a fake of the service's model endpoints, injected through the app: it answers every
// message with the same pieces of text (then err, when set) and records the requests.
type models struct {
	mu        sync.Mutex
	pieces    []string
	err       error
	noRaw     bool // the final response comes without its JSON
	responses []client.ResponseRequest
	chats     []client.ChatRequest
}

func (m *models) Models(context.Context) ([]client.Model, error) {
	return []client.Model{
		{ID: "Instant", ContextWindow: 8000, MaxOutputTokens: 1024},
		{ID: "Fast", Capabilities: client.ModelCapabilities{Tools: true}, ContextWindow: 32000, MaxOutputTokens: 4096},
		{ID: "Smart", Capabilities: client.ModelCapabilities{Tools: true, Vision: true}, ContextWindow: 128000,
			MaxOutputTokens: 8192, MaxOutputTokensWithTools: 4096, Extra: map[string]json.RawMessage{"owned_by": []byte(`"demo"`)}},
	}, nil
}

func (m *models) StreamResponse(_ context.Context, r client.ResponseRequest) *client.Stream[client.ResponseEvent] {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.responses = append(m.responses, r)
	noRaw := m.noRaw
	return play(m.pieces, m.err, func(text string) client.ResponseEvent {
		return client.ResponseEvent{Type: client.ResponseCompleted, Response: fakeResponse(r.Model, text, noRaw)}
	})
}

func (m *models) StreamChatCompletion(_ context.Context, r client.ChatRequest) *client.Stream[client.ChatChunk] {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.chats = append(m.chats, r)
	return play(m.pieces, m.err, func(text string) client.ChatChunk {
		return client.ChatChunk{Completion: &client.ChatCompletion{ID: "chatcmpl-1", Object: "chat.completion", Model: r.Model,
			Choices: []client.ChatChoice{{Message: client.ChatMessage{Role: "assistant", Content: text}, FinishReason: "stop"}},
			Usage:   &client.ChatUsage{PromptTokens: 20, CompletionTokens: 5, TotalTokens: 25}}}
	})
}

// play streams the pieces, then ends with err or with the final event made from the whole text.
func play[E any](pieces []string, err error, final func(text string) E) *client.Stream[E] {
	n, text := 0, ""
	return client.StreamFunc("req_model", func() (E, string, bool, error) {
		var none E
		switch {
		case n < len(pieces):
			n++
			text += pieces[n-1]
			return none, pieces[n-1], false, nil
		case err != nil:
			return none, "", false, err
		}
		return final(text), "", true, nil
	})
}

// responseRaw is the final response object as the fake server sends it.
const responseRaw = `{"id":"resp_1","object":"response","status":"completed","model":"Smart","output":[],"extra_field":"kept"}`

// fakeResponse is the final response of an answer whose text is text.
func fakeResponse(model, text string, noRaw bool) *client.Response {
	r := &client.Response{ID: "resp_1", Object: "response", Status: "completed", Model: model, Raw: json.RawMessage(responseRaw),
		Output: []client.OutputItem{{Type: client.ItemMessage, Content: []client.ContentPart{{Type: client.PartOutputText, Text: text}}}},
		Usage:  &client.ResponseUsage{InputTokens: 20, OutputTokens: 5, TotalTokens: 25}}
	if noRaw {
		r.Raw = nil
	}
	return r
}

// newModels points the command line at a server it never reaches, whose model endpoints the fake
// answers.
func newModels(t *testing.T) *models {
	setup(t)
	t.Setenv("LECTERN_SERVER", "http://127.0.0.1:9")
	t.Setenv("LECTERN_API_KEY", testKey)
	return &models{pieces: []string{"Paris is ", "the capital."}}
}

// runModels runs the command line with the fake model endpoints.
func (m *models) run(t *testing.T, terminal *bool, args ...string) result {
	t.Helper()
	return runEnv(t, context.Background(), &env{terminal: terminal, models: m}, args...)
}

func TestModelsTableAndJSON(t *testing.T) {
	m := newModels(t)
	r := m.run(t, nil, "models").want(t, 0)
	contains(t, "models", r.stdout, "TIER", "CONTEXT WINDOW", "MAX OUTPUT")
	if !strings.Contains(strings.Join(strings.Fields(r.stdout), " "), "Smart yes yes 128,000 8,192") {
		t.Errorf("no Smart line:\n%s", r.stdout)
	}
	r = m.run(t, nil, "models", "--json").want(t, 0)
	var list []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) != 3 {
		t.Fatalf("models --json: %v\n%s", err, r.stdout)
	}
	if s := list[2]; s["id"] != "Smart" || s["owned_by"] != "demo" || s["max_output_tokens_with_tools"] != 4096.0 ||
		s["capabilities"].(map[string]any)["vision"] != true {
		t.Errorf("Smart as JSON: %v", s)
	}
	if _, ok := list[0]["max_output_tokens_with_tools"]; ok {
		t.Errorf("a limit the server did not report is shown: %v", list[0])
	}
}

// On a terminal the answer streams, then its details; piped, stdout is exactly the answer.
func TestChatStreamsLikeAsk(t *testing.T) {
	m := newModels(t)
	r := m.run(t, yes(), "chat", "--model", "smart", "--system", "Be brief.", "What", "is", "the", "capital?").want(t, 0)
	contains(t, "terminal", r.stdout, "Paris is the capital.", "Model: Smart   Tokens: 20 in, 5 out", "Request id: req_model")
	r = m.run(t, nil, "chat", "--continue", "And of Italy?").want(t, 0)
	if r.stdout != "Paris is the capital.\n" {
		t.Errorf("piped stdout %q", r.stdout)
	}
	contains(t, "piped stderr", r.stderr, "Model: Smart")
	req := m.responses[len(m.responses)-1]
	if req.Model != "Smart" || req.Instructions != "Be brief." || len(req.Input) != 3 || req.Input[0].Content[0].Text != "What is the capital?" {
		t.Errorf("the continued request %+v", req)
	}
}

// --json prints the final object exactly: the response as the server sent it, or the chat
// completion with its wire names.
func TestChatJSON(t *testing.T) {
	m := newModels(t)
	r := m.run(t, yes(), "chat", "--json", "hello").want(t, 0)
	var got, want any
	_ = json.Unmarshal([]byte(r.stdout), &got)
	_ = json.Unmarshal([]byte(responseRaw), &want)
	if g, _ := json.Marshal(got); string(g) != mustJSON(want) {
		t.Errorf("--json printed %s", r.stdout)
	}
	r = m.run(t, nil, "chat", "--api", "chat", "--model", "Instant", "--json", "hello").want(t, 0)
	var cc struct {
		Object  string `json:"object"`
		Choices []struct {
			Message      struct{ Content string } `json:"message"`
			FinishReason string                   `json:"finish_reason"`
		} `json:"choices"`
		Usage struct {
			Total int `json:"total_tokens"`
		} `json:"usage"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &cc); err != nil || cc.Object != "chat.completion" ||
		cc.Choices[0].Message.Content != "Paris is the capital." || cc.Choices[0].FinishReason != "stop" || cc.Usage.Total != 25 {
		t.Errorf("--api chat --json: %+v (%v)\n%s", cc, err, r.stdout)
	}
	// A response whose JSON was not kept is written from its fields, with the spec's names.
	m.noRaw = true
	r = m.run(t, nil, "chat", "--json", "hello").want(t, 0)
	var resp struct {
		Object string `json:"object"`
		Output []struct {
			Content []struct{ Type, Text string } `json:"content"`
		} `json:"output"`
		Usage struct {
			Output int `json:"output_tokens"`
		} `json:"usage"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &resp); err != nil || resp.Object != "response" || resp.Usage.Output != 5 ||
		resp.Output[0].Content[0].Text != "Paris is the capital." || resp.Output[0].Content[0].Type != "output_text" {
		t.Errorf("--json without the server's JSON: %+v (%v)\n%s", resp, err, r.stdout)
	}
	if len(m.responses) != 2 || m.responses[0].Model != "Fast" { // no --model: the default tier
		t.Errorf("responses requests %+v", m.responses)
	}
	if len(m.chats) != 1 || m.chats[0].Model != "Instant" {
		t.Errorf("chat requests %+v", m.chats)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Images are read and checked before anything is sent: a file that is not an image, or an image
// for a tier that cannot read it, is refused with exit 2.
func TestChatImages(t *testing.T) {
	m := newModels(t)
	dir := t.TempDir()
	png := filepath.Join(dir, "chart.png")
	txt := filepath.Join(dir, "notes.png")
	_ = os.WriteFile(png, append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 32)...), 0o600)
	_ = os.WriteFile(txt, []byte("not an image"), 0o600)
	r := m.run(t, nil, "chat", "--model", "smart", "--image", png, "--image", png, "Compare these.").want(t, 0)
	if req := m.responses[0]; len(req.Input[0].Content) != 3 || !strings.HasPrefix(req.Input[0].Content[1].ImageURL, "data:image/png;base64,") {
		t.Errorf("request %+v", req.Input)
	}
	r = m.run(t, nil, "chat", "--image", txt, "What is it?").want(t, 2)
	contains(t, "stderr", r.stderr, "notes.png is not a PNG, JPEG, WebP, GIF or BMP image")
	r = m.run(t, nil, "chat", "--model", "instant", "--image", png, "What is it?").want(t, 2)
	contains(t, "stderr", r.stderr, "Instant cannot read images; the tiers that can are Smart")
	if len(m.responses) != 1 {
		t.Errorf("%d requests sent", len(m.responses))
	}
}

// A cut answer prints the text received to stdout and the reason to stderr (exit 1); a refusal
// gives its code and sentence; wrong usage exit 2.
func TestChatFailures(t *testing.T) {
	m := newModels(t)
	m.err = &client.InterruptedError{Text: "Paris is the capital."}
	r := m.run(t, nil, "chat", "hello").want(t, 1)
	if r.stdout != "Paris is the capital.\n" {
		t.Errorf("stdout %q", r.stdout)
	}
	contains(t, "stderr", r.stderr, "stopped before it was finished")
	m.err, m.pieces = &client.APIError{StatusCode: 404, Code: "api_disabled", RequestID: "req_off"}, nil
	r = m.run(t, nil, "chat", "hello").want(t, 1)
	contains(t, "stderr", r.stderr, "api_disabled: The model endpoints are switched off", "request id: req_off")
	m.run(t, nil, "chat", "--model", "genius", "hello").want(t, 2)
	m.run(t, nil, "chat", "--api", "completions", "hello").want(t, 2)
	m.run(t, nil, "chat", "--continue", "--system", "x", "hello").want(t, 2)
	m.run(t, nil, "chat").want(t, 2)
}

// History lists model conversations with their tier; search and export cover them.
func TestChatHistorySearchExport(t *testing.T) {
	m := newModels(t)
	m.run(t, nil, "chat", "--model", "Smart", "--system", "Be brief.", "Where is the Louvre?").want(t, 0)
	r := m.run(t, nil, "history").want(t, 0)
	contains(t, "history", r.stdout, "WITH", "model Smart", "Where is the Louvre?")
	r = m.run(t, nil, "history", "--json").want(t, 0)
	var list []historyEntry
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) != 1 || list[0].Kind != "model" || list[0].Model != "Smart" {
		t.Fatalf("history --json %+v (%v)", list, err)
	}
	r = m.run(t, nil, "history", "--search", "louvre").want(t, 0)
	contains(t, "search", r.stdout, "model Smart (completed)", "Q: Where is the Louvre?")
	file := filepath.Join(t.TempDir(), "chat.md")
	m.run(t, nil, "export", list[0].ConversationID, file).want(t, 0)
	b, _ := os.ReadFile(file)
	contains(t, "export", string(b), "- Model: Smart", "**System prompt**", "Tokens: 20 in, 5 out", "Paris is the capital.")
}
