package workspaceapi

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// AddWorkspace adds a workspace and returns its id. An empty ID is generated: "org_..." for an
// organisation workspace, "ws_..." for a personal one. An empty Scope means personal.
func (e *Service) AddWorkspace(w WorkspaceSpec) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if w.Scope == "" {
		w.Scope = ScopePersonal
	}
	if w.ID == "" {
		prefix := "ws_"
		if w.Scope == ScopeOrganization {
			prefix = "org_"
		}
		w.ID = e.nextID(prefix)
	}
	if w.Name == "" {
		w.Name = w.ID
	}
	w.SharedWith = append([]string(nil), w.SharedWith...)
	w.Members = append([]string(nil), w.Members...)
	w.Managers = append([]string(nil), w.Managers...)
	e.ws[w.ID] = &workspace{spec: w}
	return w.ID
}

// AddDocument stores a file in a workspace as if added in the web app and returns its document
// id ("" when the workspace does not exist). status is ready (when ""), not_ready or failed and
// stays fixed. The text is extracted with the answer engine; content that cannot be read is used
// as plain text when it is UTF-8.
func (e *Service) AddDocument(workspaceID, name string, content []byte, status string) string {
	text, err := extractText(name, content)
	if err != nil && utf8.Valid(content) {
		text = string(content)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	w := e.ws[workspaceID]
	if w == nil {
		return ""
	}
	d := e.seedDoc(name, text, status)
	d.hash, d.bytes = hashOf(content), int64(len(content))
	w.docs = append(w.docs, d)
	return d.id
}

// seedDoc builds a seeded document with a fixed status. Callers hold e.mu.
func (e *Service) seedDoc(name, text, status string) *document {
	if status == "" {
		status = "ready"
	}
	now := e.now()
	return &document{
		id: e.nextID("doc_"), name: name, sourceType: "file", text: text,
		created: now, storedAt: now, readyAt: now, fixed: status,
	}
}

// ReadyAfter lets a seeded not_ready document become ready delay from now, as if its indexing
// ended then. Its status is then read from the clock like an upload's: nothing runs in the background.
func (e *Service) ReadyAfter(workspaceID, id string, delay time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if w := e.ws[workspaceID]; w != nil {
		if d := w.byID(id); d != nil {
			d.fixed, d.readyAt = "", e.now().Add(delay)
		}
	}
}

// AddSource adds a website import with its pages to a workspace and returns the source id ("" when
// the workspace does not exist). Pages appear as documents with source_id and url.
func (e *Service) AddSource(workspaceID, name string, pages []Page) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	w := e.ws[workspaceID]
	if w == nil {
		return ""
	}
	src := &source{id: e.nextID("src_"), name: name}
	w.sources = append(w.sources, src)
	for _, p := range pages {
		d := e.seedDoc(p.Name, p.Text, p.Status)
		d.sourceType, d.sourceID, d.url = "website", src.id, p.URL
		d.bytes = int64(len(p.Text))
		d.hash = hashOf([]byte(p.Text))
		w.docs = append(w.docs, d)
	}
	return src.id
}

// AddManyDocuments adds n small ready text documents ("note-00001.txt", ...) to a workspace, for
// listing benchmarks (10,000 documents and more). It returns how many were added.
func (e *Service) AddManyDocuments(workspaceID string, n int) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	w := e.ws[workspaceID]
	if w == nil {
		return 0
	}
	start := len(w.docs)
	for i := range n {
		name := fmt.Sprintf("note-%05d.txt", start+i+1)
		text := fmt.Sprintf("Note %d. Item %d of a large workspace.", start+i+1, i+1)
		d := e.seedDoc(name, text, "ready")
		d.bytes = int64(len(text))
		d.hash = hashOf([]byte(name + text))
		w.docs = append(w.docs, d)
	}
	return n
}

// DocumentStatus returns the status of a document of a workspace by server or client id, and false
// when there is none. It is for tests that want to wait without HTTP.
func (e *Service) DocumentStatus(workspaceID, id string) (string, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	w := e.ws[workspaceID]
	if w == nil {
		return "", false
	}
	if d := w.find(strings.TrimSpace(id)); d != nil {
		return d.status(e.now()), true
	}
	return "", false
}

// SetDocumentStatus fixes the status (ready, not_ready or failed) of a document of a workspace, by
// server or client id; it reports whether the document exists. Tests use it to move a document on.
func (e *Service) SetDocumentStatus(workspaceID, id, status string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	w := e.ws[workspaceID]
	if w == nil {
		return false
	}
	d := w.find(id)
	if d == nil {
		return false
	}
	d.fixed = status
	return true
}
