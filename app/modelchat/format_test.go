package modelchat

import (
	"encoding/json"
	"strings"
	"testing"

	"lectern/app/records"
)

// A JSON answer that does not fit says where and how, in words.
func TestModelSchemaFailureInWords(t *testing.T) {
	format := records.AnswerFormat{Schema: json.RawMessage(DemoSchema)}
	cases := map[string]string{
		`{"items":[{"name":"a","price":1},{"name":"b","price":2},{"name":"c","price":"3"}]}`: "$.items[2].price: expected a number, got a string",
		`{"items":[{"name":"a"}]}`: `$.items[0]: missing "price"`,
		`{"items":"none"}`:         "$.items: expected an array, got a string",
		`{"items":[]} trailing`:    "The answer is not JSON",
	}
	for answer, want := range cases {
		got := checkAnswer(format, answer)
		if got == nil || got.Conforms || !strings.Contains(got.Problem, want) {
			t.Errorf("%s: %+v, want %q", answer, got, want)
		}
	}
	if got := checkAnswer(format, `{"items":[{"name":"a","price":1.5}]}`); got == nil || !got.Conforms {
		t.Errorf("a fitting answer: %+v", got)
	}
	// A schema that points outside itself is refused: no file or address is read.
	for _, ref := range []string{"file:///etc/hostname", "http://127.0.0.1:9/s.json"} {
		if _, err := checkFormat(records.AnswerFormat{Schema: json.RawMessage(`{"$ref":"` + ref + `"}`)}); err == nil ||
			!strings.Contains(err.Error(), "refer only to itself") {
			t.Errorf("$ref %s: %v", ref, err)
		}
	}
	if _, err := checkFormat(records.AnswerFormat{Schema: json.RawMessage(`{"$defs":{"p":{"type":"number"}},"properties":{"x":{"$ref":"#/$defs/p"}}}`)}); err != nil {
		t.Errorf("a reference inside the schema: %v", err)
	}
	if checkAnswer(records.AnswerFormat{}, "plain text") != nil {
		t.Error("a text answer got a verdict")
	}
}
