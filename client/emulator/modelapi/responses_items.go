package modelapi

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/smallmodel"
)

// roles are the message roles of /v1/responses input.
var roles = []string{"system", "developer", "user", "assistant"}

// decodeItem reads one input item (model-api.md §2, Input items).
func decodeItem(raw json.RawMessage, param string, q *request) *serve.Error {
	f, err := parseObject(raw, param)
	if err != nil {
		return err
	}
	typ, err := f.str("type", param+".type")
	if err != nil {
		return err
	}
	switch {
	case typ == "message" || (typ == "" && f.has("role")):
		return decodeMessageItem(f, param, q)
	case typ == "function_call":
		return decodeCallItem(f, param, q)
	case typ == "function_call_output":
		return decodeOutputItem(f, param, q)
	case typ == "reasoning":
		return nil // accepted and dropped
	}
	return bad("unsupported_input_item", param+".type", "input items are messages, function_call, "+
		"function_call_output or reasoning, not "+clip(typ))
}

// decodeMessageItem reads a message: role and content (a string or a list of parts).
func decodeMessageItem(f fields, param string, q *request) *serve.Error {
	if err := f.unknown(param+".", "type", "role", "content", "id", "status"); err != nil {
		return err
	}
	role, err := f.str("role", param+".role")
	if err != nil || !slices.Contains(roles, role) {
		return cmp.Or(err, invalid(param+".role", "role must be system, developer, user or assistant"))
	}
	if !f.has("content") {
		return invalid(param+".content", "a message needs content")
	}
	var s string
	if json.Unmarshal(f["content"], &s) == nil {
		q.addMessage(role, s, nil)
		return nil
	}
	parts, err := f.list("content", param+".content")
	if err != nil {
		return err
	}
	text, images, err := decodeParts(parts, param+".content", role)
	if err != nil {
		return err
	}
	q.addMessage(role, text, images)
	return nil
}

// decodeParts reads content parts: input_text and input_image (images on user messages and
// function outputs), output_text and refusal (assistant history, as received).
func decodeParts(parts []json.RawMessage, param, role string) (string, []smallmodel.Image, *serve.Error) {
	var texts []string
	var images []smallmodel.Image
	for i, raw := range parts {
		p := param + "[" + strconv.Itoa(i) + "]"
		f, err := parseObject(raw, p)
		if err != nil {
			return "", nil, err
		}
		typ, _ := f.str("type", p+".type")
		switch {
		case typ == "input_text" && role != "assistant", typ == "output_text" && role == "assistant":
			s, err := readTextPart(f, p, "text", "annotations", "logprobs")
			if err != nil {
				return "", nil, err
			}
			texts = append(texts, s)
		case typ == "refusal" && role == "assistant":
			s, err := readTextPart(f, p, "refusal")
			if err != nil {
				return "", nil, err
			}
			texts = append(texts, s)
		case typ == "input_image" && (role == "user" || role == "tool"):
			im, err := imagePart(f, p)
			if err != nil {
				return "", nil, err
			}
			images = append(images, im)
		default:
			return "", nil, bad("unsupported_content_part", p+".type", "content part "+clip(typ)+
				" is not taken in a "+role+" message")
		}
	}
	return strings.Join(texts, "\n"), images, nil
}

// readTextPart reads the string member name of a text part; others lists the members also allowed.
func readTextPart(f fields, param, name string, others ...string) (string, *serve.Error) {
	if err := f.unknown(param+".", append(others, "type", name)...); err != nil {
		return "", err
	}
	s, _, err := get[string](f, name, param+"."+name, "a string")
	return s, err
}

// imagePart reads an input_image part: image_url as a data: URL, detail auto or left out.
func imagePart(f fields, param string) (smallmodel.Image, *serve.Error) {
	if f.has("file_id") {
		return smallmodel.Image{}, bad("unsupported_content_part", param+".file_id", "file_id images are not taken; send a data: URL")
	}
	if err := f.unknown(param+".", "type", "image_url", "detail", "file_id"); err != nil {
		return smallmodel.Image{}, err
	}
	detail, err := f.str("detail", param+".detail")
	if err != nil {
		return smallmodel.Image{}, err
	}
	if err := checkDetail(detail, param+".detail"); err != nil {
		return smallmodel.Image{}, err
	}
	url, err := f.str("image_url", param+".image_url")
	if err != nil || url == "" {
		return smallmodel.Image{}, cmp.Or(err, invalid(param+".image_url", "image_url is required"))
	}
	return decodeImage(url, param+".image_url")
}

// decodeCallItem reads a function_call from an earlier output, sent back unchanged.
func decodeCallItem(f fields, param string, q *request) *serve.Error {
	if err := f.unknown(param+".", "type", "id", "call_id", "name", "arguments", "status"); err != nil {
		return err
	}
	var c smallmodel.Call
	var err *serve.Error
	members := []struct {
		name string
		dst  *string
	}{{"call_id", &c.ID}, {"name", &c.Name}, {"arguments", &c.Arguments}}
	for _, m := range members {
		if *m.dst, err = f.str(m.name, param+"."+m.name); err != nil {
			return err
		}
		if *m.dst == "" && m.name != "arguments" {
			return invalid(param+"."+m.name, m.name+" is required")
		}
	}
	q.conv.Turns = append(q.conv.Turns, smallmodel.Turn{Kind: smallmodel.KindCall, Call: c})
	return nil
}

// decodeOutputItem reads a function_call_output: call_id and output (a string or parts).
func decodeOutputItem(f fields, param string, q *request) *serve.Error {
	if err := f.unknown(param+".", "type", "id", "call_id", "output", "status"); err != nil {
		return err
	}
	id, err := f.str("call_id", param+".call_id")
	if err != nil || id == "" {
		return cmp.Or(err, invalid(param+".call_id", "call_id is required"))
	}
	t := smallmodel.Turn{Kind: smallmodel.KindOutput, CallID: id}
	var s string
	switch {
	case !f.has("output"):
		return invalid(param+".output", "output is required")
	case json.Unmarshal(f["output"], &s) == nil:
		t.Text = s
	default:
		parts, err := f.list("output", param+".output")
		if err != nil {
			return invalid(param+".output", "output must be a string or a list of input_text and input_image parts")
		}
		if t.Text, t.Images, err = decodeParts(parts, param+".output", "tool"); err != nil {
			return err
		}
	}
	q.conv.Turns = append(q.conv.Turns, t)
	return nil
}
