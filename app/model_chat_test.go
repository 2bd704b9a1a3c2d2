package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/app/secrets"
	"lectern/client"
)

// pngImage is the smallest content that sniffs as PNG.
var pngImage = append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 64)...)

func mustImage(t testing.TB, name string, data []byte) records.Image {
	t.Helper()
	img, err := modelchat.NewImage(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// A model conversation is saved in the conversations database with its tier, system prompt and
// API family; the message, its image and the answer's usage are saved with the turn; the next
// message sends the whole conversation again, the image included.
func TestChatSavesTheConversationAndSendsItWhole(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	img := mustImage(t, "chart.png", pngImage)
	var updates []events.TurnChanged
	turn, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "smart", System: "Answer briefly.", Text: "What is in the picture?",
		Images: []records.Image{img}}, conversations.ChatOptions{OnUpdate: func(ev events.TurnChanged) { updates = append(updates, ev) }})
	if err != nil {
		t.Fatal(err)
	}
	if turn.Status != records.TurnCompleted || turn.Answer != "Hello, world." || turn.Model != "Smart" || turn.AnswerID != "resp_fake" ||
		turn.RequestID != "req_fake" || turn.Usage == nil || turn.Usage.TotalTokens != 15 || turn.Response == nil {
		t.Fatalf("turn %+v", turn)
	}
	// Waiting for the server, then started once it answered, then the text as it streams.
	if len(updates) < 4 || updates[0].Stage != records.StageWaiting || updates[1].Stage != records.StageStarted ||
		updates[2].Text != "Hello" || updates[len(updates)-1].Status != records.TurnCompleted {
		t.Fatalf("updates %+v", updates)
	}
	req := fake.lastResponse(t)
	if req.Model != "Smart" || req.Instructions != "Answer briefly." || len(req.Input) != 1 ||
		len(req.Input[0].Content) != 2 || !strings.HasPrefix(req.Input[0].Content[1].ImageURL, "data:image/png;base64,") {
		t.Fatalf("request %+v", req)
	}

	saved, err := a.Conversations().Turn(ctx, turn.ID)
	if err != nil || saved.Usage == nil || *saved.Usage != *turn.Usage || len(saved.Images) != 1 ||
		saved.Images[0].Name != "chart.png" || saved.Images[0].Data != nil || saved.Tier != "Smart" {
		t.Fatalf("saved turn %+v (%v)", saved, err)
	}
	if imgs, err := a.Conversations().TurnImages(ctx, turn.ID); err != nil || len(imgs) != 1 || !bytes.Equal(imgs[0].Data, pngImage) {
		t.Fatalf("images %+v (%v)", imgs, err)
	}
	conv, _ := a.Conversations().Get(ctx, turn.ConversationID)
	if conv.Kind != records.KindModel || conv.Model != "Smart" || conv.System != "Answer briefly." || conv.API != records.APIResponses ||
		conv.Title != "What is in the picture?" {
		t.Fatalf("conversation %+v", conv)
	}

	next, err := a.Models().Chat(ctx, modelchat.ModelMessage{Continue: true, Text: "And the colours?"}, conversations.ChatOptions{})
	if err != nil || next.ConversationID != conv.ID {
		t.Fatalf("continued in %d (%v), want %d", next.ConversationID, err, conv.ID)
	}
	req = fake.lastResponse(t)
	if len(req.Input) != 3 || req.Input[1].Role != "assistant" || req.Input[1].Content[0].Text != "Hello, world." ||
		len(req.Input[0].Content) != 2 || req.Input[2].Content[0].Text != "And the colours?" || req.Instructions != "Answer briefly." {
		t.Fatalf("second request %+v", req)
	}
}

// The chat completions family sends the system prompt as the first message and images as parts.
func TestChatCompletionsFamily(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	fake.reply.status = "incomplete"
	turn, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", API: records.APIChat, System: "Be kind.", Text: "Describe it.",
		Images: []records.Image{mustImage(t, "a.png", pngImage)}}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if turn.Status != records.TurnIncomplete || turn.Completion == nil || turn.AnswerID != "chatcmpl-fake" || turn.Usage.InputTokens != 12 ||
		!strings.Contains(turn.Notice, "length limit") {
		t.Fatalf("turn %+v", turn)
	}
	req := fake.lastChat(t)
	if len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Messages[0].Content != "Be kind." ||
		len(req.Messages[1].Parts) != 2 || req.Messages[1].Parts[0].Type != "text" || req.Messages[1].Parts[1].Type != "image_url" {
		t.Fatalf("request %+v", req)
	}
	conv, _ := a.Conversations().Get(ctx, turn.ConversationID)
	if conv.API != records.APIChat {
		t.Fatalf("conversation %+v", conv)
	}
	// An incomplete answer is a whole answer: the next message sends it as history.
	if _, err := a.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "Go on."}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	if req = fake.lastChat(t); len(req.Messages) != 4 || req.Messages[2].Content != "Hello, world." {
		t.Fatalf("second request %+v", req.Messages)
	}
}

// --continue goes to the last model conversation of the tier asked, or the last one at all;
// with none, it says so and starts one.
func TestChatContinueChoosesByTier(t *testing.T) {
	a, _ := newModelApp(t)
	ctx := ctxT(t)
	smart, _ := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Smart", Text: "one"}, conversations.ChatOptions{})
	fast, _ := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", Text: "two"}, conversations.ChatOptions{})
	if smart.ConversationID == fast.ConversationID {
		t.Fatal("two new conversations share an id")
	}
	got, _ := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "smart", Continue: true, Text: "three"}, conversations.ChatOptions{})
	if got.ConversationID != smart.ConversationID {
		t.Errorf("--continue --model smart went to %d, want %d", got.ConversationID, smart.ConversationID)
	}
	got, _ = a.Models().Chat(ctx, modelchat.ModelMessage{Continue: true, Text: "four"}, conversations.ChatOptions{})
	if got.ConversationID != smart.ConversationID { // the Smart one was used last
		t.Errorf("--continue went to %d, want the last used %d", got.ConversationID, smart.ConversationID)
	}
	var notes []string
	got, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Instant", Continue: true, Text: "five"},
		conversations.ChatOptions{OnNotice: func(s string) { notes = append(notes, s) }})
	if err != nil || got.ConversationID == smart.ConversationID || got.ConversationID == fast.ConversationID ||
		len(notes) != 1 || !strings.Contains(notes[0], "no earlier model conversation with Instant") {
		t.Errorf("continue without one: %+v %v %q", got, err, notes)
	}
	_, err = a.Models().Chat(ctx, modelchat.ModelMessage{Continue: true, System: "new", Text: "six"}, conversations.ChatOptions{})
	if !errors.As(err, new(*explain.CheckError)) {
		t.Errorf("--system with --continue: %v", err)
	}
}

// A stream cut mid-answer keeps its text, marked interrupted, with the reason in words; a failure
// the server reports in the stream is saved as failed with its code and sentence.
func TestChatCutAndFailedStreams(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	fake.reply.err = &client.InterruptedError{Text: "Hello, world.", RequestID: "req_cut"}
	turn, err := a.Models().Chat(ctx, modelchat.ModelMessage{Text: "hi"}, conversations.ChatOptions{})
	if err == nil || turn.Status != records.TurnInterrupted || turn.Answer != "Hello, world." ||
		!strings.Contains(turn.Error, "stopped before it was finished") || turn.RequestID != "req_fake" {
		t.Fatalf("cut: %+v (%v)", turn, err)
	}
	fake.reply.err = &client.APIError{Code: "model_timeout", Message: "too slow", RequestID: "req_slow"}
	turn, err = a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Smart", Text: "hi again"}, conversations.ChatOptions{})
	if err == nil || turn.Status != records.TurnFailed || turn.ErrorCode != "model_timeout" || turn.RequestID != "req_slow" ||
		!strings.Contains(turn.Error, "Smart took too long") || a.Explain(err).Code != "model_timeout" {
		t.Fatalf("failed: %+v (%v)", turn, err)
	}
	// Neither is sent again as history.
	fake.reply.err = nil
	if _, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Smart", Continue: true, Text: "third"}, conversations.ChatOptions{}); err != nil {
		t.Fatal(err)
	}
	if req := fake.lastResponse(t); len(req.Input) != 1 {
		t.Fatalf("a failed turn went as history: %+v", req.Input)
	}
}

// Stop ends an answer in progress; the text so far is kept.
func TestChatStop(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	fake.reply.hold = make(chan struct{})
	started := make(chan int64, 1)
	go func() {
		time.Sleep(50 * time.Millisecond)
		id := <-started
		a.Conversations().Stop(id)
	}()
	turn, err := a.Models().Chat(ctx, modelchat.ModelMessage{Text: "long"}, conversations.ChatOptions{OnUpdate: func(ev events.TurnChanged) {
		if ev.Text == "Hello" {
			started <- ev.TurnID
		}
	}})
	if err == nil || turn.Status != records.TurnInterrupted || turn.Answer != "Hello" || !strings.Contains(turn.Error, "Stopped") {
		t.Fatalf("stopped: %+v (%v)", turn, err)
	}
}

// Checks run before anything is saved or sent: an unknown tier, images for a tier without vision,
// too many images, a file that is not an image, an empty message, an unknown API.
func TestChatChecksBeforeSaving(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	img := mustImage(t, "a.png", pngImage)
	nine := make([]records.Image, 9)
	for i := range nine {
		nine[i] = img
	}
	cases := []struct {
		m    modelchat.ModelMessage
		want string
	}{
		{modelchat.ModelMessage{Tier: "Genius", Text: "x"}, "Genius is not a model this key may use"},
		{modelchat.ModelMessage{Tier: "Instant", Text: "x", Images: []records.Image{img}}, "the tiers that can are Fast, Smart"},
		{modelchat.ModelMessage{Tier: "Fast", Text: "x", Images: nine}, "at most 8 images"},
		{modelchat.ModelMessage{Tier: "Fast", Text: " "}, "empty"},
		{modelchat.ModelMessage{Tier: "Fast", Text: "x", API: "completions"}, "use responses or chat"},
	}
	for _, tc := range cases {
		_, err := a.Models().Chat(ctx, tc.m, conversations.ChatOptions{})
		if !errors.As(err, new(*explain.CheckError)) || !strings.Contains(a.Explain(err).Sentence, tc.want) {
			t.Errorf("%+v: %v, want %q", tc.m, err, tc.want)
		}
	}
	if fake.sent() != 0 {
		t.Errorf("%d requests sent", fake.sent())
	}
	if all, _ := a.Conversations().List(ctx, ""); len(all) != 0 {
		t.Errorf("saved %+v", all)
	}
	if _, err := modelchat.NewImage("notes.txt", []byte("just text")); err == nil || !strings.Contains(err.Error(), "not a PNG, JPEG, WebP, GIF or BMP") {
		t.Errorf("text as image: %v", err)
	}
	if _, err := modelchat.NewImage("big.png", append(pngImage, make([]byte, modelchat.MaxImageBytes)...)); err == nil || !strings.Contains(err.Error(), "over 10 MiB") {
		t.Errorf("11 MiB image: %v", err)
	}
}

// The model list is read once per server and key (Models reads it afresh); an error reading it
// is told in the /v1 words.
func TestModelsAndTheirErrors(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	for _, text := range []string{"one", "two"} {
		if _, err := a.Models().Chat(ctx, modelchat.ModelMessage{Text: text}, conversations.ChatOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if fake.modelsRead != 1 {
		t.Errorf("the tiers were read %d times for two messages", fake.modelsRead)
	}
	_ = a.SignIn().UseServer(ctx, "http://127.0.0.1:9", "lk_another_key")
	_, _ = a.Models().Chat(ctx, modelchat.ModelMessage{Text: "three"}, conversations.ChatOptions{})
	tiers, err := a.Models().All(ctx)
	if err != nil || len(tiers) != 3 || fake.modelsRead != 3 {
		t.Fatalf("models %+v (%v), read %d times; want again for another key, and for Models", tiers, err, fake.modelsRead)
	}
	fake.modelsErr = &client.APIError{StatusCode: 404, Code: "api_disabled"}
	_, err = a.Models().All(ctx)
	if x := a.Explain(err); x.Code != "api_disabled" || !strings.Contains(x.Sentence, "model endpoints are switched off") {
		t.Fatalf("api_disabled told as %+v", x)
	}
}

// Search and export cover model conversations: the tier, the system prompt, the images and the
// usage are in the Markdown.
func TestSearchAndExportModelConversations(t *testing.T) {
	a, _ := newModelApp(t)
	ctx := ctxT(t)
	turn, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", System: "Speak like a pirate.", Text: "Tell me about parrots",
		Images: []records.Image{mustImage(t, "polly.png", pngImage)}}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	hits, err := a.Conversations().Search(ctx, "parrot")
	if err != nil || len(hits) != 1 || hits[0].Conversation.Kind != records.KindModel || hits[0].Conversation.Model != "Fast" {
		t.Fatalf("search: %+v (%v)", hits, err)
	}
	md, err := a.Conversations().Markdown(ctx, turn.ConversationID)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Tell me about parrots", "- Model: Fast", "- API: responses", "Speak like a pirate.",
		"polly.png (image/png", "Tokens: 12 in, 3 out", "Hello, world."} {
		if !strings.Contains(md, want) {
			t.Errorf("export lacks %q:\n%s", want, md)
		}
	}
	// Deleting the conversation keeps its images in the trash; they go with it 30 days later.
	if err := a.Conversations().Delete(ctx, turn.ConversationID); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := a.store.SQL().QueryRow("SELECT count(*) FROM turn_images").Scan(&n); err != nil || n != 1 {
		t.Errorf("%d images in the trash (%v)", n, err)
	}
	a.store.EmptyTrash(ctx, time.Now().Add(records.TrashKept+time.Hour))
	if err := a.store.SQL().QueryRow("SELECT count(*) FROM turn_images").Scan(&n); err != nil || n != 0 {
		t.Errorf("%d images left (%v)", n, err)
	}
}

// Every /v1 error code of model-api.md §7 has a sentence of its own that says what to do, with
// the wait when the server gives Retry-After and the request id to quote.
func TestEveryModelCodeHasSentence(t *testing.T) {
	codes := map[string]string{
		"invalid_api_key": "missing or wrong", "model_not_found": "Smart is not a model this key may use",
		"api_disabled": "switched off", "unsupported_parameter": "does not accept a setting",
		"invalid_request_error": "could not use a field", "unsupported_tools": "Smart cannot call functions",
		"unsupported_tool": "only function tools", "unsupported_content_part": "only text and images",
		"unsupported_input_item": "Start a new conversation", "unsupported_schema": "Simplify the schema",
		"invalid_tool_schema": "not a valid JSON schema", "invalid_response_format": "json_schema",
		"response_schema_too_large": "64,000", "max_output_tokens_exceeded": "Smart's limit",
		"unsupported_vision": "Smart cannot read images", "context_length_exceeded": "Smart's context window",
		"too_many_images": "at most 8 images", "images_too_large": "20 MiB in all",
		"invalid_image": "could not read an image", "invalid_image_detail": "only auto",
		"unsupported_image_detail": "only auto", "unpaired_tool_output_image": "right after the call",
		"reserved_image_marker": "[img-", "image_url_not_supported": "Attach the image file",
		"image_url_not_allowed": "allowed hosts", "image_url_not_public": "not public",
		"image_fetch_timeout": "too long to fetch", "image_fetch_failed": "could not fetch",
		"image_too_large": "over 10 MiB", "unsupported_image_mime": "Convert it",
		"rate_limit_exceeded": "Too many requests", "image_fetch_busy": "busy fetching",
		"invalid_structured_output": "did not fit the requested JSON schema", "tool_choice_violation": "did not call the function",
		"empty_model_response": "empty answer", "invalid_tool_call": "could not be read",
		"incomplete_tool_call": "cut off", "incomplete_structured_output": "JSON answer was cut off",
		"incomplete_model_stream": "stopped writing", "server_error": "had a problem",
		"model_unavailable": "Smart cannot be reached", "model_timeout": "Smart took too long",
		"internet_access_blocked": "Web search is switched off",
	}
	if len(codes) != len(explain.ModelSentences)+1 { // invalid_api_key is told by where the key came from
		t.Errorf("%d codes tested, %d sentences", len(codes), len(explain.ModelSentences))
	}
	for code, want := range codes {
		err := &explain.ModelError{Tier: "Smart", Err: &client.APIError{StatusCode: 400, Code: code, RequestID: "req_7",
			RetryAfter: 5 * time.Second}}
		x := explain.Explain(err, secrets.KeyFromEnv)
		if !strings.Contains(x.Sentence, want) || !strings.Contains(x.Sentence, "5 seconds") || strings.Contains(x.Sentence, "{tier}") {
			t.Errorf("%s: %q lacks %q", code, x.Sentence, want)
		}
		if x.Code != code || x.RequestID != "req_7" {
			t.Errorf("%s: %+v", code, x)
		}
	}
	s := explain.Explain(&explain.ModelError{Err: &client.APIError{StatusCode: 400, Code: "unsupported_parameter", Param: "store"}}, secrets.KeyNone).Sentence
	if !strings.Contains(s, "'store'") {
		t.Errorf("the field at fault is not named: %q", s)
	}
	// The workspace endpoints keep their own sentence for a code both families use.
	if s := explain.Explain(&client.APIError{StatusCode: 404, Code: "api_disabled"}, secrets.KeyNone).Sentence; !strings.Contains(s, "Adding documents") {
		t.Errorf("workspace api_disabled: %q", s)
	}
}

// A refusal of a model request that the server reports before streaming is saved with the turn.
func TestChatRefusedByTheServer(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	fake.reply = fakeReply{err: &client.APIError{StatusCode: 429, Code: "rate_limit_exceeded", RetryAfter: 5 * time.Second}}
	turn, err := a.Models().Chat(ctx, modelchat.ModelMessage{Text: "hi"}, conversations.ChatOptions{})
	if err == nil || turn.Status != records.TurnFailed || !strings.Contains(turn.Error, "try again in 5 seconds") {
		t.Fatalf("%+v (%v)", turn, err)
	}
	if _, err := a.Conversations().Send(context.Background(), 999, conversations.Message{Text: "x"}, conversations.AskOptions{}); !errors.Is(err, records.ErrNotFound) {
		t.Errorf("unknown conversation: %v", err)
	}
}

// Retry sends a cut turn again as a new turn beside it, with its own images and only the
// exchanges before it; the cut one stays, a branch.
func TestChatRetryBesideTheCutTurn(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	first, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", Text: "first"}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fake.reply.err = &client.InterruptedError{}
	cut, err := a.Models().Chat(ctx, modelchat.ModelMessage{Continue: true, Text: "second", Images: []records.Image{mustImage(t, "b.png", pngImage)}}, conversations.ChatOptions{})
	if err == nil || cut.Status != records.TurnInterrupted {
		t.Fatalf("cut %+v (%v)", cut, err)
	}
	fake.reply.err = nil
	var last events.TurnChanged
	again, err := a.Conversations().Retry(ctx, cut.ID, conversations.AskOptions{OnUpdate: func(ev events.TurnChanged) { last = ev }})
	if err != nil || again.ID == cut.ID || again.ParentID != first.ID || again.Status != records.TurnCompleted || again.Usage == nil || last.Status != records.TurnCompleted {
		t.Fatalf("retried %+v (%v), last update %+v", again, err, last)
	}
	req := fake.lastResponse(t)
	if len(req.Input) != 3 || req.Input[0].Content[0].Text != "first" || req.Input[2].Content[0].Text != "second" ||
		len(req.Input[2].Content) != 2 {
		t.Fatalf("retried request %+v", req.Input)
	}
	if turns, _ := a.Conversations().Turns(ctx, first.ConversationID); len(turns) != 2 || len(turns[1].Images) != 1 ||
		turns[1].ID != again.ID || turns[1].Branch != (records.BranchPlace{Index: 2, Count: 2}) {
		t.Fatalf("turns %+v", turns)
	}
}

// The last message of a model conversation can be edited and sent again, keeping its images (an
// earlier one too: TestBranchEditAnEarlierQuestion).
func TestChatResendTheLastMessage(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	first, _ := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", Text: "first"}, conversations.ChatOptions{})
	second, err := a.Models().Chat(ctx, modelchat.ModelMessage{Continue: true, Text: "secnod", Images: []records.Image{mustImage(t, "c.png", pngImage)}}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	edited, err := a.Conversations().Resend(ctx, second.ID, "second", conversations.AskOptions{})
	if err != nil || edited.Status != records.TurnCompleted || edited.Question != "second" {
		t.Fatalf("edited %+v (%v)", edited, err)
	}
	req := fake.lastResponse(t)
	if len(req.Input) != 3 || req.Input[2].Content[0].Text != "second" || len(req.Input[2].Content) != 2 {
		t.Fatalf("request %+v", req.Input)
	}
	if turns, _ := a.Conversations().Turns(ctx, first.ConversationID); len(turns) != 2 || turns[1].Question != "second" ||
		len(turns[1].Images) != 1 {
		t.Fatalf("turns %+v", turns)
	}
}

// An edited model message that is blank is refused, and the message it would replace stays.
func TestChatResendBlankKeepsTheMessage(t *testing.T) {
	a, _ := newModelApp(t)
	ctx := ctxT(t)
	first, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", Text: "first"}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Conversations().Resend(ctx, first.ID, "  ", conversations.AskOptions{}); !errors.As(err, new(*explain.CheckError)) {
		t.Fatalf("a blank edit: %v", err)
	}
	if turns, _ := a.Conversations().Turns(ctx, first.ConversationID); len(turns) != 1 || turns[0].ID != first.ID ||
		turns[0].Question != "first" {
		t.Fatalf("turns %+v", turns)
	}
}

// The desktop starts a model conversation before its first message; a workspace conversation
// cannot take a model's message.
func TestNewChatThenChat(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	conv, err := a.Models().NewChat(ctx, "genius", "Think first.", records.APIChat, "")
	if err != nil || conv.ID == 0 || conv.Kind != records.KindModel || conv.Model != "Genius" || conv.API != records.APIChat {
		t.Fatalf("new chat %+v (%v)", conv, err)
	}
	fake.tiers = append(fake.tiers, client.Model{ID: "Genius", ContextWindow: 200000})
	turn, err := a.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "Hello there"}, conversations.AskOptions{})
	if err != nil || turn.ConversationID != conv.ID || fake.lastChat(t).Messages[0].Content != "Think first." {
		t.Fatalf("chat %+v (%v)", turn, err)
	}
	if got, _ := a.Conversations().Get(ctx, conv.ID); got.Title != "Hello there" {
		t.Errorf("title %q", got.Title)
	}
	if _, err := a.Models().NewChat(ctx, "Fast", "", "anthropic", ""); !errors.As(err, new(*explain.CheckError)) {
		t.Errorf("unknown API: %v", err)
	}
	ws, err := a.store.CreateConversation(ctx, "http://127.0.0.1:9", records.Conversation{Kind: records.KindWorkspace, WorkspaceID: "ws_1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Conversations().Send(ctx, ws.ID, conversations.Message{Text: "hi", Images: []records.Image{mustImage(t, "a.png", pngImage)}}, conversations.AskOptions{}); !errors.As(err, new(*explain.CheckError)) {
		t.Errorf("a workspace conversation took a message with an image: %v", err)
	}
}

// Sending a message reads the bytes of only the images that go with it: the earlier exchanges are
// fitted to the request's limits (at most 8 images) from the images' sizes, and only the kept
// turns' images are read in whole, not every image of the conversation.
func TestChatReadsOnlyTheImagesItSends(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	imageOf := func(i int) records.Image {
		return mustImage(t, fmt.Sprintf("p%d.png", i), append(slices.Clone(pngImage), byte(i)))
	}
	var ids []int64
	for i := range 12 {
		turn, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", Continue: i > 0, Text: fmt.Sprintf("message %d", i),
			Images: []records.Image{imageOf(i)}}, conversations.ChatOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, turn.ID)
	}
	read := map[int64]int{} // bytes read by turn
	a.store.ImageDataRead = func(turnID int64, n int) { read[turnID] += n }
	t.Cleanup(func() { a.store.ImageDataRead = nil })
	if _, err := a.Models().Chat(ctx, modelchat.ModelMessage{Continue: true, Text: "last", Images: []records.Image{imageOf(12)}}, conversations.ChatOptions{}); err != nil {
		t.Fatal(err)
	}
	// The new message's image and 7 earlier ones make the 8 a request takes: turns 5 to 11 go.
	kept := ids[5:]
	want := map[int64]int{}
	for _, id := range kept {
		want[id] = len(pngImage) + 1
	}
	if !maps.Equal(read, want) {
		t.Errorf("image bytes read by turn %v; want only the kept turns' %v", read, want)
	}
	req := fake.lastResponse(t)
	if len(req.Input) != 2*len(kept)+1 {
		t.Fatalf("%d input items; want %d", len(req.Input), 2*len(kept)+1)
	}
	for i := range len(kept) + 1 {
		user, text := req.Input[2*i], fmt.Sprintf("message %d", 5+i)
		if i == len(kept) {
			text = "last"
		}
		if len(user.Content) != 2 || user.Content[0].Text != text || user.Content[1].ImageURL != modelchat.DataURL(imageOf(5+i)) {
			t.Errorf("message %d sent as %+v", i, user.Content)
		}
	}
}
