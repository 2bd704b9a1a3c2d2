package client

import (
	"context"
	"errors"
	"iter"
	"net/http"
	"net/url"
	"strconv"
)

// ListOptions narrows a listing. Limit 0 means the server's default; Include is "",
// "documents", "sources", "documents,sources" or "none".
type ListOptions struct {
	Limit   int
	After   string
	Include string
}

// Page sizes of spec §4, GET /workspace.
const (
	MaxWorkspacesPage = 50
	MaxDocumentsPage  = 200
)

// validate checks limit and include before anything is sent.
func (o ListOptions) validate(maxLimit int) error {
	if o.Limit < 0 || o.Limit > maxLimit {
		return outOfRange("limit", strconv.Itoa(o.Limit), "1", strconv.Itoa(maxLimit))
	}
	switch o.Include {
	case "", "documents", "sources", "documents,sources", "sources,documents", "none":
		return nil
	}
	return notAChoice("include", o.Include, "documents", "sources", "documents,sources", "none")
}

// query renders the options as query parameters.
func (o ListOptions) query(workspaceID string) url.Values {
	q := url.Values{}
	if workspaceID != "" {
		q.Set("workspace_id", workspaceID)
	}
	if o.Limit > 0 {
		q.Set("limit", strconv.Itoa(o.Limit))
	}
	if o.After != "" {
		q.Set("after", o.After)
	}
	if o.Include != "" {
		q.Set("include", o.Include)
	}
	return q
}

// ListWorkspaces returns one page of the workspaces the key can use, in server order.
// GET /workspace (60 s).
func (c *Client) ListWorkspaces(ctx context.Context, opts ListOptions) (*WorkspacePage, error) {
	if err := opts.validate(MaxWorkspacesPage); err != nil {
		return nil, err
	}
	return c.listPage(ctx, opts.query(""))
}

// ListDocuments returns one page of one workspace's documents: the page's Data holds that
// workspace with up to opts.Limit (at most 200) documents. GET /workspace?workspace_id=... (60 s).
func (c *Client) ListDocuments(ctx context.Context, workspaceID string, opts ListOptions) (*WorkspacePage, error) {
	if err := validateWorkspaceID(workspaceID); err != nil {
		return nil, err
	}
	if err := opts.validate(MaxDocumentsPage); err != nil {
		return nil, err
	}
	return c.listPage(ctx, opts.query(workspaceID))
}

// listPage fetches one page of GET /workspace.
func (c *Client) listPage(ctx context.Context, q url.Values) (*WorkspacePage, error) {
	r := &request{method: http.MethodGet, path: "/workspace", query: q, timeout: c.timeouts.List}
	var page WorkspacePage
	if err := c.call(ctx, r, decodeCounted(&page, MaxListBody, &page.bodyBytes)); err != nil {
		return nil, err
	}
	return &page, nil
}

// AllWorkspaces yields every workspace of every page in server order. When a cursor becomes
// invalid (400 invalid_cursor, after a server restart) the listing restarts once from the
// beginning and skips what was already yielded. GET /workspace.
func (c *Client) AllWorkspaces(ctx context.Context, opts ListOptions) iter.Seq2[Workspace, error] {
	fetch := func(after string) ([]Workspace, *WorkspacePage, error) {
		o := opts
		o.After = after
		p, err := c.ListWorkspaces(ctx, o)
		if err != nil {
			return nil, nil, err
		}
		return p.Data, p, nil
	}
	return walkPages("workspaces", opts.After, fetch, func(w Workspace) string { return w.WorkspaceID })
}

// AllDocuments yields every document of one workspace, page after page, in server order, with
// the same invalid_cursor restart as AllWorkspaces. GET /workspace?workspace_id=...
func (c *Client) AllDocuments(ctx context.Context, workspaceID string, opts ListOptions) iter.Seq2[Document, error] {
	if opts.Limit == 0 {
		opts.Limit = MaxDocumentsPage
	}
	fetch := func(after string) ([]Document, *WorkspacePage, error) {
		o := opts
		o.After = after
		p, err := c.ListDocuments(ctx, workspaceID, o)
		if err != nil {
			return nil, nil, err
		}
		return pageDocuments(p, workspaceID), p, nil
	}
	return walkPages("documents", opts.After, fetch, func(d Document) string { return d.DocumentID })
}

// pageDocuments returns the documents of the workspace in a page.
func pageDocuments(p *WorkspacePage, workspaceID string) []Document {
	for _, w := range p.Data {
		if w.WorkspaceID == workspaceID || len(p.Data) == 1 {
			return w.Documents
		}
	}
	return nil
}

// FetchWorkspace returns one workspace with every page of its documents merged (and its
// sources), in server order. GET /workspace?workspace_id=...&limit=200, page after page. When the
// listing would not end (*PagingError), the workspace comes with the documents that arrived,
// together with that error.
func (c *Client) FetchWorkspace(ctx context.Context, workspaceID string) (*Workspace, error) {
	var ws *Workspace
	var docs []Document
	srcIndex := map[string]int{}
	fetch := func(after string) ([]Document, *WorkspacePage, error) {
		p, err := c.ListDocuments(ctx, workspaceID, ListOptions{Limit: MaxDocumentsPage, After: after, Include: "documents,sources"})
		if err != nil {
			return nil, nil, err
		}
		for i := range p.Data {
			w := p.Data[i]
			if w.WorkspaceID != workspaceID && len(p.Data) > 1 {
				continue
			}
			if ws == nil {
				// A copy without the lists: the page's own sources are merged below, so clearing
				// them on w itself would drop the first page's website imports.
				first := w
				first.Documents, first.Sources = nil, nil
				ws = &first
			}
			mergeSources(ws, w.Sources, srcIndex)
		}
		return pageDocuments(p, workspaceID), p, nil
	}
	var cut *PagingError
	for d, err := range walkPages("documents", "", fetch, func(d Document) string { return d.DocumentID }) {
		if errors.As(err, &cut) && ws != nil {
			break
		}
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	if ws == nil {
		return nil, ErrNotInAnswer
	}
	ws.Documents = docs
	if cut != nil {
		return ws, cut
	}
	return ws, nil
}

// ErrNotInAnswer is a listing of one workspace whose answer did not hold that workspace.
var ErrNotInAnswer = errors.New("client: GET /workspace: the workspace asked for is not in the server's answer")

// mergeSources adds or updates website-import entries by source_id, keeping first-seen order.
func mergeSources(ws *Workspace, src []Source, index map[string]int) {
	for _, s := range src {
		if i, ok := index[s.SourceID]; ok {
			ws.Sources[i] = s
			continue
		}
		index[s.SourceID] = len(ws.Sources)
		ws.Sources = append(ws.Sources, s)
	}
}
