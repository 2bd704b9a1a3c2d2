package modelapi

import (
	"cmp"
	"encoding/json"
	"strconv"
	"strings"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/smallmodel"
)

// chatFields are the members of a /v1/chat/completions body (model-api.md §4) and the client
// defaults accepted with them; n, functions, function_call and logprobs are refused by value.
var chatFields = []string{"model", "messages", "max_tokens", "max_completion_tokens", "temperature",
	"top_p", "presence_penalty", "frequency_penalty", "stop", "seed", "stream", "stream_options",
	"response_format", "tools", "tool_choice", "parallel_tool_calls", "n", "functions", "function_call",
	"logprobs", "top_logprobs", "user", "store", "metadata"}

// decodeChat checks a /v1/chat/completions body.
func decodeChat(f fields) (*request, *serve.Error) {
	if err := f.unknown("", chatFields...); err != nil {
		return nil, err
	}
	if err := refusedChat(f); err != nil {
		return nil, err
	}
	q := &request{}
	steps := []func(fields, *request) *serve.Error{decodeCommon, decodeChatTools, decodeMessages,
		decodeChatSettings}
	for _, step := range steps {
		if err := step(f, q); err != nil {
			return nil, err
		}
	}
	return q, nil
}

// refusedChat refuses n other than 1, functions, function_call and logprobs, and store true.
func refusedChat(f fields) *serve.Error {
	switch {
	case f.has("n") && !isJSON(f["n"], "1"):
		return unsupported("n", "n must be 1")
	case f.has("functions"):
		return unsupported("functions", "functions is not supported; send tools")
	case f.has("function_call"):
		return unsupported("function_call", "function_call is not supported; send tool_choice")
	case f.has("logprobs") && !isJSON(f["logprobs"], "false"):
		return unsupported("logprobs", "logprobs is not supported")
	case f.has("top_logprobs") && !isJSON(f["top_logprobs"], "0"):
		return unsupported("top_logprobs", "top_logprobs is not supported")
	case f.has("store") && !isJSON(f["store"], "false"):
		return unsupported("store", "store must be false: the server keeps nothing")
	}
	for _, name := range []string{"presence_penalty", "frequency_penalty"} {
		if _, err := f.number(name, -2, 2); err != nil {
			return err
		}
	}
	if _, _, err := get[string](f, "user", "user", "a string"); err != nil {
		return err
	}
	_, err := f.integer("seed")
	return err
}

// decodeChatTools reads tools, tool_choice and response_format.
func decodeChatTools(f fields, q *request) *serve.Error {
	raw, err := f.list("tools", "tools")
	if err != nil {
		return err
	}
	if q.conv.Tools, q.tools, err = decodeTools(raw, true); err != nil {
		return err
	}
	if q.conv.ToolChoice, err = decodeToolChoice(f, q.conv.Tools, true); err != nil {
		return err
	}
	rf, err := f.object("response_format", "response_format")
	if err != nil || rf == nil {
		return err
	}
	if err := rf.unknown("response_format.", "type", "json_schema"); err != nil {
		return bad("invalid_response_format", err.Param, err.Message)
	}
	q.conv.Format, err = decodeFormat(rf, "response_format", true)
	return err
}

// decodeChatSettings reads the answer length, stop and stream_options.
func decodeChatSettings(f fields, q *request) *serve.Error {
	for _, name := range []string{"max_tokens", "max_completion_tokens"} {
		n, err := f.integer(name)
		if err != nil {
			return err
		}
		if n != nil && *n < 1 {
			return invalid(name, name+" must be at least 1")
		}
		if n != nil {
			q.maxOutput = n
		}
	}
	if err := decodeStop(f, q); err != nil {
		return err
	}
	o, err := f.object("stream_options", "stream_options")
	if err != nil || o == nil {
		return err
	}
	if err := o.unknown("stream_options.", "include_usage", "include_obfuscation"); err != nil {
		return err
	}
	b, _, err := get[bool](o, "include_usage", "stream_options.include_usage", "true or false")
	q.includeUsage = b
	return err
}

// decodeStop reads stop: a string or up to 4 strings.
func decodeStop(f fields, q *request) *serve.Error {
	if !f.has("stop") {
		return nil
	}
	var one string
	if json.Unmarshal(f["stop"], &one) == nil {
		q.stop = []string{one}
		return nil
	}
	if json.Unmarshal(f["stop"], &q.stop) != nil || len(q.stop) > 4 {
		return invalid("stop", "stop must be a string or up to 4 strings")
	}
	return nil
}

// decodeMessages reads messages: system, developer, user, assistant and tool messages.
func decodeMessages(f fields, q *request) *serve.Error {
	msgs, err := f.list("messages", "messages")
	if err != nil || len(msgs) == 0 {
		return cmp.Or(err, invalid("messages", "messages is required"))
	}
	if len(msgs) > maxMessages {
		return invalid("messages", "messages holds at most 100 messages")
	}
	for i, raw := range msgs {
		if err := decodeChatMessage(raw, "messages["+strconv.Itoa(i)+"]", q); err != nil {
			return err
		}
	}
	return nil
}

// decodeChatMessage reads one message.
func decodeChatMessage(raw json.RawMessage, param string, q *request) *serve.Error {
	m, err := parseObject(raw, param)
	if err != nil {
		return err
	}
	if err := m.unknown(param+".", "role", "content", "name", "tool_calls", "tool_call_id", "refusal"); err != nil {
		return err
	}
	role, err := m.str("role", param+".role")
	if err != nil {
		return err
	}
	switch role {
	case "system", "developer", "user":
		text, images, err := chatContent(m, param, role)
		if err != nil {
			return err
		}
		q.addMessage(role, text, images)
		return nil
	case "assistant":
		return decodeAssistant(m, param, q)
	case "tool":
		return decodeToolMessage(m, param, q)
	}
	return invalid(param+".role", "role must be system, developer, user, assistant or tool")
}

// chatContent reads content: a string, or text parts (and image_url parts on user messages).
func chatContent(m fields, param, role string) (string, []smallmodel.Image, *serve.Error) {
	if !m.has("content") {
		if role == "assistant" {
			return "", nil, nil
		}
		return "", nil, invalid(param+".content", "a message needs content")
	}
	var s string
	if json.Unmarshal(m["content"], &s) == nil {
		return s, nil, nil
	}
	parts, err := m.list("content", param+".content")
	if err != nil {
		return "", nil, err
	}
	var texts []string
	var images []smallmodel.Image
	for i, raw := range parts {
		text, im, err := chatPart(raw, param+".content["+strconv.Itoa(i)+"]", role)
		if err != nil {
			return "", nil, err
		}
		texts = append(texts, text...)
		images = append(images, im...)
	}
	return strings.Join(texts, "\n"), images, nil
}

// chatPart reads one content part: text, refusal (assistant) or image_url (user).
func chatPart(raw json.RawMessage, p, role string) ([]string, []smallmodel.Image, *serve.Error) {
	f, err := parseObject(raw, p)
	if err != nil {
		return nil, nil, err
	}
	typ, _ := f.str("type", p+".type")
	switch {
	case typ == "text", typ == "refusal" && role == "assistant":
		s, err := readTextPart(f, p, typ)
		return []string{s}, nil, err
	case typ == "image_url" && role == "user":
		im, err := chatImage(f, p)
		return nil, []smallmodel.Image{im}, err
	}
	return nil, nil, bad("unsupported_content_part", p+".type", "content part "+clip(typ)+
		" is not taken in a "+role+" message")
}

// chatImage reads an image_url part: {url, detail}.
func chatImage(f fields, p string) (smallmodel.Image, *serve.Error) {
	if err := f.unknown(p+".", "type", "image_url"); err != nil {
		return smallmodel.Image{}, err
	}
	u, err := f.object("image_url", p+".image_url")
	if err != nil || u == nil {
		return smallmodel.Image{}, cmp.Or(err, invalid(p+".image_url", "image_url is required"))
	}
	if err := u.unknown(p+".image_url.", "url", "detail"); err != nil {
		return smallmodel.Image{}, err
	}
	detail, err := u.str("detail", p+".image_url.detail")
	if err == nil {
		err = checkDetail(detail, p+".image_url.detail")
	}
	if err != nil {
		return smallmodel.Image{}, err
	}
	url, err := u.str("url", p+".image_url.url")
	if err != nil {
		return smallmodel.Image{}, err
	}
	return decodeImage(url, p+".image_url.url")
}

// decodeAssistant reads an assistant message: content and tool_calls, as received.
func decodeAssistant(m fields, param string, q *request) *serve.Error {
	text, _, err := chatContent(m, param, "assistant")
	if err != nil {
		return err
	}
	if text != "" || !m.has("tool_calls") {
		q.addMessage("assistant", text, nil)
	}
	calls, err := m.list("tool_calls", param+".tool_calls")
	if err != nil {
		return err
	}
	for i, raw := range calls {
		var c struct {
			ID       string `json:"id"`
			Type     string `json:"type"`
			Function struct {
				Name      string `json:"name"`
				Arguments string `json:"arguments"`
			} `json:"function"`
		}
		p := param + ".tool_calls[" + strconv.Itoa(i) + "]"
		if json.Unmarshal(raw, &c) != nil || c.ID == "" || c.Type != "function" || c.Function.Name == "" {
			return invalid(p, "a tool call needs id, type function and function {name, arguments}")
		}
		q.conv.Turns = append(q.conv.Turns, smallmodel.Turn{Kind: smallmodel.KindCall,
			Call: smallmodel.Call{ID: c.ID, Name: c.Function.Name, Arguments: c.Function.Arguments}})
	}
	return nil
}

// decodeToolMessage reads a tool result {role tool, tool_call_id, content}.
func decodeToolMessage(m fields, param string, q *request) *serve.Error {
	id, err := m.str("tool_call_id", param+".tool_call_id")
	if err != nil || id == "" {
		return cmp.Or(err, invalid(param+".tool_call_id", "tool_call_id is required"))
	}
	text, _, err := chatContent(m, param, "tool")
	if err != nil {
		return err
	}
	q.conv.Turns = append(q.conv.Turns, smallmodel.Turn{Kind: smallmodel.KindOutput, CallID: id, Text: text})
	return nil
}
