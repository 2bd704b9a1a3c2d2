// Package workspaceapi is the emulator's family of workspace endpoints of the Workspace
// Question-Answering Service (GET and POST /workspace, POST /workspace/documents and
// GET /workspace/documents/{id}), faithful to ../shared/spec/workspace-api.md sections 4, 5 and 7.
//
// Package emulator composes it with the other families on one address; keys, request ids, faults
// and the clock come from the shared core (emulator/internal/serve). State lives in memory behind
// one mutex; the upload lifecycle is computed from the shared clock, so it needs no background
// goroutines. Answers come from package lectern/client/emulator/engine.
//
// Where the spec is silent, the emulator chooses:
//   - Errors carry code, message, retryable, request_id and param (the field at fault); 429 and 5xx
//     are retryable. Wrong keys past the limit get 429 rate_limit_exceeded (the /v1 code) while
//     valid keys from the same address still pass.
//   - Cursors are opaque and name the server epoch: Restart makes every one 400 invalid_cursor.
//     Documents of one workspace are listed by name (case-insensitive), then id; sources come on
//     every page of a workspace_id listing; an upload still processing is not listed.
//   - An upload is "in flight" until ready or failed: a resend from the same key gets 429
//     too_many_uploads (Retry-After until indexing ends), another key gets 202 processing with
//     document_id null. The first answer waits ProcessingDelay and says not_ready (or ready).
//     A failed document may be added again with the same id or name; it is replaced.
//   - daily_upload_limit is 429 with Retry-After until midnight IST; a file over max_file_bytes or
//     a workspace over workspace_bytes_limit is 413 file_too_large. Names compare case-insensitively.
//   - A PDF without a text layer is taken as scanned: warning ocr_used, counted in daily_ocr_used,
//     and slower to index.
//   - Stream data objects carry both "id" and "answer_id"; stages are retrieving, reading (or
//     computing), writing; answer.sources comes before writing.
package workspaceapi

import (
	"path"
	"strings"
	"time"

	"lectern/client/emulator/internal/serve"
)

// Config tunes the workspace endpoints. The zero Config is usable and realistic for the demo. A zero duration
// takes its default; a negative duration means none (instant). A zero count takes its default; a
// negative count switches the feature off.
type Config struct {
	// ProcessingDelay is how long the server reads and stores an added file (status processing);
	// the upload response waits for it. Default 1 s.
	ProcessingDelay time.Duration
	// ReadyDelay is how long indexing takes after storing (status not_ready). Default 2 s.
	ReadyDelay time.Duration
	// DemoReadyDelay is how long the draft that NewDemo puts in the demo user's own workspace stays
	// not_ready, as if indexed since the demo started; then it is ready. Default 3 minutes.
	DemoReadyDelay time.Duration
	// PingAfter is the silence after which a stream sends ": ping". Default 20 s (spec §6).
	PingAfter time.Duration
	// ThinkDelay is the pause of a stream before the first delta. Default 400 ms.
	ThinkDelay time.Duration
	// StageDelay is the pause after each answer.status event. Default 150 ms.
	StageDelay time.Duration
	// DeltaDelay is the pause between answer.delta events. Default 25 ms.
	DeltaDelay time.Duration
	// ResetEvery makes every Nth streamed answer send an answer.reset. Default 5; negative: never.
	ResetEvery int
	// FailPattern is a glob (path.Match, on the lower-case file name) of uploads that end failed with
	// indexing_failed. Default "*unreadable*"; "-" matches nothing.
	FailPattern string
	// UploadsDisabled switches adding documents off (404 api_disabled), see SetUploadsEnabled.
	UploadsDisabled bool
	// Limits overrides the server settings reported in the limits object; zero fields keep the
	// defaults of spec §8 (max_file_bytes 3145728, max_request_bytes 4259840, ...).
	Limits Limits
}

// Limits holds the server settings of the limits object (spec §2, §8).
type Limits struct {
	MaxFileBytes        int64
	MaxRequestBytes     int64
	WorkspaceBytesLimit int64
	DailyUploadsLimit   int
	DailyOCRLimit       int
	MaxOCRPages         int
}

// normalize fills the defaults of c.
func (c Config) normalize() Config {
	c.ProcessingDelay = serve.Duration(c.ProcessingDelay, time.Second)
	c.ReadyDelay = serve.Duration(c.ReadyDelay, 2*time.Second)
	c.DemoReadyDelay = serve.Duration(c.DemoReadyDelay, 3*time.Minute)
	c.PingAfter = serve.Duration(c.PingAfter, 20*time.Second)
	c.ThinkDelay = serve.Duration(c.ThinkDelay, 400*time.Millisecond)
	c.StageDelay = serve.Duration(c.StageDelay, 150*time.Millisecond)
	c.DeltaDelay = serve.Duration(c.DeltaDelay, 25*time.Millisecond)
	c.ResetEvery = serve.Count(c.ResetEvery, 5)
	if c.FailPattern == "" {
		c.FailPattern = "*unreadable*"
	}
	c.Limits = c.Limits.normalize()
	return c
}

// normalize fills the sample values of spec §8 into zero fields.
func (l Limits) normalize() Limits {
	if l.MaxFileBytes == 0 {
		l.MaxFileBytes = 3145728
	}
	if l.MaxRequestBytes == 0 {
		l.MaxRequestBytes = 4259840
	}
	if l.WorkspaceBytesLimit == 0 {
		l.WorkspaceBytesLimit = 104857600
	}
	if l.DailyUploadsLimit == 0 {
		l.DailyUploadsLimit = 200
	}
	if l.DailyOCRLimit == 0 {
		l.DailyOCRLimit = 20
	}
	if l.MaxOCRPages == 0 {
		l.MaxOCRPages = 30
	}
	return l
}

// failsByName reports whether an upload called name is configured to fail indexing.
func (c Config) failsByName(name string) bool {
	if c.FailPattern == "-" {
		return false
	}
	ok, err := path.Match(c.FailPattern, strings.ToLower(name))
	return err == nil && ok
}
