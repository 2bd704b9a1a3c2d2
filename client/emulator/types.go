package emulator

import (
	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/modelapi"
	"lectern/client/emulator/workspaceapi"
)

// The types and names of the families and of the shared core, under the names callers know.
type (
	// Key is an API key, valid on every family (see serve.Key's fields: Secret, Owner, CanAdd, Tiers).
	Key = serve.Key
	// Faults are injected failures: Latency, Fail, CutStreamAfter, StallAfter/StallFor,
	// AccessLostAfter (workspace answers) and ModelFail (/v1 answers).
	Faults = serve.Faults
	// Failure is an injected error answer (status, code, Retry-After, count, route).
	Failure = serve.Failure
	// ModelFailure is a model failing while it answers on /v1 (before or in the middle of text).
	ModelFailure = serve.ModelFailure
	// Rates are the /v1 request limits.
	Rates = serve.Rates
	// WorkspaceSpec describes a workspace to add with AddWorkspace.
	WorkspaceSpec = workspaceapi.WorkspaceSpec
	// Page is one page of a website import added with AddSource.
	Page = workspaceapi.Page
	// Limits holds the server settings of the workspace limits object.
	Limits = workspaceapi.Limits
	// Tier is a /v1 model tier: name, capabilities (Tools, Vision) and token limits.
	Tier = modelapi.Tier
	// DemoInfo tells how to use a demo emulator.
	DemoInfo = workspaceapi.DemoInfo
	// ManualClock is a clock that moves only when told, for Config.Now in tests.
	ManualClock = serve.ManualClock
)

// IsDemoKey reports whether key is one of the keys every demo emulator accepts.
var IsDemoKey = workspaceapi.IsDemoKey

// NewManualClock returns a clock standing at t.
var NewManualClock = serve.NewManualClock

// Workspace scopes.
const (
	ScopePersonal     = workspaceapi.ScopePersonal
	ScopeOrganization = workspaceapi.ScopeOrganization
)

// Route names, for Failure.Route and Requests.
const (
	RouteList   = workspaceapi.RouteList
	RouteAsk    = workspaceapi.RouteAsk
	RouteUpload = workspaceapi.RouteUpload
	RouteStatus = workspaceapi.RouteStatus

	RouteModels    = modelapi.RouteModels
	RouteResponses = modelapi.RouteResponses
	RouteChat      = modelapi.RouteChat
)

// DemoUser is the user the demo keys answer as.
const DemoUser = workspaceapi.DemoUser
