package modelchat

import (
	"context"

	"lectern/app/records"
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

// MaxToolOutput caps the output of one tool run sent back to the model; a longer one is cut and
// the cut is said, both in the output sent and in ToolRun.CutNote.
const MaxToolOutput = 16 << 10

// MaxToolRounds bounds the model requests of one turn: when the last of them still calls tools,
// the turn ends with those calls not run (Turn.Notice says so) instead of asking again.
const MaxToolRounds = 5

// ToolChats is what a front-end needs for tools in model chats; *Conversations implements it.
// The rest of the API is data: AskOptions.Consent, TurnChanged.Parts, the parts and their runs.
type ToolChats interface {
	// ToolSettings returns a model conversation's tools (none for a conversation never set).
	ToolSettings(ctx context.Context, conversationID int64) (records.ToolSettings, error)
	// SetToolSettings saves a model conversation's tools; they apply from the next message.
	// Workspaces are ids the key can open; Allowed may be cleared to ask again.
	SetToolSettings(ctx context.Context, conversationID int64, s records.ToolSettings) error
	// ToolsNote says, in a sentence a pane can show by the tool toggles, what the conversation's
	// tier does with its tools: "" on a tier with tools; on one without, that web search runs on
	// each message first and that workspaces are not consulted, and why.
	ToolsNote(ctx context.Context, conversationID int64) (string, error)
}

var _ ToolChats = (*Models)(nil)
