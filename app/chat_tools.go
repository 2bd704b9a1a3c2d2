package app

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"lectern/client"
)

// The app's own tools in model chats (issue 22): web search, workspaces to consult and file
// generation. On a tier with tools (capabilities.tools) the model is offered them as functions;
// when it calls one, the app checks the arguments against the function's schema, asks the person
// (AskOptions.Consent), runs it (POST /websearch, the workspace ask, POST /generate), caps its
// output and sends it back in a follow-up request of the same turn, until the model answers in
// text. On a tier without tools, web search runs on the message first and its results go with
// it as context; workspaces are not consulted (ToolsNote says why).
//
// Every step is kept in the turn's parts (Turn.Parts), saved with the conversation and shown
// after a restart: a PartFunctionCall as the model sent it, then a PartFunctionOutput with the
// same CallID holding the run (TurnPart.Run). A search run on the message is a PartMessageContext.
// While a tool runs, the OnUpdate of the call that sent the message gets a TurnChanged carrying
// the parts so far (TurnChanged.Parts) at each change of state.

// ToolKind names one of the app's tools; it is the name of the function the model is offered.
type ToolKind string

// The app's tools.
const (
	ToolWebSearch ToolKind = "web_search"        // POST /websearch
	ToolWorkspace ToolKind = "consult_workspace" // the workspace ask (POST /workspace) of a workspace to consult
	ToolGenerate  ToolKind = "generate_file"     // POST /generate
)

// ToolState is where the run of one tool call stands.
type ToolState string

// The states of a tool run, in the order they can come. Done, refused and failed are final.
const (
	ToolWaitingConsent ToolState = "waiting_for_consent" // the Consent hook is asked
	ToolRunning        ToolState = "running"             // the request is on its way
	// ToolWaitingLimit: the tools' shared limit (model-api.md §8) refused the request; it runs
	// once more at ToolRun.Until (a countdown to show), never before.
	ToolWaitingLimit ToolState = "waiting_for_limit"
	ToolDone         ToolState = "done"    // ran; the output went back to the model
	ToolRefused      ToolState = "refused" // the person did not allow it (Reason says so to the model too)
	ToolFailed       ToolState = "failed"  // not run or run without a result: Reason says why, in words
)

// Final reports whether the run has ended (done, refused or failed).
func (s ToolState) Final() bool { return s == ToolDone || s == ToolRefused || s == ToolFailed }

// MaxToolOutput caps the output of one tool run sent back to the model; a longer one is cut and
// the cut is said, both in the output sent and in ToolRun.CutNote.
const MaxToolOutput = 16 << 10

// MaxToolRounds bounds the model requests of one turn: when the last of them still calls tools,
// the turn ends with those calls not run (Turn.Notice says so) instead of asking again.
const MaxToolRounds = 5

// ToolRun is the run of one tool call (a PartFunctionOutput), or of the search run on a message
// (a PartMessageContext), as a card shows it. Only the result of its kind is set.
type ToolRun struct {
	Tool  ToolKind  `json:"tool"`
	State ToolState `json:"state"`
	// Until is when a run waiting for the shared limit goes again (ToolWaitingLimit).
	Until time.Time `json:"until,omitzero"`
	// Reason says, in words, why a run failed or was refused (internet_access_blocked among them).
	Reason string `json:"reason,omitempty"`
	// Output is the text sent back to the model (or with the message, as context), capped at
	// MaxToolOutput; CutNote says the cut in words when there was one.
	Output  string `json:"output,omitempty"`
	CutNote string `json:"cut_note,omitempty"`

	Search    *SearchRun    `json:"search,omitempty"`
	Workspace *WorkspaceRun `json:"workspace,omitempty"`
	File      *FileRun      `json:"file,omitempty"`
}

// SearchRun is what a web search card shows: the queries, each result's title, domain and link,
// the status (ok, partial, no_results; StatusText in words) and the warnings.
type SearchRun struct {
	Queries  []string     `json:"queries"`
	Status   string       `json:"status,omitempty"`
	Degraded bool         `json:"degraded,omitempty"` // the provider said it was degraded
	Results  []SearchLink `json:"results,omitempty"`
	Warnings []string     `json:"warnings,omitempty"` // each in one line, as the server sent it
}

// SearchLink is one result of a search.
type SearchLink struct {
	Title  string `json:"title"`
	Domain string `json:"domain,omitempty"`
	URL    string `json:"url"`
}

// StatusText says the search's status in words ("" for ok).
func (s *SearchRun) StatusText() string { return SearchStatusText(s.Status, s.Degraded) }

// WorkspaceRun is what a workspace card shows: the workspace asked, the question, the answer and
// its sources.
type WorkspaceRun struct {
	WorkspaceID string                `json:"workspace_id"`
	Workspace   string                `json:"workspace,omitempty"` // its name, when known
	Question    string                `json:"question"`
	Answer      string                `json:"answer,omitempty"`
	Found       *bool                 `json:"found,omitempty"`
	Sources     []client.AnswerSource `json:"sources,omitempty"`
}

// FileRun is what a generated-file card shows: the prompt, the text /generate wrote, and the file
// (title, kind, size, pages, expiry; nil when no file was made). App.DownloadArtifact saves it.
type FileRun struct {
	Prompt   string                 `json:"prompt"`
	Response string                 `json:"response,omitempty"`
	Artifact *client.OfficeArtifact `json:"artifact,omitempty"`
}

// Consent is the person's answer to "run this call?".
type Consent int

// The answers to a consent request. The zero value refuses.
const (
	ConsentRefuse Consent = iota // do not run it; the model is told it was refused
	ConsentOnce                  // run this call
	// ConsentAlways runs this call and every later call of the same tool in this conversation
	// without asking (kept in ToolSettings.Allowed).
	ConsentAlways
)

// ConsentRequest is a tool call waiting for the person's consent.
type ConsentRequest struct {
	ConversationID int64
	TurnID         int64
	Tool           ToolKind
	CallID         string
	Arguments      string // the call's arguments as the model sent them (checked against the schema)
	// Summary says what the call would do, in words: `Search the web for "tides"`.
	Summary string
}

// ConsentFunc asks the person whether a tool call may run and blocks until they answer or ctx is
// done (the answer was stopped: return ConsentRefuse). It is called on the goroutine that sends
// the message, after a TurnChanged shows the call ToolWaitingConsent, so a desktop can put the
// question on the call's card and wait for its buttons. A nil ConsentFunc refuses every call
// that is not always allowed.
type ConsentFunc func(ctx context.Context, req ConsentRequest) Consent

// ToolSettings are a model conversation's tools, saved with it: what the model is offered on a
// tier with tools, and (web search) what runs on each message on a tier without.
type ToolSettings struct {
	WebSearch  bool     `json:"web_search,omitempty"`
	Files      bool     `json:"files,omitempty"`      // generate_file
	Workspaces []string `json:"workspaces,omitempty"` // ids of the workspaces to consult
	// Allowed are the tools the person allowed for every call of this conversation
	// (ConsentAlways); a call of another tool asks first.
	Allowed []ToolKind `json:"allowed,omitempty"`
}

// Any reports whether any tool is on.
func (s ToolSettings) Any() bool { return s.WebSearch || s.Files || len(s.Workspaces) > 0 }

// allows reports whether calls of tool run without asking.
func (s ToolSettings) allows(tool ToolKind) bool { return slices.Contains(s.Allowed, tool) }

// ToolChats is what a front-end needs for tools in model chats; *Conversations implements it.
// The rest of the API is data: AskOptions.Consent, TurnChanged.Parts, the parts and their runs.
type ToolChats interface {
	// ToolSettings returns a model conversation's tools (none for a conversation never set).
	ToolSettings(ctx context.Context, conversationID int64) (ToolSettings, error)
	// SetToolSettings saves a model conversation's tools; they apply from the next message.
	// Workspaces are ids the key can open; Allowed may be cleared to ask again.
	SetToolSettings(ctx context.Context, conversationID int64, s ToolSettings) error
	// ToolsNote says, in a sentence a pane can show by the tool toggles, what the conversation's
	// tier does with its tools: "" on a tier with tools; on one without, that web search runs on
	// each message first and that workspaces are not consulted, and why.
	ToolsNote(ctx context.Context, conversationID int64) (string, error)
}

var _ ToolChats = (*Conversations)(nil)

// decodeToolSettings reads the tool_settings column; a damaged value gives no tools.
func decodeToolSettings(s string) ToolSettings {
	var ts ToolSettings
	if s != "" && json.Unmarshal([]byte(s), &ts) != nil {
		return ToolSettings{}
	}
	return ts
}
