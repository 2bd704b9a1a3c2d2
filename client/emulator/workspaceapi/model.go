package workspaceapi

import (
	"crypto/sha256"
	"slices"
	"strings"
	"time"

	"lectern/client/emulator/internal/serve"
)

// Workspace scopes and access values of spec §2.
const (
	ScopePersonal     = "personal"
	ScopeOrganization = "organization"
)

// Key is an API key known to the emulator (spec §5), shared with the other families: a key
// without Owner gets 403 api_key_owner_required here, one without CanAdd 403 key_not_allowed on
// upload.
type Key = serve.Key

// WorkspaceSpec describes a workspace to add with AddWorkspace.
type WorkspaceSpec struct {
	// ID is the workspace id; "" generates one (org_ prefix for organisation workspaces).
	ID   string
	Name string
	// Scope is ScopePersonal (default) or ScopeOrganization.
	Scope string
	// Owner is the user owning a personal workspace.
	Owner string
	// SharedWith lists users a personal workspace is shared with (access shared).
	SharedWith []string
	// Members and Managers list the users of an organisation workspace (access member, manager).
	Members  []string
	Managers []string
	// Published marks the owner's personal workspace as published for others: uploads get 403
	// workspace_read_only.
	Published bool
}

// Page is one page of a website import added with AddSource.
type Page struct {
	Name   string
	URL    string
	Text   string
	Status string // ready (default), not_ready or failed
}

// workspace is the stored state of one workspace.
type workspace struct {
	spec    WorkspaceSpec
	docs    []*document // in insertion order
	sources []*source
}

// source is a website import.
type source struct {
	id, name string
}

// document is a stored document or an upload in flight.
type document struct {
	id, name, sourceType string
	sourceID, url        string
	clientID             string // as sent by the client; "" when not added through the API
	text                 string
	hash                 [32]byte
	bytes                int64
	created              time.Time
	storedAt, readyAt    time.Time // lifecycle of uploads
	fixed                string    // fixed status of seeded documents; "" for uploads
	fails                bool      // the upload ends failed (indexing_failed)
	addedBy              string    // the key that sent the upload
	warnings             []string
	sortKey              string // see docKey
}

// status is the document's status at now (spec §3).
func (d *document) status(now time.Time) string {
	switch {
	case d.fixed != "":
		return d.fixed
	case now.Before(d.storedAt):
		return "processing"
	case now.Before(d.readyAt):
		return "not_ready"
	case d.fails:
		return "failed"
	}
	return "ready"
}

// inFlight reports whether the document is still being read or indexed.
func (d *document) inFlight(now time.Time) bool {
	s := d.status(now)
	return s == "processing" || s == "not_ready"
}

// access returns the access user has to w, or "" when the user cannot open it (spec §5 rule 2).
func (w *workspace) access(user string) string {
	s := w.spec
	if s.Scope == ScopeOrganization {
		switch {
		case slices.Contains(s.Managers, user):
			return "manager"
		case slices.Contains(s.Members, user):
			return "member"
		}
		return ""
	}
	switch {
	case s.Owner == user:
		return "owner"
	case slices.Contains(s.SharedWith, user):
		return "shared"
	}
	return ""
}

// find returns the document with the server id or client id (case-insensitive) id. The two never
// meet: a client id has 12 characters, a server id "doc_" and 12 more.
func (w *workspace) find(id string) *document {
	if d := w.byID(id); d != nil {
		return d
	}
	return w.byClientID(id)
}

// byID returns the document with the server id id.
func (w *workspace) byID(id string) *document {
	for _, d := range w.docs {
		if d.id == id {
			return d
		}
	}
	return nil
}

// byClientID returns the document added with client id id (compared case-insensitively).
func (w *workspace) byClientID(id string) *document {
	for _, d := range w.docs {
		if d.clientID != "" && strings.EqualFold(d.clientID, id) {
			return d
		}
	}
	return nil
}

// byName returns the document that is not failed and is called name (case-insensitive).
func (w *workspace) byName(name string, now time.Time) *document {
	for _, d := range w.docs {
		if strings.EqualFold(d.name, name) && d.status(now) != "failed" {
			return d
		}
	}
	return nil
}

// remove deletes d from w.
func (w *workspace) remove(d *document) {
	w.docs = slices.DeleteFunc(w.docs, func(x *document) bool { return x == d })
}

// bytesUsed sums the sizes of the documents of w that are not failed.
func (w *workspace) bytesUsed(now time.Time) int64 {
	var n int64
	for _, d := range w.docs {
		if d.status(now) != "failed" {
			n += d.bytes
		}
	}
	return n
}

// hashOf fingerprints a file's name and content for "same file" comparisons.
func hashOf(data []byte) [32]byte {
	return sha256.Sum256(data)
}
