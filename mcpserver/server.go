// Package mcpserver is `lectern mcp`: the person's workspaces served to Model Context Protocol
// hosts (Claude Desktop, VS Code, Cursor and others) over stdio, or over streamable HTTP on the
// loopback, through the official Go SDK. Like the command line it is a front-end over the app's
// rooms: it takes the few methods it uses (Workspaces, Asker, Uploader, History) and words every
// error as the app does, so that the API key never leaves Lectern: no tool result, resource, log
// line or error carries it.
package mcpserver

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/app/ask"
	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/app/uploads"
	"lectern/app/workspaces"
	"lectern/client"
)

// Workspaces lists workspaces and documents from the server, or from the cache when it cannot be
// reached (*workspaces.Sync).
type Workspaces interface {
	FetchWorkspaces(ctx context.Context) ([]client.Workspace, *workspaces.Cached, error)
	FetchDocuments(ctx context.Context, arg string) (*client.Workspace, *workspaces.Cached, error)
}

// Asker asks a workspace and keeps the question and its answer in Lectern's history; a question
// with its Host set is kept as asked from that host (*ask.Questions).
type Asker interface {
	Ask(ctx context.Context, q ask.Question, opts conversations.AskOptions) (records.Turn, error)
}

// Uploader checks files as a drop does and sends them through the upload queue (*uploads.Queue).
type Uploader interface {
	Upload(ctx context.Context, arg string, paths []string, done func(records.Upload) bool,
		onChange func(records.Upload)) (uploads.UploadBatch, error)
}

// History reads a saved conversation as Markdown (*app.Conversations).
type History interface {
	Markdown(ctx context.Context, id int64) (string, error)
}

// Backend is what the server serves from. Uploads nil leaves upload_document out (it is offered
// only with --allow-uploads); Log nil keeps no log of calls.
type Backend struct {
	Workspaces Workspaces
	Asker      Asker
	History    History
	Uploads    Uploader
	// Describe words an error as the app does (App.Describe): what happened and what to do.
	Describe func(error) string
	Log      *CallLog
	// Now is the clock of the call log; nil is time.Now.
	Now func() time.Time
}

// Name is the server's name in the MCP handshake.
const Name = "lectern"

// instructions tell a host's model what the server offers.
const instructions = "Lectern answers questions from the documents of the person's workspaces on a " +
	"Workspace Question-Answering Service. Call list_workspaces first to learn the workspaces, then " +
	"ask_workspace with a question; the answer names the documents it used. list_documents shows " +
	"what a workspace holds."

// New returns the MCP server over b: its tools (list_workspaces, list_documents, ask_workspace,
// and upload_document when b.Uploads is set) and its resources (a workspace's documents, a
// conversation as Markdown). version is Lectern's.
func New(b Backend, version string) *mcp.Server {
	if b.Now == nil {
		b.Now = time.Now
	}
	s := mcp.NewServer(&mcp.Implementation{Name: Name, Title: "Lectern", Version: version},
		&mcp.ServerOptions{Instructions: instructions})
	h := &handlers{b: b}
	h.addTools(s)
	h.addResources(s)
	return s
}

// handlers holds what the tools and resources answer from.
type handlers struct{ b Backend }

// describe words err as the app does; the words never hold the key.
func (h *handlers) describe(err error) string {
	if h.b.Describe != nil {
		return h.b.Describe(err)
	}
	return err.Error()
}

// hostName returns the name the client gave in its handshake: its title, else its name, else
// "an MCP host".
func hostName(ss *mcp.ServerSession) string {
	if ss != nil {
		if p := ss.InitializeParams(); p != nil && p.ClientInfo != nil {
			if p.ClientInfo.Title != "" {
				return p.ClientInfo.Title
			}
			if p.ClientInfo.Name != "" {
				return p.ClientInfo.Name
			}
		}
	}
	return "an MCP host"
}
