package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"lectern/client"
	"lectern/client/emulator"
)

func TestWorkspacesEveryPage(t *testing.T) {
	newFixture(t, fastConfig())
	r := runCLI(t, "workspaces").want(t, 0)
	contains(t, "table", r.stdout, "NAME", "Alice Notes", "Handbook", "Team 00", "Team 22")

	r = runCLI(t, "workspaces", "--json").want(t, 0)
	var list []client.Workspace
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	if len(list) != 25 {
		t.Errorf("%d workspaces, want 25 (two pages)", len(list))
	}
}

func TestDocumentsEveryPage(t *testing.T) {
	f := newFixture(t, fastConfig())
	r := runCLI(t, "documents", "handbook", "--json").want(t, 0) // by name, any case
	var docs []client.Document
	if err := json.Unmarshal([]byte(r.stdout), &docs); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	if len(docs) != 131 {
		t.Errorf("%d documents, want 131 (two pages)", len(docs))
	}
	r = runCLI(t, "documents", f.handbook).want(t, 0) // by id
	contains(t, "table", r.stdout, "handbook.txt", "note-00130.txt", "ready", "131 documents in Handbook")
}

func TestWorkspaceNames(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: "handbook", Owner: "alice"})
	r := runCLI(t, "documents", "HANDBOOK").want(t, 2)
	contains(t, "stderr", r.stderr, "2 workspaces are called", f.handbook)
	r = runCLI(t, "documents", "Nowhere").want(t, 2)
	contains(t, "stderr", r.stderr, "no workspace has the id or name", "lectern workspaces")
}

func TestStatusOfSeededDocument(t *testing.T) {
	f := newFixture(t, fastConfig())
	r := runCLI(t, "documents", f.handbook, "--json").want(t, 0)
	var docs []client.Document
	if err := json.Unmarshal([]byte(r.stdout), &docs); err != nil {
		t.Fatal(err)
	}
	r = runCLI(t, "status", "Handbook", docs[0].DocumentID).want(t, 0)
	contains(t, "status", r.stdout, "handbook.txt", "ready", "Request id")
	r = runCLI(t, "status", "Handbook", docs[0].DocumentID, "--json").want(t, 0)
	var rec client.UploadRecord
	if err := json.Unmarshal([]byte(r.stdout), &rec); err != nil || rec.Status != "ready" {
		t.Errorf("status JSON %+v (%v)", rec, err)
	}
	if strings.Contains(r.stdout, "metadata") {
		t.Log("status record carries metadata")
	}
}
