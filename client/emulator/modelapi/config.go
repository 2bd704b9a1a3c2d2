// Package modelapi is the emulator's family of model endpoints (model-api.md): GET /v1/models,
// POST /v1/responses and POST /v1/chat/completions, answered by package smallmodel.
//
// Its wire types are its own, written from the spec, not lectern/client's: an independent
// implementation catches the client's mistakes. Keys, request ids, faults and limits come from
// the shared core (emulator/internal/serve).
//
// Where the spec is silent, the emulator chooses:
//   - GET /v1/models answers the OpenAI list shape {object: "list", data: [...]}; each entry has
//     id, object "model", created, owned_by "lectern-emulator", capabilities {tools, vision},
//     context_window, max_output_tokens and max_output_tokens_with_tools.
//   - The error type is invalid_request_error (400), authentication_error (401),
//     not_found_error (404), invalid_request_error (415), rate_limit_error (429) and
//     server_error (5xx).
//   - A token is about four characters of text; an image counts 85 tokens.
//   - Limits are checked after the key: wrong keys count only toward the wrong-key limit.
//     Everything else that passes the limits counts, a 400 included; a refused request counts
//     nowhere.
//   - Plain text answers stream in pieces of about three words; answers with tools or a text
//     format arrive in one delta. A text answer cut at max_output_tokens ends incomplete; a
//     function call or a JSON answer that does not fit fails 502 (incomplete_tool_call,
//     incomplete_structured_output).
//   - A chat completion stream that fails sends a data line {"error": {...}} and no [DONE].
package modelapi

import (
	"time"

	"lectern/client/emulator/internal/serve"
)

// Tier is a model tier and its limits, as GET /v1/models lists it.
type Tier struct {
	Name                     string
	Tools, Vision            bool // capabilities.tools and capabilities.vision
	ContextWindow            int  // tokens of request and answer together
	MaxOutputTokens          int  // the largest max_output_tokens without tools
	MaxOutputTokensWithTools int  // the largest, and the default, max_output_tokens with tools
}

// DemoTiers are the demo's tiers: Instant without tools or vision, Fast and Smart with both, and
// Genius when genius is true.
func DemoTiers(genius bool) []Tier {
	tiers := []Tier{
		{Name: "Instant", ContextWindow: 16384, MaxOutputTokens: 4096},
		{Name: "Fast", Tools: true, Vision: true, ContextWindow: 32768, MaxOutputTokens: 8192, MaxOutputTokensWithTools: 4096},
		{Name: "Smart", Tools: true, Vision: true, ContextWindow: 131072, MaxOutputTokens: 16384, MaxOutputTokensWithTools: 8192},
	}
	if genius {
		tiers = append(tiers, Tier{Name: "Genius", Tools: true, Vision: true, ContextWindow: 200000,
			MaxOutputTokens: 32768, MaxOutputTokensWithTools: 16384})
	}
	return tiers
}

// Config tunes the model endpoints. A zero duration takes its default, a negative one means none.
type Config struct {
	// Tiers are the server's tiers; nil gives DemoTiers(false).
	Tiers []Tier
	// PingAfter is the silence after which a stream sends ": keep-alive". Default 20 s.
	PingAfter time.Duration
	// ThinkDelay is the pause before the first delta. Default 300 ms.
	ThinkDelay time.Duration
	// DeltaDelay is the pause between deltas. Default 25 ms.
	DeltaDelay time.Duration
	// ResponsesOff and ChatOff turn an endpoint off (404 api_disabled).
	ResponsesOff, ChatOff bool
}

// normalize fills the defaults of c.
func (c Config) normalize() Config {
	if c.Tiers == nil {
		c.Tiers = DemoTiers(false)
	}
	c.Tiers = append([]Tier(nil), c.Tiers...)
	c.PingAfter = serve.Duration(c.PingAfter, 20*time.Second)
	c.ThinkDelay = serve.Duration(c.ThinkDelay, 300*time.Millisecond)
	c.DeltaDelay = serve.Duration(c.DeltaDelay, 25*time.Millisecond)
	return c
}

// defaultMaxOutput is max_output_tokens when a request without tools leaves it out (model-api.md §4).
const defaultMaxOutput = 2048
