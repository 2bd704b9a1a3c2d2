package workspaceapi

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"lectern/client"
)

// wsJSON is the wire form of a workspace entry: documents and sources are sent as [] when empty
// and omitted only when include excludes them.
type wsJSON struct {
	client.Workspace
	Documents *[]client.Document `json:"documents,omitempty"`
	Sources   *[]client.Source   `json:"sources,omitempty"`
}

// pageJSON is the wire form of a GET /workspace page.
type pageJSON struct {
	Object    string   `json:"object"`
	Data      []wsJSON `json:"data"`
	HasMore   bool     `json:"has_more"`
	NextAfter *string  `json:"next_after"`
	RequestID string   `json:"request_id"`
}

// wsKey is a workspace's sort key: personal first, then organisation, each by name.
func wsKey(w *workspace) string {
	rank := "0"
	if w.spec.Scope == ScopeOrganization {
		rank = "1"
	}
	return rank + "\x00" + strings.ToLower(w.spec.Name) + "\x00" + w.spec.Name + "\x00" + w.spec.ID
}

// docKey is a document's sort key within a workspace listing: by name, then id. It is computed
// once (name and id never change); callers hold e.mu.
func docKey(d *document) string {
	if d.sortKey == "" {
		d.sortKey = strings.ToLower(d.name) + "\x00" + d.name + "\x00" + d.id
	}
	return d.sortKey
}

// visible returns the workspaces k can open, in listing order. Callers hold e.mu.
func (e *Service) visible(k Key) []*workspace {
	var out []*workspace
	for id, w := range e.ws {
		if w.access(k.Owner) != "" && !e.revoked[[2]string{id, k.Owner}] {
			out = append(out, w)
		}
	}
	slices.SortFunc(out, func(a, b *workspace) int { return cmp.Compare(wsKey(a), wsKey(b)) })
	return out
}

// listAll returns one page of workspaces. Callers hold e.mu.
func (e *Service) listAll(k Key, q *listQuery) *pageJSON {
	all := e.visible(k)
	start := pageStart(all, wsKey, q.after)
	end := min(start+q.limit, len(all))
	page := &pageJSON{Data: []wsJSON{}, HasMore: end < len(all)}
	now := e.now()
	for _, w := range all[start:end] {
		entry := e.entry(w, k, now, q)
		if q.docs {
			docs := docEntries(listedDocs(w, now), now)
			entry.Documents = &docs
		}
		page.Data = append(page.Data, entry)
	}
	if page.HasMore {
		page.NextAfter = e.encodeCursor("", wsKey(all[end-1]))
	}
	return page
}

// listOne returns one workspace with one page of its documents. Callers hold e.mu.
func (e *Service) listOne(k Key, q *listQuery) (*pageJSON, *apiErr) {
	w, _, err := e.canOpen(k, q.workspaceID)
	if err != nil {
		return nil, err
	}
	now := e.now()
	docs := listedDocs(w, now)
	start := pageStart(docs, docKey, q.after)
	end := min(start+q.limit, len(docs))
	entry := e.entry(w, k, now, q)
	if q.docs {
		list := docEntries(docs[start:end], now)
		entry.Documents = &list
	}
	page := &pageJSON{Data: []wsJSON{entry}, HasMore: q.docs && end < len(docs)} // no documents: one page
	if page.HasMore {
		page.NextAfter = e.encodeCursor(w.spec.ID, docKey(docs[end-1]))
	}
	return page, nil
}

// pageStart returns the index of the first item of sorted after the sort key after ("": 0).
func pageStart[T any](sorted []T, key func(T) string, after string) int {
	start, found := slices.BinarySearchFunc(sorted, after, func(x T, k string) int {
		return cmp.Compare(key(x), k)
	})
	if after != "" && found {
		start++
	}
	return start
}

// entry builds a workspace entry with counts and (when asked) sources, without documents.
func (e *Service) entry(w *workspace, k Key, now time.Time, q *listQuery) wsJSON {
	c := wsJSON{Workspace: client.Workspace{WorkspaceID: w.spec.ID, Name: w.spec.Name,
		Scope: w.spec.Scope, Access: w.access(k.Owner)}}
	for _, d := range w.docs {
		switch d.status(now) {
		case "ready":
			c.Counts.Ready++
		case "not_ready":
			c.Counts.NotReady++
		case "failed":
			c.Counts.Failed++
		default:
			continue
		}
		c.Counts.Documents++
	}
	if q.srcs {
		srcs := sourceEntries(w, now)
		c.Sources = &srcs
	}
	return c
}

// listedDocs returns the documents of w that have a document id (not processing), sorted.
func listedDocs(w *workspace, now time.Time) []*document {
	out := make([]*document, 0, len(w.docs))
	for _, d := range w.docs {
		if d.status(now) != "processing" {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b *document) int { return cmp.Compare(docKey(a), docKey(b)) })
	return out
}

// docEntries converts documents to list entries. An empty page is [] rather than omitted.
func docEntries(docs []*document, now time.Time) []client.Document {
	out := make([]client.Document, 0, len(docs))
	for _, d := range docs {
		t := d.updated(now)
		out = append(out, client.Document{DocumentID: d.id, Name: d.name, SourceType: d.sourceType,
			Status: d.status(now), Updated: fmtIST(t), UpdatedAt: fmtISO(t), SourceID: d.sourceID,
			URL: d.url, ClientDocumentID: d.clientID})
	}
	return out
}

// updated is the time of the document's last change at now.
func (d *document) updated(now time.Time) time.Time {
	switch {
	case d.fixed != "" || now.Before(d.storedAt):
		return d.created
	case now.Before(d.readyAt):
		return d.storedAt
	}
	return d.readyAt
}

// sourceEntries lists the website imports of w with their page counts.
func sourceEntries(w *workspace, now time.Time) []client.Source {
	out := make([]client.Source, 0, len(w.sources))
	for _, s := range w.sources {
		e := client.Source{SourceID: s.id, Name: s.name, DocumentIDs: []string{}}
		for _, d := range w.docs {
			if d.sourceID != s.id {
				continue
			}
			e.Pages++
			e.DocumentIDs = append(e.DocumentIDs, d.id)
			switch d.status(now) {
			case "ready":
				e.Ready++
			case "not_ready":
				e.NotReady++
			}
		}
		out = append(out, e)
	}
	return out
}
