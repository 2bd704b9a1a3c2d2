package records

import "encoding/json"

// AnswerFormat is how a model conversation asks to be answered: text (the zero value), or JSON
// fitting Schema, a JSON schema object, under Name.
type AnswerFormat struct {
	Name   string          `json:"name,omitempty"`   // the schema's name, sent with it ("answer" when empty)
	Schema json.RawMessage `json:"schema,omitempty"` // nil: text
}

// JSON reports whether answers must be JSON fitting the schema.
func (f AnswerFormat) JSON() bool { return len(f.Schema) > 0 }

// SchemaCheck is the verdict on a JSON answer: whether it fits the conversation's schema, and
// where and how it does not, in words (such as "$.items[2].price: expected a number, got a string").
type SchemaCheck struct {
	Conforms bool   `json:"conforms"`
	Problem  string `json:"problem,omitempty"`
}
