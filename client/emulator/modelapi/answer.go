package modelapi

import (
	"encoding/json"
	"net/http"
	"strings"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/smallmodel"
)

// outcome is the model's answer to a checked request, checked in its turn, for either API.
type outcome struct {
	text       string
	calls      []smallmodel.Call // with ids
	incomplete bool              // cut at max_output_tokens
	inTokens   int
	outTokens  int
	err        *serve.Error // the answer failed a check (502)
}

// answer asks the small model and checks its answer as the server checks a model's: calls
// against their tools' schemas, JSON against the format, the length against maxOut.
func (s *Service) answer(q *request, maxOut int) outcome {
	reply := smallmodel.Answer(q.conv)
	o := outcome{inTokens: inputTokens(q)}
	if len(reply.Calls) > 0 {
		o.calls, o.err = s.checkCalls(q, reply.Calls, maxOut)
		for _, c := range o.calls {
			o.outTokens += smallmodel.Tokens(c.Arguments)
		}
		return o
	}
	o.text = reply.Text
	if q.jsonFormat() {
		o.err = checkJSON(q.conv.Format, o.text, maxOut)
	} else {
		o.cut(q.stop, maxOut)
	}
	o.outTokens = smallmodel.Tokens(o.text)
	return o
}

// checkCalls gives each call an id and checks its arguments.
func (s *Service) checkCalls(q *request, calls []smallmodel.Call, maxOut int) ([]smallmodel.Call, *serve.Error) {
	for i := range calls {
		calls[i].ID = s.nextID("call_")
		if smallmodel.Tokens(calls[i].Arguments) > maxOut {
			return nil, failed("incomplete_tool_call", "the function call did not fit max_output_tokens")
		}
		if !argumentsValid(q.conv.Tools, calls[i]) {
			return nil, failed("invalid_tool_call", "the model's arguments do not satisfy the tool's schema")
		}
	}
	return calls, nil
}

// argumentsValid checks a call's arguments against its tool's parameters.
func argumentsValid(tools []smallmodel.Tool, c smallmodel.Call) bool {
	var v any
	if json.Unmarshal([]byte(c.Arguments), &v) != nil {
		return false
	}
	for _, t := range tools {
		if t.Name == c.Name {
			return t.Parameters == nil || smallmodel.Valid(t.Parameters, v)
		}
	}
	return false
}

// checkJSON checks a JSON answer: complete within maxOut, and valid against a json_schema.
func checkJSON(f smallmodel.Format, text string, maxOut int) *serve.Error {
	if smallmodel.Tokens(text) > maxOut {
		return failed("incomplete_structured_output", "the JSON answer did not fit max_output_tokens")
	}
	var v any
	if json.Unmarshal([]byte(text), &v) != nil || (f.Schema != nil && !smallmodel.Valid(f.Schema, v)) {
		return failed("invalid_structured_output", "the answer does not satisfy the schema")
	}
	return nil
}

// cut ends the text at the first stop sequence, then at maxOut tokens.
func (o *outcome) cut(stop []string, maxOut int) {
	for _, st := range stop {
		if i := strings.Index(o.text, st); st != "" && i >= 0 {
			o.text = o.text[:i]
		}
	}
	if r := []rune(o.text); smallmodel.Tokens(o.text) > maxOut {
		o.text, o.incomplete = string(r[:maxOut*4]), true
	}
}

// failed is a 502 of a model answer that failed a check.
func failed(code, msg string) *serve.Error {
	return &serve.Error{Status: http.StatusBadGateway, Code: code, Message: msg}
}
