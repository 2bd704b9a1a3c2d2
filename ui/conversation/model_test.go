package conversation

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"lectern/app/conversations"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/client"
	"lectern/client/emulator"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// modelChat shows a pane with a new model chat, its tiers read.
func modelChat(t *testing.T, f *fixture) *Pane {
	t.Helper()
	c := f.pane()
	c.NewModelChat()
	until(t, "the tiers listed", func() bool { return len(c.model.tierSel.Options) > 0 })
	return c
}

// pngFile writes a small PNG image named name in a temporary folder and returns its path.
func pngFile(t *testing.T, name string) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// The tier picker lists the server's tiers (GET /v1/models, model-api.md §2: capabilities.tools,
// capabilities.vision, a context window and a maximum output per tier) with marks and words for
// each; the default comes from the settings; the first message saves the chat on the tier picked.
func TestModelTierPicker(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	opts := c.model.tierSel.Options
	if len(opts) != 3 || !strings.HasPrefix(opts[0], "Instant —") || !strings.Contains(opts[0], "16,384-token window") ||
		!strings.Contains(opts[0], "answers up to 4,096 tokens") || strings.Contains(opts[0], "reads images") {
		t.Errorf("Instant reads %q", opts)
	}
	if !strings.HasPrefix(opts[1], "Fast — ") || !strings.Contains(opts[1], "reads images") || strings.Contains(strings.Join(opts, ""), "Genius") {
		t.Errorf("the options: %q (Genius only when the server lists it)", opts)
	}
	if c.model.chosenTier() != f.app.Models().DefaultTier() {
		t.Errorf("chosen %q, the default is %q", c.model.chosenTier(), f.app.Models().DefaultTier())
	}
	c.model.tierSel.SetSelectedIndex(2)
	c.Ask("Hello, who are you?")
	until(t, "the answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	saved, err := f.app.Conversations().Get(context.Background(), c.ConversationID())
	if err != nil || saved.Kind != records.KindModel || saved.Model != "Smart" || c.turns[0].Model != "Smart" {
		t.Fatalf("saved %+v (%v), answered by %q", saved, err, c.turns[0].Model)
	}
	if c.model.preset.Visible() || !c.model.sysFold.Visible() {
		t.Error("a chat begun still offers presets, or hides its system prompt's fold")
	}
}

// A conversation whose tier the server no longer lists says so in words (app.TierGone) and sends
// nothing until another tier is picked.
func TestModelTierGoneSaidInWords(t *testing.T) {
	f := newFixture(t, fastConfig())
	conv, err := f.app.Models().NewChat(context.Background(), "Genius", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	c := f.pane()
	c.Open(conv, 0)
	until(t, "the tier gone said", func() bool { return c.model.note.Visible() })
	if !strings.Contains(c.model.note.Text, "Genius is no longer offered") || c.model.chosenTier() != "" {
		t.Errorf("the note says %q, tier %q", c.model.note.Text, c.model.chosenTier())
	}
	c.Ask("Still there?")
	drain()
	if len(c.turns) != 0 || c.streaming != nil {
		t.Fatal("a message went to a tier gone")
	}
	c.model.tierSel.SetSelectedIndex(1)
	c.Ask("Still there?")
	until(t, "the answer from Fast", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	if c.turns[0].Model != "Fast" {
		t.Errorf("answered by %q", c.turns[0].Model)
	}
}

// A preset picked when a chat starts fills its tier and system prompt; the chat is saved from it;
// Save as preset keeps a chat's setup for the next one.
func TestModelPresets(t *testing.T) {
	f := newFixture(t, fastConfig())
	cs := f.app.Conversations()
	if _, err := f.app.Models().SavePreset(context.Background(), records.Preset{Name: "Translator", Tier: "Smart", System: "Answer in French."}); err != nil {
		t.Fatal(err)
	}
	c := modelChat(t, f)
	until(t, "the presets offered", func() bool { return len(c.model.preset.Options) == 2 })
	c.model.preset.SetSelected("Translator")
	if c.model.chosenTier() != "Smart" || c.model.system.Text != "Answer in French." {
		t.Fatalf("after the preset: tier %q, system %q", c.model.chosenTier(), c.model.system.Text)
	}
	c.Ask("Good morning")
	until(t, "the answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	saved, _ := cs.Get(context.Background(), c.ConversationID())
	if saved.Model != "Smart" || saved.System != "Answer in French." || c.turns[0].System != "Answer in French." {
		t.Errorf("saved %+v, turn's prompt %q", saved, c.turns[0].System)
	}
	if !strings.Contains(c.model.sysFold.Text, "Answer in French.") || c.model.sysBox.Visible() {
		t.Errorf("the prompt's fold reads %q (open %v)", c.model.sysFold.Text, c.model.sysBox.Visible())
	}
	c.model.savePreset("Copy of translator")
	until(t, "the preset saved", func() bool { return len(c.model.presets) == 2 })
	list, _ := f.app.Models().Presets(context.Background())
	if len(list) != 2 || list[0].Name+list[1].Name != "Copy of translatorTranslator" && list[1].Name+list[0].Name != "Copy of translatorTranslator" {
		t.Errorf("presets: %+v", list)
	}
}

// A changed system prompt applies from the next message, says so, and the turn after the change
// says the prompt changed.
func TestModelSystemPromptEditedAfterTheFirstMessage(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.Ask("First message")
	until(t, "the first answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	c.model.toggleSystem()
	c.model.system.SetText("Be brief.")
	c.model.applySystem()
	until(t, "the prompt applied", func() bool { return c.conv.System == "Be brief." })
	if !strings.Contains(c.model.note.Text, "applies from the next message") {
		t.Errorf("the note says %q", c.model.note.Text)
	}
	c.Ask("Second message")
	until(t, "the second answer", func() bool { return len(c.turns) == 2 && c.turns[1].Status == records.TurnCompleted })
	v := c.views[c.turns[1].ID]
	if v == nil || !v.model.system.Visible() || !strings.Contains(v.model.system.Text, "Be brief.") {
		t.Errorf("the second turn does not say the prompt changed: %+v", v)
	}
	if first := c.views[c.turns[0].ID]; first != nil && first.model.system.Visible() {
		t.Error("the first turn says a prompt changed")
	}
}

// A long system prompt's first line is cut in the fold's title, so that the title stays one short
// line and the window keeps its size (a 30,000-character prompt made the window wider than any
// screen).
func TestModelSystemPromptFoldTitleCut(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.model.system.SetText(strings.Repeat("Answer briefly, in plain words. ", 1000))
	c.Ask("Hello")
	until(t, "the answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	title := c.model.sysFold.Text
	if n := len([]rune(title)); n > 100 || !strings.HasPrefix(title, "System prompt: Answer briefly") || !strings.HasSuffix(title, "…") {
		t.Errorf("the fold's title is %d characters: %.120q", n, title)
	}
}

// The functions a chat offers (the demo's get_weather) go only to a tier that calls functions: a
// tier without tools refuses a request with tools (model-api.md §2, capabilities.tools), so that
// Instant could not be talked to at all in demo mode.
func TestModelFunctionsOnlyToATierWithTools(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.model.functions = []client.FunctionTool{{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object"}`)}}
	c.model.selectTier("Instant")
	c.Ask("Hello, get_weather please")
	until(t, "the answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted || c.Error() != "" })
	if c.Error() != "" {
		t.Fatalf("Instant refused: %s", c.Error())
	}
	c.model.selectTier("Fast")
	if got := c.askOptions().Functions; len(got) != 1 {
		t.Errorf("Fast is offered %d functions, want the chat's one", len(got))
	}
}

// An image on a tier without vision is refused with the reason and a one-click switch to a tier
// that has it (model-api.md §7: unsupported_vision); after the switch it is attached, sent with
// the message, and shown in its turn from the database after a restart.
func TestModelImagesRefusedThenAccepted(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.model.tierSel.SetSelectedIndex(0) // Instant: no vision
	if !c.TakeImages([]string{pngFile(t, "red.png")}) {
		t.Fatal("a model chat did not take an image")
	}
	until(t, "the image refused", func() bool { return c.model.switchB.Visible() })
	if !strings.Contains(c.model.note.Text, "Instant cannot read images") || c.model.switchB.Text != "Switch to Fast" ||
		len(c.model.images.images) != 0 {
		t.Fatalf("note %q, button %q, images %d", c.model.note.Text, c.model.switchB.Text, len(c.model.images.images))
	}
	test.Tap(c.model.switchB)
	if c.model.chosenTier() != "Fast" || len(c.model.images.images) != 1 || len(c.model.images.box.Objects) != 1 || c.model.note.Visible() {
		t.Fatalf("after the switch: tier %q, %d images, note %q", c.model.chosenTier(), len(c.model.images.images), c.model.note.Text)
	}
	c.TakeImages([]string{filepath.Join(t.TempDir(), "missing.png"), pngFile(t, "notes.png")})
	until(t, "the second image", func() bool { return len(c.model.images.images) == 2 })
	if c.Error() == "" {
		t.Error("a file that cannot be read is not said")
	}
	c.model.images.remove(1)
	c.Ask("What colour is the dot?")
	until(t, "the answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	if len(c.turns[0].Images) != 1 || len(c.model.images.images) != 0 {
		t.Fatalf("sent %d images, %d left in the tray", len(c.turns[0].Images), len(c.model.images.images))
	}
	conv := c.conv
	again := f.pane() // as after a restart: the turns and their images come from the database
	again.Open(conv, 0)
	until(t, "the image shown in its turn", func() bool {
		if len(again.turns) != 1 {
			return false
		}
		v := again.views[again.turns[0].ID]
		return v != nil && len(v.model.pics.Objects) == 1 && v.model.pics.Visible()
	})
}

// A non-image file is refused by its content, whatever its name.
func TestModelImageCheckedByContent(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	path := filepath.Join(t.TempDir(), "fake.png")
	if err := os.WriteFile(path, []byte("not a picture at all"), 0o600); err != nil {
		t.Fatal(err)
	}
	c.TakeImages([]string{path})
	until(t, "the refusal", func() bool { return c.Error() != "" })
	if len(c.model.images.images) != 0 {
		t.Error("a text file named .png was attached")
	}
}

// The answer streams into the same turn view: Stop keeps the text so far and says so, Retry
// answers again in place, Edit sends the last message again in its place.
func TestModelStreamingStopRetryEdit(t *testing.T) {
	cfg := fastConfig()
	cfg.DeltaDelay = 150 * time.Millisecond
	f := newFixture(t, cfg)
	c := modelChat(t, f)
	c.Ask("Tell me a long story about the sea and its ships, please.")
	until(t, "text streaming", func() bool {
		text, streaming := c.Answer()
		return streaming && text != "" && c.stop.Visible()
	})
	c.StopAnswer()
	until(t, "the answer stopped", func() bool { return c.streaming == nil && len(c.turns) == 1 })
	tv := c.views[c.turns[0].ID]
	if c.turns[0].Status != records.TurnInterrupted || c.turns[0].Answer == "" || !tv.failure.Visible() || !tv.retry.Visible() {
		t.Fatalf("after Stop: %+v", c.turns[0])
	}
	test.Tap(tv.retry)
	until(t, "the retry answered", func() bool {
		return c.streaming == nil && len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted
	})
	c.editTurn(c.turns[0])
	if c.Question() == "" {
		t.Fatal("Edit did not put the message back")
	}
	c.Ask("A short one instead.")
	until(t, "the edited message answered", func() bool {
		return c.streaming == nil && len(c.turns) == 1 && c.turns[0].Question == "A short one instead." && c.turns[0].Status == records.TurnCompleted
	})
	v := c.view(0)
	v.toggleDetails()
	if !strings.Contains(v.facts.Text, "Tokens: ") || !strings.Contains(v.facts.Text, "Answered by the Fast tier") {
		t.Errorf("the details say %q", v.facts.Text)
	}
}

// A refusal shows as a refusal (never as an empty answer or a text cut short); an answer cut at
// the longest answer says so (model-api.md §3: incomplete, reason max_output_tokens); a failure
// mid-text keeps the text with the reason.
func TestModelRefusalIncompleteAndFailureShown(t *testing.T) {
	newFixture(t, fastConfig())
	noop := turnCallbacks{retry: func(int64) {}, edit: func(records.Turn) {}}
	refused := newTurnView(records.Turn{ID: 1, Question: "q", Answer: "I cannot help with that.", Status: records.TurnRefused}, noop)
	if !refused.failure.Visible() || !strings.Contains(refused.failure.Text, "declined to answer") ||
		strings.Contains(refused.failure.Text, "received so far") || refused.answer.Text() != "I cannot help with that." {
		t.Errorf("refusal: %q / %q", refused.failure.Text, refused.answer.Text())
	}
	cut := newTurnView(records.Turn{ID: 2, Question: "q", Answer: "Once upon a", Status: records.TurnIncomplete}, noop)
	if !cut.model.ended.Visible() || cut.model.ended.Text == "" || cut.failure.Visible() {
		t.Errorf("incomplete: %q", cut.model.ended.Text)
	}
	failed := newTurnView(records.Turn{ID: 3, Question: "q", Answer: "Half a", Status: records.TurnFailed,
		Error: "The model did not answer in time."}, noop)
	if !strings.Contains(failed.failure.Text, "did not answer in time") || !strings.Contains(failed.failure.Text, "kept") {
		t.Errorf("failure mid-text: %q", failed.failure.Text)
	}
}

// The context meter by the question box says the tokens of the conversation as it will be sent
// of the tier's window, and when the oldest turns are left out to fit, how many.
func TestModelContextMeterAndTrimmingLine(t *testing.T) {
	cfg := fastConfig()
	cfg.Tiers = []emulator.Tier{{Name: "Tiny", ContextWindow: 1500, MaxOutputTokens: 200}, {Name: "Fast", Tools: true, Vision: true,
		ContextWindow: 32768, MaxOutputTokens: 8192, MaxOutputTokensWithTools: 4096}}
	f := newFixture(t, cfg)
	cs := f.app.Conversations()
	conv, err := f.app.Models().NewChat(context.Background(), "Tiny", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		msg := strings.Repeat("word ", 300) + string(rune('a'+i))
		if _, err := cs.Send(context.Background(), conv.ID, conversations.Message{Text: msg}, conversations.AskOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	c := f.pane()
	c.Open(conv, 0)
	until(t, "the turns", func() bool { return len(c.turns) == 6 && len(c.model.tiers) == 2 })
	test.Type(c.input, "And now?")
	until(t, "the meter", func() bool { return c.model.meter.tokens.Visible() && c.model.meter.leftOut.Visible() })
	if !strings.Contains(c.model.meter.tokens.Text, "of 1,500 tokens (Tiny)") {
		t.Errorf("the meter says %q", c.model.meter.tokens.Text)
	}
	want, _ := f.app.Models().Meter(context.Background(), conv.ID, conversations.Message{Text: "And now?"}, nil)
	if want.LeftOut == 0 || !strings.Contains(c.model.meter.leftOut.Text, "The oldest "+words.Count(want.LeftOut, "turn")) {
		t.Errorf("left out %d, the line says %q", want.LeftOut, c.model.meter.leftOut.Text)
	}
}

// A JSON answer shows the schema's verdict in its turn: a failure names the path in words.
func TestModelJSONSchemaFailureShown(t *testing.T) {
	newFixture(t, fastConfig())
	noop := turnCallbacks{retry: func(int64) {}, edit: func(records.Turn) {}}
	v := newTurnView(records.Turn{ID: 1, Question: "q", Answer: `{"items":"none"}`, Status: records.TurnCompleted,
		Check: &records.SchemaCheck{Problem: "$.items: expected an array, got a string"}}, noop)
	if got := verdictOf(v); !strings.Contains(got, "does not fit the schema: $.items: expected an array") {
		t.Errorf("the verdict says %q", got)
	}
}

// verdictOf is the verdict line of a turn's JSON tree, "" when it has none.
func verdictOf(v *turnView) string {
	for _, o := range v.parts.Objects {
		if tree, ok := o.(*widgets.JSONTree); ok && tree.Verdict.Visible() {
			return tree.Verdict.Text
		}
	}
	return ""
}

// A function call is shown in its turn as a card with its name (the cards are model-cards').
func TestModelFunctionCallShown(t *testing.T) {
	newFixture(t, fastConfig())
	noop := turnCallbacks{retry: func(int64) {}, edit: func(records.Turn) {}}
	v := newTurnView(records.Turn{ID: 1, Question: "q", Status: records.TurnCompleted,
		Parts: []records.TurnPart{{Kind: records.PartFunctionCall, CallID: "c1", Name: "get_weather", Arguments: `{"city":"Pune"}`}}}, noop)
	if len(v.parts.Objects) != 1 || !v.parts.Visible() {
		t.Fatalf("parts: %d", len(v.parts.Objects))
	}
	if _, ok := v.parts.Objects[0].(*widgets.FunctionCallCard); !ok {
		t.Errorf("the call is shown as %T", v.parts.Objects[0])
	}
}

// The answer format is picked per conversation: JSON fitting a saved schema is sent as the spec
// says (text.format json_schema, model-api.md §4) and the answer's verdict shows in its turn;
// back to text applies from the next message and says so.
func TestModelJSONAnswerFormatPicked(t *testing.T) {
	f := newFixture(t, fastConfig())
	cs := f.app.Conversations()
	schema, err := f.app.Models().SaveSchema(context.Background(), modelchat.ExampleSchema())
	if err != nil {
		t.Fatal(err)
	}
	c := modelChat(t, f)
	until(t, "the schemas offered", func() bool { return len(c.model.format.sel.Options) == 3 })
	c.model.format.sel.SetSelected("JSON: " + schema.Name)
	c.Ask("Prices of two fruits?")
	until(t, "the JSON answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	v := c.view(0)
	if c.turns[0].Check == nil || !c.turns[0].Check.Conforms || !strings.Contains(verdictOf(v), "fits the schema") {
		t.Fatalf("check %+v, verdict %q", c.turns[0].Check, verdictOf(v))
	}
	saved, _ := cs.Get(context.Background(), c.ConversationID())
	if !saved.Format.JSON() || saved.Format.Name != schema.Name {
		t.Fatalf("saved format %+v", saved.Format)
	}
	c.model.format.sel.SetSelected(formatText)
	until(t, "text again", func() bool { return !c.conv.Format.JSON() })
	if !strings.Contains(c.model.note.Text, "applies from the next message") {
		t.Errorf("the note says %q", c.model.note.Text)
	}
	saved, _ = cs.Get(context.Background(), c.ConversationID())
	if saved.Format.JSON() {
		t.Error("the text format was not saved")
	}
}

// shownProblem is what the pane says went wrong with its last message: the failed turn's reason,
// or the sentence under the box when nothing was saved.
func shownProblem(c *Pane) string {
	if n := len(c.turns); n > 0 {
		if v := c.views[c.turns[n-1].ID]; v != nil && v.failure.Visible() {
			return v.failure.Text
		}
	}
	return c.Error()
}

// The /v1 error codes show in the pane in their words (model-api.md §7), never as codes: refused
// requests of each status, and a failure mid-text (§3), whose text so far is kept.
func TestModelErrorCodesShownInWords(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	cases := []struct {
		faults emulator.Faults
		want   string
	}{
		{emulator.Faults{Fail: emulator.Failure{Status: 503, Code: "model_unavailable", Route: emulator.RouteResponses}}, "Fast cannot be reached right now"},
		{emulator.Faults{Fail: emulator.Failure{Status: 504, Code: "model_timeout", Route: emulator.RouteResponses}}, "Fast took too long to answer"},
		{emulator.Faults{Fail: emulator.Failure{Status: 429, Route: emulator.RouteResponses, RetryAfter: 5 * time.Second}}, "Too many requests"},
		{emulator.Faults{Fail: emulator.Failure{Status: 502, Code: "empty_model_response", Route: emulator.RouteResponses}}, "empty answer"},
		{emulator.Faults{ModelFail: emulator.ModelFailure{Code: "incomplete_model_stream", AfterDeltas: 2}}, "stopped writing before the answer was finished"},
	}
	for i, tc := range cases {
		f.emu.SetFaults(tc.faults)
		c.Ask("Message number " + words.Count(i+1, "try"))
		until(t, tc.want, func() bool { return c.streaming == nil && shownProblem(c) != "" })
		shown := shownProblem(c)
		code := tc.faults.Fail.Code + tc.faults.ModelFail.Code
		if !strings.Contains(shown, tc.want) || code != "" && strings.Contains(shown, code) {
			t.Errorf("case %d: the pane says %q, want %q in words", i, shown, tc.want)
		}
		if tc.faults.ModelFail.AfterDeltas > 0 && c.turns[len(c.turns)-1].Answer == "" {
			t.Errorf("case %d: the text so far was not kept", i)
		}
		f.emu.SetFaults(emulator.Faults{})
		c.errs.SetError(nil)
	}
}

// A chat saved without a message (the list's New model chat) opens with its setup still to
// choose: a preset fills it, and the first message goes with the preset's tier and the prompt as
// typed.
func TestModelSavedEmptyChatTakesAPreset(t *testing.T) {
	f := newFixture(t, fastConfig())
	if _, err := f.app.Models().SavePreset(context.Background(), records.Preset{Name: "Poet", Tier: "Smart", System: "Answer in verse."}); err != nil {
		t.Fatal(err)
	}
	conv, err := f.app.Models().NewChat(context.Background(), f.app.Models().DefaultTier(), "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	c := f.pane()
	c.Open(conv, 0)
	until(t, "the presets offered", func() bool { return len(c.model.preset.Options) == 2 && c.model.preset.Visible() })
	c.model.preset.SetSelected("Poet")
	c.model.system.SetText("Answer in one verse.")
	c.Ask("The sea?")
	until(t, "the answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status == records.TurnCompleted })
	if c.turns[0].Model != "Smart" || c.turns[0].System != "Answer in one verse." || c.model.preset.Visible() {
		t.Errorf("answered by %q with the prompt %q (presets still offered: %v)", c.turns[0].Model, c.turns[0].System, c.model.preset.Visible())
	}
}

// The tools line of a model chat wraps in a narrow window instead of widening it: with an MCP
// server's name on its button the three took 642 px on one line, and a window could not be made
// 640 px wide (make realwindow's 640×700 start after an MCP call).
func TestModelToolsLineWrapsInANarrowWindow(t *testing.T) {
	test.NewTempApp(t)
	bar := newToolsBar(nil)
	bar.settings.MCPServers = []string{"everything", "filesystem"}
	bar.setKeys("Ctrl+Shift+E")
	bar.mcp.SetText(bar.mcpText())
	bar.consult.SetText("Workspaces to consult: Finance, Operations")
	line := bar.box.Objects[0]
	one := bar.web.MinSize().Width + bar.consult.MinSize().Width + bar.mcp.MinSize().Width
	if got := line.MinSize().Width; got >= one || got > 480 {
		t.Fatalf("the tools line needs %.0f px (%.0f side by side); want it to wrap to the widest one", got, one)
	}
}
