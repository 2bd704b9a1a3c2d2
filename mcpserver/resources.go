package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/app/records"
)

// The resources' address templates: a workspace's document list (JSON, as list_documents gives
// it) and a conversation of Lectern's history (Markdown, as `lectern export` writes it).
const (
	DocumentsTemplate    = "lectern://workspaces/{id}/documents"
	ConversationTemplate = "lectern://conversations/{id}"
)

// addResources registers the resource templates on s.
func (h *handlers) addResources(s *mcp.Server) {
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "workspace-documents", Title: "A workspace's documents",
		Description: "The documents of a workspace (its id): name, status and when each changed.",
		MIMEType:    "application/json", URITemplate: DocumentsTemplate}, h.readDocuments)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "conversation", Title: "A conversation",
		Description: "A conversation of the person's Lectern history (its number), as Markdown: the " +
			"questions, the answers and their sources.",
		MIMEType: "text/markdown", URITemplate: ConversationTemplate}, h.readConversation)
}

// readDocuments reads lectern://workspaces/{id}/documents.
func (h *handlers) readDocuments(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	id, ok := strings.CutPrefix(uri, "lectern://workspaces/")
	id, ok2 := strings.CutSuffix(id, "/documents")
	if !ok || !ok2 || id == "" || strings.Contains(id, "/") {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	_, list, err := h.listDocuments(ctx, nil, DocumentsInput{Workspace: id})
	if err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json",
		Text: string(data)}}}, nil
}

// readConversation reads lectern://conversations/{id}.
func (h *handlers) readConversation(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	n, ok := strings.CutPrefix(uri, "lectern://conversations/")
	id, err := strconv.ParseInt(n, 10, 64)
	if !ok || err != nil || id <= 0 {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	md, err := h.b.History.Markdown(ctx, id)
	if err != nil {
		if errors.Is(err, records.ErrNotFound) {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		return nil, h.toolError(err)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown",
		Text: md}}}, nil
}
