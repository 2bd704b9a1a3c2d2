package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lectern/app/conversations"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/client"
)

// A changed system prompt applies from the next message: the request carries it, and each turn
// keeps the prompt it was sent with, so the change shows where it took effect.
func TestModelSystemPromptChangesFromTheNextMessage(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	cs := chatsOf(a)
	conv, err := cs.NewChat(ctx, "Fast", "Be brief.", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "Hi"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := cs.SetSystemPrompt(ctx, conv.ID, "  Speak like a pirate. "); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "Again"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := fake.lastResponse(t).Instructions; got != "Speak like a pirate." {
		t.Errorf("instructions sent = %q", got)
	}
	turns, _ := cs.Turns(ctx, conv.ID)
	if len(turns) != 2 || turns[0].System != "Be brief." || turns[1].System != "Speak like a pirate." {
		t.Fatalf("turns' prompts: %+v", turns)
	}
	md, _ := cs.Markdown(ctx, conv.ID)
	if !strings.Contains(md, "**System prompt changed** (from this message on):\n\n> Speak like a pirate.") {
		t.Errorf("export does not show the change:\n%s", md)
	}
	ws, _ := cs.New(ctx, "ws_1", "", "")
	if err := cs.SetSystemPrompt(ctx, ws.ID, "x"); err == nil {
		t.Error("a workspace conversation took a system prompt")
	}
}

// Presets and saved schemas are kept (create, list, change, delete); names are unique, said in
// words; a schema that is not one is refused; a chat started from a preset has its setup.
func TestModelPresetsAndSchemas(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	cs := chatsOf(a)
	sch, err := cs.SaveSchema(ctx, records.SavedSchema{Name: "Prices", Schema: itemsSchema})
	if err != nil || sch.ID == 0 || strings.Contains(sch.Schema, "\n") {
		t.Fatalf("save schema: %+v, %v", sch, err)
	}
	if _, err := cs.SaveSchema(ctx, records.SavedSchema{Name: "Prices", Schema: `{}`}); err == nil || !strings.Contains(err.Error(), "exists already") {
		t.Errorf("same name: %v", err)
	}
	if _, err := cs.SaveSchema(ctx, records.SavedSchema{Name: "Bad", Schema: `{"type":"nothing"}`}); err == nil {
		t.Error("an invalid schema was saved")
	}
	p, err := cs.SavePreset(ctx, records.Preset{Name: "Shopping", Tier: "smart", System: "List prices.", Format: sch.Format()})
	if err != nil || p.Tier != "Smart" {
		t.Fatalf("save preset: %+v, %v", p, err)
	}
	p.System = "List prices in euros."
	if _, err := cs.SavePreset(ctx, p); err != nil {
		t.Fatal(err)
	}
	list, err := cs.Presets(ctx)
	if err != nil || len(list) != 1 || list[0].System != "List prices in euros." || !list[0].Format.JSON() {
		t.Fatalf("presets: %+v, %v", list, err)
	}
	conv, err := cs.NewChatFromPreset(ctx, p.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	conv, _ = cs.Get(ctx, conv.ID)
	if conv.Model != "Smart" || conv.System != "List prices in euros." || conv.Format.Name != "Prices" {
		t.Fatalf("chat from preset: %+v", conv)
	}
	fake.reply = fakeReply{deltas: []string{`{"items":[{"name":"pear","price":"cheap"}]}`}}
	turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "Fruit?"}, conversations.AskOptions{})
	if err != nil || turn.Check == nil || turn.Check.Conforms || turn.Check.Problem != "$.items[0].price: expected a number, got a string" {
		t.Fatalf("verdict: %+v, %v", turn.Check, err)
	}
	f := fake.lastResponse(t).TextFormat
	if f == nil || f.Type != "json_schema" || f.Name != "Prices" || !json.Valid(f.Schema) {
		t.Fatalf("text.format sent: %+v", f)
	}
	if err := cs.DeletePreset(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if err := cs.DeleteSchema(ctx, sch.ID); err != nil {
		t.Fatal(err)
	}
	if l1, _ := cs.Presets(ctx); len(l1) != 0 {
		t.Errorf("presets left: %+v", l1)
	}
	if l2, _ := cs.Schemas(ctx); len(l2) != 0 {
		t.Errorf("schemas left: %+v", l2)
	}
}

// The context meter estimates the request Send would make, as trimming does: its tokens against
// the tier's window, and how many oldest turns are left out to fit; the next message then sends
// exactly the turns the meter kept.
func TestModelContextMeterMatchesTheRequest(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	cs := chatsOf(a)
	fake.tiers = []client.Model{{ID: client.ModelFast, Capabilities: client.ModelCapabilities{Vision: true},
		ContextWindow: 2000 + 1024, MaxOutputTokens: 1024}}
	conv, _ := cs.NewChat(ctx, "Fast", "Be brief.", "", "")
	long := strings.Repeat("word ", 400) // about 500 tokens a message
	fake.reply = fakeReply{deltas: []string{"ok"}}
	for range 5 {
		if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: long}, conversations.AskOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	m, err := cs.Meter(ctx, conv.ID, conversations.Message{Text: long}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.Window != 3024 || m.Budget != 2000 || !m.Fits || m.LeftOut == 0 || m.Tokens > m.Budget || m.Problem != "" {
		t.Fatalf("meter = %+v", m)
	}
	if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: long}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	sentUser := 0
	for _, it := range fake.lastResponse(t).Input {
		if it.Role == "user" {
			sentUser++
		}
	}
	if sentUser != 5-m.LeftOut+1 {
		t.Errorf("the meter left out %d of 5 turns, the request sent %d user messages", m.LeftOut, sentUser)
	}
	big, _ := cs.Meter(ctx, conv.ID, conversations.Message{Text: strings.Repeat("word ", 3000)}, nil)
	if big.Fits || !strings.Contains(big.Problem, "context window") || big.Tokens <= big.Budget {
		t.Errorf("too large: %+v", big)
	}
	img, _ := cs.Meter(ctx, conv.ID, conversations.Message{Text: "x", Images: []records.Image{mustImage(t, "a.png", pngImage)}}, nil)
	if img.Tokens < 1000 { // 1,000 tokens an image (the meter's estimate)
		t.Errorf("an image is not counted: %+v", img)
	}
	fake.tiers = demoTiers()[:1] // the server now lists Instant only
	if _, err := cs.Tiers(ctx); err != nil {
		t.Fatal(err)
	}
	gone, err := cs.Meter(ctx, conv.ID, conversations.Message{Text: "x"}, nil)
	if err != nil || gone.Fits || !strings.Contains(gone.Problem, "Fast is no longer offered") {
		t.Errorf("a tier gone: %+v, %v", gone, err)
	}
}

// A refusal is its own state with its reason, never an empty answer; an answer cut at the
// longest answer and one that failed part-way each say so, the text kept.
func TestModelRefusalIncompleteAndFailedMidText(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	cs := chatsOf(a)
	conv, _ := cs.NewChat(ctx, "Fast", "", "", "")
	fake.reply = fakeReply{refusal: "I cannot help with that."}
	turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "Something"}, conversations.AskOptions{})
	if err != nil || turn.Status != records.TurnRefused || turn.Answer != "I cannot help with that." || !strings.Contains(turn.EndSentence(), "declined") {
		t.Fatalf("refusal: %+v, %v", turn, err)
	}
	if saved, _ := cs.Turn(ctx, turn.ID); saved.Status != records.TurnRefused || !saved.Status.Retryable() {
		t.Errorf("saved refusal: %+v", saved)
	}
	fake.reply = fakeReply{deltas: []string{"Half"}, status: "incomplete"}
	turn, _ = cs.Send(ctx, conv.ID, conversations.Message{Text: "Long"}, conversations.AskOptions{})
	if turn.Status != records.TurnIncomplete || !strings.Contains(turn.EndSentence(), "length limit") {
		t.Errorf("incomplete: %+v", turn)
	}
	fake.reply = fakeReply{deltas: []string{"Some text"}, err: &client.APIError{StatusCode: 502, Code: "incomplete_model_stream"}}
	turn, _ = cs.Send(ctx, conv.ID, conversations.Message{Text: "Fail"}, conversations.AskOptions{})
	if turn.Status != records.TurnFailed || turn.Answer != "Some text" || !strings.Contains(turn.EndSentence(), "failed part-way") ||
		!strings.Contains(turn.EndSentence(), "stopped writing") {
		t.Errorf("failed mid-text: %+v %q", turn, turn.EndSentence())
	}
}

// Export of a model conversation keeps its system prompt and tier, and writes its images beside
// the Markdown file, linked (a received name cannot leave the folder).
func TestModelExportWritesImagesBeside(t *testing.T) {
	a, _ := newModelApp(t)
	ctx := ctxT(t)
	turn, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", System: "Speak like a pirate.", Text: "Look",
		Images: []records.Image{mustImage(t, "../polly parrot.png", pngImage)}}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "chat.md")
	if err := a.Conversations().Export(ctx, turn.ConversationID, path); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(path)
	for _, want := range []string{"- Model: Fast", "Speak like a pirate.", "![../polly parrot.png](chat_images/1-1-polly_parrot.png)"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("export lacks %q:\n%s", want, md)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "chat_images", "1-1-polly_parrot.png"))
	if err != nil || string(data) != string(pngImage) {
		t.Errorf("image beside: %v", err)
	}
}
