package emulator

import (
	"time"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/modelapi"
	"lectern/client/emulator/toolsapi"
	"lectern/client/emulator/workspaceapi"
)

// Config tunes an Emulator: every family's settings in one flat struct. The zero Config is usable
// and realistic for the demo. A zero duration takes its default; a negative duration means none
// (instant). A zero count takes its default; a negative count switches the feature off.
type Config struct {
	// ProcessingDelay is how long the server reads and stores an added file (status processing);
	// the upload response waits for it. Default 1 s.
	ProcessingDelay time.Duration
	// ReadyDelay is how long indexing takes after storing (status not_ready). Default 2 s.
	ReadyDelay time.Duration
	// DemoReadyDelay is how long the draft that NewDemo puts in the demo user's own workspace stays
	// not_ready, as if indexed since the demo started; then it is ready. Default 3 minutes.
	DemoReadyDelay time.Duration
	// PingAfter is the silence after which a stream sends a comment line (": ping" on /workspace,
	// ": keep-alive" on /v1). Default 20 s.
	PingAfter time.Duration
	// ThinkDelay is the pause of a stream before the first delta. Default 400 ms (300 ms on /v1).
	ThinkDelay time.Duration
	// StageDelay is the pause after each answer.status event. Default 150 ms.
	StageDelay time.Duration
	// DeltaDelay is the pause between text deltas. Default 25 ms.
	DeltaDelay time.Duration
	// ResetEvery makes every Nth streamed workspace answer send an answer.reset. Default 5;
	// negative: never.
	ResetEvery int
	// FailPattern is a glob (path.Match, on the lower-case file name) of uploads that end failed with
	// indexing_failed. Default "*unreadable*"; "-" matches nothing.
	FailPattern string
	// UploadsDisabled switches adding documents off (404 api_disabled), see SetUploadsEnabled.
	UploadsDisabled bool
	// Limits overrides the server settings reported in the workspace limits object; zero fields
	// keep the defaults (max_file_bytes 3145728, max_request_bytes 4259840, ...).
	Limits Limits
	// Tools tunes the auxiliary tool endpoints: the shared limit of /chat, /generate and /pdf, the
	// OCR job delays, the expiry of generated files.
	Tools ToolsConfig

	// WrongKeyLimit is how many wrong or missing keys one address may send in WrongKeyWindow before
	// it gets 429 instead of 401, on every family. Defaults 20 and 10 minutes; negative: no limit.
	WrongKeyLimit  int
	WrongKeyWindow time.Duration
	// Rates are the /v1 request-rate and open-stream limits (model-api.md §8); zero fields take
	// the defaults, negative ones switch that limit off.
	Rates Rates
	// Tiers are the /v1 model tiers; nil gives the demo's (modelapi.DemoTiers): Instant without
	// tools or vision, Fast and Smart with both, and Genius when Genius is true.
	Tiers  []Tier
	Genius bool
	// ResponsesOff and ChatOff turn POST /v1/responses or /v1/chat/completions off (404 api_disabled).
	ResponsesOff, ChatOff bool
	// Now is the clock of every family. Default time.Now.
	Now func() time.Time
}

// shared returns the settings of the shared core.
func (c Config) shared() serve.Config {
	return serve.Config{Now: c.Now, WrongKeyLimit: c.WrongKeyLimit, WrongKeyWindow: c.WrongKeyWindow,
		Rates: c.Rates}
}

// models returns the settings of the model endpoints.
func (c Config) models() modelapi.Config {
	tiers := c.Tiers
	if tiers == nil {
		tiers = modelapi.DemoTiers(c.Genius)
	}
	return modelapi.Config{Tiers: tiers, PingAfter: c.PingAfter, ThinkDelay: c.ThinkDelay,
		DeltaDelay: c.DeltaDelay, ResponsesOff: c.ResponsesOff, ChatOff: c.ChatOff}
}

// workspace returns the settings of the workspace endpoints.
func (c Config) workspace() workspaceapi.Config {
	return workspaceapi.Config{ProcessingDelay: c.ProcessingDelay, ReadyDelay: c.ReadyDelay,
		DemoReadyDelay: c.DemoReadyDelay, PingAfter: c.PingAfter, ThinkDelay: c.ThinkDelay,
		StageDelay: c.StageDelay, DeltaDelay: c.DeltaDelay, ResetEvery: c.ResetEvery,
		FailPattern: c.FailPattern, UploadsDisabled: c.UploadsDisabled, Limits: c.Limits}
}

// ToolsConfig tunes the auxiliary tool endpoints (see toolsapi.Config).
type ToolsConfig = toolsapi.Config

// tools returns the settings of the tool endpoints.
func (c Config) tools() toolsapi.Config { return c.Tools }
