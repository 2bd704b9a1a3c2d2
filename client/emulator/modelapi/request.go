package modelapi

import (
	"encoding/json"

	"lectern/client/emulator/smallmodel"
)

// request is a checked /v1/responses or /v1/chat/completions body, in the terms both share.
type request struct {
	model     string
	conv      smallmodel.Request
	stream    bool
	maxOutput *int // as sent (max_output_tokens, max_completion_tokens or max_tokens)
	stop      []string

	// Echoed in the Response object (model-api.md §2: the settings as used).
	instructions *string
	tools        []json.RawMessage
	toolChoice   json.RawMessage
	textFormat   json.RawMessage
	temperature  *float64
	topP         *float64
	metadata     map[string]string
	includeUsage bool // chat stream_options.include_usage
}

// hasTools reports whether the request sent function tools.
func (q *request) hasTools() bool { return len(q.conv.Tools) > 0 }

// structured reports whether the answer is checked in full before it is sent (tools or a JSON
// format): it then arrives in one piece (model-api.md §6).
func (q *request) structured() bool {
	return q.hasTools() || q.jsonFormat()
}

// jsonFormat reports whether the answer must be JSON (text.format or response_format).
func (q *request) jsonFormat() bool {
	return q.conv.Format.Type != "" && q.conv.Format.Type != "text"
}

// addMessage appends a message turn.
func (q *request) addMessage(role, text string, images []smallmodel.Image) {
	q.conv.Turns = append(q.conv.Turns, smallmodel.Turn{Kind: smallmodel.KindMessage, Role: role,
		Text: text, Images: images})
}

// images are the images of the conversation's messages and function outputs, in order: they
// share one budget (model-api.md §8).
func (q *request) images() []smallmodel.Image {
	var out []smallmodel.Image
	for _, t := range q.conv.Turns {
		out = append(out, t.Images...)
	}
	return out
}
