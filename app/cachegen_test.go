package app

import (
	"fmt"

	"lectern/client"
)

// cacheWorkspace makes a workspace with n documents for cache tests and benchmarks.
func cacheWorkspace(id string, n int) client.Workspace {
	ws := client.Workspace{WorkspaceID: id, Name: "Workspace " + id, Scope: "personal", Access: "owner",
		Counts: client.Counts{Documents: n, Ready: n}}
	ws.Documents = make([]client.Document, n)
	for i := range ws.Documents {
		ws.Documents[i] = client.Document{DocumentID: fmt.Sprintf("doc_%06d", i), Name: fmt.Sprintf("note-%05d.txt", i),
			SourceType: "file", Status: "ready", Updated: "21-11-2026 10:30", UpdatedAt: "2026-11-21T10:30:00+05:30"}
	}
	ws.Sources = []client.Source{{SourceID: "src_1", Name: "Intranet", Pages: 2, Ready: 2, DocumentIDs: []string{"doc_000001", "doc_000002"}}}
	return ws
}
