package smallmodel

import (
	"encoding/json"
	"strings"
	"testing"
)

// schema decodes and checks a schema, failing the test when it is refused.
func schema(t *testing.T, s string) Schema {
	t.Helper()
	out, err := CheckSchema(json.RawMessage(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return out
}

// Generated values satisfy their schemas, and Valid catches values that do not.
func TestGenerateSatisfiesSchema(t *testing.T) {
	schemas := []string{
		`{"type":"object","properties":{"city":{"type":"string","minLength":30,"maxLength":40},"n":{"type":"integer","minimum":3,"maximum":9},"tags":{"type":"array","items":{"type":"string","enum":["a","b"]},"minItems":2,"maxItems":3},"ok":{"type":"boolean"},"nested":{"type":"object","properties":{"x":{"type":["null","number"],"maximum":-2}},"required":["x"],"additionalProperties":false}},"required":["city","n"],"additionalProperties":false}`,
		`{"type":"string","maxLength":3}`,
		`{"const":{"fixed":true}}`,
		`{"type":"array","maxItems":0}`,
		`{}`,
	}
	for _, s := range schemas {
		sc := schema(t, s)
		v := Generate(sc, "Weather in Pune, please")
		b, _ := json.Marshal(v)
		var back any
		_ = json.Unmarshal(b, &back)
		if !Valid(sc, back) {
			t.Errorf("%s: generated %s is not valid", s, b)
		}
	}
	// A number takes the schema's default (server-everything's slow tool: 10 s in 5 steps), moved
	// into its bounds.
	sc := schema(t, `{"type":"object","properties":{"duration":{"type":"number","default":10},"steps":{"type":"integer","default":5,"maximum":4}}}`)
	if b, _ := json.Marshal(Generate(sc, "")); string(b) != `{"duration":10,"steps":4}` {
		t.Errorf("with defaults: %s", b)
	}
	sc = schema(t, `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"],"additionalProperties":false}`)
	for _, bad := range []string{`{}`, `{"n":1.5}`, `{"n":1,"x":2}`, `[]`, `{"n":"1"}`} {
		var v any
		_ = json.Unmarshal([]byte(bad), &v)
		if Valid(sc, v) {
			t.Errorf("%s accepted", bad)
		}
	}
}

// CheckSchema tells invalid schemas from features it cannot check.
func TestCheckSchema(t *testing.T) {
	cases := map[string]bool{ // schema -> unsupported (else invalid)
		`{"type":"string","pattern":"^a"}`:            true,
		`{"anyOf":[{"type":"string"}]}`:               true,
		`{"$ref":"#/defs/x"}`:                         true,
		`{"type":"object","additionalProperties":{}}`: true,
		`{"type":"strin"}`:                            false,
		`{"type":"object","properties":[]}`:           false,
		`{"type":"object","required":"a"}`:            false,
		`{"type":"array","minItems":-1}`:              false,
		`{"enum":[]}`:                                 false,
		`[]`:                                          false,
		`{"properties":{"a":{"type":"x"}}}`:           false,
	}
	for s, unsupported := range cases {
		_, err := CheckSchema(json.RawMessage(s))
		se, ok := err.(*SchemaError)
		if !ok || se.Unsupported != unsupported {
			t.Errorf("%s: %v", s, err)
		}
	}
}

// The model says what it is, what was asked and what the images are.
func TestTextAnswer(t *testing.T) {
	r := Answer(Request{Instructions: "be brief", Turns: []Turn{
		{Kind: KindMessage, Role: "user", Text: "first"},
		{Kind: KindMessage, Role: "assistant", Text: "ok"},
		{Kind: KindMessage, Role: "user", Text: "What are these?", Images: []Image{
			{MIME: "image/png", Width: 4, Height: 2, Bytes: 70}, {MIME: "image/jpeg", Width: 640, Height: 480, Bytes: 9000}}},
	}})
	want := []string{Intro, `You asked: "What are these?"`,
		"You sent 2 images: a PNG of 4x2 pixels (70 bytes), a JPEG of 640x480 pixels (9000 bytes).",
		"instructions of 8 characters"}
	for _, w := range want {
		if !strings.Contains(r.Text, w) {
			t.Errorf("%q lacks %q", r.Text, w)
		}
	}
}

// Tools: called when the message names them or tool_choice requires one, never with none; once
// the conversation ends with the tool's output, the answer is text from it.
func TestToolCalls(t *testing.T) {
	tools := []Tool{{Name: "get_weather", Parameters: Schema{"type": "object"}}, {Name: "convert"}}
	ask := func(text string, choice Choice, parallel bool) Reply {
		return Answer(Request{Tools: tools, ToolChoice: choice, Parallel: parallel,
			Turns: []Turn{{Kind: KindMessage, Role: "user", Text: text}}})
	}
	if r := ask("what is the get weather result?", Choice{Mode: "auto"}, true); len(r.Calls) != 1 || r.Calls[0].Name != "get_weather" {
		t.Errorf("named: %+v", r)
	}
	if r := ask("nothing named", Choice{Mode: "auto"}, true); len(r.Calls) != 0 || r.Text == "" {
		t.Errorf("auto: %+v", r)
	}
	if r := ask("nothing named", Choice{Mode: "required"}, true); len(r.Calls) != 1 || r.Calls[0].Name != "get_weather" {
		t.Errorf("required: %+v", r)
	}
	if r := ask("get_weather", Choice{Mode: "function", Name: "convert"}, true); len(r.Calls) != 1 || r.Calls[0].Name != "convert" {
		t.Errorf("forced: %+v", r)
	}
	if r := ask("get_weather and convert", Choice{Mode: "auto"}, true); len(r.Calls) != 2 {
		t.Errorf("parallel: %+v", r)
	}
	if r := ask("get_weather and convert", Choice{Mode: "auto"}, false); len(r.Calls) != 1 {
		t.Errorf("not parallel: %+v", r)
	}
	if r := ask("get_weather", Choice{Mode: "none"}, true); len(r.Calls) != 0 {
		t.Errorf("none: %+v", r)
	}
	r := Answer(Request{Tools: tools, ToolChoice: Choice{Mode: "auto"}, Turns: []Turn{
		{Kind: KindMessage, Role: "user", Text: "get_weather"},
		{Kind: KindCall, Call: Call{ID: "c1", Name: "get_weather", Arguments: "{}"}},
		{Kind: KindOutput, CallID: "c1", Text: "Sunny"},
	}})
	if len(r.Calls) != 0 || !strings.Contains(r.Text, "The function get_weather returned: Sunny.") {
		t.Errorf("from output: %+v", r)
	}
}

// A call's string arguments are the message less the tool's name, in either spelling; a message
// that is only the name gives the name.
func TestToolArgumentsLeaveOutTheName(t *testing.T) {
	search := Tool{Name: "web_search", Parameters: Schema{"type": "object", "properties": map[string]any{
		"query": map[string]any{"type": "string"}}, "required": []any{"query"}}}
	for text, want := range map[string]string{
		"Web search: tides":             `{"query":"tides"}`,
		"tides, please. web_search.":    `{"query":"tides, please"}`,
		"Is it closed? Use web search.": `{"query":"Is it closed? Use"}`,
		"web search":                    `{"query":"web search"}`,
	} {
		r := Answer(Request{Tools: []Tool{search}, ToolChoice: Choice{Mode: "auto"}, Turns: []Turn{{Kind: KindMessage, Role: "user", Text: text}}})
		if len(r.Calls) != 1 || r.Calls[0].Arguments != want {
			t.Errorf("%q: %+v, want %s", text, r.Calls, want)
		}
	}
}

// A json_schema format gets JSON that satisfies it; json_object gets an object.
func TestJSONFormats(t *testing.T) {
	sc := schema(t, `{"type":"object","properties":{"summary":{"type":"string"},"score":{"type":"number","minimum":0.5}},"required":["summary","score"]}`)
	turns := []Turn{{Kind: KindMessage, Role: "user", Text: "rate this"}}
	r := Answer(Request{Turns: turns, Format: Format{Type: "json_schema", Schema: sc}})
	var v any
	if json.Unmarshal([]byte(r.Text), &v) != nil || !Valid(sc, v) {
		t.Errorf("json_schema: %s", r.Text)
	}
	r = Answer(Request{Turns: turns, Format: Format{Type: "json_object"}})
	var obj map[string]string
	if json.Unmarshal([]byte(r.Text), &obj) != nil || !strings.HasPrefix(obj["answer"], Intro) {
		t.Errorf("json_object: %s", r.Text)
	}
}
