package modelchat

import (
	"bytes"
	"encoding/json"
	"strings"

	"lectern/app/conversations"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/schemacheck"
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
	if err := schemacheck.Compile(f.Schema); err != nil {
		return f, explain.Checkf("The JSON schema cannot be used: %v.", err)
	}
	return f, nil
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
	if problem := schemacheck.Check(schema, text, what); problem != "" {
		return &records.SchemaCheck{Problem: problem}
	}
	return &records.SchemaCheck{Conforms: true}
}
