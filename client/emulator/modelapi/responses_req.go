package modelapi

import (
	"encoding/json"
	"strconv"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/smallmodel"
)

// responsesFields are the members of a /v1/responses body (model-api.md §4), with the accepted and
// ignored client defaults and the refused ones; any other member is refused as unknown.
var responsesFields = []string{"model", "input", "instructions", "tools", "tool_choice",
	"parallel_tool_calls", "text", "max_output_tokens", "temperature", "top_p", "stream", "metadata",
	"store", "user", "prompt_cache_key", "safety_identifier", "max_tool_calls", "client_metadata",
	"service_tier", "truncation", "include", "reasoning", "background", "top_logprobs", "stream_options",
	"previous_response_id", "conversation", "prompt", "context_management"}

// Input limits of model-api.md §8.
const (
	maxItems    = 400
	maxMessages = 100
)

// decodeResponses checks a /v1/responses body.
func decodeResponses(f fields) (*request, *serve.Error) {
	if err := f.unknown("", responsesFields...); err != nil {
		return nil, err
	}
	if err := refusedResponses(f); err != nil {
		return nil, err
	}
	q := &request{}
	steps := []func(fields, *request) *serve.Error{decodeCommon, decodeResponsesTools, decodeInput,
		decodeText, decodeResponsesSettings}
	for _, step := range steps {
		if err := step(f, q); err != nil {
			return nil, err
		}
	}
	return q, nil
}

// refusedResponses refuses what a stateless server cannot do and accepts the client defaults
// (model-api.md §7).
func refusedResponses(f fields) *serve.Error {
	for _, name := range []string{"previous_response_id", "conversation", "prompt", "context_management"} {
		if f.has(name) {
			return unsupported(name, name+" is not supported: the server keeps nothing; send the whole conversation")
		}
	}
	checks := []struct {
		name string
		ok   []string
	}{{"store", []string{"false"}}, {"background", []string{"false"}},
		{"truncation", []string{`"disabled"`}}, {"include", []string{"[]"}}, {"reasoning", []string{"{}"}},
		{"service_tier", []string{`"auto"`, `"default"`}}}
	for _, c := range checks {
		if f.has(c.name) && !isJSON(f[c.name], c.ok...) {
			return unsupported(c.name, c.name+" is accepted only as its default")
		}
	}
	if f.has("top_logprobs") && !isJSON(f["top_logprobs"], "0") {
		return invalid("top_logprobs", "top_logprobs must be 0")
	}
	return streamOptions(f)
}

// streamOptions accepts stream_options holding only include_obfuscation.
func streamOptions(f fields) *serve.Error {
	o, err := f.object("stream_options", "stream_options")
	if err != nil {
		return err
	}
	if err := o.unknown("stream_options.", "include_obfuscation"); err != nil {
		return err
	}
	_, _, err = get[bool](o, "include_obfuscation", "stream_options.include_obfuscation", "true or false")
	return err
}

// decodeCommon reads model, stream, metadata and the sampling settings.
func decodeCommon(f fields, q *request) *serve.Error {
	var err *serve.Error
	if q.model, err = f.str("model", "model"); err != nil {
		return err
	}
	if q.model == "" {
		return invalid("model", "model is required")
	}
	if b, err := f.boolean("stream"); err != nil {
		return err
	} else if b != nil {
		q.stream = *b
	}
	if q.metadata, err = f.metadata(); err != nil {
		return err
	}
	if q.temperature, err = f.number("temperature", 0, 2); err != nil {
		return err
	}
	if q.topP, err = f.number("top_p", 0, 1); err != nil {
		return err
	}
	if q.temperature != nil && q.topP != nil {
		return invalid("top_p", "send temperature or top_p, not both")
	}
	if p, err := f.boolean("parallel_tool_calls"); err != nil {
		return err
	} else {
		q.conv.Parallel = p == nil || *p
	}
	return nil
}

// decodeResponsesTools reads tools and tool_choice.
func decodeResponsesTools(f fields, q *request) *serve.Error {
	raw, err := f.list("tools", "tools")
	if err != nil {
		return err
	}
	if q.conv.Tools, q.tools, err = decodeTools(raw, false); err != nil {
		return err
	}
	q.conv.ToolChoice, err = decodeToolChoice(f, q.conv.Tools, false)
	q.toolChoice = f["tool_choice"]
	return err
}

// decodeText reads text: format and verbosity.
func decodeText(f fields, q *request) *serve.Error {
	t, err := f.object("text", "text")
	if err != nil || t == nil {
		return err
	}
	if err := t.unknown("text.", "format", "verbosity"); err != nil {
		return err
	}
	if t.has("verbosity") && !isJSON(t["verbosity"], `"medium"`) {
		return invalid("text.verbosity", "text.verbosity must be medium")
	}
	format, err := t.object("format", "text.format")
	if err != nil || format == nil {
		return err
	}
	if err := format.unknown("text.format.", "type", "name", "schema", "strict", "description"); err != nil {
		return bad("invalid_response_format", err.Param, err.Message)
	}
	q.conv.Format, err = decodeFormat(format, "text.format", false)
	q.textFormat = t["format"]
	return err
}

// decodeResponsesSettings reads instructions and max_output_tokens.
func decodeResponsesSettings(f fields, q *request) *serve.Error {
	if f.has("instructions") {
		s, err := f.str("instructions", "instructions")
		if err != nil {
			return err
		}
		q.instructions, q.conv.Instructions = &s, s
	}
	n, err := f.integer("max_output_tokens")
	if n != nil && *n < 1 {
		return invalid("max_output_tokens", "max_output_tokens must be at least 1")
	}
	q.maxOutput = n
	return err
}

// decodeInput reads input: a string (one user message) or a list of items.
func decodeInput(f fields, q *request) *serve.Error {
	if !f.has("input") {
		return invalid("input", "input is required")
	}
	var s string
	if json.Unmarshal(f["input"], &s) == nil {
		q.addMessage("user", s, nil)
		return nil
	}
	items, err := f.list("input", "input")
	if err != nil {
		return invalid("input", "input must be a string or an array of items")
	}
	if len(items) > maxItems {
		return invalid("input", "input holds at most 400 items")
	}
	for i, raw := range items {
		if err := decodeItem(raw, "input["+strconv.Itoa(i)+"]", q); err != nil {
			return err
		}
	}
	return countMessages(q.conv.Turns)
}

// countMessages applies the limit of 100 messages.
func countMessages(turns []smallmodel.Turn) *serve.Error {
	n := 0
	for _, t := range turns {
		if t.Kind == smallmodel.KindMessage {
			n++
		}
	}
	if n > maxMessages {
		return invalid("input", "input holds at most 100 messages")
	}
	return nil
}
