package records

import (
	"encoding/json"
	"errors"
	"time"

	"lectern/client"
)

// The application core's domain types: what the front-ends show and pass back. The store saves
// them; the services make and change them.

// CachedWorkspace is a workspace from the offline cache, without its documents and sources
// (CachedWorkspaceContent reads those), with the time it was last synced.
type CachedWorkspace struct {
	client.Workspace
	SyncedAt time.Time
	// SyncError says, in words, why the last refresh did not bring this workspace whole (its
	// documents could not be fetched, or only their start): the desktop shows it on the
	// workspace's row. "" when it arrived whole.
	SyncError string
	// ReadOnly is set once the server refused files for it as published for others (403
	// workspace_read_only); the list does not say, so it is remembered.
	ReadOnly bool
}

// TakesFiles reports whether files can be offered for w: one of the key owner's own personal
// workspaces (spec §4, POST /workspace/documents rule 4: organisation, shared and others'
// workspaces give 404) not known to be published (403 workspace_read_only). App.CanAddFiles says
// why not, in words.
func (w CachedWorkspace) TakesFiles() bool { return OwnPersonal(w) && !w.ReadOnly }

// ConversationKind says what a conversation talks to.
type ConversationKind string

// The kinds of conversation: about a workspace (POST /workspace), with a tier of the model
// endpoints (/v1), with no workspace, or with the assistant (POST /chat), which picks tools by
// itself, reads attached files and may be pinned to a workspace.
const (
	KindWorkspace ConversationKind = "workspace"
	KindModel     ConversationKind = "model"
	KindAssistant ConversationKind = "assistant"
	// KindHost: a question an AI app (an MCP host) asked a workspace through `lectern mcp`,
	// answered as a workspace question and kept under the host's name (Conversation.Host).
	KindHost ConversationKind = "host"
)

// ModelAPI names the family of model endpoints a model conversation uses.
type ModelAPI string

// The model endpoints' two families (model-api.md §4); both take the whole conversation each turn.
const (
	APIResponses ModelAPI = "responses" // POST /v1/responses, the default
	APIChat      ModelAPI = "chat"      // POST /v1/chat/completions
)

// Conversation is a saved conversation: a workspace (optionally one document of it) and its
// turns, or a model conversation (Kind KindModel): a tier, a system prompt and an API family.
type Conversation struct {
	ID          int64
	Kind        ConversationKind
	WorkspaceID string
	DocumentID  string // "" means the whole workspace
	Model       string // model conversations: the tier (Instant, Fast, Smart, Genius)
	System      string // model conversations: the system prompt, "" for none
	API         ModelAPI
	// Format is a model conversation's answer format: text, or JSON fitting a schema.
	Format AnswerFormat
	// RemoteID is an assistant conversation's id on the server (its conversation_id), sent back
	// with each later message; "" until the server gave one.
	RemoteID string
	// Host is the name the MCP host gave of itself, for a conversation it asked (KindHost).
	Host    string
	Title   string
	Pinned  time.Time // when it was pinned; zero when it is not
	Created time.Time
	Updated time.Time
	Deleted time.Time // when it went to the trash; zero for a conversation not in it
	// ProjectID is the project the conversation is in (Project.ID); 0 for none.
	ProjectID int64
}

// KindLabel names what the conversation talks to, for a list: "Workspace", or a model
// conversation's tier ("Smart").
func (c Conversation) KindLabel() string {
	switch c.Kind {
	case KindModel:
		return c.Model
	case KindAssistant:
		return "Assistant"
	case KindHost:
		return "Asked from " + c.Host
	}
	return "Workspace"
}

// AsksWorkspace reports a conversation answered as a workspace question: a workspace
// conversation, or one an MCP host asked.
func (c Conversation) AsksWorkspace() bool { return c.Kind == KindWorkspace || c.Kind == KindHost }

// IsPinned reports whether the conversation is pinned (listed first).
func (c Conversation) IsPinned() bool { return !c.Pinned.IsZero() }

// TurnStatus is the state of a turn's answer.
type TurnStatus string

// The states of a turn. Completed and incomplete come from the server; the others are local.
const (
	TurnPending     TurnStatus = "pending"     // the question is saved; the answer is on its way
	TurnCompleted   TurnStatus = "completed"   // a full answer
	TurnIncomplete  TurnStatus = "incomplete"  // cut off at the length limit (a complete answer object)
	TurnInterrupted TurnStatus = "interrupted" // stopped, cut or abandoned: Answer holds the text so far
	TurnFailed      TurnStatus = "failed"      // the server refused or failed: Error says why
	// TurnRefused: the model declined to answer (a refusal part); Answer holds its reason.
	TurnRefused TurnStatus = "refused"
)

// Answered reports whether the turn holds a full answer object (completed or incomplete).
func (s TurnStatus) Answered() bool { return s == TurnCompleted || s == TurnIncomplete }

// Retryable reports whether the turn may be asked again.
func (s TurnStatus) Retryable() bool {
	return s == TurnInterrupted || s == TurnFailed || s == TurnRefused
}

// Turn is one question and its answer.
type Turn struct {
	ID             int64
	ConversationID int64
	// ParentID is the turn before this one on its branch (0: the conversation's first question);
	// an edited question or a retried answer is a new turn with the same parent as the old one.
	ParentID int64
	// Branch is the turn's place among the turns with the same parent (read with a conversation's
	// shown turns; Count 1 when it has no siblings).
	Branch    BranchPlace
	Question  string
	Answer    string
	Status    TurnStatus
	Tier      string // the tier asked for ("" = server default)
	Thinking  *bool  // as asked; nil = the tier's default
	Model     string // the tier that answered
	Found     *bool  // nil until answered
	Sources   []client.AnswerSource
	Coverage  *client.Coverage
	Warnings  []string
	Notice    string
	RequestID string
	AnswerID  string        // the answer's id (wsa_...), when answered
	Usage     *client.Usage // tokens used, when answered
	Error     string        // why it failed or was interrupted, in words
	ErrorCode string        // the server's error code, when there is one
	Created   time.Time
	Updated   time.Time
	// Images are the images a model conversation's message sent, in order; read from the
	// database they have no Data (Conversations.TurnImages reads it).
	Images []Image
	// System is the system prompt a model conversation's message was sent with: when it differs
	// from the turn before, the prompt changed between them (Conversations.SetSystemPrompt).
	System string
	// Parts are the answer's parts other than its text, in order: the function calls of the
	// model, each followed by the app's run of it when it is one of the app's tools
	// (PartFunctionOutput), and a tool run on the message first (PartMessageContext), and the
	// message's files (PartFileText, PartGeneratedFile).
	Parts []TurnPart
	// Check is the verdict on a JSON answer against the conversation's schema; nil for text.
	Check *SchemaCheck
	// Attachments are the files an assistant message sent, in order (named, not kept: the file
	// stays where it was, and a Retry reads it again from there).
	Attachments []Attachment
	// Reply is an assistant answer exactly as the server sent it (its shape is not shown in the
	// spec: the text is Answer, and everything else is kept here).
	Reply json.RawMessage
	// WorkspaceID is the workspace that answered a workspace question when it is not the
	// conversation's own (a comparison across workspaces, and a retry or edit of such an
	// answer); "" for the conversation's.
	WorkspaceID string
	// Final is the answer object exactly as the server sent it (metadata and created included).
	// Only the turn returned by Ask or Retry has it; a turn read back from the database has nil.
	// A model conversation's turn has Response or Completion instead, by its API family.
	Final      *client.Answer
	Response   *client.Response
	Completion *client.ChatCompletion
}

// BranchPlace is a turn's place among its siblings (the turns with its parent), oldest first:
// Index from 1 to Count, shown as ‹ Index/Count ›.
type BranchPlace struct {
	Index, Count int
}

// Branched reports whether the turn has siblings to switch to.
func (b BranchPlace) Branched() bool { return b.Count > 1 }

// PartKind says what a turn part holds.
type PartKind string

// The kinds of turn part. Later kinds add a constant and their fields.
const (
	PartFunctionCall PartKind = "function_call" // the model asks for a function: CallID, Name, Arguments
	// PartFunctionOutput is the app's run of the function call with the same CallID (one of its
	// tools, chat_tools.go): Name, Arguments as called, and Run. Its Run.Output went back to the
	// model; the part follows its call.
	PartFunctionOutput PartKind = "function_output"
	// PartMessageContext is a tool run on the message before it was sent (web search on a tier
	// without tools): Name and Run, no CallID. Its Run.Output went with the message as context.
	PartMessageContext PartKind = "message_context"
)

// TurnPart is one part of an answer besides its text, kept with the turn (kind-tagged, so that
// later kinds need no schema step).
type TurnPart struct {
	Kind      PartKind `json:"kind"`
	CallID    string   `json:"call_id,omitempty"`
	Name      string   `json:"name,omitempty"`
	Arguments string   `json:"arguments,omitempty"` // a JSON text, as the model sent it
	Run       *ToolRun `json:"run,omitempty"`       // PartFunctionOutput and PartMessageContext

	// A model chat's files (app/model_files.go): a file's text sent as context, a generated file.
	File     *FileText              `json:"file,omitempty"`
	Artifact *client.OfficeArtifact `json:"artifact,omitempty"`
}

// Attachment is a file an assistant message sent: its name, its size and where it was.
type Attachment struct {
	Name string `json:"name"`
	Size int64  `json:"size"`
	Path string `json:"path,omitempty"`
}

// Image is an image sent to a model: its file name, its type (sniffed from its content) and bytes.
type Image struct {
	Name string
	MIME string // image/png, image/jpeg, image/webp, image/gif or image/bmp
	Size int
	Data []byte
}

// ErrNotFound says a conversation, turn or upload does not exist (any more).
var ErrNotFound = errors.New("not found: it may have been deleted")

// UploadState is where an upload-queue entry stands.
type UploadState string

// The states of an upload. Every change is saved before the work it announces starts.
const (
	UploadQueued     UploadState = "queued"     // waiting for a free slot
	UploadSending    UploadState = "sending"    // the request may have reached the server
	UploadProcessing UploadState = "processing" // stored by the server; polling its status
	UploadReady      UploadState = "ready"      // final: the document can be asked
	UploadFailed     UploadState = "failed"     // final: Error says why; Retry may send it again
)

// Final reports whether the state is ready or failed.
func (s UploadState) Final() bool { return s == UploadReady || s == UploadFailed }

// Sent reports whether the server has the file (or has said why not): past queued and sending.
func (s UploadState) Sent() bool { return s != UploadQueued && s != UploadSending }

// Upload is an upload-queue entry.
type Upload struct {
	ID               int64
	WorkspaceID      string
	Path             string // the local file
	Name             string // the name sent to the server
	Size             int64
	ContentHash      string // SHA-256 of the content when queued, to recognise the same file
	ClientDocumentID string
	State            UploadState
	Sent             int64                // bytes sent so far while sending (not saved)
	DocumentID       string               // the server's id, once stored
	Status           string               // the server's status (processing, not_ready, ready, failed, or newer)
	Warnings         []string             // the server's warning tokens, e.g. ocr_used
	Record           *client.UploadRecord // the server's last upload record, nil before one came
	Error            string               // why it failed, in words
	ErrorCode        string               // the server's error code, e.g. duplicate_name
	SuggestedName    string               // after duplicate_name: a free name to retry with
	Created          time.Time
	Updated          time.Time
}

// Retryable reports whether a Retry of a failed entry can succeed: not when the server refused
// the workspace itself (published: workspace_read_only; not the owner's own personal workspace:
// workspace_not_found), since a Retry sends to the same workspace.
func (e Upload) Retryable() bool {
	return e.State == UploadFailed && e.ErrorCode != "workspace_read_only" && e.ErrorCode != "workspace_not_found"
}

// OwnPersonal reports whether w is one of the key owner's own personal workspaces.
func OwnPersonal(ws CachedWorkspace) bool { return ws.Scope == "personal" && ws.Access == "owner" }
