package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/app/workspaces"
	"lectern/client"
)

// The tools' names, as hosts and their models call them.
const (
	ToolListWorkspaces = "list_workspaces"
	ToolListDocuments  = "list_documents"
	ToolAsk            = "ask_workspace"
	ToolUpload         = "upload_document"
)

// hint is a pointer to b, for the annotations that tell "not said" from false.
func hint(b bool) *bool { return &b }

// addTools registers the tools on s.
func (h *handlers) addTools(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: ToolListWorkspaces, Title: "List workspaces",
		Description: "Lists the workspaces the person can ask: id, name, scope (personal or organization), " +
			"access and document counts. When the service cannot be reached, the list comes from " +
			"Lectern's cache and offline is true.",
		Annotations: &mcp.ToolAnnotations{Title: "List workspaces", ReadOnlyHint: true, IdempotentHint: true,
			OpenWorldHint: hint(false)}}, logged(h, ToolListWorkspaces, h.listWorkspaces))
	mcp.AddTool(s, &mcp.Tool{Name: ToolListDocuments, Title: "List documents",
		Description: "Lists the documents of one workspace (give its id or name): id, name, status " +
			"(ready, not_ready while being prepared, failed) and when it changed. filter keeps the " +
			"names that contain it; status keeps one status.",
		InputSchema: documentsSchema(),
		Annotations: &mcp.ToolAnnotations{Title: "List documents", ReadOnlyHint: true, IdempotentHint: true,
			OpenWorldHint: hint(false)}}, logged(h, ToolListDocuments, h.listDocuments))
	mcp.AddTool(s, &mcp.Tool{Name: ToolAsk, Title: "Ask a workspace",
		Description: "Answers a question from the documents of one workspace (give its id or name), or of " +
			"one document in it, and names the documents it used (sources). found is false when the " +
			"documents do not hold the answer: say so rather than guessing. The question and answer " +
			"are kept in the person's Lectern history. Progress notifications tell the stage.",
		InputSchema: askSchema(),
		Annotations: &mcp.ToolAnnotations{Title: "Ask a workspace", ReadOnlyHint: false,
			DestructiveHint: hint(false), OpenWorldHint: hint(false)}}, logged(h, ToolAsk, h.ask))
	if h.b.Uploads != nil {
		mcp.AddTool(s, &mcp.Tool{Name: ToolUpload, Title: "Add a document",
			Description: "Adds a file of this computer (its full path) to one of the person's own personal " +
				"workspaces, after the same checks as a drop on Lectern's window (type .txt .pdf .docx " +
				".xlsx .csv, size, the workspace's limits). A file already there is not sent again.",
			Annotations: &mcp.ToolAnnotations{Title: "Add a document", DestructiveHint: hint(false),
				IdempotentHint: true, OpenWorldHint: hint(false)}}, logged(h, ToolUpload, h.upload))
	}
}

// Workspace is a workspace as list_workspaces returns it.
type Workspace struct {
	ID        string `json:"id" jsonschema:"the workspace's id, for the other tools"`
	Name      string `json:"name"`
	Scope     string `json:"scope" jsonschema:"personal or organization"`
	Access    string `json:"access" jsonschema:"owner, shared, member or manager"`
	Documents int    `json:"documents"`
	Ready     int    `json:"ready" jsonschema:"documents ready to be asked"`
	NotReady  int    `json:"not_ready"`
	Failed    int    `json:"failed"`
}

// WorkspaceList is list_workspaces' result.
type WorkspaceList struct {
	Workspaces []Workspace `json:"workspaces"`
	Offline    bool        `json:"offline" jsonschema:"true when the service could not be reached and the list comes from Lectern's cache"`
	Note       string      `json:"note,omitempty" jsonschema:"why the list came from the cache"`
}

// listWorkspaces is list_workspaces.
func (h *handlers) listWorkspaces(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, WorkspaceList, error) {
	list, cached, err := h.b.Workspaces.FetchWorkspaces(ctx)
	if err != nil && list == nil {
		return nil, WorkspaceList{}, h.toolError(err)
	}
	out := WorkspaceList{Workspaces: []Workspace{}, Offline: cached != nil, Note: h.cachedNote(cached)}
	var b strings.Builder
	for _, w := range list {
		out.Workspaces = append(out.Workspaces, Workspace{ID: w.WorkspaceID, Name: w.Name, Scope: w.Scope,
			Access: w.Access, Documents: w.Counts.Documents, Ready: w.Counts.Ready, NotReady: w.Counts.NotReady,
			Failed: w.Counts.Failed})
		fmt.Fprintf(&b, "%s (id %s, %s, %s): %d documents, %d ready\n", w.Name, w.WorkspaceID, w.Scope, w.Access,
			w.Counts.Documents, w.Counts.Ready)
	}
	if len(list) == 0 {
		b.WriteString("No workspaces: the person cannot open any workspace yet.\n")
	}
	return textResult(withNote(b.String(), out.Note)), out, nil
}

// DocumentsInput is list_documents' input.
type DocumentsInput struct {
	Workspace string `json:"workspace" jsonschema:"the workspace's id or name"`
	Filter    string `json:"filter,omitempty" jsonschema:"keep only the documents whose name contains this, in any case"`
	Status    string `json:"status,omitempty" jsonschema:"keep only the documents of this status"`
}

// Document is a document as list_documents returns it.
type Document struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Status     string `json:"status" jsonschema:"ready, not_ready or failed"`
	SourceType string `json:"source_type,omitempty"`
	URL        string `json:"url,omitempty" jsonschema:"the page a website import came from"`
	Updated    string `json:"updated,omitempty" jsonschema:"when it last changed, as the service says it"`
}

// DocumentList is list_documents' result.
type DocumentList struct {
	WorkspaceID string     `json:"workspace_id"`
	Workspace   string     `json:"workspace" jsonschema:"the workspace's name"`
	Documents   []Document `json:"documents"`
	Total       int        `json:"total" jsonschema:"documents in the workspace before filter and status"`
	Offline     bool       `json:"offline" jsonschema:"true when the list comes from Lectern's cache"`
	Note        string     `json:"note,omitempty"`
}

// documentsSchema is list_documents' input schema, with the statuses as an enumeration.
func documentsSchema() any {
	s := schemaFor[DocumentsInput]()
	s.Properties["status"].Enum = []any{"ready", "not_ready", "failed"}
	return s
}

// listDocuments is list_documents.
func (h *handlers) listDocuments(ctx context.Context, _ *mcp.CallToolRequest, in DocumentsInput) (*mcp.CallToolResult, DocumentList, error) {
	ws, cached, err := h.b.Workspaces.FetchDocuments(ctx, in.Workspace)
	if err != nil && ws == nil {
		return nil, DocumentList{}, h.toolError(err)
	}
	out := DocumentList{WorkspaceID: ws.WorkspaceID, Workspace: ws.Name, Documents: []Document{},
		Total: len(ws.Documents), Offline: cached != nil, Note: h.cachedNote(cached)}
	var b strings.Builder
	for _, d := range ws.Documents {
		if !keep(d, in) {
			continue
		}
		out.Documents = append(out.Documents, Document{ID: d.DocumentID, Name: d.Name, Status: d.Status,
			SourceType: d.SourceType, URL: d.URL, Updated: updated(d)})
		fmt.Fprintf(&b, "%s (id %s): %s\n", d.Name, d.DocumentID, d.Status)
	}
	fmt.Fprintf(&b, "%d of %d documents in %s.\n", len(out.Documents), out.Total, ws.Name)
	return textResult(withNote(b.String(), out.Note)), out, nil
}

// keep reports whether d passes in's filter and status.
func keep(d client.Document, in DocumentsInput) bool {
	if in.Status != "" && d.Status != in.Status {
		return false
	}
	return in.Filter == "" || strings.Contains(strings.ToLower(d.Name), strings.ToLower(in.Filter))
}

// updated is when d changed: ISO 8601 when the service gave it, else its IST form.
func updated(d client.Document) string {
	if d.UpdatedAt != "" {
		return d.UpdatedAt
	}
	if d.Updated != "" {
		return d.Updated + " IST"
	}
	return ""
}

// cachedNote says why a listing came from the cache; "" when it did not.
func (h *handlers) cachedNote(c *workspaces.Cached) string {
	if c == nil {
		return ""
	}
	when := "never synced"
	if !c.Synced.IsZero() {
		when = "last updated " + c.Synced.UTC().Format("2006-01-02 15:04 UTC")
	}
	return "Offline: this is Lectern's cached copy (" + when + "). " + h.describe(c.Err)
}

// withNote adds note after text when there is one.
func withNote(text, note string) string {
	if note == "" {
		return text
	}
	return text + "\n" + note
}

// textResult is a result whose text content is text (the structured content is the output).
func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// toolError is err as the tool error a host's model reads: the app's words for it.
func (h *handlers) toolError(err error) error {
	return errors.New(h.describe(err))
}
