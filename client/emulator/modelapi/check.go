package modelapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/smallmodel"
)

// tierFor returns the tier called name if the key may use it, else 404 model_not_found.
func (s *Service) tierFor(name string, k serve.Key) (Tier, *serve.Error) {
	for _, t := range s.tiers(k) {
		if t.Name == name {
			return t, nil
		}
	}
	return Tier{}, &serve.Error{Status: http.StatusNotFound, Code: "model_not_found", Param: "model",
		Message: "model " + clip(name) + " is not a tier this key may use; GET /v1/models lists them"}
}

// tiers returns the server's tiers that k may use.
func (s *Service) tiers(k serve.Key) []Tier {
	var out []Tier
	for _, t := range s.cfg.Tiers {
		if k.Tiers == nil || slices.Contains(k.Tiers, t.Name) {
			out = append(out, t)
		}
	}
	return out
}

// checkForTier applies what depends on the tier and on the request as a whole, and returns the
// max_output_tokens to use.
func checkForTier(q *request, t Tier, messagesParam string) (int, *serve.Error) {
	if q.hasTools() && !t.Tools {
		return 0, bad("unsupported_tools", "tools", t.Name+" does not support function calling")
	}
	if len(q.images()) > 0 && !t.Vision {
		return 0, bad("unsupported_vision", messagesParam, t.Name+" does not read images")
	}
	checks := []func(*request) *serve.Error{
		func(q *request) *serve.Error { return checkImageBudget(q.images()) },
		checkOutputImages, checkMarkers,
	}
	for _, c := range checks {
		if err := c(q); err != nil {
			return 0, err
		}
	}
	maxOut, err := maxOutput(q, t)
	if err != nil {
		return 0, err
	}
	if need := inputTokens(q) + maxOut; need > t.ContextWindow {
		return 0, bad("context_length_exceeded", messagesParam, fmt.Sprintf(
			"the request (%d tokens) and the answer (%d) exceed %s's context window of %d tokens",
			need-maxOut, maxOut, t.Name, t.ContextWindow))
	}
	return maxOut, nil
}

// maxOutput returns max_output_tokens (or its default) within the tier's limit (model-api.md §4).
func maxOutput(q *request, t Tier) (int, *serve.Error) {
	limit, def := t.MaxOutputTokens, min(defaultMaxOutput, t.MaxOutputTokens)
	if q.hasTools() {
		limit, def = t.MaxOutputTokensWithTools, t.MaxOutputTokensWithTools
	}
	if q.maxOutput == nil {
		return def, nil
	}
	if *q.maxOutput > limit {
		code := "invalid_request_error"
		if q.hasTools() {
			code = "max_output_tokens_exceeded"
		}
		return 0, bad(code, "max_output_tokens", fmt.Sprintf("%s allows at most %d output tokens here", t.Name, limit))
	}
	return *q.maxOutput, nil
}

// inputTokens estimates the request's tokens: text, tools and images.
func inputTokens(q *request) int {
	n := smallmodel.Tokens(q.conv.Instructions)
	for _, turn := range q.conv.Turns {
		n += smallmodel.Tokens(turn.Text) + smallmodel.Tokens(turn.Call.Arguments) +
			len(turn.Images)*smallmodel.ImageTokens
	}
	for _, raw := range q.tools {
		n += smallmodel.Tokens(string(raw))
	}
	return n
}

// checkOutputImages: a function output with images must follow its function_call, in the run of
// outputs after that call (model-api.md §4, unpaired_tool_output_image).
func checkOutputImages(q *request) *serve.Error {
	turns := q.conv.Turns
	for i, t := range turns {
		if t.Kind != smallmodel.KindOutput || len(t.Images) == 0 {
			continue
		}
		if !pairedBefore(turns[:i], t.CallID) {
			return bad("unpaired_tool_output_image", "input",
				"a function output with images must come right after the function_call it answers")
		}
	}
	return nil
}

// pairedBefore walks back over the calls and outputs that end turns, looking for call id.
func pairedBefore(turns []smallmodel.Turn, id string) bool {
	for i := len(turns) - 1; i >= 0 && turns[i].Kind != smallmodel.KindMessage; i-- {
		if turns[i].Kind == smallmodel.KindCall && turns[i].Call.ID == id {
			return true
		}
	}
	return false
}

// checkMarkers refuses [img] and [img- in tool definitions and call arguments of a request with
// images (model-api.md §4, reserved_image_marker).
func checkMarkers(q *request) *serve.Error {
	if len(q.images()) == 0 {
		return nil
	}
	for _, raw := range q.tools {
		if hasMarker(string(raw)) {
			return bad("reserved_image_marker", "tools", "[img] and [img- are reserved in requests with images")
		}
	}
	if q.conv.Format.Schema != nil {
		b, _ := json.Marshal(q.conv.Format.Schema)
		if hasMarker(string(b)) {
			return bad("reserved_image_marker", "text.format", "[img] and [img- are reserved in requests with images")
		}
	}
	for _, t := range q.conv.Turns {
		if t.Kind == smallmodel.KindCall && hasMarker(t.Call.Arguments+t.Call.Name) {
			return bad("reserved_image_marker", "input", "[img] and [img- are reserved in requests with images")
		}
	}
	return nil
}

// hasMarker reports whether s holds the reserved image marker.
func hasMarker(s string) bool {
	return strings.Contains(s, "[img]") || strings.Contains(s, "[img-")
}
