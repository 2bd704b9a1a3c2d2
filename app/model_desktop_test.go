package app

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"lectern/app/conversations"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/app/settings"
	"lectern/client"
)

// Conversations of every kind come in one list, pinned first then most recently used, filtered
// by kind or workspace; a pin survives reopening the database, and each conversation says its
// kind and tier for display.
func TestModelListAllKindsPinsAndFilter(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	ws, err := cs.New(ctx, f.org, "", "Travel rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range []string{"smart", "Instant"} {
		if _, err := cs.NewChat(ctx, tier, "", "", map[string]string{"smart": "Parrots", "Instant": "Newest"}[tier]); err != nil {
			t.Fatal(err)
		}
	}
	titles := func(f records.ListFilter) string {
		t.Helper()
		list, err := cs.ListAll(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range list {
			out = append(out, c.Title+":"+c.KindLabel())
		}
		return strings.Join(out, ",")
	}
	if got := titles(records.ListFilter{}); got != "Newest:Instant,Parrots:Smart,Travel rules:Workspace" {
		t.Fatalf("all = %s", got)
	}
	if err := cs.Pin(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}
	if got := titles(records.ListFilter{}); got != "Travel rules:Workspace,Newest:Instant,Parrots:Smart" {
		t.Fatalf("pinned first: %s", got)
	}
	if got := titles(records.ListFilter{Kind: records.KindModel}); got != "Newest:Instant,Parrots:Smart" {
		t.Fatalf("models = %s", got)
	}
	if got := titles(records.ListFilter{Kind: records.KindWorkspace, WorkspaceID: f.org}); got != "Travel rules:Workspace" {
		t.Fatalf("workspace = %s", got)
	}
	again := f.open() // another process on the same database, as after a restart
	list, err := again.Conversations().ListAll(ctx, records.ListFilter{})
	if err != nil || len(list) != 3 || list[0].ID != ws.ID || !list[0].IsPinned() || list[1].IsPinned() {
		t.Fatalf("after reopening: %+v, %v", list, err)
	}
	if err := cs.Unpin(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}
	if got := titles(records.ListFilter{}); got != "Newest:Instant,Parrots:Smart,Travel rules:Workspace" {
		t.Fatalf("unpinned: %s", got)
	}
	if err := cs.Pin(ctx, 999999); !errors.Is(err, records.ErrNotFound) {
		t.Errorf("pin of a missing conversation: %v", err)
	}
}

// The tier catalog comes from GET /v1/models: Instant without tools or vision, Fast and Smart
// with both, their windows and longest answers; Genius only when the server lists it. A tier
// that is gone is said in words; the default tier comes from the settings.
func TestModelTierCatalog(t *testing.T) {
	cfg := fastEmulatorConfig()
	f, _ := newAskFixture(t, cfg)
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	tiers, err := cs.Tiers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tr := range tiers {
		names = append(names, tr.Name)
	}
	if strings.Join(names, ",") != "Instant,Fast,Smart" {
		t.Fatalf("tiers = %v (Genius only when listed)", names)
	}
	if in, fast := tiers[0], tiers[1]; in.Tools || in.Vision || in.ContextWindow != 16384 || in.MaxOutput != 4096 ||
		!fast.Tools || !fast.Vision || fast.ContextWindow != 32768 {
		t.Fatalf("capabilities: %+v", tiers)
	}
	if s := tiers[1].Summary(); s != "calls functions, reads images, a 32,768-token window, answers up to 8,192 tokens" {
		t.Errorf("summary = %q", s)
	}
	if modelchat.TierGone("smart", tiers) != "" {
		t.Error("a listed tier is said gone")
	}
	if s := modelchat.TierGone("Genius", tiers); !strings.Contains(s, "Genius is no longer offered") || !strings.Contains(s, "Instant, Fast, Smart") {
		t.Errorf("gone: %q", s)
	}
	if cs.DefaultTier() != client.ModelFast {
		t.Errorf("default = %q", cs.DefaultTier())
	}
	if err := f.app.UpdateSettings(func(s *settings.Settings) { s.ModelTier = "Smart" }); err != nil {
		t.Fatal(err)
	}
	conv, err := cs.NewChat(ctx, "", "", "", "")
	if err != nil || conv.Model != client.ModelSmart || cs.DefaultTier() != client.ModelSmart {
		t.Fatalf("new chat with the settings' tier: %+v, %v", conv, err)
	}
	if err := f.app.UpdateSettings(func(s *settings.Settings) { s.ModelTier = "huge" }); err == nil {
		t.Error("an unknown model tier was saved")
	}
	cfg.Genius = true
	g, _ := newAskFixture(t, cfg)
	tiers, err = g.app.Models().Tiers(ctx)
	if err != nil || len(tiers) != 4 || tiers[3].Name != "Genius" || modelchat.TierGone("Genius", tiers) != "" {
		t.Errorf("a server with Genius: %+v, %v", tiers, err)
	}
}

// weatherTool is a function offered to the model in tests: the demo's.
var weatherTool = modelchat.DemoWeather

// A function call in an answer is kept as a part of the turn (name, arguments, call id), in both
// API families, and read back after reopening the database.
func TestModelFunctionCallKeptAsPart(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	for _, api := range []records.ModelAPI{records.APIResponses, records.APIChat} {
		conv, err := f.app.Models().NewChat(ctx, "Fast", "", api, "")
		if err != nil {
			t.Fatal(err)
		}
		turn, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "Use get_weather for Pune, please."},
			conversations.AskOptions{Functions: []client.FunctionTool{weatherTool}})
		if err != nil || turn.Status != records.TurnCompleted || len(turn.Parts) != 1 {
			t.Fatalf("%s: %+v, %v", api, turn, err)
		}
		p := turn.Parts[0]
		var args map[string]any
		if p.Kind != records.PartFunctionCall || p.Name != "get_weather" || p.CallID == "" || json.Unmarshal([]byte(p.Arguments), &args) != nil ||
			args["city"] == nil {
			t.Fatalf("%s: part %+v", api, p)
		}
		saved, err := f.open().Conversations().Turn(ctx, turn.ID)
		if err != nil || len(saved.Parts) != 1 || saved.Parts[0] != p {
			t.Fatalf("%s: after reopening %+v, %v", api, saved.Parts, err)
		}
		md, _ := f.app.Conversations().Markdown(ctx, conv.ID)
		if !strings.Contains(md, "**Function call** `get_weather` (call id `"+p.CallID+"`)") {
			t.Errorf("%s: export lacks the call:\n%s", api, md)
		}
	}
	// Instant cannot call functions: refused before anything is saved, in words.
	conv, _ := f.app.Models().NewChat(ctx, "Instant", "", "", "")
	_, err := f.app.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "get_weather"}, conversations.AskOptions{Functions: []client.FunctionTool{weatherTool}})
	if err == nil || f.app.Explain(err).Sentence == "" {
		t.Fatalf("functions on Instant: %v", err)
	}
	if turns, _ := f.app.Conversations().Turns(ctx, conv.ID); len(turns) != 0 {
		t.Errorf("a refused message was saved: %+v", turns)
	}
}

// itemsSchema asks for a list of items with prices: the demo's example.
const itemsSchema = modelchat.DemoSchema

// A conversation with a JSON answer format sends its schema as the spec says (text.format
// json_schema, response_format for chat), and the answer is checked on arrival; the verdict is
// kept with the turn.
func TestModelJSONAnswerCheckedAndKept(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	for _, api := range []records.ModelAPI{records.APIResponses, records.APIChat} {
		conv, err := cs.NewChat(ctx, "Smart", "", api, "")
		if err != nil {
			t.Fatal(err)
		}
		if err := cs.SetFormat(ctx, conv.ID, records.AnswerFormat{Name: "price list", Schema: json.RawMessage(itemsSchema)}); err != nil {
			t.Fatal(err)
		}
		turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "List two fruits with prices."}, conversations.AskOptions{})
		if err != nil || turn.Status != records.TurnCompleted || turn.Check == nil || !turn.Check.Conforms {
			t.Fatalf("%s: %+v, %v", api, turn, err)
		}
		var v struct{ Items []struct{ Price float64 } }
		if err := json.Unmarshal([]byte(turn.Answer), &v); err != nil {
			t.Fatalf("%s: the answer is not JSON: %q", api, turn.Answer)
		}
		saved, _ := f.open().Conversations().Turn(ctx, turn.ID)
		if saved.Check == nil || !saved.Check.Conforms {
			t.Fatalf("%s: verdict after reopening: %+v", api, saved.Check)
		}
	}
}

// A conversation moved to another tier is answered by it from the next message; an empty tier is
// refused and changes nothing.
func TestModelSetTier(t *testing.T) {
	f, _ := newAskFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	cs := chatsOf(f.app)
	conv, err := cs.NewChat(ctx, "Instant", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := cs.SetTier(ctx, conv.ID, " "); err == nil {
		t.Error("an empty tier was taken")
	}
	if err := cs.SetTier(ctx, conv.ID, "smart"); err != nil {
		t.Fatal(err)
	}
	got, err := cs.Get(ctx, conv.ID)
	if err != nil || got.Model != "Smart" {
		t.Fatalf("after SetTier: %+v, %v", got, err)
	}
	turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "Hello there."}, conversations.AskOptions{})
	if err != nil || turn.Model != "Smart" {
		t.Fatalf("answered by %q, %v", turn.Model, err)
	}
}

// In demo mode every part of a model chat shows: the tiers (Instant without tools or vision),
// a function call when the message names the offered function, and a JSON answer that fits the
// example schema.
func TestModelDemoShowsEveryPart(t *testing.T) {
	a, err := Open(ctxT(t), Options{Home: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if a.Models().Functions() != nil {
		t.Error("functions offered outside demo mode")
	}
	ctx := ctxT(t)
	if err := a.SignIn().StartDemo(ctx); err != nil {
		t.Fatal(err)
	}
	cs := chatsOf(a)
	tiers, err := cs.Tiers(ctx)
	if err != nil || len(tiers) < 3 || tiers[0].Name != "Instant" || tiers[0].Tools || tiers[0].Vision || !tiers[1].Vision {
		t.Fatalf("demo tiers: %+v, %v", tiers, err)
	}
	conv, _ := cs.NewChat(ctx, "Fast", "", "", "")
	turn, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "What is the weather in Pune? Use get_weather."},
		conversations.AskOptions{Functions: a.Models().Functions()})
	if err != nil || len(turn.Parts) != 1 || turn.Parts[0].Name != "get_weather" {
		t.Fatalf("demo function call: %+v, %v", turn, err)
	}
	if err := cs.SetFormat(ctx, conv.ID, modelchat.ExampleSchema().Format()); err != nil {
		t.Fatal(err)
	}
	turn, err = cs.Send(ctx, conv.ID, conversations.Message{Text: "Prices of two fruits?"}, conversations.AskOptions{})
	if err != nil || turn.Check == nil || !turn.Check.Conforms || !json.Valid([]byte(turn.Answer)) {
		t.Fatalf("demo JSON answer: %+v, %v", turn, err)
	}
}
