package client

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Validate checks a /v1/responses request before it is sent; the *ValidationError names the
// field by its JSON path (for example input[3].content[0].image_url). With models (from
// Models), the tier's capabilities and limits are checked too; CreateResponse and
// StreamResponse call Validate(nil) themselves.
func (r ResponseRequest) Validate(models []Model) error {
	tier, err := tierOf(models, r.Model)
	if err != nil {
		return err
	}
	images := r.images()
	tool := func(i int) string { return fmt.Sprintf("tools[%d]", i) }
	return firstError(
		r.checkInput(),
		checkImages(images, tier),
		checkTools(r.Tools, tier, tool),
		checkToolChoice(r.ToolChoice, r.Tools),
		checkMaxTokens("max_output_tokens", r.MaxOutputTokens, tier, len(r.Tools) > 0),
		checkSampling(r.Temperature, r.TopP),
		checkFormat(r.TextFormat, "text.format.type", "text.format.name", "text.format.schema"),
		validateMetadata(r.Metadata),
		checkMarkers(len(images) > 0, r.markedTexts(tool)),
	)
}

// checkInput checks the input: text or items, within 400 items and 100 messages.
func (r ResponseRequest) checkInput() error {
	switch {
	case r.InputText != "" && r.Input != nil:
		return &ValidationError{Field: "input", Code: InvalidConflict, Value: "text", Want: "items"}
	case r.InputText == "" && len(r.Input) == 0:
		return missing("input")
	case len(r.Input) > MaxInputItems:
		return tooMany("input", "item", len(r.Input), MaxInputItems)
	}
	messages := 0
	for i, it := range r.Input {
		if isMessage(it) {
			messages++
		}
		if err := checkItem(fmt.Sprintf("input[%d]", i), it); err != nil {
			return err
		}
	}
	if messages > MaxInputMessages {
		return tooMany("input", "message", messages, MaxInputMessages)
	}
	return nil
}

func isMessage(it InputItem) bool {
	if len(it.Raw) > 0 {
		var w struct{ Type, Role string }
		_ = json.Unmarshal(it.Raw, &w)
		return w.Type == ItemMessage || (w.Type == "" && w.Role != "")
	}
	return it.Type == "" || it.Type == ItemMessage
}

// checkItem checks one input item; field is its path.
func checkItem(field string, it InputItem) error {
	switch {
	case len(it.Raw) > 0:
		if !isJSONObject(it.Raw) {
			return malformed(field, FormJSONObject)
		}
		return nil
	case it.Type == "" || it.Type == ItemMessage:
		return checkMessageItem(field, it)
	case it.Type == ItemFunctionCall:
		return firstError(required(field+".call_id", it.CallID), required(field+".name", it.Name),
			jsonArguments(field+".arguments", it.Arguments))
	case it.Type == ItemFunctionCallOutput:
		if err := required(field+".call_id", it.CallID); err != nil {
			return err
		}
		return checkParts(field+".output", it.OutputParts, []string{PartInputText, PartInputImage})
	}
	return notAChoice(field+".type", it.Type, ItemMessage, ItemFunctionCall, ItemFunctionCallOutput)
}

// checkMessageItem checks a message's role and the parts that role may carry.
func checkMessageItem(field string, it InputItem) error {
	kinds := map[string][]string{
		"user":      {PartInputText, PartInputImage},
		"system":    {PartInputText},
		"developer": {PartInputText},
		"assistant": {PartOutputText, PartRefusal, PartInputText},
	}
	allowed, ok := kinds[it.Role]
	if !ok {
		return notAChoice(field+".role", it.Role, "system", "developer", "user", "assistant")
	}
	return checkParts(field+".content", it.Content, allowed)
}

// checkParts checks the types and image details of parts; field is the list's path.
func checkParts(field string, parts []ContentPart, allowed []string) error {
	for j, p := range parts {
		f := fmt.Sprintf("%s[%d]", field, j)
		if !slices.Contains(allowed, p.Type) {
			return notAChoice(f+".type", p.Type, allowed...)
		}
		if p.Detail != "" && p.Detail != "auto" {
			return notAChoice(f+".detail", p.Detail, "auto")
		}
	}
	return nil
}

func required(field, v string) error {
	if strings.TrimSpace(v) == "" {
		return missing(field)
	}
	return nil
}

// jsonArguments checks that a call's arguments are JSON text.
func jsonArguments(field, args string) error {
	if args != "" && !json.Valid([]byte(args)) {
		return malformed(field, FormJSONText)
	}
	return nil
}

// images lists the request's images with their fields (items sent back as Raw are not read).
func (r ResponseRequest) images() []imageRef {
	var out []imageRef
	add := func(field string, parts []ContentPart) {
		for j, p := range parts {
			if p.Type == PartInputImage {
				out = append(out, imageRef{fmt.Sprintf("%s[%d].image_url", field, j), p.ImageURL})
			}
		}
	}
	for i, it := range r.Input {
		if len(it.Raw) == 0 {
			add(fmt.Sprintf("input[%d].content", i), it.Content)
			add(fmt.Sprintf("input[%d].output", i), it.OutputParts)
		}
	}
	return out
}

// markedTexts are the texts where the image markers are refused: tools, the schema, the
// arguments of calls sent back.
func (r ResponseRequest) markedTexts(tool func(int) string) []markedText {
	out := toolTexts(r.Tools, tool)
	if r.TextFormat != nil {
		out = append(out, markedText{"text.format.schema", string(r.TextFormat.Schema)})
	}
	for i, it := range r.Input {
		switch {
		case len(it.Raw) > 0 && !isMessage(it):
			out = append(out, markedText{fmt.Sprintf("input[%d]", i), string(it.Raw)})
		case it.Type == ItemFunctionCall:
			out = append(out, markedText{fmt.Sprintf("input[%d].arguments", i), it.Arguments})
		}
	}
	return out
}

// Validate checks a /v1/chat/completions request before it is sent, as ResponseRequest.Validate
// does; fields are named by their JSON path (for example messages[2].content[1].image_url).
func (r ChatRequest) Validate(models []Model) error {
	tier, err := tierOf(models, r.Model)
	if err != nil {
		return err
	}
	images := r.images()
	tool := func(i int) string { return fmt.Sprintf("tools[%d].function", i) }
	return firstError(
		r.checkMessages(),
		checkImages(images, tier),
		checkTools(r.Tools, tier, tool),
		checkToolChoice(r.ToolChoice, r.Tools),
		checkMaxTokens("max_completion_tokens", r.MaxCompletionTokens, tier, len(r.Tools) > 0),
		checkSampling(r.Temperature, r.TopP),
		checkPenalty("presence_penalty", r.PresencePenalty),
		checkPenalty("frequency_penalty", r.FrequencyPenalty),
		checkFormat(r.ResponseFormat, "response_format.type", "response_format.json_schema.name", "response_format.json_schema.schema"),
		checkMarkers(len(images) > 0, r.markedTexts(tool)),
	)
}

// checkPenalty checks a repeat penalty: -2 to 2.
func checkPenalty(field string, v *float64) error {
	if outside(v, -2, 2) {
		return outOfRange(field, number(*v), "-2", "2")
	}
	return nil
}

// chatRoles are the roles of chat messages.
var chatRoles = []string{"system", "developer", "user", "assistant", "tool"}

// checkMessages checks the messages: 1 to 100, known roles, images on user messages only, a
// tool result naming its call.
func (r ChatRequest) checkMessages() error {
	switch {
	case len(r.Messages) == 0:
		return missing("messages")
	case len(r.Messages) > MaxInputMessages:
		return tooMany("messages", "message", len(r.Messages), MaxInputMessages)
	}
	for i, m := range r.Messages {
		field := fmt.Sprintf("messages[%d]", i)
		if !slices.Contains(chatRoles, m.Role) {
			return notAChoice(field+".role", m.Role, chatRoles...)
		}
		if m.Role == "tool" && strings.TrimSpace(m.ToolCallID) == "" {
			return missing(field + ".tool_call_id")
		}
		allowed := []string{"text", PartInputText}
		if m.Role == "user" {
			allowed = append(allowed, "image_url", PartInputImage)
		}
		if err := checkParts(field+".content", m.Parts, allowed); err != nil {
			return err
		}
		for k, tc := range m.ToolCalls {
			f := fmt.Sprintf("%s.tool_calls[%d]", field, k)
			if err := firstError(required(f+".id", tc.ID), required(f+".function.name", tc.Name),
				jsonArguments(f+".function.arguments", tc.Arguments)); err != nil {
				return err
			}
		}
	}
	return nil
}

// images lists the request's images with their fields.
func (r ChatRequest) images() []imageRef {
	var out []imageRef
	for i, m := range r.Messages {
		for j, p := range m.Parts {
			if p.Type == "image_url" || p.Type == PartInputImage {
				out = append(out, imageRef{fmt.Sprintf("messages[%d].content[%d].image_url", i, j), p.ImageURL})
			}
		}
	}
	return out
}

// markedTexts are the texts where the image markers are refused: tools, the schema, the
// arguments of earlier tool calls.
func (r ChatRequest) markedTexts(tool func(int) string) []markedText {
	out := toolTexts(r.Tools, tool)
	if r.ResponseFormat != nil {
		out = append(out, markedText{"response_format.json_schema.schema", string(r.ResponseFormat.Schema)})
	}
	for i, m := range r.Messages {
		for k, tc := range m.ToolCalls {
			out = append(out, markedText{fmt.Sprintf("messages[%d].tool_calls[%d].function.arguments", i, k), tc.Arguments},
				markedText{fmt.Sprintf("messages[%d].tool_calls[%d].function.name", i, k), tc.Name})
		}
	}
	return out
}
