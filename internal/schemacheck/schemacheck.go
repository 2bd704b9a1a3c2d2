// Package schemacheck checks JSON texts against JSON schemas and says a failure in words: where,
// then what. Model chats check their answers with it (an answer format's schema) and the tool loop
// checks a call's arguments (its function's schema). A schema may refer only to itself: the checker
// reads no file and no address a pasted schema points to.
package schemacheck

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
)

// Compile checks that schema is a JSON schema object the checker can use (drafts 4 to 2020-12;
// 2020-12 when it says none).
func Compile(schema json.RawMessage) error {
	_, err := compile(schema)
	return err
}

// compile compiles a JSON schema object.
func compile(schema json.RawMessage) (*jsonschema.Schema, error) {
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

// refuseLoading refuses every schema a $ref names outside the schema itself.
type refuseLoading struct{}

func (refuseLoading) Load(url string) (any, error) {
	return nil, fmt.Errorf("a schema may refer only to itself; %s is not read", url)
}

// Check checks a JSON text (what: "answer", "arguments") against a schema: "" when it fits, else
// what is wrong, in words.
func Check(schema json.RawMessage, text, what string) string {
	sch, err := compile(schema)
	if err != nil {
		return "The schema cannot be used to check the " + what + ": " + err.Error()
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return "The " + what + " is not JSON: " + err.Error()
	}
	if err := sch.Validate(doc); err != nil {
		if ve, ok := err.(*jsonschema.ValidationError); ok {
			return problem(ve)
		}
		return err.Error()
	}
	return ""
}

// problem says the first leaf failure of a validation: where, then what.
func problem(ve *jsonschema.ValidationError) string {
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

var printer = message.NewPrinter(language.English)

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
	return k.LocalizedString(printer)
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
