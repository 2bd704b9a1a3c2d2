package modelchat

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/client"
)

// The part types of a chat completion's user message (model-api.md §4, POST /v1/chat/completions).
const (
	chatPartText  = "text"
	chatPartImage = "image_url"
)

// modelAnswerer answers model conversations: POST /v1/responses or /v1/chat/completions, the
// conversation trimmed to the tier's context window, images included. The request is built and
// checked once, before anything is saved or sent, and kept for answer.
type modelAnswerer struct {
	c             *Models
	functions     []client.FunctionTool // the caller's, offered to the model (tiers with tools only)
	consent       conversations.ConsentFunc
	notice        func(string)
	toolsOverride *records.ToolSettings // AskOptions.Tools
	tools         chatTools             // the tools of this message (tools.go)
	svc           modelSession
	conv          records.Conversation
	req           modelRequest
	parent        int64 // the turn the message follows on its branch (0: the first message)
}

func (m *modelAnswerer) Send(ctx context.Context, conv records.Conversation, msg conversations.Message) (records.Turn, error) {
	if err := conversations.CheckMessage(msg.Text); err != nil {
		return records.Turn{}, err
	}
	before, err := m.c.conv.BranchOf(ctx, conv, msg)
	if err != nil {
		return records.Turn{}, err
	}
	if err := m.prepare(ctx, conv, exchange{question: withFiles(msg.Text, msg.FileTexts), images: msg.Images}, before); err != nil {
		return records.Turn{}, err
	}
	return m.save(ctx, records.Turn{Question: msg.Text, Images: msg.Images, Parts: fileParts(msg.FileTexts)})
}

// branch returns the turns of the branch conversation convID shows (none when it is not saved).
func (c *Models) branch(ctx context.Context, convID int64) ([]records.Turn, error) {
	if convID == 0 {
		return nil, nil
	}
	return c.store.Turns(ctx, convID)
}

// prepare builds and checks the request that sends newest in conv after the turns before (of
// its branch).
func (m *modelAnswerer) prepare(ctx context.Context, conv records.Conversation, newest exchange, before []records.Turn) error {
	s, err := m.c.models.service()
	if err != nil {
		return err
	}
	if m.tools, err = m.c.chatTools(ctx, s, conv, m.toolsOverride); err != nil {
		return err
	}
	if m.tools.note != "" {
		conversations.Tell(m.notice, m.tools.note)
	}
	req, err := m.c.prepare(ctx, s, conv, newest, before, slices.Concat(m.functions, tools.Functions(m.tools.sources)))
	m.svc, m.conv, m.req, m.parent = s, conv, req, conversations.Tip(before)
	return err
}

// save saves the message of t (its text, images and files) as a new pending turn after m.parent
// (saving the conversation first when it is not saved yet).
func (m *modelAnswerer) save(ctx context.Context, t records.Turn) (records.Turn, error) {
	c := m.c
	conv, err := c.conv.Saved(ctx, m.svc.key, m.conv, t.Question)
	if err != nil {
		return records.Turn{}, err
	}
	m.conv = conv
	turn, err := c.store.AddTurn(ctx, records.Turn{ConversationID: conv.ID, ParentID: m.parent, Question: t.Question,
		Tier: conv.Model, Images: t.Images, System: conv.System, Parts: t.Parts})
	if err != nil {
		return records.Turn{}, err
	}
	c.bus.Emit(events.ConversationsChanged{})
	return turn, nil
}

// retry sends turn's message again, with its images and files, as a new turn beside it after the
// turns before it.
func (m *modelAnswerer) Retry(ctx context.Context, conv records.Conversation, turn records.Turn, before []records.Turn) (records.Turn, error) {
	images, err := m.c.conv.TurnImages(ctx, turn.ID)
	if err != nil {
		return records.Turn{}, err
	}
	if err := m.prepare(ctx, conv, exchange{question: sentText(turn), images: images}, before); err != nil {
		return records.Turn{}, err
	}
	return m.save(ctx, records.Turn{Question: turn.Question, Images: images, Parts: keptParts(turn.Parts)})
}

// resend sends text in place of old's message, with old's images and files, as a new turn beside
// it after the turns before it (nothing is saved when the edited message fails its checks, an
// empty message among them).
func (m *modelAnswerer) Resend(ctx context.Context, conv records.Conversation, old records.Turn, before []records.Turn, text string) (records.Turn, error) {
	if err := conversations.CheckMessage(text); err != nil {
		return records.Turn{}, err
	}
	images, err := m.c.conv.TurnImages(ctx, old.ID)
	if err != nil {
		return records.Turn{}, err
	}
	files := old.Files()
	if err := m.prepare(ctx, conv, exchange{question: withFiles(text, files), images: images}, before); err != nil {
		return records.Turn{}, err
	}
	return m.save(ctx, records.Turn{Question: text, Images: images, Parts: fileParts(files)})
}

// prepare builds the request that sends newest in conv after the turns before (of its branch),
// offering functions, and checks it: the tier is one the key may use, the images
// suit it, the conversation fits its context window (trimmed when needed), and the client's checks
// pass.
func (c *Models) prepare(ctx context.Context, s modelSession, conv records.Conversation, newest exchange,
	before []records.Turn, functions []client.FunctionTool) (modelRequest, error) {
	tiers, err := c.models.list(ctx, s, false)
	if err != nil {
		return modelRequest{}, err
	}
	found := client.FindModel(tiers, conv.Model)
	if found == nil {
		return modelRequest{}, explain.Checkf("%s", strings.ReplaceAll(explain.ModelSentences["model_not_found"], "{tier}", conv.Model))
	}
	tier := *found
	if err := checkNewImages(newest.images, tier, tiers); err != nil {
		return modelRequest{}, err
	}
	kept, err := fitConversation(requestFrame(conv, functions), exchanges(before), newest, tier)
	if err != nil {
		return modelRequest{}, err
	}
	if err := c.readImages(ctx, kept); err != nil {
		return modelRequest{}, err
	}
	req := newModelRequest(conv, append(kept, newest), functions)
	if err := req.check(tiers); err != nil {
		return modelRequest{}, &explain.ModelError{Tier: conv.Model, Err: err}
	}
	return req, nil
}

// SentQuestions returns the messages of conversation conversationID as its next request sends
// them, each with what goes before it (the texts of its files): what the model will read.
func (c *Models) SentQuestions(ctx context.Context, conversationID int64) ([]string, error) {
	turns, err := c.branch(ctx, conversationID)
	ex := exchanges(turns)
	out := make([]string, len(ex))
	for i, e := range ex {
		out[i] = e.question
	}
	return out, err
}

// exchanges returns the exchanges of turns that can be sent again: those with a whole answer
// (completed, or incomplete at the length limit), and refused ones, whose refusal goes back as
// received (model-api.md §2: "Assistant history parts: output_text and refusal, as received"),
// with their images' names, types and sizes but not their bytes (see readImages). A failed or
// interrupted turn is left out with its message, as in workspace conversations.
func exchanges(turns []records.Turn) []exchange {
	var out []exchange
	for _, t := range turns {
		x := exchange{question: sentText(t), images: t.Images, turn: t.ID, tools: pairedParts(t.Parts), context: contextOf(t.Parts)}
		switch {
		case t.Status.Answered() && strings.TrimSpace(t.Answer) != "":
			x.answer = t.Answer
		case t.Status.Answered() && len(x.tools) > 0: // the model's calls and the app's outputs, no text
		case t.Status == records.TurnRefused:
			x.refusal = t.Answer // a refused turn's Answer holds the refusal
		default:
			continue
		}
		out = append(out, x)
	}
	return out
}

// readImages reads the bytes of the images of the earlier exchanges kept in a request, once
// fitConversation has chosen them from the images' sizes: a long conversation's other images
// stay in the database.
func (c *Models) readImages(ctx context.Context, kept []exchange) error {
	for i, x := range kept {
		if len(x.images) == 0 {
			continue
		}
		images, err := c.conv.TurnImages(ctx, x.turn)
		if err != nil {
			return err
		}
		kept[i].images = images
	}
	return nil
}

// modelRequest is a request of either API family.
type modelRequest struct {
	api       records.ModelAPI
	responses client.ResponseRequest
	chat      client.ChatRequest
}

// newModelRequest makes the request of conv's API family that sends the exchanges, the last of
// which is the new message, with conv's answer format and the functions offered.
func newModelRequest(conv records.Conversation, xs []exchange, functions []client.FunctionTool) modelRequest {
	if conv.API == records.APIChat {
		req := chatRequest(conv, xs)
		req.ResponseFormat, req.Tools = textFormat(conv.Format), functions
		return modelRequest{api: records.APIChat, chat: req}
	}
	req := responsesRequest(conv, xs)
	req.TextFormat, req.Tools = textFormat(conv.Format), functions
	return modelRequest{api: records.APIResponses, responses: req}
}

// responsesRequest sends the system prompt as instructions and the exchanges as message items.
func responsesRequest(conv records.Conversation, xs []exchange) client.ResponseRequest {
	req := client.ResponseRequest{Model: conv.Model, Instructions: conv.System}
	for _, x := range xs {
		parts := []client.ContentPart{{Type: client.PartInputText, Text: x.sent()}}
		for _, img := range x.images {
			parts = append(parts, client.ContentPart{Type: client.PartInputImage, ImageURL: DataURL(img)})
		}
		req.Input = append(req.Input, client.InputItem{Type: client.ItemMessage, Role: "user", Content: parts})
		req.Input = append(req.Input, responsesToolItems(x.tools)...)
		if said := assistantParts(x); len(said) > 0 {
			req.Input = append(req.Input, client.InputItem{Type: client.ItemMessage, Role: "assistant", Content: said})
		}
	}
	return req
}

// assistantParts are an earlier answer's parts as received (model-api.md §2: "Assistant history
// parts: output_text and refusal, as received"): its text, then its refusal.
func assistantParts(x exchange) []client.ContentPart {
	var parts []client.ContentPart
	if x.answer != "" {
		parts = append(parts, client.ContentPart{Type: client.PartOutputText, Text: x.answer})
	}
	if x.refusal != "" {
		parts = append(parts, client.ContentPart{Type: client.PartRefusal, Text: x.refusal})
	}
	return parts
}

// chatRequest sends the system prompt as the first message, then the exchanges; a message with
// images is sent as parts.
func chatRequest(conv records.Conversation, xs []exchange) client.ChatRequest {
	req := client.ChatRequest{Model: conv.Model}
	if conv.System != "" {
		req.Messages = append(req.Messages, client.ChatMessage{Role: "system", Content: conv.System})
	}
	for _, x := range xs {
		user := client.ChatMessage{Role: "user", Content: x.sent()}
		if len(x.images) > 0 {
			user.Parts = []client.ContentPart{{Type: chatPartText, Text: x.sent()}}
			for _, img := range x.images {
				user.Parts = append(user.Parts, client.ContentPart{Type: chatPartImage, ImageURL: DataURL(img)})
			}
		}
		req.Messages = append(req.Messages, user)
		req.Messages = append(req.Messages, chatToolMessages("", x.tools)...)
		if x.answer != "" {
			req.Messages = append(req.Messages, client.ChatMessage{Role: "assistant", Content: x.answer})
		}
	}
	return req
}

// check runs the client's own checks of the request against the key's tiers, before it is saved
// or sent (tier known to the key, images, tools, limits; the field named).
func (r modelRequest) check(tiers []client.Model) error {
	if r.api == records.APIChat {
		return r.chat.Validate(tiers)
	}
	return r.responses.Validate(tiers)
}

// modelOutcome is how a model request ended: the final object of its family, or the text received
// before err.
type modelOutcome struct {
	text       string
	err        error
	requestID  string
	response   *client.Response
	completion *client.ChatCompletion
}

// stream streams the answer of the request into turn's progress (notify) and returns how it
// ended, from the API family's own stream.
func (m *modelAnswerer) stream(ctx context.Context, turn records.Turn, notify func(events.TurnChanged)) modelOutcome {
	if m.req.api == records.APIChat {
		s := m.svc.StreamChatCompletion(ctx, m.req.chat)
		defer s.Close()
		m.c.conv.Follow(ctx, s, turn, notify)
		return modelOutcome{text: s.Text(), err: s.Err(), requestID: s.RequestID(), completion: s.Final().Completion}
	}
	s := m.svc.StreamResponse(ctx, m.req.responses)
	defer s.Close()
	m.c.conv.Follow(ctx, s, turn, notify)
	return modelOutcome{text: s.Text(), err: s.Err(), requestID: s.RequestID(), response: s.Final().Response}
}

// finishModel saves how a model answer ended and returns nil for a whole answer (completed, or
// incomplete at the length limit).
func (c *Models) finishModel(ctx context.Context, turn *records.Turn, conv records.Conversation, out modelOutcome) error {
	save := context.WithoutCancel(ctx)
	if out.err == nil && out.response != nil && out.response.Error != nil {
		out.err = out.response.Error // a failed response that came without a stream error
	}
	if out.err == nil && (out.response != nil || out.completion != nil) {
		turn.Error, turn.ErrorCode, turn.RequestID = "", "", out.requestID
		if out.response != nil {
			applyResponse(turn, out.response, out.text)
		} else {
			applyCompletion(turn, out.completion, out.text)
		}
		if turn.Status == records.TurnCompleted {
			turn.Check = checkAnswer(conv.Format, turn.Answer)
		}
		return c.store.SaveTurn(save, turn)
	}
	var err error
	if out.err != nil {
		err = &explain.ModelError{Tier: conv.Model, Err: out.err}
	}
	err = c.conv.Failed(ctx, turn, out.text, err)
	turn.RequestID = cmp.Or(turn.RequestID, out.requestID)
	return conversations.JoinSave(err, c.store.SaveTurn(save, turn))
}

// applyResponse copies a final response object into a turn, and keeps it whole in Response.
func applyResponse(t *records.Turn, r *client.Response, streamed string) {
	t.Response, t.Model, t.AnswerID = r, r.Model, r.ID
	t.Answer = cmp.Or(messageParts(r, client.PartOutputText), streamed)
	t.Status = records.TurnCompleted
	for _, item := range r.Output { // after the parts of earlier rounds of the turn, if any
		if item.Type == client.ItemFunctionCall {
			t.Parts = append(t.Parts, records.TurnPart{Kind: records.PartFunctionCall, CallID: item.CallID, Name: item.Name, Arguments: item.Arguments})
		}
	}
	if refusal := messageParts(r, client.PartRefusal); refusal != "" && strings.TrimSpace(t.Answer) == "" {
		t.Status, t.Answer, t.Error = records.TurnRefused, refusal, records.RefusedNotice
	}
	if r.Status == "incomplete" {
		t.Status, t.Notice = records.TurnIncomplete, records.WarningText("max_output_tokens_reached")
	}
	if u := r.Usage; u != nil {
		t.Usage = &client.Usage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens, TotalTokens: u.TotalTokens}
	}
}

// messageParts joins the parts of one type (output_text, as client libraries do, or refusal) of
// a response's messages.
func messageParts(r *client.Response, partType string) string {
	var b strings.Builder
	for _, item := range r.Output {
		for _, p := range item.Content {
			if item.Type == client.ItemMessage && p.Type == partType {
				b.WriteString(p.Text)
			}
		}
	}
	return b.String()
}

// applyCompletion copies a chat completion into a turn, and keeps it whole in Completion.
func applyCompletion(t *records.Turn, cc *client.ChatCompletion, streamed string) {
	t.Completion, t.Model, t.AnswerID = cc, cc.Model, cc.ID
	t.Answer, t.Status = streamed, records.TurnCompleted
	if len(cc.Choices) > 0 {
		ch := cc.Choices[0]
		t.Answer = cmp.Or(ch.Message.Content, streamed)
		for _, tc := range ch.Message.ToolCalls {
			t.Parts = append(t.Parts, records.TurnPart{Kind: records.PartFunctionCall, CallID: tc.ID, Name: tc.Name, Arguments: tc.Arguments})
		}
		if ch.FinishReason == "length" {
			t.Status, t.Notice = records.TurnIncomplete, records.WarningText("max_output_tokens_reached")
		}
	}
	if u := cc.Usage; u != nil {
		t.Usage = &client.Usage{InputTokens: u.PromptTokens, OutputTokens: u.CompletionTokens, TotalTokens: u.TotalTokens}
	}
}

// Answerer returns the answerer of one message of a model chat sent with opts; a turn that POST
// /generate answered is asked of it again.
func (c *Models) Answerer(asked *records.Turn, opts conversations.AskOptions) conversations.Answerer {
	if asked != nil {
		if generated, _ := asked.Generated(); generated {
			return &generateAnswerer{c: c}
		}
	}
	return &modelAnswerer{c: c, functions: opts.Functions, consent: opts.Consent, notice: opts.OnNotice,
		toolsOverride: opts.Tools}
}
