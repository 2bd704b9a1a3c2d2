package modelchat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"lectern/app/conversations"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/client"
)

// A model conversation answers in text, or in JSON that fits a schema: the schema goes to the
// service as text.format json_schema (/v1/responses) or response_format (chat completions), and the
// answer is checked against it again on arrival, the verdict kept with the turn.

// defaultSchemaName is sent when a format's schema has no name (the service needs one).
const defaultSchemaName = "answer"

// checkFormat checks that a format's schema is a JSON schema the checker can use, and returns it
// with its name filled in and its schema compact.
func checkFormat(f records.AnswerFormat) (records.AnswerFormat, error) {
	if !f.JSON() {
		return records.AnswerFormat{}, nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, f.Schema); err != nil {
		return f, explain.Checkf("The JSON schema is not valid JSON: %v.", err)
	}
	f.Schema = b.Bytes()
	if f.Name = strings.TrimSpace(f.Name); f.Name == "" {
		f.Name = defaultSchemaName
	}
	if _, err := compileSchema(f.Schema); err != nil {
		return f, explain.Checkf("The JSON schema cannot be used: %v.", err)
	}
	return f, nil
}

// compileSchema compiles a JSON schema object (drafts 4 to 2020-12; 2020-12 when it says none).
func compileSchema(schema json.RawMessage) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	if _, ok := doc.(map[string]any); !ok {
		return nil, fmt.Errorf("a schema is a JSON object")
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(refuseLoading{})
	if err := c.AddResource("answer.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("answer.json")
}

// refuseLoading refuses every schema a $ref names outside the schema itself: the checker reads no
// file and no address a pasted schema points to.
type refuseLoading struct{}

func (refuseLoading) Load(url string) (any, error) {
	return nil, fmt.Errorf("a schema may refer only to itself; %s is not read", url)
}

// textFormat is the format as the client sends it; nil for text.
func textFormat(f records.AnswerFormat) *client.TextFormat {
	if !f.JSON() {
		return nil
	}
	strict := true
	name := strings.Trim(conversations.UnsafeNameChars.ReplaceAllString(f.Name, "_"), "._")
	if name == "" {
		name = defaultSchemaName
	}
	name = name[:min(len(name), client.MaxToolNameChars)]
	return &client.TextFormat{Type: "json_schema", Name: name, Schema: f.Schema, Strict: &strict}
}

// checkAnswer checks a JSON answer against the format's schema.
func checkAnswer(f records.AnswerFormat, answer string) *records.SchemaCheck {
	if !f.JSON() {
		return nil
	}
	return checkJSON(f.Schema, answer, "answer")
}

// checkJSON checks a JSON text (what: "answer", "arguments") against a schema.
func checkJSON(schema json.RawMessage, text, what string) *records.SchemaCheck {
	sch, err := compileSchema(schema)
	if err != nil {
		return &records.SchemaCheck{Problem: "The schema cannot be used to check the " + what + ": " + err.Error()}
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return &records.SchemaCheck{Problem: "The " + what + " is not JSON: " + err.Error()}
	}
	if err := sch.Validate(doc); err != nil {
		if ve, ok := err.(*jsonschema.ValidationError); ok {
			return &records.SchemaCheck{Problem: schemaProblem(ve)}
		}
		return &records.SchemaCheck{Problem: err.Error()}
	}
	return &records.SchemaCheck{Conforms: true}
}

// schemaProblem says the first leaf failure of a validation: where, then what.
func schemaProblem(ve *jsonschema.ValidationError) string {
	for len(ve.Causes) > 0 {
		ve = ve.Causes[0]
	}
	return jsonPath(ve.InstanceLocation) + ": " + failureWords(ve.ErrorKind)
}

// jsonPath writes an instance location as $.name[2].price.
func jsonPath(tokens []string) string {
	var b strings.Builder
	b.WriteString("$")
	for _, t := range tokens {
		if _, err := strconv.Atoi(t); err == nil {
			b.WriteString("[" + t + "]")
		} else {
			b.WriteString("." + t)
		}
	}
	return b.String()
}

var schemaPrinter = message.NewPrinter(language.English)

// failureWords says a failure in words; the common kinds in Lectern's own, the others as the
// library says them.
func failureWords(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Type:
		return "expected " + withArticles(k.Want) + ", got " + withArticle(k.Got)
	case *kind.Required:
		return "missing " + quoteAll(k.Missing)
	case *kind.AdditionalProperties:
		return "not allowed: " + quoteAll(k.Properties)
	}
	return k.LocalizedString(schemaPrinter)
}

func withArticles(types []string) string {
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = withArticle(t)
	}
	return strings.Join(out, " or ")
}

// withArticle names a JSON type with its article: "an object", "a number", "null".
func withArticle(t string) string {
	switch t {
	case "null":
		return "null"
	case "object", "array", "integer":
		return "an " + t
	}
	return "a " + t
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
