package mcpserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/app/records"
)

// UploadInput is upload_document's input.
type UploadInput struct {
	Workspace string `json:"workspace" jsonschema:"one of the person's own personal workspaces: its id or name"`
	Path      string `json:"path" jsonschema:"the file's full path on this computer"`
}

// UploadedFile is what became of one file.
type UploadedFile struct {
	Name       string `json:"name"`
	DocumentID string `json:"document_id,omitempty" jsonschema:"the document's id, once the service has it"`
	Status     string `json:"status,omitempty" jsonschema:"the service's status: not_ready while it is prepared, ready, failed"`
	Refused    string `json:"refused,omitempty" jsonschema:"why the file was not sent, in words"`
}

// Upload is upload_document's result.
type Upload struct {
	WorkspaceID string         `json:"workspace_id"`
	Files       []UploadedFile `json:"files"`
}

// upload is upload_document: the file goes through the upload queue with the checks of a drop,
// and the call returns once the service has it (it is then prepared on the server).
func (h *handlers) upload(ctx context.Context, _ *mcp.CallToolRequest, in UploadInput) (*mcp.CallToolResult, Upload, error) {
	batch, err := h.b.Uploads.Upload(ctx, in.Workspace, []string{in.Path},
		func(u records.Upload) bool { return u.State.Sent() }, nil)
	if err != nil {
		return nil, Upload{}, h.toolError(err)
	}
	out := Upload{WorkspaceID: batch.Workspace.ID, Files: []UploadedFile{}}
	var b strings.Builder
	for _, r := range batch.Results {
		if r.Reason != "" {
			out.Files = append(out.Files, UploadedFile{Name: r.Name, Refused: r.Reason})
			fmt.Fprintf(&b, "%s was not sent: %s\n", r.Name, r.Reason)
		}
	}
	for _, e := range batch.Entries {
		f := UploadedFile{Name: e.Name, DocumentID: e.DocumentID, Status: e.Status, Refused: e.Error}
		out.Files = append(out.Files, f)
		if e.Error != "" {
			fmt.Fprintf(&b, "%s failed: %s\n", e.Name, e.Error)
		} else {
			fmt.Fprintf(&b, "%s is in the workspace (id %s, %s)\n", e.Name, e.DocumentID, e.Status)
		}
	}
	res := textResult(b.String())
	res.IsError = len(out.Files) == 0 || out.Files[0].Refused != ""
	return res, out, nil
}
